// @vitest-environment happy-dom
/**
 * The "Track any Amazon product" box (issue 30) as a shopper uses it, fetch faked: a link to another
 * shop is refused at once (nothing sent, field invalid and focused); a held product's link opens
 * its alert dialog (onTrack) and says so; a product we could not get shows the server's honest
 * message; a server refusal shows its reason without the field name.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { trackBodySchema, trackResponseSchema, type TrackResponse } from '../../../../common/api/product-track.schema';
import { fakeApi, makeProduct, renderPage } from '../../../testing/harness';
import { TrackProductBox } from './track-product-box';

const answer = (body: TrackResponse) => ({ status: 200, json: trackResponseSchema.parse(body) });

describe('TrackProductBox', () => {
  it('refuses a link to another shop before sending anything', async () => {
    const api = fakeApi({});
    const { user } = renderPage(<TrackProductBox onTrack={() => undefined} />);
    await user.type(screen.getByLabelText('Amazon link or ASIN'), 'https://www.argos.co.uk/product/8349024');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^Must be an amazon\.co\.uk product link/);
    expect(screen.getByLabelText('Amazon link or ASIN')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Amazon link or ASIN')).toHaveFocus();
    expect(api.callsTo('POST /api/products/track')).toHaveLength(0);
  });

  it('opens the alert dialog for a product we hold, and says so', async () => {
    const product = makeProduct({ asin: 'B09B8RVKGW', title: 'Echo Dot (5th generation)' });
    const api = fakeApi({
      'POST /api/products/track': ({ body }) => {
        expect(trackBodySchema.parse(body).url).toBe('https://www.amazon.co.uk/Echo-Dot/dp/B09B8RVKGW?th=1');
        return answer({
          asin: 'B09B8RVKGW',
          status: 'in_catalogue',
          product,
          message: 'We already track this product.',
          requestCount: null,
        });
      },
    });
    const onTrack = vi.fn();
    const { user } = renderPage(<TrackProductBox onTrack={onTrack} />);
    await user.type(screen.getByLabelText('Amazon link or ASIN'), ' https://www.amazon.co.uk/Echo-Dot/dp/B09B8RVKGW?th=1 ');
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(onTrack).toHaveBeenCalledWith(product));
    expect(screen.getByRole('status')).toHaveTextContent('We already track “Echo Dot (5th generation)”. Set your alert in the dialog.');
    expect(api.callsTo('POST /api/products/track')).toHaveLength(1);
    expect(screen.getByLabelText('Amazon link or ASIN')).toHaveValue('');
  });

  it("shows the server's honest message for a product we could not get, and a refusal's reason", async () => {
    const message = "We don't track this product yet, and this site does not fetch new products from Amazon by itself.";
    let refuse = false;
    fakeApi({
      'POST /api/products/track': () =>
        refuse
          ? { status: 400, json: { error: 'Bad Request', message: 'url: this is a link to amazon.de: we track amazon.co.uk prices only' } }
          : answer({ asin: 'B0WANTED01', status: 'requested', product: null, message, requestCount: 2 }),
    });
    const onTrack = vi.fn();
    const { user } = renderPage(<TrackProductBox onTrack={onTrack} />);
    await user.type(screen.getByLabelText('Amazon link or ASIN'), 'B0WANTED01');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(message));
    expect(onTrack).not.toHaveBeenCalled();
    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Track' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(/^This is a link to amazon\.de: we track amazon\.co\.uk prices only$/),
    );
  });
});
