import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { createTestApp } from '../../test-support/test-app';
import type { Product, SearchCriteria, SearchResponse } from '../../../common/api/products.schema';
import { seedProducts, type SeedProduct } from './products.test-seed';

const now = new Date('2025-06-01T12:00:00Z');

/** A small catalogue where every filter and order has something to keep and something to drop. */
const catalogue: Record<string, SeedProduct> = {
  sony: {
    title: 'Sony WH-1000XM4 Wireless Noise Cancelling Headphones',
    pricePence: 24900,
    listPricePence: 34900,
    rating: 4.7,
    reviewCount: 5000,
    category: 'electronics',
    categoryName: 'Headphones & Earphones',
    brand: 'Sony',
    trendingScore: 90,
  },
  anker: {
    title: 'Anker Soundcore Q20 Bluetooth Headphones',
    pricePence: 3999,
    rating: 4.4,
    reviewCount: 12000,
    category: 'electronics',
    categoryName: 'Headphones & Earphones',
    brand: 'Anker',
    trendingScore: 70,
  },
  bose: {
    title: 'Bose QuietComfort 45 Wireless',
    pricePence: 27900,
    rating: 4.7,
    reviewCount: 800,
    category: 'electronics',
    categoryName: 'Headphones & Earphones',
    brand: 'Bose',
    trendingScore: 100,
  },
  pan: {
    title: 'Tefal Non-Stick Frying Pan 28cm',
    pricePence: 1999,
    observedHigh30dPence: 2999,
    observedLow30dPence: 1999,
    referencePricePence: 2999,
    category: 'home-kitchen',
    categoryName: 'Pots & Pans',
    brand: 'Tefal',
    trendingScore: 50,
  },
  knives: {
    title: 'Stainless Steel Kitchen Knife Set',
    pricePence: 4599,
    rating: 3.2,
    reviewCount: 40,
    category: 'home-kitchen',
    categoryName: 'Kitchen Knives',
    trendingScore: 40,
  },
  football: {
    title: 'Mitre Kids Football Size 4',
    pricePence: 899,
    category: 'sports-outdoors',
    categoryName: 'Football',
    trendingScore: 60,
  },
  monitor: {
    title: 'Baby Monitor with Camera and Night Vision',
    pricePence: 5999,
    listPricePence: 5999,
    rating: 4.1,
    reviewCount: 300,
    category: 'baby',
    categoryName: 'Baby Monitors',
    trendingScore: 30,
  },
  screen: {
    title: 'LG 4K Gaming Monitor 65 inch OLED',
    pricePence: 199999,
    rating: 4.8,
    reviewCount: 90,
    category: 'electronics',
    categoryName: 'Monitors',
    trendingScore: 20,
  },
  widget: { title: 'Mystery Widget', pricePence: 500, category: 'other', trendingScore: 10 },
};

let database: Database;
let app: App;
let close: () => Promise<void>;
const asinOf: Record<string, string> = {};
const nameOf: Record<string, string> = {};

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ clock: () => now }));
  const names = Object.keys(catalogue);
  const seeded = await seedProducts(
    database.db,
    names.map((n) => catalogue[n] as SeedProduct),
  );
  names.forEach((n, i) => {
    const asin = seeded[i]?.asin as string;
    asinOf[n] = asin;
    nameOf[asin] = n;
  });
});

afterAll(() => close?.());

async function search(criteria: SearchCriteria): Promise<SearchResponse> {
  const res = await app.inject({ method: 'POST', url: '/api/products/search', payload: criteria });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResponse>();
}

const names = (products: Product[]) => products.map((p) => nameOf[p.asin]);
const everything = { maxPrice: 99999, itemCount: 100 } as const;

