/**
 * Facts for the deal landing pages (issue 27; content-and-account-pages §2.6 with the departures of
 * docs/decisions/0023-landing-pages-facts.md): the largest current verified saving in a preset's
 * scope, the one figure a preset may show as its percentage, and the check of an owners' signed link.
 *
 * What counts as a verified saving is decided by the one pricing module (products' `toProduct`,
 * product-shape.ts: a labelled list or was price, or our own price history under the reference-price
 * rule, with a price that may be shown); nothing here recomputes it. Read-only.
 */
import type { DealLinkVerification, DealPresetScope, TopSavingResponse } from '../../../common/api/deal-links.schema';
import type { Product } from '../../../common/api/products.schema';
import type { ParsedSearchCriteria } from '../../../common/api/products.schema';
import { priceStringToPence } from '../../../common/money';
import type { Db } from '../../db/client';
import type { ListingCaches } from '../products';
import { searchProducts, type PriceView } from '../products';
import { checkDealLink, type DealLinkQuery } from './deal-links.rules';

/** Products read per page while looking for the largest saving. */
const PAGE_SIZE = 100;
/**
 * Pages read at most: the largest saving is looked for among the first 1,000 products of the scope
 * that have a "was" price at all (the search's `discountOnly` filter, ordered by relevance or
 * trending). A scope with more only risks missing a larger saving further down, never shows a
 * saving that is not one.
 */
export const TOP_SAVING_MAX_PAGES = 10;

/** True when `product` shows a verified saving: a percent, a "was" price and what substantiates it. */
export function hasVerifiedSaving(product: Product): boolean {
  return (
    product.price !== null &&
    product.originalPrice !== null &&
    product.savingBasis !== null &&
    product.discountPercent !== null &&
    product.discountPercent > 0
  );
}

/** The larger saving of two: percent first, then pounds saved; `a` on a tie (the search's order). */
function larger(a: Product, b: Product): Product {
  if ((b.discountPercent ?? 0) !== (a.discountPercent ?? 0)) return (b.discountPercent ?? 0) > (a.discountPercent ?? 0) ? b : a;
  return (priceStringToPence(b.discount) ?? 0) > (priceStringToPence(a.discount) ?? 0) ? b : a;
}

/** The search that lists `scope`'s products with a "was" price, page `page`, whatever their price. */
function scopeSearch(scope: DealPresetScope | null, page: number): ParsedSearchCriteria {
  return {
    keywords: scope?.keywords ?? '',
    maxPrice: 1_000_000,
    minRating: 0,
    category: scope?.category ?? 'All',
    discountOnly: true,
    page,
    itemCount: PAGE_SIZE,
    sortBy: 'Featured',
  };
}

/**
 * GET /api/deal-pages/top-saving: of `scope`'s products (a preset's category and words; null for the
 * whole catalogue), the one with the largest verified saving as `view` shows it, and how many have
 * one. `{ product: null, withSaving: 0 }` when none does. Reads at most {@link TOP_SAVING_MAX_PAGES}
 * pages of the products search (products.service `searchProducts`, no search is counted).
 */
export async function topSaving(
  db: Db,
  caches: ListingCaches,
  affiliateTag: string,
  scope: DealPresetScope | null,
  view: PriceView,
): Promise<TopSavingResponse> {
  let best: Product | null = null;
  let withSaving = 0;
  for (let page = 1; page <= TOP_SAVING_MAX_PAGES; page++) {
    const answer = await searchProducts(db, caches, affiliateTag, scopeSearch(scope, page), view);
    for (const product of answer.products.filter(hasVerifiedSaving)) {
      withSaving += 1;
      best = best === null ? product : larger(best, product);
    }
    if (page >= answer.totalPages || answer.products.length < PAGE_SIZE) break;
  }
  return { product: best, withSaving };
}

/**
 * GET /api/deal-pages/verify-link: the check of a landing page's query at `now` with the site's
 * SECRET_KEY (deal-links.rules.ts). Signs nothing.
 */
export function verifyDealLink(secret: string, query: DealLinkQuery, now: Date): DealLinkVerification {
  return checkDealLink(secret, query, now);
}
