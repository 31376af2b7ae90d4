// @vitest-environment happy-dom
/**
 * The Deal links tab in the browser (issue 27; docs/decisions/0023-landing-pages-facts.md), with the
 * API faked at `fetch`: the owner writes a headline, a percentage, feature lines and search words,
 * and gets the signed link to copy; empty fields are not sent; a refused field shows the server's
 * words; a missing ASIN is pointed out.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DealLinkCreated } from '../../../../../common/api/deal-links.admin.schema';
import { fakeApi, renderPage } from '../../../../testing/harness';
import { DealLinksTab } from './deal-links-tab';

const CREATED: DealLinkCreated = {
  path: '/deal?title=Garden+chairs&discount=45&feature1=Folds+flat&search=garden+chairs&exp=1900000000&sig=abcdef',
  url: 'https://deals.example/deal?title=Garden+chairs&discount=45&feature1=Folds+flat&search=garden+chairs&exp=1900000000&sig=abcdef',
  expiresAt: '2030-03-17T17:46:40.000Z',
  claims: { title: 'Garden chairs', discount: 45, features: ['Folds flat'], search: 'garden chairs' },
  productFound: null,
};

describe('the Deal links tab', () => {
  it('sends only the fields written, and shows the signed link with its expiry', async () => {
    const api = fakeApi({ 'POST /api/admin/deal-links': { status: 201, json: CREATED } });
    const { user } = renderPage(<DealLinksTab />, '/admin/deal-links');
    await user.type(screen.getByLabelText('Headline'), 'Garden chairs');
    await user.type(screen.getByLabelText('Discount (%)'), '45');
    await user.type(screen.getByLabelText('Feature line 1'), 'Folds flat');
    await user.type(screen.getByLabelText('Amazon search words (optional)'), 'garden chairs');
    await user.click(screen.getByRole('button', { name: 'Create signed link' }));

    const created = await screen.findByTestId('deal-link-created');
    expect(within(created).getByLabelText('Link')).toHaveValue(CREATED.url);
    expect(within(created).getByText(/^Valid until /)).toBeInTheDocument();
    expect(within(created).getByRole('link', { name: /Open the page/ })).toHaveAttribute('href', CREATED.path);
    expect(api.callsTo('POST /api/admin/deal-links')[0]?.body).toEqual({
      title: 'Garden chairs',
      discount: 45,
      features: ['Folds flat'],
      search: 'garden chairs',
      validDays: 14,
    });
  });

  it("shows the server's reason when it refuses a field, and says when the ASIN is not in the catalogue", async () => {
    let calls = 0;
    fakeApi({
      'POST /api/admin/deal-links': () =>
        ++calls === 1
          ? { status: 400, json: { error: 'Bad Request', message: 'discount: must be a whole percent from 1 to 99' } }
          : { status: 201, json: { ...CREATED, claims: { asin: 'B0NOTHERE1', title: 'Gone' }, productFound: false } },
    });
    const { user } = renderPage(<DealLinksTab />, '/admin/deal-links');
    await user.type(screen.getByLabelText('Headline'), 'Chairs');
    await user.type(screen.getByLabelText('Discount (%)'), '150');
    await user.click(screen.getByRole('button', { name: 'Create signed link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Link not created: discount: must be a whole percent from 1 to 99');
    expect(screen.queryByTestId('deal-link-created')).toBeNull();

    await user.clear(screen.getByLabelText('Discount (%)'));
    await user.type(screen.getByLabelText('ASIN (optional)'), 'B0NOTHERE1');
    await user.click(screen.getByRole('button', { name: 'Create signed link' }));
    expect(await screen.findByText(/No product with ASIN B0NOTHERE1 is in our catalogue/)).toBeInTheDocument();
  });
});
