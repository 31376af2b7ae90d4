/**
 * Listings without keywords count to LISTING_COUNT_CAP (issue 31; docs/decisions/0047-listing-counts-capped.md):
 * past it a shopper is told "over 10,000" (`totalCapped`, 500 pages of 20), under it the total is
 * exact, on the search API's category browse and on today's deals and trending listings (public
 * endpoints: no session is needed, so no caller is refused).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test-support/test-app';
import { noteCatalogueWrite } from '../../catalogue-version';
import type { SearchCriteria, SearchResponse } from '../../../common/api/products.schema';
import type { DealListingResponse } from '../../../common/api/deals.schema';
import { LISTING_COUNT_CAP } from './products.queries';

const now = new Date('2025-06-01T12:00:00Z');
/** Electronics holds five more than the cap; kitchen three; the cap must not touch kitchen. */
const ELECTRONICS = LISTING_COUNT_CAP + 5;

let app: App;
let close: () => Promise<void>;

beforeAll(async () => {
  const made = await createTestApp({ clock: () => now });
  ({ app, close } = made);
  await made.database.query(
    `insert into products (asin, title, price_pence, category, source, price_as_of)
     select 'C' || lpad(g::text, 9, '0'), 'Cable ' || g, 500 + g, 'electronics', 'test', $1::timestamptz
     from generate_series(1, ${ELECTRONICS}) g
     union all
     select 'K' || lpad(g::text, 9, '0'), 'Kettle ' || g, 2000 + g, 'home-kitchen', 'test', $1::timestamptz
     from generate_series(1, 3) g`,
    [now.toISOString()],
  );
  await noteCatalogueWrite(made.database.db);
});

afterAll(async () => {
  await close();
});

const browse = (category: SearchCriteria['category'], page: number): SearchCriteria => ({
  keywords: '',
  maxPrice: 1_000_000,
  minRating: 0,
  category,
  discountOnly: false,
  page,
  itemCount: 20,
  sortBy: 'Price:LowToHigh',
});

async function search(criteria: SearchCriteria): Promise<SearchResponse> {
  const res = await app.inject({ method: 'POST', url: '/api/products/search', payload: criteria });
  expect(res.statusCode).toBe(200);
  return res.json() as SearchResponse;
}

async function listing(path: string): Promise<DealListingResponse> {
  const res = await app.inject({ method: 'GET', url: path });
  expect(res.statusCode).toBe(200);
  return res.json() as DealListingResponse;
}

describe('a category browse past the cap', () => {
  it('says "over 10,000" on a page the count decides, and still lists the products in order', async () => {
    const answer = await search(browse('electronics', 2));
    expect(answer.total).toBe(LISTING_COUNT_CAP);
    expect(answer.totalCapped).toBe(true);
    expect(answer.totalPages).toBe(LISTING_COUNT_CAP / 20);
    expect(answer.products.map((p) => p.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Cable ${21 + i}`));
  });

  it('stays exact under the cap (a category of three, and the electronics listing once a price filter leaves fewer)', async () => {
    const kitchen = await search(browse('home-kitchen', 1));
    expect(kitchen.total).toBe(3);
    expect(kitchen.totalCapped).toBeUndefined();
    // Prices 501..(500 + ELECTRONICS) pence: at most £60.00, 5,500 of them, counted exactly on page 2.
    const cheap = await search({ ...browse('electronics', 2), maxPrice: 60 });
    expect(cheap.total).toBe(6000 - 500);
    expect(cheap.totalCapped).toBeUndefined();
  });
});

describe("today's deals and trending past the cap", () => {
  it('counts the products of a listing to the cap, and exactly below it', async () => {
    for (const path of [
      '/api/deals/trending?category=electronics&page=3',
      '/api/deals?category=electronics&page=3',
      '/api/deals/trending?page=2',
    ]) {
      const answer = await listing(path);
      expect(answer.total, path).toBe(LISTING_COUNT_CAP);
      expect(answer.totalCapped, path).toBe(true);
      expect(answer.totalPages, path).toBe(LISTING_COUNT_CAP / 20);
      expect(answer.products, path).toHaveLength(20);
    }
    const kitchen = await listing('/api/deals/trending?category=home-kitchen');
    expect(kitchen.total).toBe(3);
    expect(kitchen.totalCapped).toBeUndefined();
  });

  it('clamps a page past the cap to the last page it counts', async () => {
    const answer = await listing('/api/deals/trending?category=electronics&page=9999');
    expect(answer.page).toBe(LISTING_COUNT_CAP / 20);
    expect(answer.products).toHaveLength(20);
  });
});
