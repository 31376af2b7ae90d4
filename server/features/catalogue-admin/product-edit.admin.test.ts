/**
 * `PATCH /api/admin/products/{asin}` (issue 29 "Edit a product") through HTTP on a fresh database:
 * who may call it (no session 401, a shopper's visitor token 401, a foreign or missing Origin 403),
 * 400s naming the field, 404 for an unknown ASIN, and an edit the shoppers see at once: the new
 * title, image and category, and a new price recorded as a price observation in the history, with
 * the audit entry naming every change old → new.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { createTestApp } from '../../test-support/test-app';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import type { ProductEditResponse } from '../../../common/api/products.admin.schema';
import type { ProductDetailResponse } from '../../../common/api/products.schema';
import { seedSubscriber, visitorToken } from '../price-checks/price-check.test-support';
import { seedProducts } from '../products/products.test-seed';

const PUBLIC_URL = 'https://deals.example';
let now = new Date('2026-06-01T09:00:00Z');
let app: App;
let database: Database;
let close: () => Promise<void>;
let admin: AdminHeaders;
let asin: string;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env: testEnv({ PUBLIC_URL }), clock: () => now }));
  admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);
  [{ asin }] = (await seedProducts(database.db, [
    { title: 'Stainless kettle', pricePence: 2999, listPricePence: 3999, savingBasisType: 'LIST_PRICE', category: 'home-kitchen' },
  ])) as [{ id: number; asin: string }];
});
afterAll(() => close?.());

const patch = (url: string, payload: unknown, headers: Record<string, string> = admin) =>
  app.inject({ method: 'PATCH', url, payload: payload as object, headers });

const shopperView = async (a: string) => (await app.inject({ method: 'GET', url: `/api/products/${a}` })).json<ProductDetailResponse>();

describe('PATCH /api/admin/products/{asin}', () => {
  it('is for signed-in owners only: no session 401, a visitor token 401, another or no Origin 403; nothing changes', async () => {
    const url = `/api/admin/products/${asin}`;
    expect((await patch(url, { title: 'Hijacked' }, { origin: PUBLIC_URL })).statusCode).toBe(401);
    await seedSubscriber(database.db, 'shopper@example.com', 'confirmed', now);
    const token = await visitorToken(database.db, 'shopper@example.com', now);
    expect((await patch(url, { title: 'Hijacked' }, { authorization: `Bearer ${token}`, origin: PUBLIC_URL })).statusCode).toBe(401);
    expect((await patch(url, { title: 'Hijacked' }, { ...admin, origin: 'https://evil.example' })).statusCode).toBe(403);
    const { origin: _origin, ...noOrigin } = admin;
    expect((await patch(url, { title: 'Hijacked' }, noOrigin)).statusCode).toBe(403);
    expect((await shopperView(asin)).product.title).toBe('Stainless kettle');
  });

  it('names the field and its rule in a 400, and answers 404 for an unknown ASIN', async () => {
    const url = `/api/admin/products/${asin}`;
    const cases: Array<[unknown, RegExp]> = [
      [{ title: '' }, /^title: must not be empty/],
      [{ price: '-3' }, /^price: must be a price in pounds/],
      [{ price: 'free' }, /^price: must be a price in pounds/],
      [{ imageUrl: 'javascript:alert(1)' }, /^imageUrl: must be an http\(s\) URL/],
      [{ category: 'weapons' }, /^category: must be one of/],
      [{ isActive: 'no' }, /^isActive: must be true or false/],
      [{ colour: 'red' }, /colour/],
      [{}, /must change at least one of title, price, imageUrl, category, isActive/],
    ];
    for (const [body, message] of cases) {
      const res = await patch(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await patch('/api/admin/products/B0NOSUCH00', { title: 'X' })).statusCode).toBe(404);
    expect((await patch('/api/admin/products/not-an-asin', { title: 'X' })).statusCode).toBe(400);
    expect((await shopperView(asin)).product.title).toBe('Stainless kettle');
  });

  it('writes title, price, image and category: shoppers see them, the price is in the history, the audit says old → new', async () => {
    now = new Date('2026-06-01T09:05:00Z');
    const res = await patch(`/api/admin/products/${asin}`, {
      title: '  Stainless steel kettle 1.7 L ',
      price: '£24.50',
      imageUrl: 'https://m.media-amazon.com/images/I/kettle.jpg',
      category: 'electronics',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<ProductEditResponse>();
    expect(body.changed).toEqual({
      title: 'Stainless kettle → Stainless steel kettle 1.7 L',
      price: '29.99 → 24.50',
      imageUrl: '(none) → https://m.media-amazon.com/images/I/kettle.jpg',
      category: 'home-kitchen → electronics',
    });
    expect(body.product).toMatchObject({ title: 'Stainless steel kettle 1.7 L', price: '24.50', category: 'electronics' });

    const shown = await shopperView(asin);
    expect(shown.product).toMatchObject({ title: 'Stainless steel kettle 1.7 L', price: '24.50', category: 'electronics' });
    expect(shown.product.imageUrl).toContain('kettle.jpg');
    expect(shown.history.map((p) => p.price)).toContain('24.50');

    const observations = await database.query<{ price_pence: number; source: string }>(
      'select o.price_pence, o.source from price_observations o join products p on p.id = o.product_id where p.asin = $1 order by o.observed_at',
      [asin],
    );
    expect(observations.rows.at(-1)).toEqual({ price_pence: 2450, source: 'admin' });

    const audit = await app.inject({ method: 'GET', url: '/api/admin/audit-log?action=products.edit', headers: admin });
    const [entry] = audit.json<{ entries: Array<{ action: string; target: string; detail: unknown }> }>().entries;
    expect(entry).toMatchObject({ action: 'products.edit', target: asin, detail: { changed: body.changed } });
  });

  it('writes nothing and records nothing when no field differs', async () => {
    const before = await database.query('select count(*)::int as n from price_observations');
    const res = await patch(`/api/admin/products/${asin}`, { price: 24.5, category: 'electronics' });
    expect(res.statusCode).toBe(200);
    expect(res.json<ProductEditResponse>().changed).toEqual({});
    expect((await database.query('select count(*)::int as n from price_observations')).rows).toEqual(before.rows);
    const audit = await app.inject({ method: 'GET', url: '/api/admin/audit-log?action=products.edit', headers: admin });
    expect(audit.json<{ entries: unknown[] }>().entries).toHaveLength(1);
  });
});

describe('GET /api/admin/products/export-csv (the copy offered before Replace All)', () => {
  it('is for signed-in owners only, and holds every product in columns the importer reads back', async () => {
    const stranger = await app.inject({ method: 'GET', url: '/api/admin/products/export-csv', headers: { origin: PUBLIC_URL } });
    expect(stranger.statusCode).toBe(401);
    const res = await app.inject({ method: 'GET', url: '/api/admin/products/export-csv', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="catalogue-2026-06-01.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'asin,title,price,originalPrice,savingBasisType,rating,reviewCount,imageUrl,productURL,category,brand,observedAt',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${asin},Stainless steel kettle 1.7 L,24.50,39.99,LIST_PRICE`);
  });
});
