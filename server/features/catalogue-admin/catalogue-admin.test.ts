/**
 * The admin catalogue endpoints through HTTP on a fresh PGlite (issue 11 part 3; admin-area §2,
 * §5, §7, §9): the access matrix of every route (no session, expired session, valid session, wrong
 * or missing Origin on the DELETEs), the product list's paging, sorting and filters, validation
 * 400s naming the field, products by id, the statistics, the top 60 deals and their chips, and
 * the deletions: recorded in the audit log with counts, and gone from the shoppers' (cached)
 * answers at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { createTestApp } from '../../test-support/test-app';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import type { AdminProductsResponse, AdminStats, ProductsByIdsResponse, TopDealsResponse } from '../../../common/api/products.admin.schema';
import type { AuditLogResponse } from '../../../common/api/admin-auth.admin.schema';
import type { SearchResponse } from '../../../common/api/products.schema';
import { SESSION_IDLE_MS } from '../admin-auth/admin-auth.rules';
import { refreshProductStats } from '../prices/prices.service';
import { seedProducts, type SeedProduct } from '../products/products.test-seed';

const PUBLIC_URL = 'https://deals.example';
const ORIGIN = 'https://deals.example';

let now = new Date('2026-06-01T09:00:00Z');
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

/** A fresh app and database with its own admin, for one describe block. */
async function freshApp() {
  const built = await createTestApp({ env: testEnv({ PUBLIC_URL }), clock: () => now });
  const admin = await signInAsAdmin(built.app, built.database, PUBLIC_URL, 'owner@example.com', now);
  return { ...built, admin };
}

/** Seeds products and stores their deal basis as an import would (refreshProductStats). */
async function seed(database: Database, items: SeedProduct[]) {
  const rows = await seedProducts(database.db, items);
  await refreshProductStats(
    database.db,
    rows.map((r) => r.id),
    now,
  );
  return rows;
}

interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  payload?: unknown;
  ok: number;
}

describe('the access matrix of the catalogue endpoints', () => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let ids: number[];

  beforeAll(async () => {
    ({ app, database, close } = await freshApp());
    ids = (
      await seed(database, [
        { title: 'Kettle', pricePence: 2000 },
        { title: 'Toaster', pricePence: 3000 },
      ])
    ).map((r) => r.id);
  });
  afterAll(() => close?.());

  const routes = (): Route[] => [
    { method: 'GET', url: '/api/admin/products?page=1&limit=20', ok: 200 },
    { method: 'POST', url: '/api/admin/products/by-ids', payload: { ids }, ok: 200 },
    { method: 'GET', url: '/api/admin/stats', ok: 200 },
    { method: 'GET', url: '/api/admin/top-deals', ok: 200 },
    { method: 'DELETE', url: `/api/admin/products/${ids[0]}`, ok: 200 },
    { method: 'DELETE', url: '/api/admin/products', payload: { ids: [ids[1]] }, ok: 200 },
    { method: 'DELETE', url: '/api/admin/cache', ok: 200 },
    // Last: it empties the catalogue.
    { method: 'DELETE', url: '/api/admin/products/clear-all', ok: 200 },
  ];

  const call = (route: Route, headers: Record<string, string>) =>
    app.inject({ method: route.method, url: route.url, headers, ...(route.payload ? { payload: route.payload } : {}) });

  const count = async () => Number((await app.inject({ url: '/api/config' })).json().catalogueSize);

  it('answers 401 to every route without a session or with an expired one, 403 to a DELETE from another origin or none, and changes nothing', async () => {
    for (const route of routes()) {
      const none = await call(route, { origin: ORIGIN });
      expect(none.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(none.json().message).toMatch(/^session: /);
    }
    const expired = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);
    advance(SESSION_IDLE_MS + 1000);
    for (const route of routes()) expect((await call(route, expired)).statusCode, `${route.method} ${route.url}`).toBe(401);

    const admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);
    for (const route of routes().filter((r) => r.method === 'DELETE')) {
      const cross = await call(route, { cookie: admin.cookie, origin: 'https://evil.example' });
      expect(cross.statusCode, route.url).toBe(403);
      expect(cross.json().message).toMatch(/^origin: /);
      expect((await call(route, { cookie: admin.cookie })).statusCode, route.url).toBe(403);
    }
    expect(await count()).toBe(2);
  });

  it('answers every route to a signed-in admin', async () => {
    const admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);
    for (const route of routes()) {
      const res = await call(route, admin);
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(route.ok);
    }
    expect(await count()).toBe(0);
  });
});

