/**
 * "Track any Amazon product" (issue 30), on the real app and database, with the fake Creators API on
 * loopback: a held product answers in_catalogue; one we lack is fetched within the shoppers' quota
 * share and added (fetched); without Amazon, or with the shoppers' share spent, or a product Amazon
 * lacks, it is recorded (requested, counted per ASIN) with an honest message; non-Amazon links,
 * other Amazon sites and short links are 400 naming `url`. The owners' list (admins only) shows the
 * most wanted first and drops a request once its product is held. A client's requests beyond the
 * hourly limit answer 429 (with production limits) and record nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackResponse } from '../../../common/api/product-track.schema';
import type { ProductRequestsResponse } from '../../../common/api/product-requests.admin.schema';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { connectToFake, startFakeCreatorsApi, type FakeCreatorsApi } from '../../sources/creators-api/fake-creators-api.test-support';
import { signInAsAdmin } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import { createTestDatabase } from '../../test-support/test-db';
import { seedProducts } from '../products/products.test-seed';
import { TRACK_LIMIT_PER_HOUR } from './track.routes';

let fake: FakeCreatorsApi;
let database: Database;
/** The app with Amazon configured, and one over the same database without it. */
let withAmazon: App;
let withoutAmazon: App;
const closers: Array<() => Promise<void>> = [];

const track = async (app: App, url: unknown) => {
  const res = await app.inject({ method: 'POST', url: '/api/products/track', payload: { url } });
  return { status: res.statusCode, body: res.json() as TrackResponse & { message: string } };
};

beforeAll(async () => {
  fake = await startFakeCreatorsApi({
    ratePerSecond: 50,
    realCatalogue: false,
    products: [
      { asin: 'B0TRACKAM1', title: 'Salter digital kitchen scale', pricePence: 1299, categoryName: 'Kitchen Scales', brand: 'Salter' },
      { asin: 'B0TRACKOOS', title: 'Out of stock kettle', pricePence: null, availability: 'OUT_OF_STOCK' },
    ],
  });
  database = await createTestDatabase();
  const { connection, env } = connectToFake(fake, database.db, { ratePerSecond: 50 });
  const a = await createTestApp({ database, env, amazon: connection, priceSource: connection.source });
  withAmazon = a.app;
  const b = await createTestApp({ database, env: testEnv() });
  withoutAmazon = b.app;
  closers.push(a.close, b.close);
  await seedProducts(database.db, [{ asin: 'B0TRACKHLD', title: 'Russell Hobbs kettle', pricePence: 2999 }]);
}, 30_000);

afterAll(async () => {
  for (const close of closers) await close();
  await database?.close();
  await fake?.close();
});

