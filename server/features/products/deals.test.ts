/**
 * Deal listings through HTTP on a fresh database (issue 8 parts 1 and 2; shopper-screens §2):
 * which products are deals and with which basis the card shows, the popular fill after the deals,
 * trending order, page clamping and bad input. Prices go through the prices feature's writer
 * (recordPrices / refreshProductStats), as imports and price checks do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealListingResponse, ListedProduct } from '../../../common/api/deals.schema';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { createTestApp } from '../../test-support/test-app';
import { catalogueTransaction } from '../../catalogue-version';
import { recordPrices, refreshProductStats } from '../prices/prices.service';
import { seedObservations, seedProducts, type SeedProduct } from './products.test-seed';

const now = new Date('2025-06-30T12:00:00Z');
const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(now.getTime() - d * DAY);

let app: App;
let database: Database;
let close: () => Promise<void>;

/**
 * Seeds one product with its price history ([days ago, pence] pairs, continuous evidence unless a
 * third element `null` says the price was seen once) and refreshes its statistics.
 */
async function product(seed: SeedProduct, history: Array<[number, number] | [number, number, null]>) {
  const [row] = await seedProducts(database.db, [seed]);
  const created = row as { id: number; asin: string };
  await seedObservations(
    database.db,
    created,
    history.map(([d, pricePence, confirmed]) => ({
      pricePence,
      observedAt: daysAgo(d),
      ...(confirmed === null ? { confirmedAt: null } : {}),
    })),
  );
  await refreshProductStats(database.db, [created.id], now);
  return created;
}

async function get(url: string): Promise<DealListingResponse> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DealListingResponse;
}

const titles = (products: ListedProduct[]) => products.map((p) => p.title);

let ids: Record<string, { id: number; asin: string }> = {};

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ clock: () => now }));
  ids = {
    median: await product({ title: 'Under its median', pricePence: 4000, category: 'electronics' }, [
      [100, 4000],
      [25, 5000],
      [0, 4000],
    ]),
    // £60 held for 59 days right before today's £40: a tracked price drop (reference-price rule).
    low: await product({ title: 'New 90-day low', pricePence: 4000, category: 'electronics' }, [
      [120, 5000],
      [60, 6000],
      [1, 4000],
    ]),
    // Seen at £50 once 45 days ago and never again until £40 today: unknown weeks, no claim.
    unknown: await product({ title: 'Gap in its history', pricePence: 4000, category: 'electronics' }, [
      [45, 5000, null],
      [0, 4000],
    ]),
    flat: await product({ title: 'Flat price', pricePence: 5000, category: 'electronics', reviewCount: 50, rating: 4.5 }, [[200, 5000]]),
    labelled: await product(
      { title: 'Labelled RRP', pricePence: 7000, listPricePence: 10000, savingBasisType: 'LIST_PRICE', category: 'electronics' },
      [[3, 7000]],
    ),
  };
  // Books: one deal and five popular products (by reviews), for the fill and the paging.
  await product({ title: 'Book deal', pricePence: 900, listPricePence: 1000, savingBasisType: 'WAS_PRICE', category: 'books' }, [[1, 900]]);
  for (const [title, reviewCount] of [
    ['Book 10 reviews', 10],
    ['Book 10000 reviews', 10000],
    ['Book no reviews', 0],
    ['Book 1000 reviews', 1000],
    ['Book 100 reviews', 100],
  ] as const) {
    await product({ title, pricePence: 1200, category: 'books', reviewCount, rating: 4.6 }, [[50, 1200]]);
  }
  // Baby: one product with no ranking signal at all (no reviews, rating or trend). Gaming: the same,
  // after a deal with many reviews: only the products after the deals are ordered by popularity.
  await product({ title: 'Quiet baby monitor', pricePence: 2500, category: 'baby', reviewCount: 0, rating: null }, [[200, 2500]]);
  await product({ title: 'Quiet controller', pricePence: 3000, category: 'gaming', reviewCount: 0, rating: null }, [[200, 3000]]);
  await product(
    {
      title: 'Reviewed headset deal',
      pricePence: 4000,
      listPricePence: 5000,
      savingBasisType: 'LIST_PRICE',
      category: 'gaming',
      reviewCount: 800,
      rating: 4.4,
    },
    [[2, 4000]],
  );
});
afterAll(() => close?.());