describe('POST /api/products/search: keywords', () => {
  it('finds products by title words (stemmed) and ranks title matches above brand/category matches', async () => {
    const r = await search({ ...everything, keywords: 'headphone' });
    // Bose mentions headphones only in its category name; it trends highest yet ranks last.
    expect(names(r.products)).toEqual(['sony', 'anker', 'bose']);
    expect(r.total).toBe(3);
  });

  it('reads half-typed words as prefixes when whole words match nothing', async () => {
    const r = await search({ ...everything, keywords: 'headph' });
    expect(names(r.products)).toEqual(['sony', 'anker', 'bose']);
    expect(r.total).toBe(3);
    expect((await search({ ...everything, keywords: 'headph zzzq' })).products).toEqual([]);
  });

  it('reads a dash standing alone as punctuation, not as an exclusion', async () => {
    expect(names((await search({ ...everything, keywords: 'headphones - sony' })).products)).toContain('sony');
  });

  it('understands websearch syntax: quoted phrases and exclusions', async () => {
    expect(names((await search({ ...everything, keywords: '"noise cancelling"' })).products)).toEqual(['sony']);
    expect(names((await search({ ...everything, keywords: 'headphones -sony' })).products)).toEqual(['anker', 'bose']);
  });

  it('treats quotes, operators and SQL in keywords as words', async () => {
    for (const keywords of ["'); drop table products; --", 'a & | ! :* ()', '\\', '"']) {
      const r = await search({ ...everything, keywords });
      expect(r.products).toEqual([]);
    }
    expect((await search({ ...everything })).total).toBe(Object.keys(catalogue).length);
  });

  it('answers the product shape with substantiated discounts', async () => {
    const r = await search({ ...everything, keywords: 'frying pan' });
    expect(r.products).toHaveLength(1);
    expect(r.products[0]).toMatchObject({
      asin: asinOf.pan,
      price: '19.99',
      originalPrice: '29.99',
      discountPercent: 33,
      discount: '10.00',
      savingBasis: 'TRACKED_PRICE',
      productUrl: `/deals/${asinOf.pan}`,
      category: 'home-kitchen',
      categoryName: 'Pots & Pans',
      brand: 'Tefal',
    });
    expect(r.products[0]?.affiliateUrl).toContain(`/dp/${asinOf.pan}?tag=dealalertsuk-21`);
  });
});

describe('POST /api/products/search: orders', () => {
  it('Featured without keywords orders by trending score', async () => {
    const r = await search({ ...everything });
    expect(names(r.products)).toEqual(['bose', 'sony', 'anker', 'football', 'pan', 'knives', 'monitor', 'screen', 'widget']);
  });

  it('Price:LowToHigh and Price:HighToLow', async () => {
    const up = await search({ ...everything, sortBy: 'Price:LowToHigh' });
    expect(names(up.products)).toEqual(['widget', 'football', 'pan', 'anker', 'knives', 'monitor', 'sony', 'bose', 'screen']);
    const down = await search({ ...everything, sortBy: 'Price:HighToLow' });
    expect(names(down.products)).toEqual([...names(up.products)].reverse());
  });

  it('AvgCustomerReviews: rating desc, then review count, unrated last', async () => {
    const r = await search({ ...everything, sortBy: 'AvgCustomerReviews' });
    expect(names(r.products).slice(0, 6)).toEqual(['screen', 'sony', 'bose', 'anker', 'monitor', 'knives']);
    expect(r.products.slice(6).every((p) => p.rating === null)).toBe(true);
  });

  it('sorts keyword matches too, and Relevance equals Featured', async () => {
    const r = await search({ ...everything, keywords: 'headphones', sortBy: 'Price:LowToHigh' });
    expect(names(r.products)).toEqual(['anker', 'sony', 'bose']);
    const relevance = await search({ ...everything, keywords: 'headphones', sortBy: 'Relevance' });
    expect(names(relevance.products)).toEqual(names((await search({ ...everything, keywords: 'headphones' })).products));
  });
});

describe('POST /api/products/search: filters', () => {
  it('maxPrice is in pounds and inclusive; the default £1500 hides the £1,999.99 monitor', async () => {
    expect(names((await search({ maxPrice: 19.99, sortBy: 'Price:LowToHigh' })).products)).toEqual(['widget', 'football', 'pan']);
    expect(names((await search({ itemCount: 100 })).products)).not.toContain('screen');
  });

  it('minRating drops rated products below it and keeps unrated ones', async () => {
    const r = await search({ ...everything, minRating: 4 });
    expect(names(r.products)).not.toContain('knives');
    expect(names(r.products)).toEqual(expect.arrayContaining(['sony', 'anker', 'bose', 'monitor', 'screen', 'pan', 'football', 'widget']));
    expect(r.total).toBe(8);
  });

  it('discountOnly keeps only substantiated discounts (list price or tracked reference price above the price)', async () => {
    const r = await search({ ...everything, discountOnly: true });
    // The baby monitor's list price equals its price: no discount.
    expect(names(r.products).sort()).toEqual(['pan', 'sony']);
    expect(r.products.every((p) => p.discountPercent !== null && p.discountPercent > 0)).toBe(true);
    expect((await search({ ...everything, discountOnly: 'true' })).total).toBe(2);
  });

  it('category keeps one category; All, all, "" and trending keep every one', async () => {
    expect(names((await search({ ...everything, category: 'home-kitchen' })).products)).toEqual(['pan', 'knives']);
    expect(names((await search({ ...everything, category: 'other' })).products)).toEqual(['widget']);
    for (const category of ['All', 'all', '', 'trending'] as const) expect((await search({ ...everything, category })).total).toBe(9);
  });

  it("the category buttons' default keywords browse the category instead of searching the text", async () => {
    const r = await search({ ...everything, category: 'electronics', keywords: 'electronics' });
    expect(names(r.products)).toEqual(['bose', 'sony', 'anker', 'screen']);
    expect(names((await search({ ...everything, category: 'home-kitchen', keywords: ' Kitchen  Home ' })).products)).toEqual([
      'pan',
      'knives',
    ]);
    // Other keywords in a category still filter.
    expect(names((await search({ ...everything, category: 'electronics', keywords: 'bluetooth' })).products)).toEqual(['anker']);
  });

  it('trending orders by trending score even with keywords', async () => {
    const r = await search({ ...everything, category: 'trending', keywords: 'headphones' });
    expect(names(r.products)).toEqual(['bose', 'sony', 'anker']);
  });

  it('combines filters', async () => {
    const r = await search({ keywords: 'headphones', maxPrice: 250, minRating: 4.5, category: 'electronics', discountOnly: true });
    expect(names(r.products)).toEqual(['sony']);
  });
});

