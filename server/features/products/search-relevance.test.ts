/**
 * Search relevance through HTTP (issue 28; docs/decisions/0026-search-relevance.md), each behaviour
 * on a small seeded catalogue where it can be seen to fail: synonyms and British/American words,
 * typo tolerance with "did you mean", half-typed words, phrases, the product-type prior (a kettle
 * before a kettle barbecue and a descaler; a printer before its toner), zero-result recovery (relaxed
 * words and the nearest category), the discount order and the filters with keywords. Real database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL), real app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { createTestApp } from '../../test-support/test-app';
import type { SearchCriteria, SearchResponse } from '../../../common/api/products.schema';
import { seedProducts, type SeedProduct } from './products.test-seed';

const catalogue: Record<string, SeedProduct> = {
  kettleBbq: {
    title: 'Weber Compact Kettle Charcoal Barbecue, 57cm',
    pricePence: 14900,
    categoryName: 'Outdoor Cooking',
    trendingScore: 90,
  },
  descaler: {
    title: 'KitchenCraft Kettle Descaler Ball, Stainless Steel',
    pricePence: 399,
    categoryName: 'Coffee, Tea & Espresso',
    trendingScore: 80,
  },
  travelKettle: {
    title: 'KitchenPerfected 0.9Ltr Lightweight Travel Kettle with 2 cups - Cream',
    pricePence: 1499,
    categoryName: 'Small Kitchen Appliances',
  },
  stoveKettle: { title: 'Le Creuset Kone Stove-Top Kettle with Whistle', pricePence: 6402, categoryName: 'Small Kitchen Appliances' },
  vacuum: {
    title: 'Numatic Henry Commercial Vacuum Cleaner, 620W',
    pricePence: 20699,
    categoryName: 'Vacuums & Floorcare',
    category: 'home-kitchen',
  },
  vacuumBags: {
    title: 'Replacement Vacuum Cleaner Dust Bags for Henry (Pack of 10)',
    pricePence: 899,
    categoryName: 'Vacuums & Floorcare',
    category: 'home-kitchen',
    trendingScore: 95,
  },
  sneakers: { title: "Women's Star Ox Canvas Sneakers", pricePence: 4500, categoryName: 'Shoes', category: 'fashion' },
  pencils: {
    title: 'Prismacolor Premier Colored Pencil Set, 24 Count',
    pricePence: 2199,
    categoryName: 'Pens, Pencils & Writing Supplies',
  },
  headphones: {
    title: 'Sennheiser HD 600 Open Hi-Fi Stereo Headphones',
    pricePence: 34999,
    categoryName: 'Headphones & Earphones',
    category: 'electronics',
  },
  earTips: {
    title: 'Silicone Replacement Ear Tips for Headphones, 6 Pairs',
    pricePence: 599,
    categoryName: 'Headphones & Earphones',
    category: 'electronics',
    trendingScore: 99,
  },
  laser: {
    title: 'HP Colour LaserJet 3700N Laser Printer',
    pricePence: 161800,
    categoryName: 'Computer Printers',
    category: 'electronics',
  },
  toner: {
    title: 'HP 12A Black Toner Cartridge for LaserJet Laser Printers',
    pricePence: 5999,
    categoryName: 'Printers & Accessories',
    category: 'electronics',
    trendingScore: 99,
  },
  frenchPress: {
    title: 'BODUM Chambord 8 Cup French Press Coffee Maker',
    pricePence: 4384,
    listPricePence: 6000,
    categoryName: 'Coffee, Tea & Espresso',
    category: 'home-kitchen',
  },
  pressFrench: {
    title: 'Garlic Press, French Stainless Steel',
    pricePence: 1200,
    listPricePence: 1300,
    categoryName: 'Kitchen Tools',
    category: 'home-kitchen',
  },
  fryerBasket: {
    title: 'KitchenCraft Wire Deep Fryer Basket',
    pricePence: 999,
    categoryName: 'Small Kitchen Appliances',
    category: 'home-kitchen',
  },
};

let database: Database;
let app: App;
let close: () => Promise<void>;
const nameOf: Record<string, string> = {};

beforeAll(async () => {
  ({ app, database, close } = await createTestApp());
  const names = Object.keys(catalogue);
  const seeded = await seedProducts(
    database.db,
    names.map((n) => catalogue[n] as SeedProduct),
  );
  names.forEach((n, i) => (nameOf[seeded[i]?.asin as string] = n));
});
afterAll(() => close?.());

async function search(keywords: string, more: Partial<SearchCriteria> = {}): Promise<SearchResponse> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/products/search',
    payload: { keywords, maxPrice: 99999, itemCount: 50, ...more },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResponse>();
}
const names = (r: SearchResponse) => r.products.map((p) => nameOf[p.asin]);

describe('search understands what the shopper means', () => {
  it('product-type prior: kettles before a kettle barbecue and a descaler, however much those trend', async () => {
    const r = names(await search('kettle'));
    expect(r.slice(0, 2).sort()).toEqual(['stoveKettle', 'travelKettle']);
    expect(r.indexOf('kettleBbq')).toBeGreaterThan(1);
    expect(r.indexOf('descaler')).toBeGreaterThan(1);
  });

  it('the thing itself before its accessories and consumables: a printer before toner, headphones before ear tips', async () => {
    expect(names(await search('laser printer'))[0]).toBe('laser');
    expect(names(await search('headphones'))[0]).toBe('headphones');
    // Asked for, the consumable comes first.
    expect(names(await search('toner'))[0]).toBe('toner');
  });

  it('synonyms and British/American words: hoover, trainers, coloured pencils', async () => {
    const hoover = names(await search('hoover'));
    expect(hoover[0]).toBe('vacuum');
    expect(hoover).toContain('vacuumBags');
    expect(names(await search('trainers'))).toEqual(['sneakers']);
    expect(names(await search('colouring pencils'))).toEqual(['pencils']);
    expect(names(await search('cafetiere'))).toEqual(['frenchPress']);
  });

  it('typos: answers the nearest words the catalogue holds and says so', async () => {
    const r = await search('hedphones');
    expect(names(r)[0]).toBe('headphones');
    expect(r.didYouMean).toBe('headphones');
    expect(r.showingResultsFor).toBe('headphones');
    // Correct spelling: no hint.
    expect((await search('headphones')).didYouMean).toBeUndefined();
  });

  it('half-typed words read as prefixes, without a "did you mean"', async () => {
    const r = await search('sennhei');
    expect(names(r)).toEqual(['headphones']);
    expect(r.didYouMean).toBeUndefined();
  });

  it('a quoted phrase matches the words together, in order', async () => {
    expect(names(await search('"french press"'))).toEqual(['frenchPress']);
    // Out of order the phrase matches nothing in full: the answer says it shows its last word instead.
    const mc = await search('"maker coffee"');
    expect(mc).toMatchObject({ relaxedFrom: 'maker coffee', showingResultsFor: 'coffee' });
    // Unquoted, the words may stand apart ("Garlic Press, French Stainless Steel").
    expect(names(await search('press french'))).toEqual(['pressFrench', 'frenchPress']);
  });

  it('zero results: relaxes to the type asked for, says so and names the nearest category', async () => {
    const r = await search('air fryer');
    expect(names(r)).toEqual(['fryerBasket']);
    expect(r).toMatchObject({
      relaxedFrom: 'air fryer',
      showingResultsFor: 'fryer',
      nearestCategory: { key: 'home-kitchen', name: 'Home & Kitchen' },
    });
    // Nothing to go on: an empty answer without hints, as before.
    expect(await search('zzzzqqq')).toEqual({ products: [], total: 0, totalPages: 0, page: 1 });
  });

  it('says how many products match every word when the others only name the type asked for', async () => {
    const r = await search('travel kettle');
    expect(names(r)[0]).toBe('travelKettle');
    expect(r.total).toBe(4);
    expect(r.matchingAll).toBe(1);
    expect(r.relaxedFrom).toBeUndefined();
    // The same in another order, and on a later page.
    expect((await search('travel kettle', { sortBy: 'Price:HighToLow' })).matchingAll).toBe(1);
    expect((await search('travel kettle', { page: 2, itemCount: 2 })).matchingAll).toBe(1);
    // Every product matches every word: no field.
    expect((await search('kettle')).matchingAll).toBeUndefined();
    // Nothing matches every word: the answer relaxes and says so instead.
    expect((await search('air fryer')).matchingAll).toBeUndefined();
  });

  it('sorts keyword matches by discount and keeps the filters', async () => {
    const byDiscount = await search('press', { sortBy: 'Discount:HighToLow' });
    // 27 % off the French press before 8 % off the garlic press.
    expect(names(byDiscount)).toEqual(['frenchPress', 'pressFrench']);
    expect(byDiscount.products.map((p) => p.discountPercent)).toEqual([27, 8]);
    expect(names(await search('kettle', { maxPrice: 20 })).sort()).toEqual(['descaler', 'travelKettle']);
    expect(names(await search('press', { discountOnly: true })).length).toBe(2);
    expect(names(await search('kettle', { category: 'fashion' }))).toEqual([]);
  });

  it('refuses an unknown sort, naming the field', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/products/search', payload: { keywords: 'kettle', sortBy: 'Discount' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^sortBy: /);
  });
});
