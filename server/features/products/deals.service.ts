/**
 * The deal listings (issue 8 part 2; shopper-screens §2 "Today's deals", "Trending deals",
 * "Category deals pages"; common/api/deals.schema.ts). Read-only; the deal basis of each product is
 * the one refreshProductStats stored (docs/decisions/0008-deal-definition.md), never recomputed or
 * guessed here.
 */
import { DEAL_KINDS, type DealKind } from '../prices';
import type { DealBasis, DealListingResponse, ListedProduct, ListingOrderKey } from '../../../common/api/deals.schema';
import type { Db } from '../../db/client';
import type { VersionedCache } from '../../http/answer-cache';
import { toProduct, type PriceView } from './product-shape';
import { countListing, findListingPage, listingSignals, trackingStartedAt, type ListedRow } from './deals.queries';
import { LISTING_COUNT_CAP } from './products.queries';

/** A parsed listing query (dealListingQuerySchema's output). */
export interface DealListingRequest {
  /** One of the ten shopper category keys; undefined for every category. */
  category?: string | undefined;
  /** Requested page, ≥ 1 (clamped to the last page). */
  page: number;
  /** Products per page, 1–48. */
  itemCount: number;
}

/**
 * Totals of whole listings (a count over up to every product), kept until the catalogue version
 * changes, like the search totals (listing-cache.ts `counts`): exact right after every write.
 */
export type ListingTotals = VersionedCache<number>;

/** The stored deal basis as the API shows it, or null when there is none or it is not one we can show. */
export function dealBasisOf(row: Pick<ListedRow, 'dealKind' | 'dealPercent' | 'dealLabel'>): DealBasis | null {
  if (!(DEAL_KINDS as readonly string[]).includes(row.dealKind ?? '') || !row.dealLabel) return null;
  return { kind: row.dealKind as DealKind, label: row.dealLabel, percent: row.dealPercent };
}

/**
 * Row → listed product: the Product shape, the section and the deal basis. When `view` hides the
 * price (Amazon's data over 24 hours old) the deal basis is hidden with it: the product keeps its
 * place and section, shown without price or saving (docs/decisions/0014-amazon-data-24h.md).
 */
export function toListedProduct(row: ListedRow, affiliateTag: string, section: 'deal' | 'popular', view: PriceView): ListedProduct {
  const product = toProduct(row, affiliateTag, view);
  // A hidden (Amazon data over 24 h) or stale ("last seen") price carries no deal claim.
  const shown = product.price !== null && !product.priceStale;
  return { ...product, section: shown ? section : 'popular', dealBasis: shown ? dealBasisOf(row) : null };
}

/** What a listing's `orderedBy`, `verifiedDeals` and `trackedSince` say (issue 27: a page names its order). */
async function listingFacts(
  db: Db,
  totals: ListingTotals,
  category: string | null,
  totalDeals: number,
  first: 'verified-saving' | 'trending',
): Promise<Pick<DealListingResponse, 'verifiedDeals' | 'orderedBy' | 'trackedSince'>> {
  // Whether any product carries the signal lives in the listing-totals cache (1 or 0) until the
  // catalogue version changes.
  let signals: { trending: boolean; popular: boolean } | null = null;
  const signal = async (kind: 'trending' | 'popular') =>
    (await totals.get(`deals-signals:${kind}:${category ?? '*'}`, async () =>
      (signals ??= await listingSignals(db, category))[kind] ? 1 : 0,
    )) as number;
  const startedMs = (await totals.get('deals-tracked-since', async () => (await trackingStartedAt(db))?.getTime() ?? -1)) as number;
  const started = startedMs >= 0 ? new Date(startedMs).toISOString() : null;
  const orderedBy: ListingOrderKey[] = [];
  if (first === 'verified-saving' && totalDeals > 0) orderedBy.push('verified-saving');
  if ((await signal(first === 'trending' ? 'trending' : 'popular')) > 0) orderedBy.push(first === 'trending' ? 'trending' : 'popularity');
  orderedBy.push('lowest-price');
  return { verifiedDeals: totalDeals, orderedBy, trackedSince: started };
}

