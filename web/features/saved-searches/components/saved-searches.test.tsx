// @vitest-environment happy-dom
/**
 * "Save this search" and the shopper's own record as a shopper uses them (issue 30): the form sends
 * the words, category, cap, minimum saving and frequency with the held token, shows a field error
 * the server names, says a new address must confirm first, lists saved searches with delete; the
 * record shows "Sent to you" with dates and prices, and the private feed can be made and revoked.
 * Fetch is answered at the network edge in the API's shapes (common/api/saved-searches.schema.ts).
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createSavedSearchResponseSchema,
  savedSearchSchema,
  sentAlertEmailSchema,
  type SavedSearch,
} from '../../../../common/api/saved-searches.schema';
import { fakeApi, renderPage } from '../../../testing/harness';
import { SaveSearchButton } from './save-search-button';
import YourRecord from './your-record';

const EMAIL = 'ann@example.co.uk';
const TOKEN = 'visitor-token-ann';

const KETTLE: SavedSearch = savedSearchSchema.parse({
  id: 7,
  userEmail: EMAIL,
  keywords: 'kettle',
  category: 'home-kitchen',
  maxPrice: '30.00',
  minSavingPercent: 20,
  frequency: 'daily',
  isActive: true,
  awaitingConfirmation: false,
  matches: 2,
  createdAt: '2026-11-20T09:00:00.000Z',
});

describe('Save this search', () => {
  it('sends what the shopper chose with the held token, shows the server’s field error, then the saved list', async () => {
    let attempts = 0;
    const api = fakeApi({
      'POST /api/saved-searches': () =>
        ++attempts === 1
          ? { status: 400, json: { error: 'Bad Request', message: 'maxPrice: must be a price in pounds above 0, such as 199.99' } }
          : { status: 201, json: createSavedSearchResponseSchema.parse({ ...KETTLE, visitorToken: TOKEN, emailConfirmed: true }) },
      'GET /api/saved-searches': { json: [KETTLE] },
    });
    const remembered: string[] = [];
    const { user } = renderPage(
      <SaveSearchButton term="kettle" maxPrice="30" email={EMAIL} token={TOKEN} onRemember={(e, t) => remembered.push(`${e}|${t}`)} />,
    );
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    expect(within(dialog).getByLabelText('Words to look for')).toHaveValue('kettle');
    expect(within(dialog).getByLabelText('Max price £ (optional)')).toHaveValue('30');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'home-kitchen');
    await user.selectOptions(within(dialog).getByLabelText('Minimum verified saving'), '20');
    await user.click(within(dialog).getByRole('radio', { name: /Daily digest/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('maxPrice: must be a price in pounds above 0');
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await within(dialog).findByText('Saved. New matches will be e-mailed to you.')).toBeVisible();
    const sent = api.callsTo('POST /api/saved-searches')[1]!;
    expect(sent.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent.body).toEqual({
      userEmail: EMAIL,
      keywords: 'kettle',
      category: 'home-kitchen',
      maxPrice: '30',
      minSavingPercent: 20,
      frequency: 'daily',
    });
    expect(remembered).toEqual([`${EMAIL}|${TOKEN}`]);
    const list = await within(dialog).findByRole('region', { name: 'Your saved searches' });
    expect(await within(list).findByText('“kettle”')).toBeVisible();
    expect(within(list).getByText('in Home & Kitchen · up to £30.00 · at least 20% off · daily digest')).toBeVisible();
  });

  it('tells a new address to confirm first', async () => {
    fakeApi({
      'POST /api/saved-searches': {
        status: 201,
        json: createSavedSearchResponseSchema.parse({
          ...KETTLE,
          awaitingConfirmation: true,
          isActive: false,
          visitorToken: TOKEN,
          emailConfirmed: false,
        }),
      },
      'GET /api/saved-searches': { json: [] },
    });
    const { user } = renderPage(<SaveSearchButton term="kettle" maxPrice="" email={null} token={null} onRemember={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await user.type(within(dialog).getByLabelText('Your e-mail address'), 'new@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Check new@example.com for our e-mail and open its link');
  });
});

describe('the record in the bell panel', () => {
  it('shows "Sent to you" with dates and prices, deletes a saved search, and makes then revokes the private feed', async () => {
    const api = fakeApi({
      'GET /api/saved-searches': { json: [KETTLE] },
      'DELETE /api/saved-searches/7': { json: { success: true } },
      'GET /api/alert-emails': {
        json: [
          sentAlertEmailSchema.parse({
            id: 3,
            kind: 'price-drop',
            subject: 'Price drop: Breville kettle',
            sentAt: '2026-11-25T10:00:00.000Z',
            createdAt: '2026-11-25T09:59:00.000Z',
            items: [{ asin: 'B0KETTLE01', title: 'Breville kettle', price: '19.99', previousPrice: '24.99' }],
          }),
        ],
      },
      'GET /api/alert-feed': { json: { active: false, createdAt: null } },
      'POST /api/alert-feed': {
        status: 201,
        json: {
          atomUrl: 'https://deals.example/feeds/alerts/abc.atom',
          rssUrl: 'https://deals.example/feeds/alerts/abc.rss',
          createdAt: '2026-11-27T10:00:00.000Z',
        },
      },
      'DELETE /api/alert-feed': { json: { success: true } },
    });
    const { user } = renderPage(<YourRecord held={{ email: EMAIL, token: TOKEN }} />);
    const sent = await screen.findByRole('region', { name: 'Sent to you' });
    expect(await within(sent).findByText('Price drop: Breville kettle')).toBeVisible();
    expect(within(sent).getByText(/Sent 25 Nov 2026/)).toBeVisible();
    expect(within(sent).getByText('£19.99')).toBeVisible();
    expect(within(sent).getByText('(was £24.99)')).toBeVisible();

    await user.click(await screen.findByRole('button', { name: 'Delete saved search kettle' }));
    expect(api.callsTo('DELETE /api/saved-searches/7')[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);

    const feed = screen.getByRole('region', { name: 'Your private feed' });
    await user.click(await within(feed).findByRole('button', { name: 'Make my feed' }));
    expect(await within(feed).findByLabelText('Atom feed address')).toHaveValue('https://deals.example/feeds/alerts/abc.atom');
    expect(within(feed).getByLabelText('RSS feed address')).toHaveValue('https://deals.example/feeds/alerts/abc.rss');
    await user.click(within(feed).getByRole('button', { name: 'Revoke feed' }));
    expect(api.callsTo('DELETE /api/alert-feed')).toHaveLength(1);
    expect(await within(feed).findByRole('button', { name: 'Make my feed' })).toBeVisible();
  });
});
