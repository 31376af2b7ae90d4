/**
 * What the home category buttons ask the trending listing for, and what the search page sends to
 * POST /api/products/search (shopper-screens §4 "Category selection on home", §7 "Search page
 * call", §9).
 */
import { describe, it, expect } from 'vitest';
import { SHOPPER_CATEGORIES } from '../../../common/categories';
import {
  HOME_CATEGORY_ORDER,
  homeCategoryLabel,
  homeListingCategory,
  isSortBy,
  MAX_PRICE_OPTIONS,
  readMaxPrice,
  readMinRating,
  searchPageCount,
  searchPageCriteria,
  SORT_OPTIONS,
} from './search-criteria';

describe('home category buttons', () => {
  it('are Trending then nine categories, in the spec order and wording', () => {
    expect(HOME_CATEGORY_ORDER.map(homeCategoryLabel)).toEqual([
      'Trending',
      'Kitchen',
      'Electronics',
      'Fashion',
      'Beauty',
      'Sports',
      'Automotive',
      'Gaming',
      'Books',
      'Baby',
    ]);
  });

  it('Trending asks for every category, a category button for its own key', () => {
    expect(homeListingCategory('trending')).toBeNull();
    expect(homeListingCategory('home-kitchen')).toBe('home-kitchen');
    expect(HOME_CATEGORY_ORDER.filter((k) => k !== 'trending').map(homeListingCategory)).toEqual(
      SHOPPER_CATEGORIES.filter((c) => c.key !== 'music').map((c) => c.key),
    );
  });
});

describe('search page', () => {
  it('sends the trimmed term, £99999, 1 star, category All, 10 per page', () => {
    expect(searchPageCriteria('  air fryer ', 'Price:LowToHigh', true, 2)).toEqual({
      keywords: 'air fryer',
      maxPrice: 99999,
      minRating: 1,
      category: 'All',
      discountOnly: true,
      page: 2,
      itemCount: 10,
      sortBy: 'Price:LowToHigh',
    });
  });

  it('sends a chosen max price (pounds) and least rating instead of the defaults', () => {
    expect(searchPageCriteria('kettle', 'Discount:HighToLow', false, 1, { maxPrice: '25', minRating: '4.5' })).toMatchObject({
      maxPrice: 25,
      minRating: 4.5,
      sortBy: 'Discount:HighToLow',
    });
    expect(searchPageCriteria('kettle', 'Featured', false, 1, { maxPrice: '', minRating: '' })).toMatchObject({
      maxPrice: 99999,
      minRating: 1,
    });
  });

  it('reads only the offered filter values from the URL', () => {
    expect(readMaxPrice('50')).toBe('50');
    expect(readMaxPrice('49')).toBe('');
    expect(readMaxPrice(null)).toBe('');
    expect(readMinRating('4')).toBe('4');
    expect(readMinRating('1e-300')).toBe('');
    expect(MAX_PRICE_OPTIONS.map((o) => o.label)).toContain('Up to £1,000');
  });

  it('offers the four sort options with the spec labels, then Discount, and rejects others from the URL', () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual([
      'Featured',
      'Price: Low to High',
      'Price: High to Low',
      'Customer Reviews',
      'Discount: High to Low',
    ]);
    expect(isSortBy('Discount:HighToLow')).toBe(true);
    expect(isSortBy('AvgCustomerReviews')).toBe(true);
    expect(isSortBy('Relevance')).toBe(false);
    expect(isSortBy(null)).toBe(false);
  });

  it('offers at most 10 pages and at least 1', () => {
    expect(searchPageCount(37)).toBe(10);
    expect(searchPageCount(4)).toBe(4);
    expect(searchPageCount(0)).toBe(1);
  });
});
