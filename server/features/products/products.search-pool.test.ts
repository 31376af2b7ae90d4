/**
 * Keyword search over more matches than it ranks or counts (issue 31, docs/decisions/0040): totals
 * are counted to {@link KEYWORD_COUNT_CAP} and said to be "over" it past that; the relevance order
 * ranks a pool of the most trending matches, yet every product matching all the words still comes
 * before the ones naming only the product type, however little they trend. Real database (PGlite,
 * or PostgreSQL with TEST_DATABASE_URL), through the HTTP route.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { createTestApp } from '../../test-support/test-app';
import type { SearchCriteria, SearchResponse } from '../../../common/api/products.schema';
import { getShopperCategory } from '../../../common/categories';
import { seedProducts, type SeedProduct } from './products.test-seed';
import { KEYWORD_COUNT_CAP, KEYWORD_POOL, KEYWORD_SAMPLE } from './products.queries';
import { KEYWORD_SEARCH_CONCURRENCY, keywordSearchLaneOf } from './products.routes';

const now = new Date('2025-06-01T12:00:00Z');

/** More plain kettles than the pool and the count cap hold, each trending more than the rest. */
const PLAIN_KETTLES = Math.max(KEYWORD_POOL, KEYWORD_COUNT_CAP) + 150;
/** Copper kettles: the least trending of all, so none is in the pool of the most trending kettles. */
const COPPER_KETTLES = 7;
/** Lamps: fewer than the cap, so their count stays exact. */
const LAMPS = 40;

let app: App;
let database: Database;
let close: () => Promise<void>;
/** Called whenever the app reads its clock (a search reads it as it starts building its answer). */
let onClock: (() => void) | null = null;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({
    clock: () => {
      onClock?.();
      return now;
    },
  }));
  const items: SeedProduct[] = [];
  for (let i = 0; i < PLAIN_KETTLES; i += 1)
    items.push({ title: `Electric Kettle 1.7L model ${i}`, pricePence: 2000 + i, category: 'home-kitchen', trendingScore: 1000 + i });
  for (let i = 0; i < COPPER_KETTLES; i += 1)
    items.push({ title: `Copper Kettle Stovetop ${i}`, pricePence: 5000 + i, category: 'home-kitchen', trendingScore: i / 100 });
  for (let i = 0; i < LAMPS; i += 1)
    items.push({ title: `Desk Lamp LED ${i}`, pricePence: 1500 + i, category: 'home-kitchen', trendingScore: i });
  await seedProducts(database.db, items);
}, 120_000);

afterAll(async () => {
  await close?.();
});

async function search(criteria: Partial<SearchCriteria>): Promise<SearchResponse> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/products/search',
    payload: { maxPrice: 99999, minRating: 0, category: 'All', discountOnly: false, page: 1, itemCount: 10, ...criteria },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResponse>();
}

