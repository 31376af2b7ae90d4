/**
 * Deleted products can be restored for 30 days (issue 29; decision 0027), through HTTP on a fresh
 * database: who may call (no session 401, a shopper's visitor token 401, another Origin 403), a
 * single delete → restore with the same id, price history, category-page and Under £15 places and
 * the alert's link back (and the shopper pages showing it again), bulk delete and Replace All listed
 * under "Recently deleted" and restored in part, 409 when the ASIN is in the catalogue again, 410
 * after 30 days, 404 once the nightly purge ran, and 400s naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { createTestApp } from '../../test-support/test-app';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { multipartBody } from '../../test-support/multipart';
import type { DeletedProductsResponse, RestoreResponse } from '../../../common/api/product-archive.admin.schema';
import type { ProductDetailResponse } from '../../../common/api/products.schema';
import { seedAlerts, seedSubscriber, visitorToken } from '../price-checks/price-check.test-support';
import { seedObservations, seedProducts } from '../products/products.test-seed';
import { auditLogPage } from '../audit/audit.service';
import { purgeExpiredArchive } from './product-archive.service';

const PUBLIC_URL = 'https://deals.example';
const DAY = 24 * 60 * 60 * 1000;
let now = new Date('2026-06-01T09:00:00Z');
let app: App;
let database: Database;
let close: () => Promise<void>;
let admin: AdminHeaders;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env: testEnv({ PUBLIC_URL }), clock: () => now }));
  admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);
});
afterAll(() => close?.());

/** Moves the clock on and signs in again (a session lasts less than the days skipped). */
async function advance(ms: number): Promise<void> {
  now = new Date(now.getTime() + ms);
  admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);
}

const restore = (asins: unknown, headers: Record<string, string> = admin) =>
  app.inject({ method: 'POST', url: '/api/admin/products/restore', payload: { asins } as object, headers });
const deleted = async (query = '') =>
  (await app.inject({ method: 'GET', url: `/api/admin/products/deleted${query}`, headers: admin })).json<DeletedProductsResponse>();
const shopperView = (asin: string) => app.inject({ method: 'GET', url: `/api/products/${asin}` });

/** A product with three price observations, a category-page place, an Under £15 place and an alert. */
async function seedRichProduct(asin: string, title: string): Promise<number> {
  const [product] = await seedProducts(database.db, [{ asin, title, pricePence: 1299, category: 'home-kitchen' }]);
  const p = product!;
  await seedObservations(database.db, p, [
    { pricePence: 1599, observedAt: new Date('2026-05-01T09:00:00Z') },
    { pricePence: 1399, observedAt: new Date('2026-05-15T09:00:00Z') },
    { pricePence: 1299, observedAt: new Date('2026-05-30T09:00:00Z') },
  ]);
  await database.query(
    `insert into category_pages (slug, name, affiliate_tag) values ('kitchen-picks', 'Kitchen picks', 'picks-21') on conflict (slug) do nothing`,
  );
  await database.query(
    `insert into category_page_products (category_page_id, product_id, position)
     select id, $1, 3 from category_pages where slug = 'kitchen-picks'`,
    [p.id],
  );
  await database.query(`insert into budget_deals (product_id, position) values ($1, 7)`, [p.id]);
  await seedAlerts(database.db, [{ email: 'shopper@example.com', asin, currentPricePence: 1299 }]);
  await database.query(`update deal_alerts set product_id = $1 where product_asin = $2`, [p.id, asin]);
  return p.id;
}

interface Snapshot {
  product: Record<string, unknown>;
  observations: unknown[];
  pages: unknown[];
  budget: unknown[];
  alertProductIds: unknown[];
}

