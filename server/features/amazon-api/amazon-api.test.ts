/**
 * The admin API tab's endpoints against the fake Creators API (issue 14 part 3; admin-area §2 "API
 * tab", §5, §7 `POST /api/amazon/search`): who may call them, the search form's limits and
 * defaults, import of selected products with their price observations and audit entry, the status
 * figures and the 403 banner, and the freshness pass. Real in-memory database, real app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { amazonItems } from '../../db/schema/amazon-api.schema';
import { priceObservations, products } from '../../db/schema/catalogue.schema';
import type { Env } from '../../env';
import type { CreatorsApiConnection } from '../../sources/creators-api/creators-api.connection';
import { connectToFake, startFakeCreatorsApi, type FakeCreatorsApi } from '../../sources/creators-api/fake-creators-api.test-support';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import { createTestDatabase } from '../../test-support/test-db';
import { seedProducts } from '../price-checks/price-check.test-support';
import { runFreshnessPass } from './amazon-freshness.service';
import { searchCriteria } from '../products/products.test-seed';

let app: App;
let database: Database;
let fake: FakeCreatorsApi;
let amazon: CreatorsApiConnection;
let env: Env;
let admin: AdminHeaders;
let close: () => Promise<void>;
let now = new Date();

const utensils = [
  {
    asin: 'B0UTENSIL1',
    title: 'Joseph Joseph kitchen utensils set, 5 pieces',
    pricePence: 1299,
    listPricePence: 1999,
    savingBasisType: 'LIST_PRICE' as const,
    categoryName: 'Kitchen Utensils & Gadgets',
    brand: 'Joseph Joseph',
    features: ['Heat resistant to 270 °C'],
  },
  { asin: 'B0UTENSIL2', title: 'OXO Good Grips kitchen utensils, silicone', pricePence: 899, categoryName: 'Kitchen Utensils & Gadgets' },
  { asin: 'B0UTENSIL3', title: 'Le Creuset kitchen utensils crock', pricePence: 3500, categoryName: 'Kitchen Utensils & Gadgets' },
  { asin: 'B0HOMEWAR1', title: 'Homeware storage baskets, set of 3', pricePence: 1450, categoryName: 'Storage & Organisation' },
];

beforeAll(async () => {
  fake = await startFakeCreatorsApi({ ratePerSecond: 50, realCatalogue: false, products: utensils });
  database = await createTestDatabase();
  ({ connection: amazon, env } = connectToFake(fake, database.db, { ratePerSecond: 50, clock: () => now }));
  ({ app, close } = await createTestApp({ database, env, amazon, priceSource: amazon.source, clock: () => now }));
  admin = await signInAsAdmin(app, database, env.PUBLIC_URL);
});

afterAll(async () => {
  await close?.();
  await database?.close();
  await fake?.close();
});

const search = (payload: unknown, headers: Record<string, string> = admin) =>
  app.inject({ method: 'POST', url: '/api/amazon/search', headers, payload: payload as object });

describe('POST /api/amazon/search', () => {
  it('is for signed-in admins only: 401 without a session, 403 without the site Origin', async () => {
    expect((await search({ searchIndex: 'All' }, {})).statusCode).toBe(401);
    expect((await search({ searchIndex: 'All' }, { cookie: admin.cookie })).statusCode).toBe(403);
    expect((await search({ searchIndex: 'All' }, { cookie: admin.cookie, origin: 'https://evil.example' })).statusCode).toBe(403);
  });

  it('searches with the spec defaults (kitchen utensils, 5 items) under the max price, prices in pounds with their basis', async () => {
    const res = await search({ searchIndex: 'Kitchen', maxPrice: 15 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.products.map((p: { asin: string }) => p.asin).sort()).toEqual(['B0UTENSIL1', 'B0UTENSIL2']);
    expect(body.products.find((p: { asin: string }) => p.asin === 'B0UTENSIL1')).toMatchObject({
      price: '12.99',
      originalPrice: '19.99',
      savingBasisLabel: 'RRP',
      discountPercent: 35,
      brand: 'Joseph Joseph',
      category: 'home-kitchen',
      rating: null,
      inCatalogue: false,
      availability: 'IN_STOCK',
    });
    expect(body.products.find((p: { asin: string }) => p.asin === 'B0UTENSIL2')).toMatchObject({
      originalPrice: null,
      savingBasisLabel: null,
      discountPercent: null,
    });
  });

  it('discount-only keeps the products with a saving Amazon labels', async () => {
    const res = await search({ keywords: 'kitchen utensils', searchIndex: 'All', itemCount: 10, maxPrice: 50, discountOnly: true });
    expect(res.json().products.map((p: { asin: string }) => p.asin)).toEqual(['B0UTENSIL1']);
  });

  it('names the field and rule: an empty search index, an item count of 11, a max price of £51', async () => {
    const empty = await search({ searchIndex: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Please provide a search index');
    expect((await search({ searchIndex: 'All', itemCount: 11 })).json().message).toMatch(/itemCount: must be at most 10/);
    expect((await search({ searchIndex: 'All', maxPrice: 51 })).json().message).toMatch(/maxPrice: must be at most 50/);
  });
});

const importAsins = (asins: string[], headers: Record<string, string> = admin) =>
  app.inject({ method: 'POST', url: '/api/admin/amazon/import', headers, payload: { asins } });

describe('POST /api/admin/amazon/import', () => {
  it('is for signed-in admins only', async () => {
    expect((await importAsins(['B0UTENSIL1'], {})).statusCode).toBe(401);
    expect((await importAsins(['B0UTENSIL1'], { cookie: admin.cookie })).statusCode).toBe(403);
  });

  it('imports the selected products with a creators-api price observation, skips unknown ASINs, and audits the counts', async () => {
    const res = await importAsins(['B0UTENSIL1', 'B0HOMEWAR1', 'B0NOTHERE1']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      created: 2,
      updated: 0,
      calls: 1,
      skipped: [{ asin: 'B0NOTHERE1', reason: 'not found on Amazon' }],
    });
    const [row] = await database.db.select().from(products).where(eq(products.asin, 'B0UTENSIL1'));
    expect(row).toMatchObject({
      source: 'creators-api',
      pricePence: 1299,
      listPricePence: 1999,
      savingBasisType: 'LIST_PRICE',
      brand: 'Joseph Joseph',
      category: 'home-kitchen',
      features: ['Heat resistant to 270 °C'],
    });
    const observations = await database.db.select().from(priceObservations).where(eq(priceObservations.asin, 'B0UTENSIL1'));
    expect(observations.map((o) => [o.source, o.pricePence])).toEqual([['creators-api', 1299]]);
    const audit = await app.inject({ method: 'GET', url: '/api/admin/audit-log?limit=5', headers: admin });
    expect(audit.json().entries.find((e: { action: string }) => e.action === 'amazon.import')).toMatchObject({
      action: 'amazon.import',
      counts: { created: 2, updated: 0, skipped: 1, requests: 1 },
    });

    // The same products again: updated, no new observation for an unchanged price.
    const again = await importAsins(['B0UTENSIL1']);
    expect(again.json()).toMatchObject({ created: 0, updated: 1 });
    expect(await database.db.select().from(priceObservations).where(eq(priceObservations.asin, 'B0UTENSIL1'))).toHaveLength(1);
    expect(
      (await search({ searchIndex: 'Kitchen', maxPrice: 15 })).json().products.find((p: { asin: string }) => p.asin === 'B0UTENSIL1')
        .inCatalogue,
    ).toBe(true);
  });

  it("a title Amazon changed reaches the shoppers' cached search at once, though the price did not change", async () => {
    const shopperSearch = async (keywords: string) =>
      (await app.inject({ method: 'POST', url: '/api/products/search', payload: searchCriteria({ keywords, minRating: 0 }) }))
        .json()
        .products.map((p: { title: string }) => p.title);
    expect((await importAsins(['B0UTENSIL2'])).statusCode).toBe(200);
    expect(await shopperSearch('oxo')).toEqual(['OXO Good Grips kitchen utensils, silicone']); // cached now
    fake.addProducts([{ ...(utensils[1] as (typeof utensils)[number]), title: 'OXO Good Grips kitchen utensils, nylon' }]);
    expect((await importAsins(['B0UTENSIL2'])).json()).toMatchObject({ created: 0, updated: 1 });
    expect(await shopperSearch('oxo')).toEqual(['OXO Good Grips kitchen utensils, nylon']);
  });

  it('refuses an empty selection and a malformed ASIN', async () => {
    expect((await importAsins([])).json().message).toContain('Please select at least one product to import');
    expect((await importAsins(['nope'])).statusCode).toBe(400);
  });
});

describe('GET /api/admin/amazon/status and the 403 banner', () => {
  it('is for signed-in admins only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/amazon/status' })).statusCode).toBe(401);
  });

  it('shows the quota used today, calls per hour, the oldest Amazon price and the plan; a 403 raises the banner', async () => {
    await importAsins(['B0UTENSIL2']);
    const before = (await app.inject({ method: 'GET', url: '/api/admin/amazon/status', headers: admin })).json();
    expect(before).toMatchObject({
      configured: true,
      marketplace: 'www.amazon.co.uk',
      dailyLimit: 8640,
      adminReserve: 432,
      accessDenied: null,
    });
    expect(before.usedToday).toBe(fake.log.length);
    expect(before.callsPerHour.reduce((n: number, h: { calls: number }) => n + h.calls, 0)).toBe(before.usedToday);
    expect(before.oldestShownPriceAgeSeconds).toBeGreaterThanOrEqual(0);
    expect(before.plan.shownAmazonAsins).toBeGreaterThanOrEqual(1);
    expect(before.plan).toMatchObject({ fits: true, requestsPerDayAvailable: 8208 });

    fake.denyAccess(true);
    const denied = await search({ searchIndex: 'All' });
    expect(denied.statusCode).toBe(503);
    expect(denied.json().message).toMatch(/AssociateNotEligible/);
    const after = (await app.inject({ method: 'GET', url: '/api/admin/amazon/status', headers: admin })).json();
    expect(after.accessDenied).toMatchObject({ reason: expect.stringMatching(/AssociateNotEligible/) });
    fake.denyAccess(false);
    expect((await search({ searchIndex: 'All' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/admin/amazon/status', headers: admin })).json().accessDenied).toBeNull();
  });
});

describe('GET /api/admin/amazon/access (the banner of every admin tab)', () => {
  const access = (headers: Record<string, string> = admin) => app.inject({ method: 'GET', url: '/api/admin/amazon/access', headers });

  it('says since when Amazon refuses access and when it is tried again (an hour later), and nothing once access works', async () => {
    expect((await access()).json()).toEqual({ configured: true, accessDenied: null });

    fake.denyAccess(true);
    const deniedAt = now;
    expect((await search({ searchIndex: 'All' })).statusCode).toBe(503);
    // A later refusal keeps the first "since" and moves the retry.
    now = new Date(now.getTime() + 5 * 60_000);
    expect((await search({ searchIndex: 'All' })).statusCode).toBe(503);
    const banner = await access();
    expect(banner.statusCode).toBe(200);
    expect(banner.json()).toEqual({
      configured: true,
      accessDenied: {
        since: deniedAt.toISOString(),
        reason: expect.stringMatching(/^AssociateNotEligible: /),
        retryAt: new Date(now.getTime() + 3_600_000).toISOString(),
      },
    });
    // The same state the API tab's status shows.
    const status = (await app.inject({ method: 'GET', url: '/api/admin/amazon/status', headers: admin })).json();
    expect(status.accessDenied).toEqual(banner.json().accessDenied);

    fake.denyAccess(false);
    expect((await search({ searchIndex: 'All' })).statusCode).toBe(200);
    expect((await access()).json()).toEqual({ configured: true, accessDenied: null });
  });

  it("is cleared by the price source's first answer after the hourly retry", async () => {
    fake.denyAccess(true);
    expect((await search({ searchIndex: 'All' })).statusCode).toBe(503);
    fake.denyAccess(false);
    // Before the retry time the price source answers from the catalogue and the banner stays.
    expect((await amazon.source.lookup(['B0UTENSIL1'])).get('B0UTENSIL1')?.pricePence).not.toBeUndefined();
    expect((await access()).json().accessDenied).not.toBeNull();
    now = new Date(now.getTime() + 3_600_000 + 1000);
    admin = await signInAsAdmin(app, database, env.PUBLIC_URL); // the hour left the session idle
    const quotes = await amazon.source.lookup(['B0UTENSIL1']);
    expect(quotes.get('B0UTENSIL1')?.pricePence).toBe(1299);
    expect((await access()).json()).toEqual({ configured: true, accessDenied: null });
  });
});

describe('without credentials', () => {
  it('the endpoints say Amazon is not configured, and there is no banner', async () => {
    const plain = await createTestApp({ database, clock: () => now, env });
    try {
      const headers = await signInAsAdmin(plain.app, database, env.PUBLIC_URL, 'plain@example.com');
      const res = await plain.app.inject({ method: 'POST', url: '/api/amazon/search', headers, payload: { searchIndex: 'All' } });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/AMAZON_CREDENTIAL_ID/);
      expect((await plain.app.inject({ method: 'GET', url: '/api/admin/amazon/status', headers })).json()).toMatchObject({
        configured: false,
      });
      expect((await plain.app.inject({ method: 'GET', url: '/api/admin/amazon/access', headers })).json()).toEqual({
        configured: false,
        accessDenied: null,
      });
    } finally {
      await plain.app.close();
    }
  });
});

describe('the freshness pass', () => {
  it('refreshes Amazon data close to 24 hours old before products never fetched, within its request budget', async () => {
    await seedProducts(database.db, [{ asin: 'B0UTENSIL3', pricePence: 3900, priceAsOf: new Date(now.getTime() - 3 * 86_400_000) }]);
    fake.setOffer('B0UTENSIL1', { pricePence: 1199, listPricePence: 1999, savingBasisType: 'LIST_PRICE' });
    // The imported product's Amazon data is 23.5 hours old: due.
    await database.db
      .update(amazonItems)
      .set({ fetchedAt: new Date(now.getTime() - 23.5 * 3_600_000) })
      .where(eq(amazonItems.asin, 'B0UTENSIL1'));
    now = new Date(now.getTime() + 1000);
    const run = await runFreshnessPass({ db: database.db, amazon, clock: () => now }, { maxRequests: 1 });
    expect(run).toMatchObject({ requests: 1, failed: 0 });
    const [fresh] = await database.db.select().from(products).where(eq(products.asin, 'B0UTENSIL1'));
    expect(fresh!.pricePence).toBe(1199);
    const [never] = await database.db.select().from(products).where(eq(products.asin, 'B0UTENSIL3'));
    expect(never!.pricePence).toBe(3500);
    // The lease: a second pass within 15 minutes does nothing.
    expect(await runFreshnessPass({ db: database.db, amazon, clock: () => now }, { maxRequests: 1 })).toMatchObject({ requests: 0 });
  });
});