/**
 * How many products (`'all'`) or deals (`'deals'`) `category` (or every category) holds, from the
 * cache when fresh: both counts read up to every row of their index.
 */
async function countOf(db: Db, totals: ListingTotals, kind: 'all' | 'deals', category: string | null): Promise<number> {
  const key = `deals-count:${kind}:${category ?? '*'}`;
  return (await totals.get(key, () => countListing(db, kind, category))) as number;
}

/**
 * A listing's total from its products counted to LISTING_COUNT_CAP + 1 (countListing 'all') and its
 * exact deals: past the cap, the cap with `capped` ("over 10,000", decision 0047); else every
 * product, never fewer than the deals.
 */
export function cappedTotal(counted: number, deals: number): { total: number; capped: boolean } {
  if (counted > LISTING_COUNT_CAP) return { total: LISTING_COUNT_CAP, capped: true };
  return { total: Math.max(counted, deals), capped: false };
}

/** The page and its first row after clamping `page` to 1..totalPages (totalPages ≥ 1). */
export function clampPage(requested: number, itemCount: number, total: number): { page: number; totalPages: number; offset: number } {
  const totalPages = Math.max(1, Math.ceil(total / itemCount));
  const page = Math.min(Math.max(1, Math.trunc(requested)), totalPages);
  return { page, totalPages, offset: (page - 1) * itemCount };
}

/**
 * GET /api/deals: the deals of `category` (or of every category) by largest deal percent, then,
 * once they run out, that category's other products by popularity as `section: 'popular'`, so a
 * page is empty only when the category holds no product at all. `total` counts deals and fillers;
 * `page` is clamped to 1..totalPages. The counts are cached by catalogue version (listing-cache.ts),
 * so they are exact right after an import or a price check. Prices `view` hides keep their place.
 */
export async function listTodaysDeals(
  db: Db,
  totals: ListingTotals,
  affiliateTag: string,
  q: DealListingRequest,
  view: PriceView,
): Promise<DealListingResponse> {
  const category = q.category ?? null;
  const totalDeals = await countOf(db, totals, 'deals', category);
  const counted = await countOf(db, totals, 'all', category);
  const { total, capped } = cappedTotal(counted, totalDeals);
  const { page, totalPages, offset } = clampPage(q.page, q.itemCount, total);
  const deals = offset < totalDeals ? await findListingPage(db, 'deals', category, offset, q.itemCount) : [];
  const missing = q.itemCount - deals.length;
  const popular = missing > 0 ? await findListingPage(db, 'popular', category, Math.max(0, offset - totalDeals), missing) : [];
  return {
    products: [
      ...deals.map((r) => toListedProduct(r, affiliateTag, 'deal', view)),
      ...popular.map((r) => toListedProduct(r, affiliateTag, 'popular', view)),
    ],
    page,
    totalPages,
    total,
    ...(capped ? { totalCapped: true as const } : {}),
    totalDeals,
    ...(await listingFacts(db, totals, category, totalDeals, 'verified-saving')),
  };
}

/**
 * GET /api/deals/trending: every product of `category` (or all) by trending score
 * (docs/decisions/0002), then id; deals carry `section: 'deal'` and their basis, the others
 * `section: 'popular'` and a null basis. `page` is clamped to 1..totalPages.
 */
export async function listTrending(
  db: Db,
  totals: ListingTotals,
  affiliateTag: string,
  q: DealListingRequest,
  view: PriceView,
): Promise<DealListingResponse> {
  const category = q.category ?? null;
  const totalDeals = await countOf(db, totals, 'deals', category);
  const { total, capped } = cappedTotal(await countOf(db, totals, 'all', category), 0);
  const { page, totalPages, offset } = clampPage(q.page, q.itemCount, total);
  const rows = await findListingPage(db, 'trending', category, offset, q.itemCount);
  return {
    products: rows.map((r) => toListedProduct(r, affiliateTag, r.dealKind ? 'deal' : 'popular', view)),
    page,
    totalPages,
    total,
    ...(capped ? { totalCapped: true as const } : {}),
    totalDeals,
    ...(await listingFacts(db, totals, category, totalDeals, 'trending')),
  };
}
