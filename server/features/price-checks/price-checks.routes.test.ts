/**
 * Price-check routes through HTTP on a fresh PGlite (shopper-screens §7; admin-area §7; DESIGN.md
 * §4 "Visitors": no one can check or read another person's alerts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { createTestApp } from '../../test-support/test-app';
import { signInAsAdmin } from '../../test-support/admin-session';
import { checkAllResponseSchema, priceCheckLogSchema, priceCheckResultSchema } from '../../../common/api/price-checks.schema';
import { importNewPrice, seedAlerts, seedProducts, seedSubscriber, visitorToken } from './price-check.test-support';

let database: Database;
let app: App;
let close: () => Promise<void>;
let now = new Date('2026-06-01T10:00:00Z');
let nudges = 0;
let aliceToken: string;
let bobToken: string;
let aliceAlerts: number[];
let bobAlerts: number[];

beforeAll(async () => {
  const env = testEnv({ PUBLIC_URL: 'https://deals.example', PRICE_SOURCE_RATE_PER_SECOND: '100' });
  ({ app, database, close } = await createTestApp({
    env,
    clock: () => now,
    notifyOutbox: () => {
      nudges += 1;
    },
  }));
  const at = new Date('2026-05-31T10:00:00Z');
  await seedProducts(database.db, [
    { asin: 'B0ROUTE001', title: 'Dyson V8 Cordless Vacuum', pricePence: 24999, priceAsOf: at },
    { asin: 'B0ROUTE002', title: 'Kindle Paperwhite', pricePence: 12999, priceAsOf: at },
  ]);
  await seedSubscriber(database.db, 'alice@example.com', 'confirmed', at);
  aliceAlerts = await seedAlerts(database.db, [
    { email: 'alice@example.com', asin: 'B0ROUTE001', currentPricePence: 24999 },
    { email: 'alice@example.com', asin: 'B0ROUTE002', currentPricePence: 12999 },
  ]);
  bobAlerts = await seedAlerts(database.db, [{ email: 'bob@example.com', asin: 'B0ROUTE001', currentPricePence: 24999 }]);
  aliceToken = await visitorToken(database.db, 'alice@example.com', at);
  bobToken = await visitorToken(database.db, 'bob@example.com', at);
});

afterAll(() => close?.());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/deal-alerts/:id/check-price', () => {
  it('answers 401 without a valid visitor token', async () => {
    const none = await app.inject({ method: 'POST', url: `/api/deal-alerts/${aliceAlerts[0]}/check-price` });
    expect(none.statusCode).toBe(401);
    const wrong = await app.inject({
      method: 'POST',
      url: `/api/deal-alerts/${aliceAlerts[0]}/check-price`,
      headers: auth('x'.repeat(43)),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'Unauthorized' });
  });

  it("answers 404 alike for another address's alert and for an unknown id", async () => {
    const other = await app.inject({ method: 'POST', url: `/api/deal-alerts/${bobAlerts[0]}/check-price`, headers: auth(aliceToken) });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: 'Not Found' });
    const unknown = await app.inject({ method: 'POST', url: '/api/deal-alerts/999999/check-price', headers: auth(aliceToken) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/^id: /);
    const bad = await app.inject({ method: 'POST', url: '/api/deal-alerts/abc/check-price', headers: auth(aliceToken) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id: /);
  });

  it("checks the owner's alert and reports the drop", async () => {
    now = new Date('2026-06-01T11:00:00Z');
    await importNewPrice(database.db, 'B0ROUTE001', 19999, new Date('2026-06-01T10:30:00Z'));
    const before = nudges;
    const res = await app.inject({ method: 'POST', url: `/api/deal-alerts/${aliceAlerts[0]}/check-price`, headers: auth(aliceToken) });
    expect(res.statusCode).toBe(200);
    const result = priceCheckResultSchema.parse(res.json());
    expect(result).toEqual({
      alertId: aliceAlerts[0],
      asin: 'B0ROUTE001',
      productTitle: 'Dyson V8 Cordless Vacuum',
      originalPrice: '249.99',
      currentPrice: '199.99',
      priceChange: '-50.00',
      priceChangePercent: -20,
      isPriceDrop: true,
      apiWorking: true,
      status: 'drop',
      asOf: '2026-06-01T10:30:00.000Z',
    });
    // A price-drop e-mail was queued, so the sender was nudged.
    expect(nudges).toBe(before + 1);
  });
});

describe('POST /api/deal-alerts/check-all-prices', () => {
  it("checks every alert of the token's address", async () => {
    const res = await app.inject({ method: 'POST', url: '/api/deal-alerts/check-all-prices', headers: auth(aliceToken) });
    expect(res.statusCode).toBe(200);
    const body = checkAllResponseSchema.parse(res.json());
    expect(body.totalChecked).toBe(2);
    expect(body.results.map((r) => [r.asin, r.status])).toEqual([
      ['B0ROUTE001', 'unchanged'],
      ['B0ROUTE002', 'unchanged'],
    ]);
  });

  it('checks the given address with its own token, and refuses another address or no token', async () => {
    const own = await app.inject({
      method: 'POST',
      url: '/api/deal-alerts/check-all-prices?email=Bob@Example.com',
      headers: auth(bobToken),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().results).toMatchObject([{ alertId: bobAlerts[0], status: 'drop', currentPrice: '199.99' }]);
    const other = await app.inject({
      method: 'POST',
      url: '/api/deal-alerts/check-all-prices?email=alice@example.com',
      headers: auth(bobToken),
    });
    expect(other.statusCode).toBe(403);
    const none = await app.inject({ method: 'POST', url: '/api/deal-alerts/check-all-prices?email=alice@example.com' });
    expect(none.statusCode).toBe(401);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/deal-alerts/check-all-prices?email=not-an-address',
      headers: auth(bobToken),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^email: /);
  });
});

describe('GET /api/price-check-logs', () => {
  it('answers 401 without an admin session (issue 11), even with a visitor token', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/price-check-logs' });
    expect(none.statusCode).toBe(401);
    const visitor = await app.inject({ method: 'GET', url: '/api/price-check-logs', headers: auth(aliceToken) });
    expect(visitor.statusCode).toBe(401);
  });

  it('lists the latest runs, newest first, with details as JSON text', async () => {
    const admin = await signInAsAdmin(app, database, 'https://deals.example', 'owner@example.com', now);
    const res = await app.inject({ method: 'GET', url: '/api/price-check-logs', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const logs = res.json().logs.map((l: unknown) => priceCheckLogSchema.parse(l));
    expect(logs).toHaveLength(3);
    // Shoppers' own checks are logged as theirs, never as the owners' 'manual' (issue 29).
    expect(logs.map((l: { triggerType: string }) => l.triggerType)).toEqual(['shopper', 'shopper', 'shopper']);
    expect(logs[0].id).toBeGreaterThan(logs[1].id);
    const first = logs[2];
    expect(first).toMatchObject({ alertsChecked: 1, successfulChecks: 1, failedChecks: 0, sourceCalls: 1 });
    expect(JSON.parse(first.details)).toEqual([
      {
        productTitle: 'Dyson V8 Cordless Vacuum',
        asin: 'B0ROUTE001',
        originalPrice: '249.99',
        newPrice: '199.99',
        priceChange: '-50.00',
        priceChangePercent: -20,
        success: true,
      },
    ]);
  });
});
