/**
 * An owner's inactive product (issue 29 "Edit a product … active"; docs/decisions/0034) through HTTP
 * on a fresh database: `PATCH /api/admin/products/{asin}` `{ isActive }` is for signed-in owners only;
 * once inactive the product is gone from every shopper read (listing, search, suggestions, product
 * page, current price, alternatives, sitemap, category page, Under £15, new alerts) while the admin
 * list keeps it (marked inactive, filterable); a price drop meanwhile sends no alert e-mail and an
 * import matches no saved search (the real SMTP server on loopback receives nothing); reactivated, it is back everywhere and its alert tells of the drop.
 * Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { deliverDueEmails } from '../../email/sender.service';
import { startSmtpCapture, type SmtpCapture } from '../../email/smtp-capture.test-support';
import { testEnv, type Env } from '../../env';
import { createCatalogueSource } from '../../sources/catalogue.source';
import { createTestApp } from '../../test-support/test-app';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import type { AdminProductsResponse, ProductEditResponse } from '../../../common/api/products.admin.schema';
import { importCatalogueAndCheckAlerts } from '../catalogue/catalogue-update.service';
import { runPriceCheck } from '../price-checks/price-check.service';
import { importNewPrice, seedAlerts, seedSubscriber, visitorToken } from '../price-checks/price-check.test-support';
import { seedProducts } from '../products/products.test-seed';

const PUBLIC_URL = 'https://deals.example';
const SHOPPER = 'kettle.fan@example.com';
let now = new Date('2026-06-01T09:00:00Z');
let app: App;
let database: Database;
let env: Env;
let smtp: SmtpCapture;
let close: () => Promise<void>;
let admin: AdminHeaders;
let hidden: string;
let sibling: string;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  env = testEnv({ PUBLIC_URL, SMTP_URL: smtp.url, MAIL_FROM: 'Deal Alerts UK <alerts@deals.example>' });
  ({ app, database, close } = await createTestApp({ env, clock: () => now }));
  admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);
  [{ asin: hidden }, { asin: sibling }] = (await seedProducts(database.db, [
    {
      title: 'Russell Hobbs Stainless Steel Electric Kettle 1.7 L',
      pricePence: 1299,
      category: 'home-kitchen',
      categoryName: 'Kettles',
      priceAsOf: now,
    },
    {
      title: 'Breville Stainless Steel Electric Kettle 1.7 L',
      pricePence: 1499,
      category: 'home-kitchen',
      categoryName: 'Kettles',
      priceAsOf: now,
    },
  ])) as [{ id: number; asin: string }, { id: number; asin: string }];
  // A category page and the Under £15 list holding both.
  const page = await app.inject({
    method: 'POST',
    url: '/api/category-pages',
    headers: admin,
    payload: { name: 'Kettle picks', slug: 'kettle-picks' },
  });
  expect(page.statusCode).toBe(201);
  const added = await app.inject({
    method: 'POST',
    url: '/api/category-pages/kettle-picks/products',
    headers: admin,
    payload: { asins: [hidden, sibling] },
  });
  expect(added.statusCode).toBe(200);
  await database.db.execute(sql`insert into budget_deals (product_id, position, added_at)
    select id, row_number() over (order by id), now() from products`);
  await seedSubscriber(database.db, SHOPPER, 'confirmed', now);
  await seedAlerts(database.db, [{ email: SHOPPER, asin: hidden, currentPricePence: 1299 }]);
});
afterAll(async () => {
  await close?.();
  await smtp?.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });
const setActive = (isActive: boolean, headers: Record<string, string> = admin) =>
  app.inject({ method: 'PATCH', url: `/api/admin/products/${hidden}`, payload: { isActive }, headers });

/** Where a shopper could meet the product: each answer's text (or status), by place. */
async function shopperPlaces(): Promise<Record<string, string>> {
  const search = await app.inject({ method: 'POST', url: '/api/products/search', payload: { keywords: 'kettle' } });
  return {
    listing: (await get('/api/deals')).body,
    search: search.body,
    suggestions: (await get('/api/products/suggestions?q=russell')).body,
    productPage: String((await get(`/api/products/${hidden}`)).statusCode),
    currentPrice: String((await get(`/api/amazon/current-price/${hidden}`)).statusCode),
    ownAlternatives: String((await get(`/api/amazon/similar-items/${hidden}`)).statusCode),
    siblingAlternatives: (await get(`/api/amazon/similar-items/${sibling}`)).body,
    sitemap: (await get('/sitemap.xml')).body,
    categoryPage: (await get('/api/category-pages/kettle-picks/products')).body,
    underFifteen: (await get('/api/amazon/deals-under-15')).body,
  };
}