describe('POST /api/products/search: paging', () => {
  it('answers totals and stable, disjoint pages; a page past the end is empty with the same totals', async () => {
    const pages = [];
    for (let page = 1; page <= 4; page += 1) pages.push(await search({ maxPrice: 99999, itemCount: 4, page }));
    for (const p of pages) expect({ total: p.total, totalPages: p.totalPages }).toEqual({ total: 9, totalPages: 3 });
    expect(pages.map((p) => p.products.length)).toEqual([4, 4, 1, 0]);
    expect(pages[3]?.page).toBe(4);
    const seen = pages.flatMap((p) => names(p.products));
    expect(seen).toEqual(names((await search({ ...everything })).products));
  });

  it('answers zero pages when nothing matches', async () => {
    const r = await search({ keywords: 'zzzzqqq' });
    expect(r).toEqual({ products: [], total: 0, totalPages: 0, page: 1 });
  });
});

describe('POST /api/products/search: bad input', () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ['sortBy', { sortBy: 'Cheapest' }],
    ['page', { page: 0 }],
    ['page', { page: 1.5 }],
    ['itemCount', { itemCount: 101 }],
    ['maxPrice', { maxPrice: -1 }],
    ['minRating', { minRating: 6 }],
    ['category', { category: 'cars' }],
    ['keywords', { keywords: 'x'.repeat(201) }],
    ['discountOnly', { discountOnly: 'yes' }],
    // Issue 25: numbers PostgreSQL cannot compare with the `real` rating (22003) or that mean nothing.
    ['minRating', { minRating: 1e-300 }],
    ['minRating', { minRating: 1e-40 }],
    ['minRating', { minRating: 4.25 }],
    ['minRating', { minRating: -0.1 }],
    ['minRating', { minRating: 'NaN' }],
    ['minRating', { minRating: 'Infinity' }],
    ['maxPrice', { maxPrice: 1e-300 }],
    ['maxPrice', { maxPrice: 0.001 }],
    ['maxPrice', { maxPrice: 1e300 }],
    ['maxPrice', { maxPrice: '1e999' }],
    ['maxPrice', { maxPrice: 'NaN' }],
    ['page', { page: 1e300 }],
    ['page', { page: 1e-300 }],
    ['page', { page: -1 }],
    ['itemCount', { itemCount: 0.5 }],
    ['itemCount', { itemCount: 'Infinity' }],
  ];
  it.each(cases)('names the field %s with its rule, without internals', async (field, body) => {
    const res = await app.inject({ method: 'POST', url: '/api/products/search', payload: body });
    expect(res.statusCode).toBe(400);
    const answer = res.json<{ error: string; message: string }>();
    expect(answer.error).toBe('Bad Request');
    expect(answer.message).toMatch(new RegExp(`\\b${field}: \\S`));
    expect(res.body).not.toMatch(/select|stack|at .*\.ts/i);
  });

  it('says which rule a tiny rating breaks, and still takes ratings of one decimal place', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/products/search', payload: { minRating: 1e-300 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('minRating: must have at most one decimal place (e.g. 4.5)');
    const tooCheap = await app.inject({ method: 'POST', url: '/api/products/search', payload: { maxPrice: 1e-300 } });
    expect(tooCheap.json().message).toBe('maxPrice: must be at least 0.01 (one penny)');
    expect(names((await search({ ...everything, minRating: 4.5 })).products).sort()).toEqual(
      ['bose', 'football', 'pan', 'screen', 'sony', 'widget'].sort(),
    );
    expect((await search({ ...everything, minRating: 0.1, maxPrice: 0.01 })).total).toBe(0);
    expect((await search({ ...everything, minRating: '4.5' as unknown as number })).total).toBe(6);
  });

  it('refuses a body that is not JSON criteria', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/products/search',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(400);
  });
});
