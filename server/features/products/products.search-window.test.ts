/**
 * A keyword page in an order of its own (price, rating, discount, trending) is first read from a
 * window of the listing's first products in that order (docs/decisions/0048-keyword-pages-from-a-window.md):
 * whenever the window fills the page, the page is exactly the one the full statement answers (the
 * same products in the same order, the same totals); when it cannot, it says so and the full
 * statement answers. Random catalogues with ties, filters and words of every frequency, on the real
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL); and through the HTTP route, where a
 * shopper sorting by price sees the cheapest matches first either way.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { createTestApp } from '../../test-support/test-app';
import { searchCriteriaSchema, type SearchCriteria, type SearchResponse } from '../../../common/api/products.schema';
import { seedProducts, type SeedProduct } from './products.test-seed';
import { findKeywordSearchPage, findKeywordWindowPage, type SearchFilter, type SearchOrder } from './products.queries';
import { planSearch, normaliseCriteria } from './products.service';
import { seededRandom } from '../catalogue/demo/seeded-random';

const now = new Date('2025-06-01T12:00:00Z');
const WORDS = ['kettle', 'lamp', 'cable', 'copper', 'black', 'steel', 'garden', 'hose'];

let app: App;
let database: Database;
let close: () => Promise<void>;

/** 240 products: each names 1–3 words, drawn so that some words are common and some rare; many equal prices and ratings. */
function catalogue(): SeedProduct[] {
  const random = seededRandom(48);
  const out: SeedProduct[] = [];
  for (let i = 0; i < 240; i += 1) {
    const names = WORDS.filter((_, w) => random() < [0.6, 0.3, 0.25, 0.05, 0.4, 0.2, 0.03, 0.1][w]!);
    const price = [500, 999, 1500, 2500, 4000][Math.floor(random() * 5)]!;
    out.push({
      title: `${names.join(' ') || 'plain'} item ${i}`,
      pricePence: price,
      listPricePence: random() < 0.3 ? price * 2 : null,
      rating: random() < 0.5 ? null : [3.5, 4, 4.5][Math.floor(random() * 3)]!,
      reviewCount: random() < 0.5 ? null : Math.floor(random() * 3) * 10,
      category: random() < 0.5 ? 'home-kitchen' : 'electronics',
      trendingScore: Math.floor(random() * 4),
      // Words named again in the features or as the brand rank higher (ts_rank), so relevance order differs from trending.
      features: random() < 0.3 ? [`${names.join(' ')} spare ${names.join(' ')}`] : [],
      brand: random() < 0.2 ? (names[0] ?? null) : null,
    });
  }
  return out;
}

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ clock: () => now }));
  await seedProducts(database.db, catalogue());
}, 120_000);

afterAll(async () => {
  await close?.();
});

const criteria = (keywords: string, sortBy: SearchCriteria['sortBy'], extra: Partial<SearchCriteria> = {}): SearchCriteria => ({
  keywords,
  maxPrice: 99999,
  minRating: 0,
  category: 'All',
  discountOnly: false,
  page: 1,
  itemCount: 10,
  sortBy,
  ...extra,
});

const SORTS: SearchCriteria['sortBy'][] = ['Price:LowToHigh', 'Price:HighToLow', 'AvgCustomerReviews', 'Discount:HighToLow'];

describe('a keyword page read from a window', () => {
  it("equals the full statement's page whenever it fills the page, for every order, filter, window and page", async () => {
    let filled = 0;
    let short = 0;
    const cases: Array<{ filter: SearchFilter; order: SearchOrder; label: string }> = [];
    for (const keywords of ['kettle', 'lamp', 'copper', 'garden', 'black kettle', 'steel lamp', 'hose cable'])
      for (const sortBy of SORTS)
        for (const extra of [
          {},
          { category: 'electronics' },
          { minRating: 4 },
          { discountOnly: true },
          { maxPrice: 15 },
        ] as Partial<SearchCriteria>[]) {
          const plan = planSearch(normaliseCriteria(searchCriteriaSchema.parse(criteria(keywords, sortBy, extra))));
          cases.push({ filter: plan.filter, order: plan.order, label: `${keywords} ${sortBy} ${JSON.stringify(extra)}` });
        }
    // A keyword search in the trending category orders by trending score.
    const trending = planSearch(normaliseCriteria(searchCriteriaSchema.parse(criteria('kettle', 'Featured', { category: 'trending' }))));
    expect(trending.order).toBe('trending');
    cases.push({ filter: trending.filter, order: trending.order, label: 'kettle trending' });
    for (const { filter, order, label } of cases)
      for (const window of [5, 60])
        for (const [offset, limit] of [
          [0, 5],
          [20, 10],
        ] as const) {
          const fromWindow = await findKeywordWindowPage(database.db, filter, order, offset, limit, window);
          if (fromWindow === null) {
            short += 1;
            continue;
          }
          filled += 1;
          const full = await findKeywordSearchPage(database.db, filter, order, offset, limit);
          const at = `${label}, window ${window}, offset ${offset}`;
          expect(
            fromWindow.map((r) => r.id),
            at,
          ).toEqual(full.map((r) => r.id));
          expect(
            fromWindow.every((r) => r.matchesAll),
            at,
          ).toBe(true);
          expect(fromWindow[0]?.total, at).toBe(full[0]?.total);
          expect(fromWindow[0]?.totalAll, at).toBe(full[0]?.totalAll);
        }
    // Both ways were taken, many times.
    expect(filled).toBeGreaterThan(50);
    expect(short).toBeGreaterThan(50);
  });
});

describe('the full statement in relevance order (pages past the re-ranked first 100)', () => {
  it('orders by every term first, then ts_rank, trending and id, for one term and for two', async () => {
    for (const keywords of ['kettle', 'black kettle']) {
      const { filter } = planSearch(normaliseCriteria(searchCriteriaSchema.parse(criteria(keywords, 'Featured'))));
      if (!filter.text) throw new Error('no keywords');
      const page = await findKeywordSearchPage(database.db, filter, 'rank', 0, 500);
      const expected = await database.query<{ id: number }>(
        `select id from products
         where is_active and price_pence <= $1 and (rating is null or rating >= 0) and search_vector @@ to_tsquery('english', $2)
         order by (search_vector @@ to_tsquery('english', $3)) desc, ts_rank(search_vector, to_tsquery('english', $4)) desc,
           trending_score desc, id`,
        [filter.maxPricePence, filter.text.match, filter.text.all, filter.text.any],
      );
      expect(page.length, keywords).toBeGreaterThan(20);
      expect(
        page.map((r) => Number(r.id)),
        keywords,
      ).toEqual(expected.rows.map((r) => Number(r.id)));
    }
  });
});

describe('a shopper sorting a keyword search by price', () => {
  async function search(c: SearchCriteria): Promise<SearchResponse> {
    const res = await app.inject({ method: 'POST', url: '/api/products/search', payload: c });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchResponse;
  }

  it('sees the cheapest matches first, page after page, a common word and a rare one alike', async () => {
    for (const keywords of ['kettle', 'garden', 'copper']) {
      const seen: number[] = [];
      const first = await search(criteria(keywords, 'Price:LowToHigh'));
      for (let page = 1; page <= first.totalPages; page += 1) {
        const answer = page === 1 ? first : await search(criteria(keywords, 'Price:LowToHigh', { page }));
        seen.push(...answer.products.map((p) => Number(p.price)));
      }
      expect(seen.length, keywords).toBe(first.total);
      expect(seen, keywords).toEqual([...seen].sort((a, b) => a - b));
    }
  });
});