describe('GET /api/deals: the deal definition as the shopper sees it', () => {
  it('shows a labelled saving, a tracked price drop and a price under its median as deals with their basis, largest saving first', async () => {
    const body = await get('/api/deals?category=electronics');
    expect(body).toMatchObject({ total: 5, totalDeals: 3, verifiedDeals: 3, page: 1, totalPages: 1 });
    expect(body.orderedBy).toEqual(['verified-saving', 'popularity', 'lowest-price']);
    const [first, second, third, ...rest] = body.products as ListedProduct[];
    expect(first).toMatchObject({
      title: 'New 90-day low',
      section: 'deal',
      dealBasis: { kind: 'TRACKED_PRICE_DROP', percent: 33, label: 'Down 33% from £60.00, its price for 59 days' },
      // The card's struck-through price is the same tracked reference.
      originalPrice: '60.00',
      savingBasis: 'TRACKED_PRICE',
      discountPercent: 33,
    });
    expect(second).toMatchObject({
      title: 'Labelled RRP',
      section: 'deal',
      dealBasis: { kind: 'LABELLED_SAVING', percent: 30, label: 'Save 30% on the RRP' },
      discountPercent: 30,
    });
    expect(third).toMatchObject({
      title: 'Under its median',
      section: 'deal',
      dealBasis: { kind: 'BELOW_30_DAY_MEDIAN', percent: 20, label: '20% below its 30-day average' },
      // £50 held only 25 days: no struck-through reference price.
      originalPrice: null,
      savingBasis: null,
    });
    // A flat price and a price after unknown weeks are no deals: they follow as popular products
    // (most popular first, then lowest price), with no basis and no badge.
    expect(rest.map((p) => [p.title, p.section, p.dealBasis, p.discountPercent])).toEqual([
      ['Flat price', 'popular', null, null],
      ['Gap in its history', 'popular', null, null],
    ]);
  });

  it('a price that rises again stops being a deal at once', async () => {
    // As every catalogue writer does: the transaction bumps the catalogue version (cached answers go).
    await catalogueTransaction(database.db, async (tx) => {
      await tx.execute(`update products set price_pence = 6500 where id = ${ids.low?.id}`);
      await recordPrices(
        tx,
        [{ productId: ids.low!.id, asin: ids.low!.asin, pricePence: 6500, listPricePence: null, source: 'test', observedAt: now }],
        now,
      );
    });
    const body = await get('/api/deals?category=electronics');
    const risen = body.products.find((p) => p.title === 'New 90-day low');
    expect(risen).toMatchObject({ section: 'popular', dealBasis: null });
  });

  it('fills a page with the category’s most popular products after its deals, never an empty grid', async () => {
    const page1 = await get('/api/deals?category=books&itemCount=4');
    expect(page1).toMatchObject({ total: 6, totalDeals: 1, page: 1, totalPages: 2 });
    expect(titles(page1.products)).toEqual(['Book deal', 'Book 10000 reviews', 'Book 1000 reviews', 'Book 100 reviews']);
    expect(page1.products.map((p) => p.section)).toEqual(['deal', 'popular', 'popular', 'popular']);
    expect(page1.products[0]?.dealBasis).toEqual({ kind: 'LABELLED_SAVING', percent: 10, label: 'Save 10% on the was price' });

    const page2 = await get('/api/deals?category=books&itemCount=4&page=2');
    expect(titles(page2.products)).toEqual(['Book 10 reviews', 'Book no reviews']);
  });

  it('clamps a page past the end to the last page', async () => {
    const body = await get('/api/deals?category=books&itemCount=4&page=99');
    expect(body.page).toBe(2);
    expect(titles(body.products)).toEqual(['Book 10 reviews', 'Book no reviews']);
  });

  it('answers page 1 of 1 with no products for a category that holds none', async () => {
    expect(await get('/api/deals?category=music')).toMatchObject({
      products: [],
      page: 1,
      totalPages: 1,
      total: 0,
      totalDeals: 0,
      verifiedDeals: 0,
      orderedBy: ['lowest-price'],
    });
  });

  it('names no popularity order when no product after the deals has a ranking signal, and no trending order without a trend', async () => {
    const deals = await get('/api/deals?category=gaming');
    expect(titles(deals.products)).toEqual(['Reviewed headset deal', 'Quiet controller']);
    expect(deals.orderedBy).toEqual(['verified-saving', 'lowest-price']);
    for (const url of ['/api/deals?category=baby', '/api/deals/trending?category=baby']) {
      const body = await get(url);
      expect(titles(body.products), url).toEqual(['Quiet baby monitor']);
      expect(body.orderedBy, url).toEqual(['lowest-price']);
    }
  });

  it('lists every category when none is given', async () => {
    const body = await get('/api/deals?itemCount=48');
    expect(body.total).toBe(14);
    expect(body.trackedSince).not.toBeNull();
    expect(body.totalDeals).toBe(4);
    expect(body.products.slice(0, 4).every((p) => p.section === 'deal')).toBe(true);
  });

  it('refuses an unknown category key, a page below 1 and too many items, naming the field and rule', async () => {
    const cases: Array<[string, string]> = [
      ['/api/deals?category=garden', 'category: must be one of the ten category keys'],
      ['/api/deals/trending?category=trending', 'category: must be one of the ten category keys'],
      ['/api/deals?page=0', 'page: must be at least 1'],
      ['/api/deals?page=1.5', 'page: must be a whole number'],
      ['/api/deals?itemCount=49', 'itemCount: must be at most 48'],
      // Issue 25: tiny, huge, negative and not-a-number values are named, never a 500.
      ['/api/deals?page=1e-300', 'page: must be a whole number'],
      ['/api/deals?page=20000', 'page: must be at most 10000'],
      ['/api/deals?page=-3', 'page: must be at least 1'],
      ['/api/deals?page=NaN', 'page: must be a whole number'],
      ['/api/deals/trending?page=Infinity', 'page: must be a whole number'],
      ['/api/deals?itemCount=0', 'itemCount: must be at least 1'],
      ['/api/deals?itemCount=2.5', 'itemCount: must be a whole number'],
      ['/api/deals/trending?itemCount=abc', 'itemCount: must be a whole number'],
    ];
    for (const [url, message] of cases) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
  });
});

describe('GET /api/deals/trending', () => {
  it('orders by trending score, with each deal’s basis and the others as popular', async () => {
    const body = await get('/api/deals/trending?category=books&itemCount=10');
    expect(body).toMatchObject({ total: 6, totalDeals: 1, verifiedDeals: 1, page: 1, totalPages: 1 });
    expect(body.orderedBy).toEqual(['trending', 'lowest-price']);
    expect(titles(body.products).slice(0, 2)).toEqual(['Book 10000 reviews', 'Book 1000 reviews']);
    const deal = body.products.find((p) => p.title === 'Book deal');
    expect(deal).toMatchObject({ section: 'deal', dealBasis: { kind: 'LABELLED_SAVING' } });
    expect(body.products.filter((p) => p.section === 'popular')).toHaveLength(5);
    expect(body.products.filter((p) => p.section === 'popular').every((p) => p.dealBasis === null)).toBe(true);
  });

  it('clamps the page and pages in order without repeats', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++)
      seen.push(...titles((await get(`/api/deals/trending?category=books&itemCount=2&page=${page}`)).products));
    expect(new Set(seen).size).toBe(6);
    expect((await get('/api/deals/trending?category=books&itemCount=2&page=7')).page).toBe(3);
  });
});