describe('POST /api/products/track', () => {
  it('answers in_catalogue with the product for a held product, from any usual link form', async () => {
    for (const url of [
      'B0TRACKHLD',
      'https://www.amazon.co.uk/dp/B0TRACKHLD',
      'https://www.amazon.co.uk/gp/product/B0TRACKHLD?psc=1',
      'https://www.amazon.co.uk/Russell-Hobbs-Kettle/dp/b0trackhld/ref=sr_1_1?keywords=kettle&qid=1',
    ]) {
      const { status, body } = await track(withoutAmazon, url);
      expect(status, url).toBe(200);
      expect(body).toMatchObject({ asin: 'B0TRACKHLD', status: 'in_catalogue', requestCount: null });
      expect(body.product).toMatchObject({ asin: 'B0TRACKHLD', title: 'Russell Hobbs kettle', price: '29.99' });
    }
    const calls = fake.log.length;
    await track(withAmazon, 'B0TRACKHLD');
    expect(fake.log.length).toBe(calls); // Amazon is not asked for a product we hold
  });

  it('refuses what is not an amazon.co.uk product link with a 400 naming url and why', async () => {
    const cases: Array<[unknown, RegExp]> = [
      ['https://www.argos.co.uk/product/8349024', /^url: must be an amazon\.co\.uk product link/],
      ['https://www.amazon.com/dp/B0TRACKHLD', /^url: this is a link to amazon\.com: we track amazon\.co\.uk prices only/],
      ['https://amzn.eu/d/5xYz9Ab', /^url: short links \(amzn\.eu, amzn\.to\) cannot be opened here/],
      ['https://www.amazon.co.uk/s?k=kettle', /^url: this amazon\.co\.uk link is not a product page/],
      ['', /^url: is required/],
      [undefined, /^url: is required/],
    ];
    for (const [url, message] of cases) {
      const { status, body } = await track(withAmazon, url);
      expect(status, String(url)).toBe(400);
      expect(body.message).toMatch(message);
    }
  });

  it('fetches a product we lack from Amazon (shopper priority), adds it and answers fetched', async () => {
    const before = fake.log.length;
    const { status, body } = await track(withAmazon, 'https://www.amazon.co.uk/Salter-Scale/dp/B0TRACKAM1?th=1');
    expect(status).toBe(200);
    expect(body).toMatchObject({ asin: 'B0TRACKAM1', status: 'fetched' });
    expect(body.product).toMatchObject({ asin: 'B0TRACKAM1', title: 'Salter digital kitchen scale', price: '12.99' });
    expect(fake.log.slice(before).map((e) => e.operation)).toEqual(['getItems']);
    // It is a catalogue product now, with its first price observation: the product page shows it.
    const page = await withoutAmazon.inject({ method: 'GET', url: '/api/products/B0TRACKAM1' });
    expect(page.statusCode).toBe(200);
    expect(page.json().history).toEqual([expect.objectContaining({ price: '12.99' })]);
    expect((await track(withAmazon, 'B0TRACKAM1')).body.status).toBe('in_catalogue');
  });

  it('records a product Amazon has no offer for, saying so', async () => {
    const { body } = await track(withAmazon, 'B0TRACKOOS');
    expect(body).toMatchObject({ asin: 'B0TRACKOOS', status: 'requested', product: null, requestCount: 1 });
    expect(body.message).toMatch(/Amazon has no price we can show for this product right now \(no current offer/);
  });

  it('without Amazon, records the request, counts repeats and says the owners add it (no date promised)', async () => {
    const first = await track(withoutAmazon, 'https://www.amazon.co.uk/dp/B0WANTED01');
    expect(first.body).toMatchObject({ asin: 'B0WANTED01', status: 'requested', product: null, requestCount: 1 });
    expect(first.body.message).toMatch(/does not fetch new products from Amazon by itself.*when they add it; we can't promise a date/);
    await track(withoutAmazon, 'B0WANTED01');
    const third = await track(withoutAmazon, 'https://www.amazon.co.uk/gp/product/B0WANTED01');
    expect(third.body.requestCount).toBe(3);
    expect(third.body.message).toMatch(/asked for 3 times so far/);
    await track(withoutAmazon, 'B0WANTED02');
  });

  it("records the request once the shoppers' share of today's quota is spent, naming when to try again", async () => {
    // A connection whose daily limit today's calls have already used: shopper calls are refused.
    const { connection, env } = connectToFake(fake, database.db, { ratePerSecond: 50, dailyLimit: 1 });
    const spent = await createTestApp({ database, env, amazon: connection, priceSource: connection.source });
    try {
      const before = fake.log.length;
      const { body } = await track(spent.app, 'B0TRACKQ01');
      expect(body).toMatchObject({ asin: 'B0TRACKQ01', status: 'requested', requestCount: 1 });
      expect(body.message).toMatch(
        /today's Amazon look-ups for shoppers are used up.*Try again after \d+ \w+ \d{4}, \d\d:\d\d \(UK time\)/,
      );
      expect(fake.log.length).toBe(before);
    } finally {
      await spent.app.close();
    }
  });

  it(`answers 429 once a client has made ${TRACK_LIMIT_PER_HOUR} requests in an hour (production limits), recording nothing; other clients go on`, async () => {
    // NODE_ENV=production: the limit as shoppers meet it (tests scale it ×100 otherwise).
    const prod = await createTestApp({ database, env: testEnv({ NODE_ENV: 'production' }) });
    const from = (remoteAddress: string, url: string) =>
      prod.app.inject({ method: 'POST', url: '/api/products/track', remoteAddress, payload: { url } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < TRACK_LIMIT_PER_HOUR; i += 1) statuses.push((await from('198.51.100.30', 'B0TRACKHLD')).statusCode);
      expect(statuses).toEqual(Array<number>(TRACK_LIMIT_PER_HOUR).fill(200));
      // Over the limit, a product we lack is neither fetched nor recorded as requested.
      const over = await from('198.51.100.30', 'B0RATELIM1');
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.json()).toMatchObject({ error: 'Too Many Requests' });
      const other = await from('198.51.100.31', 'B0TRACKHLD');
      expect(other.statusCode).toBe(200);
      expect(other.json()).toMatchObject({ asin: 'B0TRACKHLD', status: 'in_catalogue' });
    } finally {
      await prod.close();
    }
    const headers = await signInAsAdmin(withoutAmazon, database, testEnv().PUBLIC_URL);
    const listed = (
      await withoutAmazon.inject({ method: 'GET', url: '/api/admin/product-requests', headers })
    ).json() as ProductRequestsResponse;
    expect(listed.requests.map((r) => r.asin)).not.toContain('B0RATELIM1');
  });
});

describe('GET /api/admin/product-requests', () => {
  it('is for signed-in admins only', async () => {
    const res = await withoutAmazon.inject({ method: 'GET', url: '/api/admin/product-requests' });
    expect(res.statusCode).toBe(401);
  });

  it('lists the requests most wanted first, without products held since, with why a fetch failed', async () => {
    const headers = await signInAsAdmin(withoutAmazon, database, testEnv().PUBLIC_URL);
    const res = await withoutAmazon.inject({ method: 'GET', url: '/api/admin/product-requests?limit=2', headers });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ProductRequestsResponse;
    expect(body.amazonConfigured).toBe(false);
    expect(body.total).toBe(4); // B0WANTED01 (3), B0TRACKOOS, B0TRACKQ01, B0WANTED02
    expect(body.requests.map((r) => [r.asin, r.requestCount])).toEqual([
      ['B0WANTED01', 3],
      [expect.any(String), 1],
    ]);
    expect(body.requests[0]).toMatchObject({ amazonUrl: 'https://www.amazon.co.uk/dp/B0WANTED01', lastFetchError: null });
    const all = (
      await withoutAmazon.inject({ method: 'GET', url: '/api/admin/product-requests', headers })
    ).json() as ProductRequestsResponse;
    expect(all.requests.find((r) => r.asin === 'B0TRACKOOS')?.lastFetchError).toMatch(/no current offer/);
    // Once the product is held, its request leaves the list.
    await seedProducts(database.db, [{ asin: 'B0WANTED01', title: 'Now held', pricePence: 500 }]);
    const after = (
      await withoutAmazon.inject({ method: 'GET', url: '/api/admin/product-requests', headers })
    ).json() as ProductRequestsResponse;
    expect(after.requests.map((r) => r.asin)).not.toContain('B0WANTED01');
    expect(after.total).toBe(3);
    const bad = await withoutAmazon.inject({ method: 'GET', url: '/api/admin/product-requests?limit=0', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^limit: /);
  });
});
