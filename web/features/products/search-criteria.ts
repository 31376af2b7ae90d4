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
import { formatCount } from '../../../common/numbers';

/** The criteria object we send; every field explicit so query keys are stable. */
export type SearchRequest = Required<
  Pick<SearchCriteria, 'keywords' | 'maxPrice' | 'minRating' | 'category' | 'discountOnly' | 'page' | 'itemCount' | 'sortBy'>
> &
  Pick<SearchCriteria, 'searchIndex'>;

export type SortBy = 'Featured' | 'Price:LowToHigh' | 'Price:HighToLow' | 'AvgCustomerReviews' | 'Discount:HighToLow';

/**
 * Sort options of the search page, in the spec's order and wording, then the largest saving first
 * (issue 28: products with a substantiated discount by percent, those without one last).
 */
export const SORT_OPTIONS: readonly { value: SortBy; label: string }[] = [
  { value: 'Featured', label: 'Featured' },
  { value: 'Price:LowToHigh', label: 'Price: Low to High' },
  { value: 'Price:HighToLow', label: 'Price: High to Low' },
  { value: 'AvgCustomerReviews', label: 'Customer Reviews' },
  { value: 'Discount:HighToLow', label: 'Discount: High to Low' },
];

/** True for one of the sort values (URL input is untrusted). */
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

/** The search page's price and rating filters when none is chosen (spec §7 "Search page call"). */
export const SEARCH_ANY_PRICE = 99999;
export const SEARCH_ANY_RATING = 1;

/** A filter choice: its URL value ('' for any) and its label. */
export interface FilterOption {
  value: string;
  label: string;
}

/** "Max price" choices of the search page (issue 28), in pounds; '' is any price. */
export const MAX_PRICE_OPTIONS: readonly FilterOption[] = [
  { value: '', label: 'Any price' },
  ...[10, 25, 50, 100, 250, 500, 1000].map((pounds) => ({ value: String(pounds), label: `Up to £${formatCount(pounds)}` })),
];

/**
 * "Rating" choices of the search page (issue 28); '' is any rating. The API keeps products that
 * have no rating (most of a feed has none, DESIGN.md §5), which the page says beside the filter.
 */
export const MIN_RATING_OPTIONS: readonly FilterOption[] = [
  { value: '', label: 'Any rating' },
  { value: '3', label: '3 stars & up' },
  { value: '4', label: '4 stars & up' },
  { value: '4.5', label: '4.5 stars & up' },
];

/** The URL's `max` value when it is one of the choices, else '' (any price). */
export function readMaxPrice(value: string | null): string {
  return MAX_PRICE_OPTIONS.some((o) => o.value === value && value !== '') ? (value as string) : '';
}

/** The URL's `rating` value when it is one of the choices, else '' (any rating). */
export function readMinRating(value: string | null): string {
  return MIN_RATING_OPTIONS.some((o) => o.value === value && value !== '') ? (value as string) : '';
}

/** The search page's filters as URL values ('' for none): max price in pounds, least stars. */
export interface SearchFilters {
  maxPrice: string;
  minRating: string;
}

/**
 * Criteria of the search page (spec §7 "Search page call": £99999, 1 star, 'All', 10 a page,
 * unless a filter is chosen). The term is trimmed.
 */
export function searchPageCriteria(
  term: string,
  sortBy: SortBy,
  dealsOnly: boolean,
  page: number,
  filters: SearchFilters = { maxPrice: '', minRating: '' },
): SearchRequest {
  return {
    keywords: term.trim(),
    maxPrice: filters.maxPrice === '' ? SEARCH_ANY_PRICE : Number(filters.maxPrice),
    minRating: filters.minRating === '' ? SEARCH_ANY_RATING : Number(filters.minRating),
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
