/**
 * What the home category buttons and the search page send to POST /api/products/search
 * (shopper-screens §4 "Category selection on home", §7 "Search page call", §9).
 */
import { describe, it, expect } from 'vitest';
import { SHOPPER_CATEGORIES } from '../../../common/categories';
import {
  HOME_CATEGORY_ORDER,
  homeCategoryCriteria,
  homeCategoryLabel,
  isSortBy,
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

  it('Trending sends empty keywords, £1500, 4 stars, category trending, discount filter off', () => {
    expect(homeCategoryCriteria('trending')).toMatchObject({
      keywords: '',
      maxPrice: 1500,
      minRating: 4,
      category: 'trending',
      discountOnly: false,
      page: 1,
    });
  });

  it('a category sends its keywords, key and search index with the discount filter on', () => {
    const kitchen = SHOPPER_CATEGORIES.find((c) => c.key === 'home-kitchen');
    expect(homeCategoryCriteria('home-kitchen', { page: 3 })).toMatchObject({
      keywords: kitchen?.keywords,
      category: 'home-kitchen',
      searchIndex: 'Kitchen',
      discountOnly: true,
      maxPrice: 1500,
      minRating: 4,
      page: 3,
    });
  });

  it('"Show all" keeps the category and turns the discount filter off', () => {
    const all = homeCategoryCriteria('electronics', { showAll: true });
    expect(all).toMatchObject({ category: 'electronics', keywords: 'electronics', discountOnly: false });
  });

  it('gives every category its own keywords', () => {
    const keywords = HOME_CATEGORY_ORDER.filter((k) => k !== 'trending').map((k) => homeCategoryCriteria(k).keywords);
    expect(new Set(keywords).size).toBe(keywords.length);
    keywords.forEach((k) => expect(k.length).toBeGreaterThan(0));
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

  it('offers the four sort options with the spec labels, and rejects others from the URL', () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual(['Featured', 'Price: Low to High', 'Price: High to Low', 'Customer Reviews']);
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
