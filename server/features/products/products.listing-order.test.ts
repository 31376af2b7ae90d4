/**
 * Keyword-less listings in every order, page by page (issue 31; docs/decisions/0039-listing-indexes.md):
 * what a shopper pages through is the documented order (products.queries.ts sortKeysOf: ties by id,
 * products without a rating or discount last, inactive products never), the total on every page
 * counts what the pages list, and the orders migration 0028 indexes can be read from their index
 * (an expression index serves only the very expression the query sorts by).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { products } from '../../db/schema/catalogue.schema';
import { createTestApp } from '../../test-support/test-app';
import type { SearchCriteria, SearchResponse } from '../../../common/api/products.schema';
import { seedProducts, type SeedProduct } from './products.test-seed';
import { searchPageStatement, searchValues, type SearchFilter, type SearchOrder } from './products.queries';

const now = new Date('2025-06-01T12:00:00Z');

/** A seeded product with what the expected orders read. */
interface Seeded extends SeedProduct {
  id: number;
  asin: string;
  active: boolean;
}

/**
 * 36 products in two categories with many ties: three ratings (and unrated), two review counts
 * (and none), discounts from a list price or our reference price that round to the same percent,
 * equal prices and trending scores, and every seventh product inactive.
 */
function catalogue(): Array<SeedProduct & { active: boolean }> {
  const out: Array<SeedProduct & { active: boolean }> = [];
  for (let i = 0; i < 36; i += 1) {
    const pricePence = [1000, 2000, 2000, 3000][i % 4] as number;
    const discount = i % 3; // 0 none, 1 list price, 2 reference price
    out.push({
      title: `Listing product ${i}`,
      pricePence,
      // 1000 → 1250 and 2000 → 2500 are both 20 %; 3000 → 3750 too; a list price equal to the price is no saving.
      listPricePence: discount === 1 ? pricePence * 1.25 : i % 5 === 0 ? pricePence : null,
      referencePricePence: discount === 2 ? (i % 2 === 0 ? pricePence * 1.25 : pricePence * 2) : null,
      rating: [null, 4.5, 4.0, 4.5][i % 4] as number | null,
      reviewCount: [null, 100, 100, 7, null][i % 5] as number | null,
      category: i % 2 === 0 ? 'electronics' : 'home-kitchen',
      trendingScore: [10, 20, 20][i % 3] as number,
      active: i % 7 !== 3,
    });
  }
  return out;
}

let app: App;
let database: Database;
let close: () => Promise<void>;
let seeded: Seeded[];

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ clock: () => now }));
  const items = catalogue();
  const rows = await seedProducts(database.db, items);
  seeded = items.map((p, i) => ({ ...p, ...(rows[i] as { id: number; asin: string }) }));
  const inactive = seeded.filter((p) => !p.active).map((p) => p.id);
  await database.db.update(products).set({ isActive: false }).where(inArray(products.id, inactive));
});

afterAll(() => close?.());

/** The substantiated original price (prices/original-price.sql.ts), or null. */
function originalOf(p: Seeded): number | null {
  if (p.listPricePence != null && p.listPricePence > p.pricePence) return p.listPricePence;
  if (p.referencePricePence != null && p.referencePricePence > p.pricePence) return p.referencePricePence;
  return null;
}

function percentOf(p: Seeded): number | null {
  const original = originalOf(p);
  return original === null ? null : Math.round(((original - p.pricePence) * 100) / original);
}

/** Descending with nulls last. */
function descNullsLast(a: number | null | undefined, b: number | null | undefined): number {
  if (a == null || b == null) return (a == null ? 1 : 0) - (b == null ? 1 : 0);
  return b - a;
}

type SortBy = NonNullable<SearchCriteria['sortBy']>;

const compare: Record<Exclude<SortBy, 'Relevance'>, (a: Seeded, b: Seeded) => number> = {
  Featured: (a, b) => (b.trendingScore ?? 0) - (a.trendingScore ?? 0) || a.id - b.id,
  'Price:LowToHigh': (a, b) => a.pricePence - b.pricePence || a.id - b.id,
  'Price:HighToLow': (a, b) => b.pricePence - a.pricePence || a.id - b.id,
  AvgCustomerReviews: (a, b) => descNullsLast(a.rating, b.rating) || descNullsLast(a.reviewCount, b.reviewCount) || a.id - b.id,
  'Discount:HighToLow': (a, b) =>
    descNullsLast(percentOf(a), percentOf(b)) || (b.trendingScore ?? 0) - (a.trendingScore ?? 0) || a.id - b.id,
};

