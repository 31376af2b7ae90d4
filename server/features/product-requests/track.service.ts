/**
 * "Track any Amazon product" (issue 30; Interfaces: `POST /api/products/track` `{ url }` →
 * `{ asin, status }`): a shopper pastes an amazon.co.uk link or an ASIN.
 *
 * 1. A product we hold → `in_catalogue` with the product (its alert dialog opens).
 * 2. Else, when the Creators API is configured, one getItems request within the shoppers' share of
 *    the quota (features/amazon-api `fetchProductForShopper`), waiting at most
 *    {@link TRACK_FETCH_WAIT_MS}: a current UK price adds the product → `fetched` with the product.
 * 3. Else → `requested`: the request is counted in `product_requests` (per ASIN, no personal data;
 *    owners see the most wanted first) and `message` says honestly when a first price may come
 *    (nothing is promised that nothing will do).
 * A fetch that answers after the wait still adds the product; the shopper was told to try again.
 */
import { asinFromAmazonLink } from '../../../common/amazon-link';
import type { TrackBody, TrackResponse } from '../../../common/api/product-track.schema';
import { ukDateTime } from '../../../common/uk-time';
import type { Db } from '../../db/client';
import { fail, ok, type Outcome } from '../../http/outcome';
import type { CreatorsApiConnection } from '../../sources/creators-api/creators-api.connection';
import { fetchProductForShopper, type ShopperFetch } from '../amazon-api';
import { productDetail, publicPriceView } from '../products';
import { deleteProductRequest, noteProductRequest } from './product-requests.queries';

/** Longest a shopper waits for Amazon's answer, ms (the request keeps going after it). */
export const TRACK_FETCH_WAIT_MS = 8_000;

export interface TrackDeps {
  db: Db;
  amazon: CreatorsApiConnection | null | undefined;
  clock: () => Date;
  affiliateTag: string;
  /** Where a late fetch's failure is logged (never with the shopper's data). */
  log?: { warn(details: Record<string, unknown>, message: string): void };
  waitMs?: number;
}

/** The catalogue's product for `asin` as listings show it, or null. */
async function heldProduct(deps: TrackDeps, asin: string) {
  const now = deps.clock();
  const detail = await productDetail(deps.db, deps.affiliateTag, asin, now, publicPriceView(now));
  return detail?.product ?? null;
}

/** Why a fetch did not add the product, as stored for the owners (null when none was tried). */
function fetchErrorOf(fetch: ShopperFetch | 'late'): string | null {
  if (fetch === 'late') return 'Amazon did not answer within 8 seconds';
  switch (fetch.kind) {
    case 'not-configured':
    case 'added':
      return null;
    case 'quota':
      return `shoppers' share of today's Amazon quota used up (resets ${fetch.resetsAt.toISOString()})`;
    case 'denied':
      return 'Amazon denies access (AssociateNotEligible)';
    case 'unavailable':
      return fetch.reason;
    case 'failed':
      return 'Amazon could not be reached';
  }
}

/** What the shopper is told about a product we could not add now, honestly. */
function requestedMessage(fetch: ShopperFetch | 'late', count: number): string {
  const noted = `We've recorded your request${count > 1 ? ` (asked for ${count} times so far)` : ''}, and the site's owners see the most wanted products first.`;
  if (fetch === 'late')
    return `We don't track this product yet and Amazon did not answer in time. ${noted} Try again in a few minutes: its price may be here by then.`;
  switch (fetch.kind) {
    case 'quota':
      return `We don't track this product yet, and today's Amazon look-ups for shoppers are used up. ${noted} Try again after ${ukDateTime(fetch.resetsAt.toISOString())} (UK time), when we can ask Amazon for its price.`;
    case 'denied':
      return `We don't track this product yet, and Amazon is not answering our price requests at the moment. ${noted} Its first price will come once Amazon answers again (we retry every hour) or the owners add it.`;
    case 'unavailable':
      return `Amazon has no price we can show for this product right now (${fetch.reason}). ${noted} We can't show a first price until Amazon lists one.`;
    case 'failed':
      return `We don't track this product yet and Amazon could not be reached just now. ${noted} Try again in a few minutes.`;
    default:
      return `We don't track this product yet, and this site does not fetch new products from Amazon by itself. ${noted} Its first price will appear when they add it; we can't promise a date.`;
  }
}

/**
 * Tracks what `body.url` names (see the module doc). Fails 'invalid' naming `url` when it is not an
 * amazon.co.uk product link or an ASIN (the route's schema refuses those first). Throws what the
 * database throws.
 */
export async function trackProduct(deps: TrackDeps, body: TrackBody): Promise<Outcome<TrackResponse>> {
  const read = asinFromAmazonLink(body.url);
  if (!read.ok) return fail('invalid', `url: ${read.reason}`);
  const { asin } = read;
  const held = await heldProduct(deps, asin);
  if (held)
    return ok({
      asin,
      status: 'in_catalogue',
      product: held,
      message: 'We already track this product: set your alert and we will e-mail you when its price drops.',
      requestCount: null,
    });

  let fetch: ShopperFetch | 'late' = { kind: 'not-configured' };
  if (deps.amazon) {
    const pending = fetchProductForShopper(deps, asin);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), deps.waitMs ?? TRACK_FETCH_WAIT_MS);
    });
    try {
      fetch = await Promise.race([pending, late]);
    } finally {
      clearTimeout(timer);
    }
    if (fetch === 'late')
      pending.catch((error: unknown) => deps.log?.warn({ error: (error as Error)?.name }, 'track: late Amazon fetch failed'));
  }
  if (fetch !== 'late' && fetch.kind === 'added') {
    await deleteProductRequest(deps.db, asin);
    const product = await heldProduct(deps, asin);
    if (product)
      return ok({
        asin,
        status: 'fetched',
        product,
        message: 'We fetched its price from Amazon just now and track it from today: set your alert and we will e-mail you when it drops.',
        requestCount: null,
      });
  }
  const count = await noteProductRequest(deps.db, asin, deps.clock(), fetchErrorOf(fetch));
  return ok({ asin, status: 'requested', product: null, message: requestedMessage(fetch, count), requestCount: count });
}
