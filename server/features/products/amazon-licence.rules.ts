/**
 * The Amazon Associates licence's cache limit on public pages (issue 14 part 2: "every product shown
 * on a public page at least every 24 h (the licence's cache limit: older Amazon data is refreshed or
 * hidden)"; ../shared/reference/amazon-creators-api.md "Limits and rules": "product data may be
 * cached for at most 24 hours"; docs/decisions/0014-amazon-data-24h.md). Pure rules over times.
 *
 * "Amazon data" is a current price, its saving basis and what derives from it (deal basis, lowest
 * in 30 days, the "as of" time) that the Creators API reported: `products.price_source` is
 * 'creators-api' and `price_as_of` is when the API last reported or confirmed it. Prices from
 * imported feeds (CSV, bulk JSON, demo) are not covered by the licence and never expire here.
 */
import { CREATORS_API_SOURCE_NAME } from '../../sources/creators-api/creators-api.source';

/** The licence's limit: Amazon data older than this (ms, 24 hours) is never shown on a public page. */
export const AMAZON_DATA_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Where a product's current price came from and when it was observed (products.price_source, price_as_of). */
export interface PriceProvenance {
  /** 'creators-api' for Amazon's data; anything else ('csv', 'demo', 'bulk-json'…) is a feed's. */
  priceSource: string;
  priceAsOf: Date;
}

/** True when the price is Amazon's data (the licence applies). */
export function isAmazonData(row: Pick<PriceProvenance, 'priceSource'>): boolean {
  return row.priceSource === CREATORS_API_SOURCE_NAME;
}

/**
 * Epoch ms from which the price may no longer be shown: `price_as_of` + 24 h for Amazon's data,
 * `Infinity` for a feed's price (no limit).
 */
export function priceShowableUntilMs(row: PriceProvenance): number {
  return isAmazonData(row) ? row.priceAsOf.getTime() + AMAZON_DATA_MAX_AGE_MS : Number.POSITIVE_INFINITY;
}

/** True when the price may be shown at `nowMs` (epoch ms): a feed's always, Amazon's for 24 h after it was observed. */
export function isPriceShowable(row: PriceProvenance, nowMs: number): boolean {
  return nowMs < priceShowableUntilMs(row);
}

/**
 * The oldest `price_as_of` of Amazon data still showable at `now`: SQL filters keep Amazon rows
 * with `price_as_of > freshSince` (strictly after), the same boundary as {@link isPriceShowable}.
 */
export function amazonFreshSince(now: Date): Date {
  return new Date(now.getTime() - AMAZON_DATA_MAX_AGE_MS);
}
