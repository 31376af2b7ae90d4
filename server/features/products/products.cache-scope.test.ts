/**
 * Answers dropped by what changed (issue 31; decision 0046), against a real in-memory PGlite: an
 * owner's rename or a price check names the products it wrote, and only the cached answers that
 * can hold them are built again (searches sharing a word key with the product's old or new words,
 * answers showing it, its product page, and every answer that declared nothing: listings, searches
 * that found nothing). "Kept" is proven as in products.cache.test.ts: a product is changed behind
 * the cache's back (no version bump) and the kept answer still shows what it showed before. The
 * log another instance reads (catalogue_changes) is checked through a second version copy.
 */
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  CatalogueVersion,
  catalogueTransaction,
  noteCatalogueWrite,
  readCatalogueChanges,
  readCatalogueVersion,
  VERSION_IDLE_MS,
} from '../../catalogue-version';
import { testEnv } from '../../env';
import { createTestApp } from '../../test-support/test-app';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import type { SearchResponse } from '../../../common/api/products.schema';
import { importCatalogueStream } from '../catalogue/catalogue-import.service';
import { runPriceCheck } from '../price-checks/price-check.service';
import { fixedPriceSource, seedAlerts } from '../price-checks/price-check.test-support';
import { searchCriteria } from './products.test-seed';

const PUBLIC_URL = 'https://deals.example';
let app: App;
let database: Database;
let close: () => Promise<void>;
let admin: AdminHeaders;
let now = new Date('2026-04-01T09:00:00Z');

const HEADER = 'asin,title,price,originalPrice,rating,reviewCount,imageUrl,affiliateUrl,category,features,brand,savingBasisType,isPrime';
const KETTLE = 'B0SCOPE001';
const TOASTER = 'B0SCOPE002';
const HEADPHONES = 'B0SCOPE003';
const BREAD_MACHINE = 'B0SCOPE004';

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env: testEnv({ PUBLIC_URL }), clock: () => now }));
  admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);
  const csv = [
    HEADER,
    `${KETTLE},Brewmoor Cordless Kettle 1.7L,£25.00,,4.5,100,,,Small Kitchen Appliances,,Brewmoor,,`,
    `${TOASTER},Brewmoor Two Slice Toaster,£30.00,,4.1,50,,,Small Kitchen Appliances,,Brewmoor,,`,
    `${HEADPHONES},Sonique Wireless Headphones,£40.00,,4.0,20,,,Electronics,,Sonique,,`,
    `${BREAD_MACHINE},Brewmoor Bread Machine,£60.00,,4.2,30,,,Small Kitchen Appliances,,Brewmoor,,`,
  ].join('\n');
  await importCatalogueStream(database.db, Readable.from([csv]), { now });
});
afterAll(async () => close?.());

async function search(keywords: string, page = 1): Promise<SearchResponse> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/products/search',
    payload: searchCriteria({ keywords, maxPrice: 1000, minRating: 0, page }),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}
/** The X-Answer-Cache header of a search: 'hit' when it came from a stored answer. */
async function cacheOf(keywords: string): Promise<unknown> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/products/search',
    payload: searchCriteria({ keywords, maxPrice: 1000, minRating: 0 }),
  });
  return res.headers['x-answer-cache'];
}
/** The ASINs a typed prefix suggests, and the X-Answer-Cache header. */
async function suggest(q: string): Promise<{ body: string[]; cache: unknown }> {
  const res = await app.inject({ method: 'GET', url: `/api/products/suggestions?q=${q}` });
  expect(res.statusCode).toBe(200);
  return {
    body: res.json<{ suggestions: Array<{ asin: string }> }>().suggestions.map((x) => x.asin),
    cache: res.headers['x-answer-cache'],
  };
}
const shown = async (keywords: string) => (await search(keywords)).products.map((p) => `${p.asin} ${p.title} ${p.price}`);
const productPage = async (asin: string) =>
  (await app.inject({ method: 'GET', url: `/api/products/${asin}` })).json<{ product: { title: string; price: string } }>().product;
/** Changes a product's price without telling anyone (no version bump): a kept answer does not see it. */
const sneakPrice = (asin: string, pence: number) =>
  database.db.execute(sql`update products set price_pence = ${pence} where asin = ${asin}`);