describe('an inactive product', () => {
  it('can be made inactive by a signed-in owner only: no session 401, a shopper token 401, a foreign Origin 403', async () => {
    expect((await setActive(false, { origin: PUBLIC_URL })).statusCode).toBe(401);
    const token = await visitorToken(database.db, SHOPPER, now);
    expect((await setActive(false, { authorization: `Bearer ${token}`, origin: PUBLIC_URL })).statusCode).toBe(401);
    expect((await setActive(false, { ...admin, origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await get(`/api/products/${hidden}`)).statusCode).toBe(200);
  });

  it('is shown to shoppers everywhere while active (the baseline the next test takes away)', async () => {
    const places = await shopperPlaces();
    for (const place of ['listing', 'search', 'suggestions', 'siblingAlternatives', 'sitemap', 'categoryPage', 'underFifteen'])
      expect(places[place], place).toContain(place === 'suggestions' ? 'Russell Hobbs' : hidden);
    expect(places).toMatchObject({ productPage: '200', currentPrice: '200', ownAlternatives: '200' });
  });

  it('disappears from every shopper read, stays in the admin list, and is audited as "Deactivated product"', async () => {
    now = new Date('2026-06-01T09:05:00Z');
    const res = await setActive(false);
    expect(res.statusCode).toBe(200);
    const body = res.json<ProductEditResponse>();
    expect(body.changed).toEqual({ isActive: 'active → inactive' });
    expect(body.product.isActive).toBe(false);

    const places = await shopperPlaces();
    for (const place of ['listing', 'search', 'suggestions', 'siblingAlternatives', 'sitemap', 'categoryPage', 'underFifteen']) {
      expect(places[place], place).not.toContain(hidden);
      expect(places[place], place).not.toContain('Russell Hobbs');
    }
    // The others stay: the sibling kettle is still found and listed.
    expect(places.search).toContain(sibling);
    expect(places.listing).toContain(sibling);
    expect(places).toMatchObject({ productPage: '404', currentPrice: '404', ownAlternatives: '404' });
    // No new alert on it either (its page is a 404).
    const alert = await app.inject({
      method: 'POST',
      url: '/api/deal-alerts',
      headers: { origin: PUBLIC_URL },
      payload: { userEmail: 'new@example.com', productAsin: hidden },
    });
    expect(alert.statusCode).toBe(404);

    const list = (await app.inject({ method: 'GET', url: '/api/admin/products?limit=20', headers: admin })).json<AdminProductsResponse>();
    expect(list.products.map((p) => [p.asin, p.isActive])).toEqual(
      expect.arrayContaining([
        [hidden, false],
        [sibling, true],
      ]),
    );
    const inactiveOnly = (
      await app.inject({ method: 'GET', url: '/api/admin/products?status=inactive', headers: admin })
    ).json<AdminProductsResponse>();
    expect(inactiveOnly.products.map((p) => p.asin)).toEqual([hidden]);
    expect((await app.inject({ method: 'GET', url: '/api/admin/products?status=gone', headers: admin })).json().message).toMatch(
      /^status: must be all, active or inactive/,
    );

    const audit = await app.inject({ method: 'GET', url: '/api/admin/audit-log?action=products.deactivate', headers: admin });
    const entries = audit.json<{ entries: Array<{ action: string; target: string; detail: unknown }> }>().entries;
    expect(entries).toEqual([
      expect.objectContaining({ action: 'products.deactivate', target: hidden, detail: { changed: { isActive: 'active → inactive' } } }),
    ]);
  });

  it('sends no alert e-mail on a price drop while inactive; reactivated, it is back everywhere and the alert tells of the drop', async () => {
    now = new Date('2026-06-01T09:10:00Z');
    await importNewPrice(database.db, hidden, 999, now);
    const check = () =>
      runPriceCheck(
        { db: database.db, source: createCatalogueSource(database.db), clock: () => now, env },
        { trigger: 'cron', email: SHOPPER },
      );
    const send = () => deliverDueEmails({ db: database.db, env, clock: () => now });
    expect((await check()).notificationsQueued).toBe(0);
    await send();
    expect(smtp.messages.filter((m) => m.recipients.includes(SHOPPER))).toHaveLength(0);

    now = new Date('2026-06-01T09:12:00Z');
    const res = await setActive(true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProductEditResponse>().changed).toEqual({ isActive: 'inactive → active' });
    const places = await shopperPlaces();
    for (const place of ['listing', 'search', 'siblingAlternatives', 'sitemap', 'categoryPage', 'underFifteen'])
      expect(places[place], place).toContain(hidden);
    expect(places.suggestions).toContain('Russell Hobbs');
    expect(places).toMatchObject({ productPage: '200', currentPrice: '200', ownAlternatives: '200' });
    const audit = await app.inject({ method: 'GET', url: '/api/admin/audit-log?action=products.activate', headers: admin });
    expect(audit.json<{ entries: Array<{ target: string }> }>().entries.map((e) => e.target)).toEqual([hidden]);

    now = new Date('2026-06-01T09:15:00Z');
    expect((await check()).notificationsQueued).toBe(1);
    await send();
    const mails = smtp.messages.filter((m) => m.recipients.includes(SHOPPER)).map((m) => m.parsed);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('£9.99');
  });

  it('matches no saved search while inactive (no e-mail at an import that reprices it); active again, the next reprice matches', async () => {
    now = new Date('2026-06-01T09:17:00Z');
    expect((await setActive(false)).statusCode).toBe(200);
    const token = await visitorToken(database.db, SHOPPER, now);
    const saved = await app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: { authorization: `Bearer ${token}` },
      payload: { userEmail: SHOPPER, keywords: 'russell hobbs', frequency: 'instant' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const dir = await mkdtemp(path.join(tmpdir(), 'inactive-'));
    const reprice = async (price: string) => {
      const file = path.join(dir, `feed-${price}.csv`);
      await writeFile(file, `asin,title,price\n${hidden},Russell Hobbs Stainless Steel Electric Kettle 1.7 L,${price}\n`);
      await importCatalogueAndCheckAlerts({ db: database.db, env, clock: () => now }, { filePath: file }, { now, observedAt: now });
      await deliverDueEmails({ db: database.db, env, clock: () => now });
      return smtp.messages.filter((m) => m.recipients.includes(SHOPPER) && /New match/.test(m.parsed.subject ?? ''));
    };
    try {
      expect(await reprice('8.99')).toHaveLength(0);
      now = new Date('2026-06-01T09:18:00Z');
      expect((await setActive(true)).statusCode).toBe(200);
      expect((await reprice('8.49')).map((m) => m.parsed.subject)).toEqual(['New match for “russell hobbs”: 1 product']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('"Delete all matching" with Show: Inactive deletes only the inactive products, after the exact count', async () => {
    now = new Date('2026-06-01T09:20:00Z');
    expect((await setActive(false)).statusCode).toBe(200);
    const deleteMatching = (confirmDeleteCount: number) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/products/delete-matching',
        headers: admin,
        payload: { status: 'inactive', confirmDeleteCount },
      });
    const refused = await deleteMatching(2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().deleteCount).toBe(1);
    expect((await deleteMatching(1)).json()).toMatchObject({ deletedCount: 1 });
    const left = (await app.inject({ method: 'GET', url: '/api/admin/products', headers: admin })).json<AdminProductsResponse>();
    expect(left.products.map((p) => p.asin)).toEqual([sibling]);
  });
});