describe('POST /api/products/search: more matches than are counted or ranked', () => {
  it('says "over" the cap instead of counting every match, and pages within it', async () => {
    const r = await search({ keywords: 'kettle' });
    expect(r.total).toBe(KEYWORD_COUNT_CAP);
    expect(r.totalCapped).toBe(true);
    expect(r.totalPages).toBe(KEYWORD_COUNT_CAP / 10);
    expect(r.products).toHaveLength(10);
  });

  it('counts exactly under the filters when fewer than the cap pass them (the count is read from the sample of the head term)', async () => {
    // The relevance order counts from its sample of the head term, which must hold more than the cap.
    expect(KEYWORD_SAMPLE).toBeGreaterThan(KEYWORD_COUNT_CAP);
    // Plain kettles cost 2000 + i pence: up to £25.00 are i = 0…500; copper kettles cost £50 and more.
    const r = await search({ keywords: 'kettle', maxPrice: 25 });
    expect(r.total).toBe(501);
    expect(r.totalCapped).toBeUndefined();
    const two = await search({ keywords: 'electric kettle', maxPrice: 25 });
    expect(two.total).toBe(501);
    expect(two.matchingAll).toBeUndefined();
    expect(two.products.every((p) => p.title.startsWith('Electric Kettle'))).toBe(true);
  });

  it('counts exactly, and says nothing of a cap, below it', async () => {
    const r = await search({ keywords: 'lamp' });
    expect(r.total).toBe(LAMPS);
    expect(r.totalCapped).toBeUndefined();
    expect(r.totalPages).toBe(LAMPS / 10);
  });

  it('lists every product matching all the words first, even the least trending, with their exact number', async () => {
    const r = await search({ keywords: 'copper kettle', itemCount: 20 });
    expect(r.products.slice(0, COPPER_KETTLES).every((p) => p.title.startsWith('Copper Kettle'))).toBe(true);
    expect(r.products.slice(COPPER_KETTLES).every((p) => p.title.startsWith('Electric Kettle'))).toBe(true);
    expect(r.matchingAll).toBe(COPPER_KETTLES);
    expect(r.total).toBe(KEYWORD_COUNT_CAP);
    expect(r.totalCapped).toBe(true);
  });

  it('ranks the most trending of the many partial matches after them', async () => {
    const r = await search({ keywords: 'copper kettle', itemCount: 10 });
    const trendingFirst = r.products.slice(COPPER_KETTLES).map((p) => p.title);
    // The plain kettles all rank alike by text: the most trending (the last seeded) come first.
    expect(trendingFirst[0]).toBe(`Electric Kettle 1.7L model ${PLAIN_KETTLES - 1}`);
  });

  it('caps the count in the other orders too, and a page past the end keeps the capped total', async () => {
    const cheapest = await search({ keywords: 'kettle', sortBy: 'Price:LowToHigh' });
    expect(cheapest.products[0]?.title).toBe('Electric Kettle 1.7L model 0');
    expect(cheapest.total).toBe(KEYWORD_COUNT_CAP);
    expect(cheapest.totalCapped).toBe(true);
    const beyond = await search({ keywords: 'kettle', page: 2000, itemCount: 10 });
    expect(beyond.products).toEqual([]);
    expect(beyond.total).toBe(KEYWORD_COUNT_CAP);
    expect(beyond.totalCapped).toBe(true);
  });

  it('reads a page past the relevance window in the database order without repeating the first pages', async () => {
    const seen = new Set<string>();
    for (let page = 1; page <= 12; page += 1) {
      const r = await search({ keywords: 'copper kettle', page });
      for (const p of r.products) {
        expect(seen.has(p.asin), `page ${page} repeats ${p.title}`).toBe(false);
        seen.add(p.asin);
      }
    }
    expect(seen.size).toBe(120);
  });
});

describe('POST /api/products/search: the keyword-search lane (decision 0044)', () => {
  it('builds an uncached keyword search inside the lane, a keyword-less listing outside it, and nothing for a cached answer', async () => {
    const lane = keywordSearchLaneOf(database.db);
    expect(lane.concurrency).toBe(KEYWORD_SEARCH_CONCURRENCY);
    const seen: number[] = [];
    onClock = () => seen.push(lane.activeCount);
    try {
      const kettles = await search({ keywords: 'kettle model 321' });
      expect(kettles.products[0]?.title).toBe('Electric Kettle 1.7L model 321');
      // The search read the clock as it started building its answer, in the lane: one being built.
      expect(seen).toContain(1);
      seen.length = 0;
      await search({ keywords: 'kettle model 321' });
      expect(seen, 'a cached answer is not held back by the lane').not.toContain(1);
      seen.length = 0;
      const listing = await search({ keywords: '', category: 'home-kitchen', sortBy: 'Price:HighToLow' });
      expect(listing.products.length).toBe(10);
      // A home category button sends the category's own keywords: a listing too, outside the lane.
      const button = await search({ keywords: getShopperCategory('home-kitchen')?.keywords, category: 'home-kitchen' });
      expect(button.products.length).toBe(10);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((n) => n === 0)).toBe(true);
    } finally {
      onClock = null;
    }
    expect(lane.activeCount + lane.pendingCount).toBe(0);
  });
});
