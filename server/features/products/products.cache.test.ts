/**
 * The products API's answer cache against a real in-memory PGlite (issue 7; decision 0006): cached
 * answers never outlive a catalogue write (import, price check), a repeated question is answered
 * without the database, different questions never share an answer, and the visitor's e-mail does
 * not split the key. "Served from the cache" is proven by changing the database behind the cache's
 * back (no version bump): the old answer keeps coming until the version moves.
 */
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { noteCatalogueWrite, readCatalogueVersion } from '../../catalogue-version';
import { testEnv } from '../../env';
import { createTestApp } from '../../test-support/test-app';
import type { SearchCriteria, SearchResponse } from '../../../common/api/products.schema';
import { importCatalogueStream } from '../catalogue/catalogue-import.service';
import { runPriceCheck } from '../price-checks/price-check.service';
import { fixedPriceSource, seedAlerts } from '../price-checks/price-check.test-support';
import { searchCriteria } from './products.test-seed';

let app: App;
let database: Database;
let close: () => Promise<void>;
let now = new Date('2026-04-01T09:00:00Z');

const HEADER = 'asin,title,price,originalPrice,rating,reviewCount,imageUrl,affiliateUrl,category,features,brand,savingBasisType,isPrime';
const kettle = (price: string) => `B0CACHE001,Brewmoor Cordless Kettle 1.7L,${price},,4.5,100,,,Small Kitchen Appliances,,Brewmoor,,`;
const toaster = 'B0CACHE002,Brewmoor Two Slice Toaster,£30.00,,4.1,50,,,Small Kitchen Appliances,,Brewmoor,,';

const importCsv = (lines: string[]) => importCatalogueStream(database.db, Readable.from([[HEADER, ...lines].join('\n')]), { now });

const criteria = (overrides: Partial<SearchCriteria> = {}): SearchCriteria =>
  searchCriteria({ keywords: 'kettle', maxPrice: 1000, minRating: 0, ...overrides });

async function search(body: SearchCriteria): Promise<SearchResponse> {
  const res = await app.inject({ method: 'POST', url: '/api/products/search', payload: body });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json();
}
const priceOf = async (body: SearchCriteria) => (await search(body)).products.map((p) => p.price);

/** Changes the kettle's price without telling anyone (no version bump), as a stray write would. */
const sneakPrice = (pence: number) => database.db.execute(sql`update products set price_pence = ${pence} where asin = 'B0CACHE001'`);

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ clock: () => now }));
  await importCsv([kettle('£25.00'), toaster]);
});
afterAll(async () => close?.());