/** Everything stored about `asin` (ids included), for a before/after comparison. */
async function snapshot(asin: string): Promise<Snapshot> {
  const [product] = (
    await database.query<Record<string, unknown>>(
      `select id, asin, title, price_pence, category, deal_kind, trending_score, price_as_of, created_at, search_vector::text as sv
       from products where asin = $1`,
      [asin],
    )
  ).rows;
  const observations = (
    await database.query(`select id, price_pence, source, observed_at, confirmed_at from price_observations where asin = $1 order by id`, [
      asin,
    ])
  ).rows;
  const pages = (
    await database.query(
      `select c.category_page_id, c.position from category_page_products c join products p on p.id = c.product_id where p.asin = $1`,
      [asin],
    )
  ).rows;
  const budget = (
    await database.query(`select b.position from budget_deals b join products p on p.id = b.product_id where p.asin = $1`, [asin])
  ).rows;
  const alertProductIds = (await database.query(`select product_id from deal_alerts where product_asin = $1`, [asin])).rows;
  return { product: product ?? {}, observations, pages, budget, alertProductIds };
}

describe('POST /api/admin/products/restore and GET /api/admin/products/deleted', () => {
  it('are for signed-in owners only: no session 401, a visitor token 401, another Origin 403; nothing is restored', async () => {
    const id = await seedRichProduct('B0ACCESS01', 'Access kettle');
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/products/${id}`, headers: admin })).statusCode).toBe(200);
    expect((await restore(['B0ACCESS01'], { origin: PUBLIC_URL })).statusCode).toBe(401);
    await seedSubscriber(database.db, 'shopper@example.com', 'confirmed', now);
    const token = await visitorToken(database.db, 'shopper@example.com', now);
    expect((await restore(['B0ACCESS01'], { authorization: `Bearer ${token}`, origin: PUBLIC_URL })).statusCode).toBe(401);
    expect((await restore(['B0ACCESS01'], { ...admin, origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/products/deleted' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/products/deleted', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(401);
    expect((await shopperView('B0ACCESS01')).statusCode).toBe(404);
  });

  it('names the field and its rule in a 400, and 404s an ASIN that was never deleted', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [[], /^asins: must hold at least one ASIN/],
      [['kettle'], /^asins\.0: must be a list of 10-character ASINs/],
      ['B0ACCESS01', /^asins: must be a list of 10-character ASINs/],
    ];
    for (const [asins, message] of cases) {
      const res = await restore(asins);
      expect(res.statusCode, JSON.stringify(asins)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const unknown = await restore(['B0NEVER001']);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('asins: B0NEVER001 is not among the deleted products');
  });

  it('a deleted product comes back with its id, price history, category-page and Under £15 places and its alert', async () => {
    const id = await seedRichProduct('B0RICH0001', 'Glass kettle 1.7 L');
    const before = await snapshot('B0RICH0001');
    expect(before.observations).toHaveLength(3);
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/products/${id}`, headers: admin })).statusCode).toBe(200);
    expect((await shopperView('B0RICH0001')).statusCode).toBe(404);
    expect((await database.query(`select count(*)::int as n from price_observations where asin = 'B0RICH0001'`)).rows).toEqual([{ n: 0 }]);

    const list = await deleted('?search=glass');
    expect(list.pagination.total).toBe(1);
    expect(list.products[0]).toMatchObject({
      asin: 'B0RICH0001',
      id: String(id),
      title: 'Glass kettle 1.7 L',
      price: '12.99',
      priceObservationCount: 3,
      categoryPageCount: 1,
      onUnder15List: true,
      reason: 'delete',
      deletedAt: now.toISOString(),
      restorableUntil: new Date(now.getTime() + 30 * DAY).toISOString(),
      deletedBy: 'owner@example.com',
    });

    await advance(29 * DAY);
    const res = await restore(['b0rich0001']);
    expect(res.statusCode).toBe(200);
    expect(res.json<RestoreResponse>()).toEqual({
      restored: 1,
      priceObservations: 3,
      categoryPageEntries: 1,
      categoryPageEntriesSkipped: 0,
      budgetDealEntries: 1,
      alertsRelinked: 1,
    });
    expect(await snapshot('B0RICH0001')).toEqual(before);
    const shopper = await shopperView('B0RICH0001');
    expect(shopper.statusCode).toBe(200);
    expect(shopper.json<ProductDetailResponse>().product.title).toBe('Glass kettle 1.7 L');
    expect(shopper.json<ProductDetailResponse>().history.length).toBeGreaterThanOrEqual(3);
    const page = await app.inject({ method: 'GET', url: '/api/category-pages/kitchen-picks/products' });
    expect(JSON.stringify(page.json())).toContain('B0RICH0001');
    expect((await deleted('?search=glass')).pagination.total).toBe(0);
    const [entry] = await auditLogPage(database.db, 1);
    expect(entry).toMatchObject({ action: 'products.restore', target: 'B0RICH0001', counts: { restored: 1, priceObservations: 3 } });
    // Restored once: a second restore finds nothing to restore.
    expect((await restore(['B0RICH0001'])).statusCode).toBe(404);
  });

  it('bulk delete and Replace All are listed under Recently deleted; restoring some leaves the rest listed', async () => {
    const seeded = await seedProducts(database.db, [
      { asin: 'B0BULK0001', title: 'Bulk toaster one', pricePence: 2000 },
      { asin: 'B0BULK0002', title: 'Bulk toaster two', pricePence: 2100 },
      { asin: 'B0KEEP0001', title: 'Kept blender', pricePence: 3000 },
    ]);
    const bulk = await app.inject({
      method: 'DELETE',
      url: '/api/admin/products',
      payload: { ids: seeded.slice(0, 2).map((p) => p.id) },
      headers: admin,
    });
    expect(bulk.json()).toEqual({ deletedCount: 2, asins: ['B0BULK0001', 'B0BULK0002'] });
    const listed = await deleted('?search=bulk');
    expect(listed.products.map((p) => [p.asin, p.reason])).toEqual([
      ['B0BULK0001', 'bulk-delete'],
      ['B0BULK0002', 'bulk-delete'],
    ]);

    // Replace All keeping only B0KEEP0001: every other product is archived with reason 'replace'.
    const remaining = Number((await database.query<{ n: number }>(`select count(*)::int as n from products`)).rows[0]!.n);
    const file = 'asin,title,price\nB0KEEP0001,Kept blender,30.00\n';
    const replaced = await app.inject({
      method: 'POST',
      url: '/api/admin/products/replace',
      ...(() => {
        const body = multipartBody([
          { name: 'confirmDeleteCount', content: String(remaining - 1) },
          { name: 'csvFile', fileName: 'keep.csv', content: file },
        ]);
        return { payload: body.payload, headers: { ...admin, ...body.headers } };
      })(),
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().deletedCount).toBe(remaining - 1);
    const all = await deleted('?limit=100');
    expect(all.products.filter((p) => p.reason === 'replace').map((p) => p.asin)).toContain('B0RICH0001');

    const res = await restore(['B0BULK0002', 'B0RICH0001']);
    expect(res.statusCode).toBe(200);
    expect(res.json<RestoreResponse>()).toMatchObject({ restored: 2, priceObservations: 3 });
    expect((await shopperView('B0BULK0002')).statusCode).toBe(200);
    expect((await shopperView('B0RICH0001')).statusCode).toBe(200);
    expect((await shopperView('B0BULK0001')).statusCode).toBe(404);
    expect((await deleted('?search=bulk')).products.map((p) => p.asin)).toEqual(['B0BULK0001']);
  });

  it('refuses with 409 naming the ASIN when it is in the catalogue again, and restores nothing of the request', async () => {
    await seedProducts(database.db, [{ asin: 'B0BULK0001', title: 'Re-imported toaster', pricePence: 1900 }]);
    const [other] = await seedProducts(database.db, [{ asin: 'B0OTHER001', title: 'Other toaster', pricePence: 1900 }]);
    await app.inject({ method: 'DELETE', url: `/api/admin/products/${other!.id}`, headers: admin });
    const res = await restore(['B0OTHER001', 'B0BULK0001']);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^asins: B0BULK0001 is in the catalogue again/);
    expect((await shopperView('B0OTHER001')).statusCode).toBe(404);
    expect((await shopperView('B0BULK0001')).json<ProductDetailResponse>().product.title).toBe('Re-imported toaster');
  });

  it('restores every listed product with all: true when confirmCount is their number; 409 with restoreCount otherwise', async () => {
    const hoses = await seedProducts(database.db, [
      { asin: 'B0HOSE0001', title: 'Garden hose 15 m', pricePence: 1999 },
      { asin: 'B0HOSE0002', title: 'Garden hose 30 m', pricePence: 2999 },
    ]);
    await app.inject({ method: 'DELETE', url: '/api/admin/products', payload: { ids: hoses.map((h) => h.id) }, headers: admin });
    const send = (payload: object) => app.inject({ method: 'POST', url: '/api/admin/products/restore', payload, headers: admin });
    const bad: Array<[object, string]> = [
      [{ all: true, search: 'garden hose' }, 'confirmCount: must be the number of deleted products to restore'],
      [{ asins: ['B0HOSE0001'], all: true, confirmCount: 1 }, 'asins: must be sent alone (all, search and confirmCount go together)'],
      [{}, 'asins: must be a list of 10-character ASINs (or send all: true with confirmCount)'],
    ];
    for (const [payload, message] of bad) {
      const res = await send(payload);
      expect([res.statusCode, res.json().message], JSON.stringify(payload)).toEqual([400, message]);
    }
    const wrong = await send({ all: true, search: 'garden hose', confirmCount: 3 });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({
      restoreCount: 2,
      message: 'confirmCount: 2 deleted products match now (it was 3); nothing was restored',
    });
    expect((await shopperView('B0HOSE0001')).statusCode).toBe(404);
    const res = await send({ all: true, search: 'garden hose', confirmCount: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RestoreResponse>().restored).toBe(2);
    expect((await shopperView('B0HOSE0001')).statusCode).toBe(200);
    expect((await shopperView('B0HOSE0002')).statusCode).toBe(200);
  });

  it('answers 410 after 30 days, hides it from the list, and the nightly purge removes it (then 404)', async () => {
    const [product] = await seedProducts(database.db, [{ asin: 'B0OLD00001', title: 'Old fan', pricePence: 999 }]);
    await app.inject({ method: 'DELETE', url: `/api/admin/products/${product!.id}`, headers: admin });
    expect((await deleted('?search=old fan')).pagination.total).toBe(1);
    await advance(30 * DAY + 60_000);
    const res = await restore(['B0OLD00001']);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('asins: B0OLD00001 was deleted more than 30 days ago and can no longer be restored');
    expect((await deleted('?search=old fan')).pagination.total).toBe(0);
    expect(await purgeExpiredArchive(database.db, now)).toBeGreaterThanOrEqual(1);
    expect((await database.query(`select count(*)::int as n from deleted_products where asin = 'B0OLD00001'`)).rows).toEqual([{ n: 0 }]);
    expect((await restore(['B0OLD00001'])).statusCode).toBe(404);
  });

  it('Clear all archives every product; they can all be restored', async () => {
    const before = Number((await database.query<{ n: number }>(`select count(*)::int as n from products`)).rows[0]!.n);
    expect(before).toBeGreaterThan(0);
    const asins = (await database.query<{ asin: string }>(`select asin from products order by asin`)).rows.map((r) => r.asin);
    const cleared = await app.inject({ method: 'DELETE', url: '/api/admin/products/clear-all', headers: admin });
    expect(cleared.json()).toEqual({ deletedCount: before });
    const res = await restore(asins);
    expect(res.json<RestoreResponse>().restored).toBe(before);
    expect((await database.query(`select asin from products order by asin`)).rows.map((r) => (r as { asin: string }).asin)).toEqual(asins);
  });
});