/** Every page of a listing of 5 items, as the shopper pages through it: the ASINs in order and each page's total. */
async function pageThrough(criteria: SearchCriteria): Promise<{ asins: string[]; totals: number[] }> {
  const asins: string[] = [];
  const totals: number[] = [];
  for (let page = 1; page <= 10; page += 1) {
    const res = await app.inject({ method: 'POST', url: '/api/products/search', payload: { ...criteria, page, itemCount: 5 } });
    expect(res.statusCode).toBe(200);
    const body = res.json<SearchResponse>();
    totals.push(body.total);
    if (body.products.length === 0) break;
    asins.push(...body.products.map((p) => p.asin));
  }
  return { asins, totals };
}

describe('keyword-less listings in every order (issue 31)', () => {
  for (const category of ['All', 'electronics'] as const)
    for (const discountOnly of [false, true])
      for (const sortBy of Object.keys(compare) as Array<keyof typeof compare>)
        it(`${category}${discountOnly ? ', discount only' : ''}, ${sortBy}: the documented order, ties by id, the same total on every page`, async () => {
          const expected = seeded
            .filter((p) => p.active && (category === 'All' || p.category === category) && (!discountOnly || originalOf(p) !== null))
            .sort(compare[sortBy])
            .map((p) => p.asin);
          expect(expected.length).toBeGreaterThan(5); // more than one page
          const { asins, totals } = await pageThrough({ keywords: '', category, discountOnly, sortBy });
          expect(asins).toEqual(expected);
          expect(new Set(totals)).toEqual(new Set([expected.length]));
        });
});

/**
 * The index names in the plan of a listing page with the planner settings `off` switched off,
 * read from the plan lines matching `scan` (its first group is the index name).
 */
async function indexesOfPlanWithout(filter: SearchFilter, order: SearchOrder, off: string[], scan: RegExp): Promise<string[]> {
  const q = searchPageStatement(database.db, filter, order).getQuery();
  const values = searchValues(filter, 0, 20);
  const params = q.params.map((p) => (p && typeof p === 'object' && 'name' in p ? values[(p as { name: string }).name] : p));
  const client = database.pool ? await database.pool.connect() : null;
  const run = (text: string, args?: unknown[]) => (client ? client.query(text, args) : database.query(text, args));
  try {
    for (const s of off) await run(`set ${s} = off`);
    const { rows } = await run(`explain (costs off) ${q.sql}`, params);
    return (rows as Array<Record<string, string>>).flatMap((r) =>
      [...String(Object.values(r)[0]).matchAll(scan)].map((m) => m[1] as string),
    );
  } finally {
    for (const s of off) await run(`reset ${s}`);
    client?.release();
  }
}

/** The index names of the plan of a listing page when sorting is made as dear as the planner allows. */
const indexesOfPlan = (filter: SearchFilter, order: SearchOrder) =>
  indexesOfPlanWithout(filter, order, ['enable_sort', 'enable_seqscan', 'enable_bitmapscan'], /using (\w+)/g);

describe('the orders of migration 0028 read their index (issue 31, decision 0039)', () => {
  const base: SearchFilter = { text: null, maxPricePence: 150_000, minRating: 0, category: null, discountOnly: false };
  it.each([
    ['trending', null, 'products_listing_trending_idx'],
    ['trending', 'electronics', 'products_listing_category_trending_idx'],
    ['rating', null, 'products_listing_rating_idx'],
    ['rating', 'electronics', 'products_listing_category_rating_idx'],
    ['discount', null, 'products_listing_discount_idx'],
    ['discount', 'electronics', 'products_listing_category_discount_idx'],
    ['price-asc', 'electronics', 'products_listing_category_price_idx'],
  ] as const)('%s in %s reads %s', async (order, category, index) => {
    expect(await indexesOfPlan({ ...base, category }, order)).toEqual([index]);
  });
});

/** The index names of the plan of a "Deals only" listing page when only bitmap scans may read the table. */
const indexesOfBitmapPlan = (filter: SearchFilter, order: SearchOrder) =>
  indexesOfPlanWithout(filter, order, ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan'], /Bitmap Index Scan on (\w+)/g);

describe('"Deals only" can read just the products with a saving (issue 31, migration 0029)', () => {
  // The partial index's predicate must be implied by the listing's conditions (shopperVisible and
  // hasSubstantiatedSavingSql, word for word), or the planner can never use it.
  // (All categories: with a category, a 36-row table costs the category-led indexes the same, so
  // which one the planner takes there says nothing.)
  it('a discount-only listing of every category can read products_listing_discounted_idx', async () => {
    const filter: SearchFilter = { text: null, maxPricePence: 150_000, minRating: 0, category: null, discountOnly: true };
    expect(await indexesOfBitmapPlan(filter, 'price-asc')).toEqual(['products_listing_discounted_idx']);
  });
});
