/**
 * One product fetched from Amazon because a shopper asked to track it (issue 30 "Track any Amazon
 * product": "one we lack is fetched through the Creators API within the shopper quota share").
 *
 * - One getItems request for the ASIN as a **shopper** call: after the owners' admin calls, before
 *   background work, and refused once the day has used three quarters of the limit
 *   (quota-limiter.ts `shopperLimitOf`), so shoppers cannot starve the freshness pass.
 * - While Amazon denies access (403 AssociateNotEligible, recorded for the admin banner) nothing is
 *   asked until the hourly retry time.
 * - A product Amazon gives with a current GBP price is upserted exactly as the admin import does
 *   (`upsertAmazonProducts`, source `creators-api`) with its first price observation, in one
 *   catalogue transaction (cached answers drop). Nothing else is written; no audit entry (no owner acted).
 * - Never throws for Amazon's failures: each is an outcome the caller turns into honest words.
 */
import { catalogueTransaction, noteCatalogueWrite } from '../../catalogue-version';
import type { Db } from '../../db/client';
import type { CreatorsApiConnection } from '../../sources/creators-api/creators-api.connection';
import { CreatorsApiError, QuotaExhaustedError } from '../../sources/creators-api/creators-api-errors';
import type { AmazonProduct } from '../../sources/creators-api/creators-api-item';
import { ACCESS_RETRY_MS, CREATORS_API_SOURCE_NAME } from '../../sources/creators-api/creators-api.source';
import { recordPrices } from '../prices';
import { upsertAmazonProducts } from './amazon-api.queries';

export interface ShopperFetchDeps {
  db: Db;
  amazon: CreatorsApiConnection | null | undefined;
  clock: () => Date;
}

/** What asking Amazon for one ASIN came to. */
export type ShopperFetch =
  | { kind: 'added'; asin: string; fetchedAt: Date }
  | { kind: 'not-configured' }
  /** The shoppers' share of today's quota is spent; it resets at `resetsAt` (UTC midnight). */
  | { kind: 'quota'; resetsAt: Date }
  /** Amazon refuses the site access (AssociateNotEligible) until at least `retryAt`. */
  | { kind: 'denied'; retryAt: Date | null }
  /** Amazon answered, without a product we can show: not found, not accessible, no current UK offer. */
  | { kind: 'unavailable'; reason: string }
  /** Amazon could not be reached or failed (after the client's retries). */
  | { kind: 'failed' };

/**
 * Asks Amazon for `asin` (shopper priority) and adds it to the catalogue when it has a current GBP
 * price. See the module doc for the rules. Throws only what the database throws.
 */
export async function fetchProductForShopper(deps: ShopperFetchDeps, asin: string): Promise<ShopperFetch> {
  const amazon = deps.amazon;
  if (!amazon) return { kind: 'not-configured' };
  const access = await amazon.store.accessState();
  if (access.deniedSince !== null && access.retryAt !== null && deps.clock().getTime() < access.retryAt.getTime())
    return { kind: 'denied', retryAt: access.retryAt };
  let product: AmazonProduct | undefined;
  try {
    const result = await amazon.client.getItems([asin], { priority: 'shopper' });
    await amazon.store.recordItems([...result.products.values()], result.notAccessible, deps.clock());
    product = result.products.get(asin);
    if (!product)
      return {
        kind: 'unavailable',
        reason: result.notAccessible.has(asin) ? 'not accessible through the Creators API' : 'not found on amazon.co.uk',
      };
  } catch (error) {
    if (error instanceof QuotaExhaustedError) return { kind: 'quota', resetsAt: error.resetsAt };
    if (error instanceof CreatorsApiError && error.accessDenied) {
      const now = deps.clock();
      const retryAt = new Date(now.getTime() + ACCESS_RETRY_MS);
      await amazon.store.setAccessDenied(`${error.reason ?? error.type}: ${error.message}`, now, retryAt).catch(() => undefined);
      return { kind: 'denied', retryAt };
    }
    if (error instanceof CreatorsApiError || error instanceof RangeError) return { kind: 'failed' };
    throw error;
  }
  if (product.pricePence === null || product.title === null || (product.currency !== null && product.currency !== 'GBP'))
    return { kind: 'unavailable', reason: 'no current offer on amazon.co.uk: out of stock or unavailable' };
  const priced = product as AmazonProduct & { pricePence: number; title: string };
  const now = deps.clock();
  await catalogueTransaction(deps.db, async (tx) => {
    const [row] = await upsertAmazonProducts(tx, [priced], now);
    if (row) await noteCatalogueWrite(tx); // a new product, or Amazon's new title on one another caller added
    if (!row?.created) return; // another caller added it meanwhile: its observation is theirs
    await recordPrices(
      tx,
      [
        {
          productId: row.id,
          asin: row.asin,
          pricePence: priced.pricePence,
          listPricePence: priced.listPricePence,
          source: CREATORS_API_SOURCE_NAME,
          observedAt: priced.fetchedAt,
        },
      ],
      now,
    );
  });
  return { kind: 'added', asin, fetchedAt: priced.fetchedAt };
}
