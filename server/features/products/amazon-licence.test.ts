/**
 * The licence's 24 hours on every public surface (issue 14 part 2; docs/decisions/0014-amazon-data-24h.md):
 * a product priced through the Creators API 23 hours ago shows its price, one priced 25 hours ago
 * does not (no price, saving, deal basis or "as of" time: "See today's price on Amazon" instead), and
 * a product priced by a CSV feed is unaffected however old. Real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), real app through `inject`, a clock the test moves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DealListingResponse, ListedProduct } from '../../../common/api/deals.schema';
import type { Product, SearchResponse } from '../../../common/api/products.schema';
import type { App } from '../../app';
import { catalogueTransaction } from '../../catalogue-version';
import type { Database } from '../../db/client';
import { budgetDeals } from '../../db/schema/budget-deals.schema';
import { products } from '../../db/schema/catalogue.schema';
import { categoryPageProducts, categoryPages } from '../../db/schema/category-pages.schema';
import { testEnv } from '../../env';
import type { BatchLookupResult } from '../../sources/batched-source';
import { createTestApp } from '../../test-support/test-app';
import { importCatalogueStream } from '../catalogue/catalogue-import.service';
import { refreshPrices } from '../price-checks/price-refresh.service';
import { refreshProductStats } from '../prices/prices.service';
import { createFirstHtml } from '../seo/first-html.service';
import { seedObservations, seedProducts } from './products.test-seed';
import { Readable } from 'node:stream';

const HOUR = 3_600_000;
const start = new Date('2026-06-10T12:00:00Z');
let now = start;
const hoursAgo = (h: number) => new Date(start.getTime() - h * HOUR);

let app: App;
let database: Database;
let close: () => Promise<void>;

/** Three products with one shared word, all "deals" on an RRP, all under £15, all on one owners' page. */
const FRESH = 'B0AMAZON23';
const STALE = 'B0AMAZON25';
const FEED = 'B0CSVFEED1';
const ALL = [FRESH, STALE, FEED];

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ clock: () => now, env: testEnv({ PUBLIC_URL: 'https://deals.example' }) }));
  const common = { listPricePence: 1999, savingBasisType: 'LIST_PRICE', category: 'home-kitchen', brand: 'Zyx' };
  const rows = await seedProducts(database.db, [
    { ...common, asin: FRESH, title: 'Zyxwv kettle glass', pricePence: 1299, priceSource: 'creators-api', priceAsOf: hoursAgo(23) },
    { ...common, asin: STALE, title: 'Zyxwv kettle steel', pricePence: 1199, priceSource: 'creators-api', priceAsOf: hoursAgo(25) },
    // A feed's price five days old: past Amazon's 24 hours, within FEED_PRICE_MAX_AGE_DAYS (7).
    { ...common, asin: FEED, title: 'Zyxwv kettle copper', pricePence: 1099, priceSource: 'csv', priceAsOf: hoursAgo(24 * 5) },
  ]);
  for (const row of rows) await seedObservations(database.db, row, [{ pricePence: 1499, observedAt: hoursAgo(24 * 10) }]);
  await refreshProductStats(
    database.db,
    rows.map((r) => r.id),
    start,
  );
  const [page] = await database.db
    .insert(categoryPages)
    .values({ slug: 'zyx-kettles', name: 'Zyx kettles', affiliateTag: 'zyx-21' })
    .returning({ id: categoryPages.id });
  await database.db
    .insert(categoryPageProducts)
    .values(rows.map((r, position) => ({ categoryPageId: page!.id, productId: r.id, position })));
  await database.db.insert(budgetDeals).values(rows.map((r, position) => ({ productId: r.id, position, addedAt: start })));
});
afterAll(() => close?.());