describe('a cached search', () => {
  it('answers the new price right after an import', async () => {
    expect(await priceOf(criteria())).toEqual(['25.00']);
    const before = await readCatalogueVersion(database.db);
    await importCsv([kettle('£21.00'), toaster]);
    expect(await readCatalogueVersion(database.db)).toBe(before + 1);
    expect(await priceOf(criteria())).toEqual(['21.00']);
  });

  it('answers the new price right after a price check writes one', async () => {
    await seedAlerts(database.db, [{ email: 'cache@example.com', asin: 'B0CACHE001', currentPricePence: 2100 }]);
    expect(await priceOf(criteria())).toEqual(['21.00']);
    now = new Date(now.getTime() + 60_000);
    const source = fixedPriceSource(1799, () => now);
    const run = await runPriceCheck(
      { db: database.db, source, clock: () => now, env: testEnv() },
      { trigger: 'manual', asins: ['B0CACHE001'] },
    );
    expect(run.successfulChecks).toBe(1);
    expect(await priceOf(criteria())).toEqual(['17.99']);
  });

  it('is served without the database until the version moves, then rebuilt', async () => {
    const first = await search(criteria());
    await sneakPrice(999);
    expect(await search(criteria())).toEqual(first); // the stale answer: it came from the cache
    await noteCatalogueWrite(database.db); // a bump on this process's handle takes effect at once
    expect(await priceOf(criteria())).toEqual(['9.99']);
  });

  it('never shares an entry between different criteria', async () => {
    await search(criteria()); // cached
    await sneakPrice(1234);
    const variants: Partial<SearchCriteria>[] = [
      { page: 2 },
      { itemCount: 20 },
      { sortBy: 'Price:LowToHigh' },
      { category: 'home-kitchen' },
      { discountOnly: true },
      { maxPrice: 500 },
      { minRating: 2 },
      { keywords: 'kettle cordless' },
    ];
    for (const variant of variants) {
      const answer = await search(criteria(variant));
      // Each is computed afresh, so it sees the sneaked price (or, filtered out, no kettle at all).
      for (const product of answer.products.filter((p) => p.asin === 'B0CACHE001')) expect(product.price).toBe('12.34');
    }
    expect(await priceOf(criteria({ page: 2 }))).toEqual([]);
    expect(await priceOf(criteria({ keywords: 'kettle cordless' }))).toEqual(['12.34']);
    expect(await priceOf(criteria())).not.toEqual(['12.34']); // the first criteria still answer from their entry
  });

  it('shares one entry across e-mails, case, spacing and equivalent spellings', async () => {
    await noteCatalogueWrite(database.db);
    const cached = await search(criteria({ userEmail: 'a@example.com' }));
    await sneakPrice(4321);
    const variants: Partial<SearchCriteria>[] = [
      { userEmail: 'b@example.com' },
      { userEmail: null },
      { keywords: '  KETTLE ' },
      { sortBy: 'Relevance' },
      { category: 'all' },
      { searchIndex: 'Kitchen' },
    ];
    for (const variant of variants) expect(await search(criteria(variant))).toEqual(cached);
  });

  it('keeps the listing totals exact right after an import', async () => {
    const listing = criteria({ keywords: '', category: 'trending', itemCount: 1, page: 1 });
    expect((await search(listing)).total).toBe(2);
    await importCsv(['B0CACHE003,Brewmoor Sandwich Maker,£19.00,,,,,,Small Kitchen Appliances,,Brewmoor,,']);
    expect((await search(listing)).total).toBe(3);
    expect((await search({ ...listing, page: 2 })).total).toBe(3);
  });
});

describe('compressed answers', () => {
  it('go out in the encoding asked for, once compressed, and decode to the plain answer', async () => {
    const listing = criteria({ keywords: '', category: 'trending' });
    const ask = (encoding?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/products/search',
        payload: listing,
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const plain = await ask();
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(1024);
    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(String(brotliDecompressSync(br.rawPayload)))).toEqual(plain.json());
    const gzip = await ask('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(String(gunzipSync(gzip.rawPayload)))).toEqual(plain.json());
  });
});

describe('other cached answers', () => {
  it('suggestions, top discounted and the product page follow the version', async () => {
    const suggest = async () =>
      (await app.inject({ method: 'GET', url: '/api/products/suggestions?q=brewm' })).json<{
        suggestions: { asin: string; price: string }[];
      }>();
    const page = async () => (await app.inject({ method: 'GET', url: '/api/products/b0cache001' })).json<{ product: { price: string } }>();
    const top = () => app.inject({ method: 'GET', url: '/api/amazon/top-discounted' });
    const s1 = await suggest();
    const p1 = await page();
    expect((await top()).statusCode).toBe(200);
    await sneakPrice(555);
    expect(await suggest()).toEqual(s1);
    expect(await page()).toEqual(p1);
    await noteCatalogueWrite(database.db);
    expect((await page()).product.price).toBe('5.55');
    expect((await suggest()).suggestions.find((s) => s.asin === 'B0CACHE001')?.price).toBe('5.55');
    // A 404 is not cached: a product imported afterwards is found at once.
    expect((await app.inject({ method: 'GET', url: '/api/products/B0CACHE009' })).statusCode).toBe(404);
    await importCsv(['B0CACHE009,Brewmoor Egg Cooker,£15.00,,,,,,Small Kitchen Appliances,,Brewmoor,,']);
    expect((await app.inject({ method: 'GET', url: '/api/products/B0CACHE009' })).statusCode).toBe(200);
  });
});
