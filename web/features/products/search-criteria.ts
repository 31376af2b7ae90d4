/**
 * Search criteria the screens send to POST /api/products/search (shopper-screens §4 "Category
 * selection on home", §7 "Search page call", §9).
 *
 * - Home, Trending: empty keywords, maxPrice 1500 (pounds), minRating 4, category 'trending',
 *   discountOnly off.
 * - Home, another category: its keywords and key, discountOnly on. Because a discount is shown
 *   only when substantiated (DESIGN.md §4 "Honest prices"), a category may have none: "Show all"
 *   sends the same category with discountOnly off.
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

/** Default search limits (spec §9): £1500 ceiling, 4 stars. */
export const DEFAULT_MAX_PRICE = 1500;
export const DEFAULT_MIN_RATING = 4;
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
 * Criteria for a home category button (spec §4). `showAll` drops the discount-only filter of a
 * category (our addition for categories without substantiated discounts). Page defaults to 1.
 */
export function homeCategoryCriteria(key: HomeCategory, options: { page?: number; showAll?: boolean } = {}): SearchRequest {
  const page = options.page ?? 1;
  if (key === 'trending') {
    return {
      keywords: '',
      maxPrice: DEFAULT_MAX_PRICE,
      minRating: DEFAULT_MIN_RATING,
      category: 'trending',
      discountOnly: false,
      page,
      itemCount: HOME_PAGE_SIZE,
      sortBy: 'Featured',
    };
  }
  const category = SHOPPER_CATEGORIES.find((c) => c.key === key) as ShopperCategory;
  return {
    keywords: category.keywords,
    maxPrice: DEFAULT_MAX_PRICE,
    minRating: DEFAULT_MIN_RATING,
    category: category.key,
    searchIndex: category.searchIndex,
    discountOnly: !options.showAll,
    page,
    itemCount: HOME_PAGE_SIZE,
    sortBy: 'Featured',
  };
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
