/**
 * Issue 29 "select all M matching" on the Products tab: `POST /api/admin/products/delete-matching`
 * deletes every product the filter matches on the server (not only the ids on screen), only when
 * `confirmDeleteCount` is the number matching now; admin session and the site's Origin only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import { seedProducts } from '../price-checks/price-check.test-support';

const PUBLIC_URL = 'https://deals.example';
const NOW = new Date('2026-06-15T10:00:00Z');
let app: App;
let database: Database;
let close: () => Promise<void>;
let admin: AdminHeaders;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env: testEnv({ PUBLIC_URL }), clock: () => NOW }));
  admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', NOW);
  await seedProducts(
    database.db,
    Array.from({ length: 25 }, (_, i) => ({
      asin: `B0MATCH${String(i).padStart(3, '0')}`,
      title: i < 22 ? `Kettle model ${i}` : `Toaster model ${i}`,
      pricePence: 1000 + i,
      priceAsOf: NOW,
    })),
  );
});
afterAll(() => close?.());

const del = (payload: unknown, headers: Record<string, string> = admin) =>
  app.inject({ method: 'POST', url: '/api/admin/products/delete-matching', headers, payload: payload as object });
const total = async (query = '') =>
  (await app.inject({ url: `/api/admin/products?limit=20${query}`, headers: { cookie: admin.cookie } })).json().pagination.total as number;

describe('POST /api/admin/products/delete-matching', () => {
  it('refuses callers without an admin session (401) or the site Origin (403), and names a bad field', async () => {
    expect((await del({ search: 'kettle', confirmDeleteCount: 22 }, {})).statusCode).toBe(401);
    expect((await del({ search: 'kettle', confirmDeleteCount: 22 }, { cookie: admin.cookie })).statusCode).toBe(403);
    expect((await del({ search: 'kettle' })).json().message).toBe('confirmDeleteCount: must be a whole number');
    expect(await total()).toBe(25);
  });

  it('deletes every match, across pages, only with the exact count', async () => {
    const refused = await del({ search: 'kettle', confirmDeleteCount: 20 }); // the visible page, not the matches
    expect(refused.statusCode).toBe(409);
    expect(refused.json().deleteCount).toBe(22);
    expect(await total()).toBe(25);
    const done = await del({ search: 'kettle', confirmDeleteCount: 22 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ deletedCount: 22 });
    expect(await total()).toBe(3);
    expect(await total('&search=kettle')).toBe(0);
  });
});