async function get<T>(url: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

async function search(): Promise<SearchResponse> {
  const res = await app.inject({ method: 'POST', url: '/api/products/search', payload: { keywords: 'zyxwv', itemCount: 10 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResponse>();
}

const byAsin = <P extends { asin: string }>(list: readonly P[]) => new Map(list.map((p) => [p.asin, p]));

/** Fresh and feed products show price, saving and time; the stale one shows none of them. */
function expectLicence(list: readonly Product[], opts: { staleListed?: boolean } = {}) {
  const found = byAsin(list);
  expect(found.get(FRESH)).toMatchObject({ price: '12.99', originalPrice: '19.99', discountPercent: 35, asOf: hoursAgo(23).toISOString() });
  expect(found.get(FEED)).toMatchObject({ price: '10.99', originalPrice: '19.99', asOf: hoursAgo(24 * 5).toISOString() });
  if (opts.staleListed === false) {
    expect(found.has(STALE)).toBe(false);
    return;
  }
  expect(found.get(STALE)).toMatchObject({
    title: 'Zyxwv kettle steel',
    price: null,
    originalPrice: null,
    discountPercent: null,
    discount: null,
    savingBasis: null,
    savingBasisLabel: null,
    asOf: null,
    lowestIn30Days: false,
  });
}

describe('Amazon data over 24 hours old is hidden on public answers; a feed price is not', () => {
  it('search', async () => {
    const body = await search();
    expect(body.products.map((p) => p.asin).sort()).toEqual([...ALL].sort());
    expectLicence(body.products);
  });

  it('suggestions', async () => {
    const { suggestions } = await get<{ suggestions: Array<{ asin: string; price: string | null; asOf: string | null }> }>(
      '/api/products/suggestions?q=zyxwv',
    );
    const found = byAsin(suggestions);
    expect(found.get(FRESH)).toMatchObject({ price: '12.99', asOf: hoursAgo(23).toISOString() });
    expect(found.get(STALE)).toMatchObject({ price: null, asOf: null });
    expect(found.get(FEED)).toMatchObject({ price: '10.99' });
  });

  it('product page (the history stays: dated records) and the current price', async () => {
    const pages = await Promise.all(ALL.map((asin) => get<{ product: Product; history: unknown[] }>(`/api/products/${asin}`)));
    expectLicence(pages.map((p) => p.product));
    expect(pages[1]!.history.length).toBeGreaterThan(0);
    expect(await get(`/api/amazon/current-price/${FRESH}`)).toMatchObject({ currentPrice: '12.99', asOf: hoursAgo(23).toISOString() });
    expect(await get(`/api/amazon/current-price/${STALE}`)).toEqual({
      asin: STALE,
      currentPrice: null,
      originalPrice: null,
      savingBasis: null,
      asOf: null,
    });
    expect(await get(`/api/amazon/current-price/${FEED}`)).toMatchObject({ currentPrice: '10.99' });
  });

  it("today's deals, trending and category deals: the stale deal keeps its place without price or basis", async () => {
    for (const url of ['/api/deals?category=home-kitchen', '/api/deals/trending', '/api/deals']) {
      const body = await get<DealListingResponse>(url);
      expectLicence(body.products);
      const found = byAsin<ListedProduct>(body.products);
      expect(found.get(FRESH)?.dealBasis?.kind).toBe('LABELLED_SAVING');
      expect(found.get(FEED)?.dealBasis?.kind).toBe('LABELLED_SAVING');
      expect(found.get(STALE)?.dealBasis).toBeNull();
    }
  });

  it('top discounted and Under £15 leave the stale product out (their point is the price)', async () => {
    expectLicence((await get<{ products: Product[] }>('/api/amazon/top-discounted')).products, { staleListed: false });
    const under15 = await get<{ products: Product[]; availableCount: number }>('/api/amazon/deals-under-15');
    expectLicence(under15.products, { staleListed: false });
    expect(under15.availableCount).toBe(2);
  });

  it("an owners' category page", async () => {
    expectLicence((await get<{ products: Product[] }>('/api/category-pages/zyx-kettles/products')).products);
  });

  it('similar items: a stale neighbour is left out; a stale source is compared on everything but price', async () => {
    const fresh = await get<{ products: Product[]; originalProduct: Product }>(`/api/amazon/similar-items/${FRESH}`);
    expect(fresh.products.map((p) => p.asin)).not.toContain(STALE);
    const stale = await get<{ originalProduct: Product; analysis: { rankings: Array<{ explanation: string }> } | null }>(
      `/api/amazon/similar-items/${STALE}`,
    );
    expect(stale.originalProduct).toMatchObject({ asin: STALE, price: null, asOf: null });
    for (const r of stale.analysis?.rankings ?? []) expect(r.explanation).not.toMatch(/cheaper|more|same price/);
  });

  it('RSS: the stale deal is not an item', async () => {
    const res = await app.inject({ method: 'GET', url: '/deals.rss' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Zyxwv kettle glass');
    expect(res.body).toContain('Zyxwv kettle copper');
    expect(res.body).not.toContain('Zyxwv kettle steel');
  });

  it('first HTML (product page, listing, search): no stale price, JSON-LD without an offer, the link to today\u2019s price', async () => {
    const render = createFirstHtml({
      db: database.db,
      affiliateTag: 'dealalertsuk-21',
      publicUrl: 'https://deals.example',
      company: { name: 'Deal Alerts UK', address: 'London', email: 'hello@deals.example' },
      clock: () => now,
    });
    const page = async (path: string, query = '') => {
      const answer = await render(path, new URLSearchParams(query));
      if (answer.kind !== 'page') throw new Error(`${path} redirected`);
      return answer.page;
    };
    const stale = await page(`/deals/${STALE}`);
    expect(stale.status).toBe(200);
    const TODAYS = 'See today&#39;s price on Amazon'; // as escaped in the HTML
    expect(stale.body.value).toContain(TODAYS);
    expect(stale.body.value).not.toContain('£11.99');
    expect(stale.body.value).not.toContain('Price as of');
    expect(stale.jsonLd.map((j) => j.value).join('')).not.toContain('"offers"');
    expect(stale.description).not.toContain('£');
    const fresh = await page(`/deals/${FRESH}`);
    expect(fresh.body.value).toContain('£12.99');
    expect(fresh.jsonLd.map((j) => j.value).join('')).toContain('"offers"');
    for (const listing of [await page('/categories/home-kitchen'), await page('/search', 'q=zyxwv')]) {
      expect(listing.body.value).toContain('£12.99');
      expect(listing.body.value).toContain('£10.99');
      expect(listing.body.value).not.toContain('£11.99');
      expect(listing.body.value).toContain(TODAYS);
    }
  });
});

describe('cached answers never outlive the 24 hours', () => {
  it('an answer cached while the price was 23 hours old is not served once it is 25 hours old, with no catalogue write', async () => {
    now = start;
    expect(byAsin((await search()).products).get(FRESH)?.price).toBe('12.99');
    const first = await get<DealListingResponse>('/api/deals/trending');
    expect(byAsin(first.products).get(FRESH)?.price).toBe('12.99');
    now = new Date(start.getTime() + 30 * 60_000); // 23.5 hours: still shown (a cache hit is fine)
    expect(byAsin((await search()).products).get(FRESH)?.price).toBe('12.99');
    now = new Date(start.getTime() + 2 * HOUR); // 25 hours
    try {
      expect(byAsin((await search()).products).get(FRESH)).toMatchObject({ price: null, asOf: null });
      expect(byAsin((await get<DealListingResponse>('/api/deals/trending')).products).get(FRESH)).toMatchObject({ price: null });
      expect((await get<{ product: Product }>(`/api/products/${FRESH}`)).product.price).toBeNull();
      const rss = await app.inject({ method: 'GET', url: '/deals.rss' });
      expect(rss.body).not.toContain('Zyxwv kettle glass');
      expect(byAsin((await get<{ products: Product[] }>('/api/amazon/top-discounted')).products).has(FRESH)).toBe(false);
    } finally {
      now = start;
    }
  });
});

describe('who owns a price: the writers keep price_source', () => {
  const asin = 'B0WRITER01';
  const priceSourceOf = async () =>
    (await database.db.select({ s: products.priceSource, at: products.priceAsOf }).from(products).where(eq(products.asin, asin)))[0]!;
  const lookup = (pricePence: number, observedAt: Date): BatchLookupResult => ({
    quotes: new Map([[asin, { asin, pricePence, listPricePence: null, savingBasisType: null, observedAt }]]),
    failures: new Map(),
    calls: 1,
    failedCalls: 0,
    uniqueAsins: 1,
  });
  const check = (l: BatchLookupResult) =>
    catalogueTransaction(database.db, (tx) => refreshPrices(tx, { sourceName: 'creators-api', lookup: l, now: start }, [asin]));

  it('a CSV price becomes Amazon data when the API changes or confirms it, and a feed again when a CSV re-imports it', async () => {
    await importCatalogueStream(database.db, Readable.from([`asin,title,price\n${asin},Writer test kettle,9.99\n`]), {
      now: hoursAgo(100),
    });
    expect(await priceSourceOf()).toMatchObject({ s: 'csv' });

    await check(lookup(899, hoursAgo(25))); // a new price from Amazon, 25 hours ago
    expect(await priceSourceOf()).toMatchObject({ s: 'creators-api', at: hoursAgo(25) });
    expect((await get<{ product: Product }>(`/api/products/${asin}`)).product.price).toBeNull();

    await check(lookup(899, hoursAgo(23))); // Amazon confirms it unchanged, 23 hours ago
    expect(await priceSourceOf()).toMatchObject({ s: 'creators-api', at: hoursAgo(23) });
    expect((await get<{ product: Product }>(`/api/products/${asin}`)).product.price).toBe('8.99');

    now = new Date(start.getTime() + 48 * HOUR); // the feed re-asserts the price; it is not Amazon's any more
    try {
      await importCatalogueStream(database.db, Readable.from([`asin,title,price\n${asin},Writer test kettle,8.99\n`]), { now: start });
      expect(await priceSourceOf()).toMatchObject({ s: 'csv', at: start });
      expect((await get<{ product: Product }>(`/api/products/${asin}`)).product.price).toBe('8.99');
    } finally {
      now = start;
    }
    expect((await get<{ product: Product }>(`/api/products/${asin}`)).product.price).toBe('8.99');
  });
});