describe('GET /api/admin/products', () => {
  let app: App;
  let admin: AdminHeaders;
  let close: () => Promise<void>;

  beforeAll(async () => {
    let database: Database;
    ({ app, database, close, admin } = await freshApp());
    const items: SeedProduct[] = Array.from({ length: 45 }, (_, i) => ({
      title: `Product ${String(i + 1).padStart(2, '0')}`,
      pricePence: 1000 + i * 10,
      category: i % 3 === 0 ? 'electronics' : 'home-kitchen',
    }));
    items.push(
      { asin: 'B0AIRFRY01', title: 'Ninja Air Fryer AF100UK', pricePence: 7999, brand: 'Ninja', category: 'home-kitchen' },
      { asin: 'B0PERCENT1', title: 'Save 100% of your time', pricePence: 500, category: 'other' },
    );
    await seed(database, items);
  });
  afterAll(() => close?.());

  const list = async (query: string) => {
    const res = await app.inject({ url: `/api/admin/products?${query}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminProductsResponse;
  };
  const bad = async (query: string) => {
    const res = await app.inject({ url: `/api/admin/products?${query}`, headers: admin });
    expect(res.statusCode).toBe(400);
    return res.json().message as string;
  };

  it('pages through 20 at a time, newest first by default, with page x of y and the total', async () => {
    const first = await list('page=1&limit=20');
    expect(first.pagination).toEqual({ page: 1, limit: 20, total: 47, totalPages: 3 });
    expect(first.products).toHaveLength(20);
    expect(first.products[0]?.title).toBe('Save 100% of your time');
    const third = await list('page=3&limit=20');
    expect(third.products).toHaveLength(7);
    const seen = new Set([...first.products, ...(await list('page=2&limit=20')).products, ...third.products].map((p) => p.id));
    expect(seen.size).toBe(47);
    // Past the end: the last page.
    expect((await list('page=9&limit=20')).pagination.page).toBe(3);
    expect((await list('limit=100')).products).toHaveLength(47);
    expect((await list('limit=1000')).pagination.totalPages).toBe(1);
  });

  it('sorts by price, title and category, ascending or descending', async () => {
    const cheapest = await list('sortBy=price&sortOrder=asc');
    expect(cheapest.products.slice(0, 2).map((p) => p.price)).toEqual(['5.00', '10.00']);
    const dearest = await list('sortBy=price&sortOrder=desc');
    expect(dearest.products[0]?.title).toBe('Ninja Air Fryer AF100UK');
    expect((await list('sortBy=title&sortOrder=asc')).products[0]?.title).toBe('Ninja Air Fryer AF100UK');
    expect((await list('sortBy=title&sortOrder=desc')).products[0]?.title).toBe('Save 100% of your time');
    const byCategory = (await list('sortBy=category&sortOrder=asc&limit=100')).products.map((p) => p.category);
    expect(byCategory).toEqual([...byCategory].sort());
  });

  it('filters by category, by contained text (title, brand or ASIN, any case) and by ASIN', async () => {
    const electronics = await list('category=electronics&limit=100');
    expect(electronics.pagination.total).toBe(15);
    expect(electronics.products.every((p) => p.category === 'electronics')).toBe(true);
    expect((await list('category=all')).pagination.total).toBe(47);
    expect((await list('category=other')).products.map((p) => p.asin)).toEqual(['B0PERCENT1']);
    expect((await list('search=air%20FRY')).products.map((p) => p.asin)).toEqual(['B0AIRFRY01']);
    expect((await list('search=ninja')).products.map((p) => p.asin)).toEqual(['B0AIRFRY01']);
    expect((await list('search=b0airf')).products.map((p) => p.asin)).toEqual(['B0AIRFRY01']);
    // % is a character, not a wildcard.
    expect((await list('search=100%25')).products.map((p) => p.asin)).toEqual(['B0PERCENT1']);
    expect((await list('search=%20%20')).pagination.total).toBe(47);
    expect((await list('asin=b0airfry01')).products.map((p) => p.title)).toEqual(['Ninja Air Fryer AF100UK']);
    expect((await list('search=nothing-like-this')).pagination).toEqual({ page: 1, limit: 20, total: 0, totalPages: 1 });
  });

  it('answers the admin Product shape: pounds strings, the tagged link, our product page and lastUpdated', async () => {
    const [fryer] = (await list('asin=B0AIRFRY01')).products;
    expect(fryer).toMatchObject({ asin: 'B0AIRFRY01', price: '79.99', productUrl: '/deals/B0AIRFRY01', brand: 'Ninja', dealBasis: null });
    expect(fryer?.affiliateUrl).toContain('/dp/B0AIRFRY01');
    expect(new Date(fryer?.lastUpdated ?? '').getTime()).not.toBeNaN();
  });

  it('names the field and the rule of a bad query with 400', async () => {
    expect(await bad('limit=50')).toBe('limit: must be 20, 100 or 1000');
    expect(await bad('page=0')).toBe('page: must be at least 1');
    expect(await bad('page=two')).toMatch(/^page: /);
    expect(await bad('sortBy=rating')).toBe('sortBy: must be id, title, price or category');
    expect(await bad('sortOrder=up')).toBe('sortOrder: must be asc or desc');
    expect(await bad('category=Kitchen')).toBe('category: must be all, other or one of the ten category keys');
    expect(await bad('asin=123')).toBe('asin: must be a 10-character ASIN');
    expect(await bad(`search=${'x'.repeat(201)}`)).toBe('search: must be at most 200 characters');
    expect(await bad('search=a%00b')).toBe('search: must not contain control characters');
  });
});

describe('POST /api/admin/products/by-ids, GET /api/admin/stats and GET /api/admin/top-deals', () => {
  let app: App;
  let admin: AdminHeaders;
  let close: () => Promise<void>;
  let rows: Array<{ id: number; asin: string }>;

  beforeAll(async () => {
    let database: Database;
    ({ app, database, close, admin } = await freshApp());
    const deals: SeedProduct[] = Array.from({ length: 64 }, (_, i) => ({
      title: `Deal ${i + 1}`,
      // 1 % to 64 % off a £100 RRP.
      pricePence: 10_000 - (i + 1) * 100,
      listPricePence: 10_000,
      savingBasisType: 'LIST_PRICE',
      category: ['electronics', 'home-kitchen', 'health-beauty', 'books'][i % 4],
      categoryName: i === 63 ? 'Luggage and travel gear' : i === 62 ? 'Vacuums & Floorcare' : null,
    }));
    rows = await seed(database, [
      ...deals,
      { title: 'No discount', pricePence: 250, category: 'fashion' },
      { title: 'Dear telly', pricePence: 129_900, category: 'electronics' },
    ]);
  });
  afterAll(() => close?.());

  it('answers the products asked for, in the order asked, each once, leaving unknown ids out', async () => {
    const asked = [rows[2]!.id, 999_999, rows[0]!.id, rows[2]!.id];
    const res = await app.inject({ method: 'POST', url: '/api/admin/products/by-ids', headers: admin, payload: { ids: asked } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ProductsByIdsResponse).products.map((p) => p.title)).toEqual(['Deal 3', 'Deal 1']);
    // Ids as the Product shape spells them (strings) work too.
    const asStrings = await app.inject({
      method: 'POST',
      url: '/api/admin/products/by-ids',
      headers: admin,
      payload: { ids: [String(rows[1]!.id)] },
    });
    expect((asStrings.json() as ProductsByIdsResponse).products.map((p) => p.title)).toEqual(['Deal 2']);
  });

  it('names `ids` in a 400 for an empty, oversized, missing or malformed list', async () => {
    const post = (payload: unknown) =>
      app.inject({ method: 'POST', url: '/api/admin/products/by-ids', headers: admin, payload: payload as object });
    expect((await post({ ids: [] })).json().message).toBe('ids: must hold at least one product id');
    expect((await post({ ids: Array.from({ length: 1001 }, (_, i) => i + 1) })).json().message).toBe(
      'ids: must hold at most 1000 product ids',
    );
    expect((await post({})).json().message).toBe('ids: must be a list of product ids');
    const malformed = await post({ ids: ['abc'] });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/^ids\.0: /);
    expect((await post({ ids: [-1] })).json().message).toBe('ids.0: must be a positive number');
  });

  it('answers the Statistics: total, per category (all eleven), average discount, price range and price bands', async () => {
    const res = await app.inject({ url: '/api/admin/stats', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json() as AdminStats;
    expect(stats.total).toBe(66);
    expect(stats.byCategory).toHaveLength(11);
    expect(stats.byCategory.find((c) => c.category === 'electronics')).toEqual({
      category: 'electronics',
      label: 'Electronics',
      count: 17,
    });
    expect(stats.byCategory.find((c) => c.category === 'fashion')?.count).toBe(1);
    expect(stats.byCategory.find((c) => c.category === 'music')).toEqual({ category: 'music', label: 'Musical Instruments', count: 0 });
    expect(stats.byCategory.reduce((n, c) => n + c.count, 0)).toBe(66);
    // 1 % … 64 % off: the mean is 32.5 %; the two undiscounted products are not averaged.
    expect(stats.avgDiscount).toBe(32.5);
    expect(stats.discountedCount).toBe(64);
    expect(stats.dealCount).toBe(64);
    expect(stats.priceRange).toEqual({ min: '2.50', max: '1299.00' });
    expect(stats.priceHistogram.map((b) => b.label)).toEqual([
      'Under £5',
      '£5–£10',
      '£10–£20',
      '£20–£50',
      '£50–£100',
      '£100–£200',
      '£200–£500',
      '£500–£1,000',
      '£1,000+',
    ]);
    // Deals cost £36 to £99: 14 in £20–£50 (£36–£49), 50 in £50–£100.
    expect(stats.priceHistogram.map((b) => b.count)).toEqual([1, 0, 0, 14, 50, 0, 0, 0, 1]);
  });

  it('answers the 60 best deals by deal percent, each with its chip, and the chip counts', async () => {
    const res = await app.inject({ url: '/api/admin/top-deals', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const top = res.json() as TopDealsResponse;
    expect(top.products).toHaveLength(60);
    expect(top.products[0]).toMatchObject({ title: 'Deal 64', chip: 'travel', discountPercent: 64 });
    expect(top.products[0]?.dealBasis?.kind).toBe('LABELLED_SAVING');
    expect(top.products[1]).toMatchObject({ title: 'Deal 63', chip: 'cleaning' });
    expect(top.products.at(-1)?.title).toBe('Deal 5');
    expect(top.products.map((p) => p.title)).not.toContain('No discount');
    const counts = Object.fromEntries(top.categories.map((c) => [c.key, c.count]));
    expect(Object.keys(counts)).toEqual(['all', 'electronics', 'travel', 'kitchen', 'personalcare', 'office', 'cleaning', 'others']);
    expect(counts).toMatchObject({ all: 60, travel: 1, cleaning: 1, office: 0 });
    expect(counts.electronics! + counts.kitchen! + counts.personalcare! + counts.others! + 2).toBe(60);
    expect(top.categories.find((c) => c.key === 'kitchen')?.label).toBe('Kitchen & home');
  });
});

describe('deleting products and clearing the cache', () => {
  let app: App;
  let admin: AdminHeaders;
  let close: () => Promise<void>;
  let rows: Array<{ id: number; asin: string }>;

  beforeAll(async () => {
    let database: Database;
    ({ app, database, close, admin } = await freshApp());
    rows = await seed(
      database,
      Array.from({ length: 6 }, (_, i) => ({ title: `Garden hose ${i + 1}`, pricePence: 1500 + i, category: 'home-kitchen' })),
    );
  });
  afterAll(() => close?.());

  const shopperSearch = async () => {
    const res = await app.inject({ method: 'POST', url: '/api/products/search', payload: { keywords: 'garden hose', itemCount: 20 } });
    expect(res.statusCode).toBe(200);
    return (res.json() as SearchResponse).products.map((p) => p.asin);
  };
  const auditEntries = async () =>
    ((await app.inject({ url: '/api/admin/audit-log?limit=10', headers: admin })).json() as AuditLogResponse).entries;

  it('bulk-deletes the selected products: the shoppers no longer see them, and the audit log counts them', async () => {
    // Warm the shoppers' answer cache first: the delete must drop it.
    expect(await shopperSearch()).toHaveLength(6);
    const gone = [rows[0]!.id, rows[1]!.id, rows[2]!.id];
    const res = await app.inject({ method: 'DELETE', url: '/api/admin/products', headers: admin, payload: { ids: [...gone, 999_999] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 3, asins: expect.arrayContaining(gone.map((id) => rows.find((r) => r.id === id)!.asin)) });
    const left = await shopperSearch();
    expect(left).toHaveLength(3);
    expect(left).not.toContain(rows[0]!.asin);
    expect((await app.inject({ url: `/api/products/${rows[0]!.asin}` })).statusCode).toBe(404);
    expect((await auditEntries())[0]).toMatchObject({ action: 'products.bulk-delete', counts: { requested: 4, deleted: 3 } });
  });

  it('refuses a bulk delete without ids with 400 naming `ids`, deleting nothing', async () => {
    const empty = await app.inject({ method: 'DELETE', url: '/api/admin/products', headers: admin, payload: { ids: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('ids: must hold at least one product id');
    const none = await app.inject({ method: 'DELETE', url: '/api/admin/products', headers: admin });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('ids: must be a list of product ids');
    expect(await shopperSearch()).toHaveLength(3);
  });

  it('deletes one product by id, 404 the second time, and names a bad id', async () => {
    const url = `/api/admin/products/${rows[3]!.id}`;
    const first = await app.inject({ method: 'DELETE', url, headers: admin });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ deletedCount: 1, asins: [rows[3]!.asin] });
    expect(await shopperSearch()).not.toContain(rows[3]!.asin);
    expect((await auditEntries())[0]).toMatchObject({ action: 'products.delete', target: rows[3]!.asin, counts: { deleted: 1 } });
    const again = await app.inject({ method: 'DELETE', url, headers: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(`id: no product with id ${rows[3]!.id}`);
    const badId = await app.inject({ method: 'DELETE', url: '/api/admin/products/abc', headers: admin });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/^id: /);
  });

  it('clears the answer caches by moving the catalogue version on', async () => {
    const first = await app.inject({ method: 'DELETE', url: '/api/admin/cache', headers: admin });
    expect(first.statusCode, first.body).toBe(200);
    const second = await app.inject({ method: 'DELETE', url: '/api/admin/cache', headers: admin });
    expect(second.json().catalogueVersion).toBe(first.json().catalogueVersion + 1);
    expect((await auditEntries())[0]).toMatchObject({ action: 'cache.clear' });
  });

  it('clears every product, and the shoppers see none', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/admin/products/clear-all', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 2 });
    expect(await shopperSearch()).toEqual([]);
    const list = (await app.inject({ url: '/api/admin/products', headers: admin })).json() as AdminProductsResponse;
    expect(list.pagination).toEqual({ page: 1, limit: 20, total: 0, totalPages: 1 });
    expect((await auditEntries())[0]).toMatchObject({ action: 'products.clear-all', counts: { deleted: 2 } });
  });
});
