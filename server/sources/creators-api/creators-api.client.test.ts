/**
 * The Creators API client against the fake server on loopback (issue 14 "Tests"): token caching and
 * refresh on 401, both credential versions, 429 back-off, 5xx retries, 400 never retried, 403
 * fallback to the catalogue with the hourly retry, shuffled item order, partial errors, the shared
 * rate limit (from the fake's own arrival log) across callers and instances, admin priority and the
 * daily limit. A real in-memory database holds the shared bucket. No request leaves the machine.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { amazonApiCalls, amazonApiState, amazonItems } from '../../db/schema/amazon-api.schema';
import { seedProducts } from '../../features/price-checks/price-check.test-support';
import { createTestDatabase } from '../../test-support/test-db';
import { CATALOGUE_SOURCE_NAME } from '../catalogue.source';
import { CreatorsApiError, QuotaExhaustedError } from './creators-api-errors';
import { createTokenProvider } from './creators-api-token';
import { shopperLimitOf } from './quota-limiter';
import { captureLog, connectToFake, maxInWindow, startFakeCreatorsApi, type FakeCreatorsApi } from './fake-creators-api.test-support';

let database: Database;
let fake: FakeCreatorsApi;
const FAST = 50;

const testProducts = Array.from({ length: 30 }, (_, i) => ({
  asin: `B0TEST${String(i).padStart(4, '0')}`,
  title: `Test kettle number ${i}`,
  pricePence: 1000 + i * 10,
  categoryName: 'Kettles',
}));
const asins = (from: number, count: number) => testProducts.slice(from, from + count).map((p) => p.asin);

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeCreatorsApi({ ratePerSecond: FAST, realCatalogue: false, products: testProducts });
});

afterAll(async () => {
  await fake?.close();
  await database?.close();
});

beforeEach(async () => {
  fake.denyAccess(false);
  fake.setRate(FAST);
  // Each test starts with a fresh day's bucket and no denial.
  await database.db.delete(amazonApiState);
  await database.db.delete(amazonApiCalls);
});

const statuses = (from: number) => fake.log.slice(from).map((e) => e.status);

describe('tokens', () => {
  it('one token serves many calls, and concurrent first calls share one token request', async () => {
    const { connection } = connectToFake(fake, database.db, { ratePerSecond: FAST });
    const before = fake.tokensIssued;
    await Promise.all([
      connection.client.getItems(asins(0, 2)),
      connection.client.getItems(asins(2, 2)),
      connection.client.getItems(asins(4, 2)),
    ]);
    await connection.client.getItems(asins(6, 2));
    expect(fake.tokensIssued - before).toBe(1);
  });

  it('a 401 TokenExpired fetches a new token once and the call succeeds', async () => {
    const { connection } = connectToFake(fake, database.db, { ratePerSecond: FAST });
    await connection.client.getItems(asins(0, 1));
    const issued = fake.tokensIssued;
    const from = fake.log.length;
    fake.expireTokens();
    const result = await connection.client.getItems(asins(0, 3));
    expect([...result.products.keys()].sort()).toEqual(asins(0, 3));
    expect(statuses(from)).toEqual([401, 200]);
    expect(fake.tokensIssued).toBe(issued + 1);
  });

  it('a token is reused until about 60 s before it expires, then refreshed', async () => {
    let now = Date.parse('2026-06-01T10:00:00Z');
    const tokens = createTokenProvider({
      tokenUrl: fake.tokenUrl,
      version: '3.2',
      credentialId: fake.credentialId,
      credentialSecret: fake.credentialSecret,
      now: () => now,
    });
    const first = await tokens.get();
    now += 3_539_000;
    expect(await tokens.get()).toBe(first);
    now += 2_000;
    const second = await tokens.get();
    expect(second).not.toBe(first);
    expect(tokens.authorization(second)).toBe(`Bearer ${second}`);
  });

  it('version 2.2 uses the form-encoded token endpoint and "Bearer <token>, Version 2.2"', async () => {
    const { connection } = connectToFake(fake, database.db, { ratePerSecond: FAST, version: '2.2' });
    const result = await connection.client.getItems(asins(0, 2));
    expect(result.products.size).toBe(2);
    expect(connection.tokens.authorization('abc')).toBe('Bearer abc, Version 2.2');
  });

  it('wrong credentials fail with a 401 InvalidClient that names no secret', async () => {
    const { connection } = connectToFake(fake, database.db, {
      ratePerSecond: FAST,
      env: { AMAZON_CREDENTIAL_SECRET: 'wrong-secret-value' },
    });
    const error = await connection.client.getItems(asins(0, 1)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CreatorsApiError);
    expect(error).toMatchObject({ status: 401, reason: 'invalid_client' });
    expect(String((error as Error).message)).not.toContain('wrong-secret-value');
  });
});

describe('errors', () => {
  it('429 with retryAfterSeconds waits that long (every caller held) before the retry succeeds', async () => {
    const { connection } = connectToFake(fake, database.db, { ratePerSecond: FAST });
    const from = fake.log.length;
    fake.failNext(429, { type: 'ThrottleException', message: 'throttled', retryAfterSeconds: 1 });
    await connection.client.getItems(asins(0, 2));
    const [throttled, retried] = fake.log.slice(from);
    expect([throttled!.status, retried!.status]).toEqual([429, 200]);
    expect(retried!.at - throttled!.at).toBeGreaterThanOrEqual(1000);
  });

  it('429 with only a Retry-After header honours the header', async () => {
    const { connection } = connectToFake(fake, database.db, { ratePerSecond: FAST });
    const from = fake.log.length;
    fake.failNext(429, { type: 'ThrottleException', message: 'throttled' }, 1, 1);
    await connection.client.getItems(asins(0, 1));
    const [throttled, retried] = fake.log.slice(from);
    expect(retried!.at - throttled!.at).toBeGreaterThanOrEqual(1000);
  });

  it('5xx answers are retried with backoff until one succeeds; too many fail the call', async () => {
    const { connection } = connectToFake(fake, database.db, { ratePerSecond: FAST });
    let from = fake.log.length;
    fake.failNext(500, { type: 'InternalServerException', message: 'oops' }, 2);
    await connection.client.getItems(asins(0, 1));
    expect(statuses(from)).toEqual([500, 500, 200]);
    from = fake.log.length;
    fake.failNext(503, { type: 'InternalServerException', message: 'down' }, 4);
    await expect(connection.client.getItems(asins(0, 1))).rejects.toMatchObject({ status: 503 });
    expect(statuses(from)).toEqual([503, 503, 503, 503]);
  });

  it('400 is logged with its fieldList and never retried', async () => {
    const log = captureLog();
    const { connection } = connectToFake(fake, database.db, { ratePerSecond: FAST, log });
    const from = fake.log.length;
    fake.failNext(400, {
      type: 'ValidationException',
      message: 'Request validation failed.',
      reason: 'FieldValidationFailed',
      fieldList: ['partnerTag'],
    });
    await expect(connection.client.getItems(asins(0, 1))).rejects.toMatchObject({ status: 400, fieldList: ['partnerTag'] });
    expect(statuses(from)).toEqual([400]);
    expect(log.lines).toContainEqual(
      expect.objectContaining({ level: 'warn', details: expect.objectContaining({ fieldList: ['partnerTag'], operation: 'getItems' }) }),
    );
  });

  it('more than 10 ASINs or a malformed one is refused before any request', async () => {
    const { connection } = connectToFake(fake, database.db, { ratePerSecond: FAST });
    const from = fake.log.length;
    await expect(connection.client.getItems(asins(0, 11))).rejects.toThrow(RangeError);
    await expect(connection.client.getItems(['not-an-asin'])).rejects.toThrow(RangeError);
    expect(fake.log.length).toBe(from);
  });

  it('the fake itself refuses PascalCase names and 11 ASINs with 400 FieldValidationFailed', async () => {
    const { connection } = connectToFake(fake, database.db, { ratePerSecond: FAST });
    const token = await connection.tokens.get();
    const post = (body: unknown) =>
      fetch(`${fake.url}/catalog/v1/getItems`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-marketplace': 'www.amazon.co.uk', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const pascal = await post({
      ItemIds: asins(0, 1),
      PartnerTag: 'x-21',
      Marketplace: 'www.amazon.co.uk',
      marketplace: 'www.amazon.co.uk',
    });
    expect(pascal.status).toBe(400);
    expect(await pascal.json()).toMatchObject({ reason: 'FieldValidationFailed', fieldList: ['ItemIds', 'PartnerTag', 'Marketplace'] });
    const eleven = await post({ itemIds: asins(0, 11), partnerTag: 'x-21', marketplace: 'www.amazon.co.uk' });
    expect(await eleven.json()).toMatchObject({ fieldList: ['itemIds'] });
  });
});

describe('answers', () => {
  it('items come back shuffled and are matched on their ASIN', async () => {
    const { connection } = connectToFake(fake, database.db, { ratePerSecond: FAST });
    const token = await connection.tokens.get();
    const wanted = asins(10, 10);
    const raw = (await (
      await fetch(`${fake.url}/catalog/v1/getItems`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-marketplace': 'www.amazon.co.uk', authorization: `Bearer ${token}` },
        body: JSON.stringify({ itemIds: wanted, partnerTag: 'x-21', marketplace: 'www.amazon.co.uk' }),
      })
    ).json()) as { itemsResult: { items: Array<{ asin: string }> } };
    expect(raw.itemsResult.items.map((i) => i.asin)).not.toEqual(wanted);

    const result = await connection.client.getItems(wanted);
    for (const product of testProducts.slice(10, 20)) {
      expect(result.products.get(product.asin)).toMatchObject({ title: product.title, pricePence: product.pricePence, available: true });
    }
  });

  it('an ItemNotAccessible ASIN gets a quote without a price and is stored as unavailable; the others are priced', async () => {
    const { connection } = connectToFake(fake, database.db, { ratePerSecond: FAST });
    const [blocked, ...rest] = asins(20, 4);
    fake.setNotAccessible([blocked!]);
    const quotes = await connection.source.lookup([blocked!, ...rest]);
    expect(quotes.get(blocked!)).toMatchObject({ pricePence: null });
    for (const asin of rest) expect(quotes.get(asin)?.pricePence).toBe(testProducts.find((p) => p.asin === asin)!.pricePence);
    const [row] = await database.db.select().from(amazonItems).where(eq(amazonItems.asin, blocked!));
    expect(row).toMatchObject({ availability: 'NOT_ACCESSIBLE', available: false });
  });

  it('a search answers products in pence within the price limit', async () => {
    const { connection } = connectToFake(fake, database.db, { ratePerSecond: FAST });
    const result = await connection.client.searchItems({ keywords: 'kettle', itemCount: 5, maxPricePence: 1050 });
    expect(result.products).toHaveLength(5);
    expect(result.products.every((p) => p.pricePence !== null && p.pricePence <= 1050)).toBe(true);
    expect(result.totalResultCount).toBe(6);
  });
});

describe('403 AssociateNotEligible', () => {
  it('falls back to the catalogue, records the banner state, waits an hour, then returns to Amazon', async () => {
    const log = captureLog();
    let now = new Date();
    const { connection } = connectToFake(fake, database.db, { ratePerSecond: FAST, log, clock: () => now });
    const asin = asins(25, 1)[0]!;
    await seedProducts(database.db, [{ asin, pricePence: 4321, priceAsOf: new Date('2026-01-01T00:00:00Z') }]);
    fake.denyAccess(true);
    const from = fake.log.length;

    const denied = await connection.source.lookup([asin]);
    expect(denied.get(asin)).toMatchObject({ pricePence: 4321 });
    expect(connection.source.name).toBe(CATALOGUE_SOURCE_NAME);
    const state = await connection.store.accessState();
    expect(state.deniedReason).toMatch(/AssociateNotEligible/);
    expect(state.retryAt!.getTime() - now.getTime()).toBe(60 * 60 * 1000);
    expect(statuses(from)).toEqual([403]);

    // Within the hour: the catalogue answers without asking Amazon.
    await connection.source.lookup([asin]);
    expect(fake.log.length).toBe(from + 1);

    // After the hour, with access back: Amazon answers and the state clears.
    fake.denyAccess(false);
    now = new Date(now.getTime() + 61 * 60 * 1000);
    const back = await connection.source.lookup([asin]);
    expect(back.get(asin)?.pricePence).toBe(testProducts[25]!.pricePence);
    expect((await connection.store.accessState()).deniedSince).toBeNull();
    expect(connection.source.name).toBe('creators-api');
  });
});

describe('quota', () => {
  it('never exceeds the rate: concurrent callers of one process start a full interval apart, and the fake never throttles', async () => {
    fake.setRate(5);
    const { connection } = connectToFake(fake, database.db, { ratePerSecond: 5 });
    await connection.tokens.get();
    const from = fake.log.length;
    await Promise.all(
      [0, 1, 2].map(async (i) => {
        for (let k = 0; k < 3; k += 1) await connection.client.getItems(asins(i * 3 + k, 1));
      }),
    );
    const entries = fake.log.slice(from);
    expect(entries.map((e) => e.status)).toEqual(Array(9).fill(200));
    // The fake stamps arrivals on a shared, busy event loop: it forgives 50 ms of jitter.
    expect(
      maxInWindow(
        entries.map((e) => e.at),
        950,
      ),
    ).toBeLessThanOrEqual(5);
    // The client's own start times (the call log) are about an interval (200 ms) apart. The limiter
    // spaces the slots; the log's time is read when the caller's code runs after its slot began,
    // which a busy event loop can delay for one call and not the next (163 ms apart in a CI run on
    // 2026-11-28, where 1 ms of rounding had been allowed). So the check allows 50 ms of such delay,
    // the jitter the fake forgives, and the rate itself is checked below: at most 5 in any second.
    // Without the limiter, the three callers' first calls would start together.
    const starts = (await database.db.select({ at: amazonApiCalls.at }).from(amazonApiCalls))
      .map((r) => r.at.getTime())
      .sort((a, b) => a - b);
    expect(starts).toHaveLength(9);
    expect(Math.min(...starts.slice(1).map((t, i) => t - starts[i]!))).toBeGreaterThanOrEqual(150);
    // The same 50 ms here: one start read late and the sixth on time fall 1,000 - d ms apart, six
    // "in a second" although their slots were a full second apart (6 in the official CI of
    // 2026-11-28, on a loaded machine). Without the limiter, all nine start within a few ms.
    expect(maxInWindow(starts, 950)).toBeLessThanOrEqual(5);
  });

  it('two instances on one database share the bucket: never throttled, never above the rate', async () => {
    fake.setRate(5);
    // The shared bucket spaces the calls' slots 200 ms apart; on a busy 2-CPU CI machine one call can
    // leave its process up to a few hundred ms late while the next leaves on time, so the fake judges
    // arrivals with 300 ms of slack (5 in any 700 ms). Without the shared bucket each instance would
    // send at 5/s on its own, 10/s together: 7 in 700 ms, which fails both checks.
    fake.setToleranceMs(300);
    const one = connectToFake(fake, database.db, { ratePerSecond: 5 }).connection;
    const two = connectToFake(fake, database.db, { ratePerSecond: 5 }).connection;
    await Promise.all([one.tokens.get(), two.tokens.get()]);
    const from = fake.log.length;
    await Promise.all(
      [one, two, one, two].map(async (c, i) => {
        for (let k = 0; k < 2; k += 1) await c.client.getItems(asins(i * 2 + k, 1));
      }),
    );
    fake.setToleranceMs(50);
    const entries = fake.log.slice(from);
    expect(entries.map((e) => e.status)).toEqual(Array(8).fill(200));
    expect(
      maxInWindow(
        entries.map((e) => e.at),
        700,
      ),
    ).toBeLessThanOrEqual(5);
  });

  it('admin calls go ahead of queued background calls', async () => {
    fake.setRate(20);
    const { connection } = connectToFake(fake, database.db, { ratePerSecond: 20 });
    await connection.tokens.get();
    const from = fake.log.length;
    const background = [0, 1, 2, 3].map((i) => connection.client.getItems(asins(i, 1), { priority: 'background' }));
    const admin = connection.client.searchItems({ keywords: 'kettle', itemCount: 1 }, { priority: 'admin' });
    await Promise.all([...background, admin]);
    const order = fake.log.slice(from).map((e) => e.operation);
    expect(order.indexOf('searchItems')).toBeLessThanOrEqual(1);
  });

  it('shopper calls (the similar-items fallback) come after admin calls and before background ones', async () => {
    fake.setRate(20);
    const { connection } = connectToFake(fake, database.db, { ratePerSecond: 20 });
    await connection.tokens.get();
    const from = fake.log.length;
    const background = [0, 1, 2, 3].map((i) => connection.client.getItems(asins(i, 1), { priority: 'background' }));
    const shopper = connection.client.searchItems({ keywords: 'kettle', itemCount: 2 }, { priority: 'shopper' });
    const admin = connection.client.searchItems({ keywords: 'kettle', itemCount: 1 }, { priority: 'admin' });
    await Promise.all([...background, shopper, admin]);
    expect(fake.log.slice(from).filter((e) => e.operation === 'searchItems')).toHaveLength(2);
    // In start order (the call log's ids): the first background calls may already hold their slots
    // (on a loaded CI machine, up to two: the callers reach the queue one database round trip
    // apart); then the admin search, then the shopper's, then the other background calls.
    const priorities = (
      await database.db.select({ priority: amazonApiCalls.priority }).from(amazonApiCalls).orderBy(amazonApiCalls.id)
    ).map((c) => c.priority);
    expect(priorities.slice(-2)).toEqual(['background', 'background']);
    expect(priorities.indexOf('admin')).toBeLessThan(priorities.indexOf('shopper'));
    expect(priorities.indexOf('shopper')).toBeLessThanOrEqual(3);
  });

  it('stops shopper calls at three quarters of the daily limit, background ones at the reserve, admin ones at the limit', async () => {
    expect([shopperLimitOf(1), shopperLimitOf(3), shopperLimitOf(8), shopperLimitOf(8640)]).toEqual([1, 2, 6, 6480]);
    const { connection } = connectToFake(fake, database.db, { ratePerSecond: FAST, dailyLimit: 8 });
    expect(connection.limiter).toMatchObject({ shopperLimit: 6, backgroundLimit: 7 });
    for (let i = 0; i < 6; i += 1) await connection.client.searchItems({ keywords: 'kettle', itemCount: 1 }, { priority: 'shopper' });
    await expect(connection.client.searchItems({ keywords: 'kettle', itemCount: 1 }, { priority: 'shopper' })).rejects.toBeInstanceOf(
      QuotaExhaustedError,
    );
    await connection.client.getItems(asins(0, 1), { priority: 'background' });
    await expect(connection.client.getItems(asins(1, 1), { priority: 'background' })).rejects.toBeInstanceOf(QuotaExhaustedError);
    await connection.client.getItems(asins(1, 1), { priority: 'admin' });
    expect(await database.db.select().from(amazonApiCalls)).toHaveLength(8);
  });

  it('stops background calls short of the daily limit, keeps the reserve for admin actions, then refuses everything', async () => {
    const { connection } = connectToFake(fake, database.db, { ratePerSecond: FAST, dailyLimit: 3 });
    expect(connection.limiter.backgroundLimit).toBe(2);
    await connection.client.getItems(asins(0, 1));
    await connection.client.getItems(asins(1, 1));
    const from = fake.log.length;
    await expect(connection.client.getItems(asins(2, 1))).rejects.toBeInstanceOf(QuotaExhaustedError);
    expect(fake.log.length).toBe(from);
    await connection.client.getItems(asins(2, 1), { priority: 'admin' });
    await expect(connection.client.getItems(asins(3, 1), { priority: 'admin' })).rejects.toBeInstanceOf(QuotaExhaustedError);
    const calls = await database.db.select().from(amazonApiCalls);
    expect(calls).toHaveLength(3);
  });
});
