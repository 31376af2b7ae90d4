/**
 * The products API's caches (issue 7; docs/decisions/0006-answer-cache.md), one set per app
 * (productsRoutes), never shared between databases. Both are keyed by the catalogue version
 * (server/catalogue-version.ts), so an import or a price write drops what it can reach at once
 * (decision 0046: product pages and keyword searches say what they depend on; totals depend on
 * everything) and totals are exact right after it. Nothing expires by age, except an answer showing Amazon prices: it lives
 * until the first of them reaches the licence's 24 hours (docs/decisions/0014-amazon-data-24h.md;
 * the route passes `life` to `withPriceView`, product-shape.ts).
 * - `answers`: the serialised JSON of search pages, suggestions, top discounted and product pages,
 *   by normalised request (server/http/answer-cache.ts).
 * - `counts`: totals of keyword-less listings (a count over up to every product: DESIGN.md §2 "never
 *   scan every row on the hot path"), by filter, shared by the pages of one listing (page 1 and 2 of
 *   Trending have one total). Keyword counts are never cached: the GIN index bounds them.
 */
import type { Db } from '../../db/client';
import { catalogueVersionOf } from '../../catalogue-version';
import { createJsonAnswerCache, VersionedCache, type JsonAnswerCache, type VersionSource } from '../../http/answer-cache';

/** Listing totals remembered: a handful of listings come from the home and category pages. */
export const LISTING_COUNTS_MAX_ENTRIES = 500;

/** The products API's caches. */
export interface ListingCaches {
  /** Serialised answers by normalised request (keys built in products.service.ts). */
  answers: JsonAnswerCache;
  /** Totals of keyword-less searches, keyed by the JSON of their filter. */
  counts: VersionedCache<number>;
}

/**
 * Fresh caches following `versions` (default: this database's catalogue version), with answer
 * deadlines judged on `nowMs` (epoch ms; pass the app's clock). Tests pass their own version source.
 */
export function createListingCaches(
  db: Db,
  versions: VersionSource = catalogueVersionOf(db),
  nowMs: () => number = Date.now,
): ListingCaches {
  return {
    answers: createJsonAnswerCache(versions, undefined, nowMs),
    counts: new VersionedCache<number>(versions, { maxEntries: LISTING_COUNTS_MAX_ENTRIES, maxBytes: 1024 * 1024 }, () => 8),
  };
}
