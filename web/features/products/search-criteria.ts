/**
 * Search criteria the search page sends to POST /api/products/search (shopper-screens §7 "Search
 * page call", §9), and the home page's category buttons (§4 "Category selection on home").
 *
 * - Home: Trending, then nine categories; each asks the trending listing for its category
 *   ({@link homeListingCategory}; issue 27: the spec's keyword search with discountOnly found
 *   nothing in nine of ten categories on a real feed without list prices).
 * - Search page: maxPrice 99999, minRating 1, category 'All', 10 per page, at most 10 pages.
 */
import { SHOPPER_CATEGORY_KEYS, SHOPPER_CATEGORIES, type ShopperCategory, type ShopperCategoryKey } from '../../../common/categories';
import type { SearchCriteria } from '../../../common/api/products.schema';

/** The criteria object we send; every field explicit so query keys are stable. */
export type SearchRequest = Required<
  Pick<SearchCriteria, 'keywords' | 'maxPrice' | 'minRating' | 'category' | 'discountOnly' | 'page' | 'itemCount' | 'sortBy'>
> &
  Pick<SearchCriteria, 'searchIndex'>;

export type SortBy = 'Featured' | 'Price:LowToHigh' | 'Price:HighToLow' | 'AvgCustomerReviews';

/** Sort options of the search page, in the spec's order and wording. */
export const SORT_OPTIONS: readonly { value: SortBy; label: string }[] = [
  { value: 'Featured', label: 'Featured' },
  { value: 'Price:LowToHigh', label: 'Price: Low to High' },
  { value: 'Price:HighToLow', label: 'Price: High to Low' },
  { value: 'AvgCustomerReviews', label: 'Customer Reviews' },
];

/** True for one of the four sort values (URL input is untrusted). */
export function isSortBy(value: string | null): value is SortBy {
  return SORT_OPTIONS.some((o) => o.value === value);
}

/** Products per page on the home grid (a multiple of the 4-column layout). */
export const HOME_PAGE_SIZE = 20;

export type HomeCategory = 'trending' | ShopperCategoryKey;

/** Home category buttons in the spec's order: Trending, then nine categories (no Music on home). */
export const HOME_CATEGORY_ORDER: readonly HomeCategory[] = ['trending', ...SHOPPER_CATEGORY_KEYS.filter((key) => key !== 'music')];

/** Button label of a home category: 'Trending' or the category's buttonLabel ('Kitchen', …). */
export function homeCategoryLabel(key: HomeCategory): string {
  if (key === 'trending') return 'Trending';
  return (SHOPPER_CATEGORIES.find((c) => c.key === key) as ShopperCategory).buttonLabel;
}

/**
 * The listing category a home button asks for: null (every category) for Trending, else its key.
 * The home grid is `GET /api/deals/trending?category=` (issue 27; our departure from the search call
 * of spec §4, docs/design.md §5): every product of the category by trending score, each with its
 * deal basis, so a category's count is its real number of products, never a wrong 0.
 */
export function homeListingCategory(key: HomeCategory): ShopperCategoryKey | null {
  return key === 'trending' ? null : key;
}

/** Search page limits (spec §9): 10 per page, at most 10 pages, terms of 3+ characters. */
export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_MAX_PAGES = 10;
export const MIN_SEARCH_TERM_LENGTH = 3;

/** Criteria of the search page (spec §7 "Search page call"). The term is trimmed. */
export function searchPageCriteria(term: string, sortBy: SortBy, dealsOnly: boolean, page: number): SearchRequest {
  return {
    keywords: term.trim(),
    maxPrice: 99999,
    minRating: 1,
    category: 'All',
    discountOnly: dealsOnly,
    page,
    itemCount: SEARCH_PAGE_SIZE,
    sortBy,
  };
}

/** Pages the search page offers: the server's total, capped at 10 and at least 1. */
export function searchPageCount(serverTotalPages: number): number {
  return Math.min(SEARCH_MAX_PAGES, Math.max(1, Math.floor(serverTotalPages)));
}