describe('an owner renames a product while answers are cached', () => {
  it('drops the searches for its old and its new words and its page, and keeps answers it cannot reach', async () => {
    expect(await shown('kettle')).toEqual([`${KETTLE} Brewmoor Cordless Kettle 1.7L 25.00`]);
    expect(await shown('cordless')).toEqual([`${KETTLE} Brewmoor Cordless Kettle 1.7L 25.00`]);
    // A page past the end shows no product but counts it: only its words tie it to the kettle.
    expect(await search('cordless', 2)).toMatchObject({ products: [], total: 1 });
    expect(await shown('headphones')).toEqual([`${HEADPHONES} Sonique Wireless Headphones 40.00`]);
    expect(await shown('espresso')).toEqual([]); // found nothing: depends on the whole catalogue
    expect(await shown('machine')).toEqual([`${BREAD_MACHINE} Brewmoor Bread Machine 60.00`]);
    expect((await productPage(HEADPHONES)).price).toBe('40.00');
    expect((await suggest('head')).body).toEqual([HEADPHONES]);
    expect((await suggest('espr')).body).toEqual([]);
    await sneakPrice(HEADPHONES, 3333);

    const res = await app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${KETTLE}`,
      payload: { title: 'Brewmoor Espresso Machine' },
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(await cacheOf('toaster')).toBe('miss'); // never asked: built now
    expect(await cacheOf('toaster')).toBe('hit');
    expect(await cacheOf('headphones')).toBe('hit'); // kept across the rename
    expect(await cacheOf('machine')).toBe('miss'); // shares a word key with the new title

    // Its new word finds it, its old words no longer do, its page shows the new title.
    expect(await shown('espresso')).toEqual([`${KETTLE} Brewmoor Espresso Machine 25.00`]);
    expect(await shown('cordless')).toEqual([]);
    expect((await search('cordless', 2)).total).toBe(0); // the words it had, not only those it has
    // A cached search that did not show it but shares a word with its new title finds it now.
    expect((await search('machine')).products.map((p) => p.asin).sort()).toEqual([KETTLE, BREAD_MACHINE]);
    expect((await search('kettle')).products.map((p) => p.asin)).not.toContain(KETTLE);
    expect((await productPage(KETTLE)).title).toBe('Brewmoor Espresso Machine');
    // Typed suggestions: those the new title's words begin are built again, the others kept.
    expect(await suggest('espr')).toEqual({ body: [KETTLE], cache: 'miss' });
    expect(await suggest('head')).toEqual({ body: [HEADPHONES], cache: 'hit' });
    // The headphones' answers were kept: they still show the price from before the sneaked write.
    expect(await shown('headphones')).toEqual([`${HEADPHONES} Sonique Wireless Headphones 40.00`]);
    expect((await productPage(HEADPHONES)).price).toBe('40.00');
  });

  it('an edit that names nothing (a delete, an import) still drops every answer', async () => {
    expect((await productPage(HEADPHONES)).price).toBe('40.00'); // still the kept answer
    await noteCatalogueWrite(database.db); // anything may have changed
    expect(await shown('headphones')).toEqual([`${HEADPHONES} Sonique Wireless Headphones 33.33`]);
    expect((await productPage(HEADPHONES)).price).toBe('33.33');
  });
});

describe('a price check writes one product', () => {
  it('drops the answers that can hold it and keeps the others', async () => {
    expect(await shown('toaster')).toEqual([`${TOASTER} Brewmoor Two Slice Toaster 30.00`]);
    expect(await shown('headphones')).toEqual([`${HEADPHONES} Sonique Wireless Headphones 33.33`]);
    await sneakPrice(TOASTER, 2222);
    await seedAlerts(database.db, [{ email: 'scope@example.com', asin: HEADPHONES, currentPricePence: 3333 }]);
    now = new Date(now.getTime() + 60_000);
    const source = fixedPriceSource(2999, () => now);
    const run = await runPriceCheck(
      { db: database.db, source, clock: () => now, env: testEnv() },
      { trigger: 'manual', asins: [HEADPHONES] },
    );
    expect(run.successfulChecks).toBe(1);
    expect(await shown('headphones')).toEqual([`${HEADPHONES} Sonique Wireless Headphones 29.99`]);
    expect((await productPage(HEADPHONES)).price).toBe('29.99');
    expect(await shown('toaster')).toEqual([`${TOASTER} Brewmoor Two Slice Toaster 30.00`]); // kept
  });
});

describe('the change log another instance reads (catalogue_changes)', () => {
  it('holds each bump: the products a scoped write named with their words before and after, or anything', async () => {
    let clock = 0;
    const other = new CatalogueVersion(
      () => readCatalogueVersion(database.db),
      () => clock,
      (after, upTo) => readCatalogueChanges(database.db, after, upTo),
    );
    const start = await other.current();
    const [{ id }] = rowsOf<{ id: number }>(await database.db.execute(sql`select id::int as id from products where asin = ${TOASTER}`)) as [
      { id: number },
    ];
    await catalogueTransaction(
      database.db,
      async (tx) => {
        await noteCatalogueWrite(tx, [id], { wordsMayChange: true });
        await tx.execute(sql`update products set title = 'Brewmoor Sandwich Grill' where id = ${id}`);
      },
      { namesEveryWrite: true },
    );
    await noteCatalogueWrite(database.db);
    clock += VERSION_IDLE_MS + 1; // the copy is old: the next call reads the stored version and the log
    expect(await other.current()).toBe(start + 2);
    const [renamed, anything] = [other.changesBetween(start, start + 1), other.changesBetween(start + 1, start + 2)];
    expect(renamed?.[0]?.asins).toEqual([TOASTER]);
    expect(renamed?.[0]?.words).toEqual(expect.arrayContaining(['toas', 'slic', 'sand', 'gril', 'brew']));
    expect(renamed?.[0]?.words).not.toContain('head');
    expect(anything).toBeNull();
    expect(other.changesBetween(start, start + 2)).toBeNull();
    // A copy that did not see a version (a gap) knows nothing of it.
    expect(other.changesBetween(start - 5, start + 1)).toBeNull();
  });
});
