/**
 * The full audit log (issue 29): `GET /api/admin/audit-log?page=&limit=&actor=&action=&from=&to=`
 * against the real app and database (PGlite, or TEST_DATABASE_URL): paged, filtered by who, what and
 * when, and product deletions made through the real admin endpoints list the ASINs that went.
 * Signed-in owners only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import { multipartBody } from '../../test-support/multipart';
import { seedProducts, seedSubscriber, visitorToken } from '../price-checks/price-check.test-support';

const PUBLIC_URL = 'https://deals.example.co.uk';
let now = new Date('2026-11-23T10:00:00Z');
let database: Database;
let app: App;
let close: () => Promise<void>;
let bob: AdminHeaders;
let ids: Map<string, number>;

type Entry = {
  action: string;
  adminEmail: string | null;
  target: string | null;
  detail?: { deleted?: string[]; deletedTotal?: number } | null;
};
const log = async (query: string, as: AdminHeaders = bob) => {
  const res = await app.inject({ method: 'GET', url: `/api/admin/audit-log${query}`, headers: as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: Entry[]; total: number; page: number; pageSize: number; actions: string[] };
};

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env: testEnv({ PUBLIC_URL }), clock: () => now }));
  await signInAsAdmin(app, database, PUBLIC_URL, 'ann.owner@example.com', now);
  now = new Date(now.getTime() + 60 * 60_000);
  bob = await signInAsAdmin(app, database, PUBLIC_URL, 'bob.owner@example.com', now);
  ids = await seedProducts(database.db, [
    { asin: 'B0DELONE01', pricePence: 1000, priceAsOf: now },
    { asin: 'B0DELMANY1', pricePence: 1000, priceAsOf: now },
    { asin: 'B0DELMANY2', pricePence: 1000, priceAsOf: now },
    { asin: 'B0KEEPME01', pricePence: 1000, priceAsOf: now },
  ]);
});

afterAll(async () => {
  await close?.();
});

describe('the audit log', () => {
  it('says which products a deletion removed, by ASIN', async () => {
    now = new Date(now.getTime() + 10 * 60_000);
    const one = await app.inject({ method: 'DELETE', url: `/api/admin/products/${ids.get('B0DELONE01')}`, headers: bob });
    expect(one.statusCode).toBe(200);
    const many = await app.inject({
      method: 'DELETE',
      url: '/api/admin/products',
      headers: bob,
      payload: { ids: [ids.get('B0DELMANY1'), ids.get('B0DELMANY2'), 999_999] },
    });
    expect(many.statusCode).toBe(200);

    const single = (await log('?action=products.delete')).entries;
    expect(single.map((e) => [e.adminEmail, e.target, e.detail?.deleted])).toEqual([
      ['bob.owner@example.com', 'B0DELONE01', ['B0DELONE01']],
    ]);
    const bulk = (await log('?action=products.bulk-delete')).entries;
    expect(bulk).toHaveLength(1);
    expect([...(bulk[0]!.detail?.deleted ?? [])].sort()).toEqual(['B0DELMANY1', 'B0DELMANY2']);
    expect(bulk[0]!.detail?.deletedTotal).toBe(2);
    // A family filter takes both.
    expect((await log('?action=products')).entries.map((e) => e.action).sort()).toEqual(['products.bulk-delete', 'products.delete']);
  });

  it('says which products a confirmed Replace All deleted, by ASIN', async () => {
    await seedProducts(database.db, [
      { asin: 'B0GONE0002', pricePence: 500, priceAsOf: now },
      { asin: 'B0GONE0001', pricePence: 500, priceAsOf: now },
    ]);
    const body = multipartBody([
      { name: 'confirmDeleteCount', content: '2' },
      { name: 'csvFile', fileName: 'kept.csv', content: 'asin,title,price,originalPrice,category\nB0KEEPME01,Kept,10.00,,Kitchen\n' },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/replace-with-csv',
      headers: { ...bob, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ committed: true, deletedCount: 2 });
    const [entry] = (await log('?action=catalogue.replace')).entries;
    expect(entry).toMatchObject({ target: 'kept.csv', detail: { deleted: ['B0GONE0001', 'B0GONE0002'], deletedTotal: 2 } });
  });

  it('is paged and filtered by who and when', async () => {
    const all = await log('?limit=2');
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.entries).toHaveLength(2);
    expect(all.actions).toEqual(expect.arrayContaining(['login', 'products.delete', 'products.bulk-delete']));
    const second = await log('?limit=2&page=2');
    expect(second.page).toBe(2);
    const firstIds = JSON.stringify(all.entries);
    expect(second.entries.every((e) => !firstIds.includes(JSON.stringify(e)))).toBe(true);

    const byAnn = await log('?actor=ANN.owner');
    expect(byAnn.entries.length).toBeGreaterThan(0);
    expect(byAnn.entries.every((e) => e.adminEmail === 'ann.owner@example.com')).toBe(true);

    // Ann signed in at 10:00, Bob at 11:00: the hour from 10:30 has only Bob's sign-in.
    const window = await log(
      `?action=login&from=${encodeURIComponent('2026-11-23T10:30:00Z')}&to=${encodeURIComponent('2026-11-23T11:30:00Z')}`,
    );
    expect(window.entries.map((e) => e.adminEmail)).toEqual(['bob.owner@example.com']);
  });

  it('names the field and rule of a bad query, and is for signed-in owners only', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/admin/audit-log?page=0', headers: bob });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^page: must be at least 1/);
    const badAction = await app.inject({ method: 'GET', url: '/api/admin/audit-log?action=DROP%20TABLE', headers: bob });
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json().message).toMatch(/^action: /);
    expect((await app.inject({ method: 'GET', url: '/api/admin/audit-log' })).statusCode).toBe(401);
    await seedSubscriber(database.db, 'shopper@example.com', 'confirmed', now);
    const token = await visitorToken(database.db, 'shopper@example.com', now);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(401);
  });
});
