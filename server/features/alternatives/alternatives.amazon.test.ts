/**
 * The similar-items fallback to Amazon's searchItems (issue 14 part 3), against the fake Creators
 * API on loopback: with too few similar products in our catalogue the answer is filled up from
 * Amazon (same price, link and tag rules, shopper priority, cached); with enough, Amazon is not
 * called; a failing or refusing API (500, 403) still answers the catalogue's items; without
 * credentials nothing is called. Real database, real app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SimilarItemsResponse } from '../../../common/api/alternatives.schema';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { amazonApiCalls } from '../../db/schema/amazon-api.schema';
import type { Env } from '../../env';
import type { CreatorsApiConnection } from '../../sources/creators-api/creators-api.connection';
import { connectToFake, startFakeCreatorsApi, type FakeCreatorsApi } from '../../sources/creators-api/fake-creators-api.test-support';
import { createTestApp } from '../../test-support/test-app';
import { createTestDatabase } from '../../test-support/test-db';
import { seedProducts } from '../products/products.test-seed';
import { AMAZON_SEARCH_ERROR_PAUSE_MS, AMAZON_SEARCH_TTL_MS } from './amazon-similar.service';
import { amazonSearchKeywords } from './title-query';

let app: App;
let database: Database;
let fake: FakeCreatorsApi;
let amazon: CreatorsApiConnection;
let env: Env;
let close: () => Promise<void>;
const start = new Date('2026-06-10T12:00:00Z');
let now = start;
/** Moves the app's clock past the fallback's pause after an error, so each test starts afresh. */
const later = () => (now = new Date(now.getTime() + AMAZON_SEARCH_ERROR_PAUSE_MS + 1_000));

const kitchen = { category: 'home-kitchen', categoryName: 'Kettles' };
const other = (category: string) => ({ category, categoryName: null });
const amazonKettle = (asin: string, title: string, pricePence: number, more = {}) => ({
  asin,
  title,
  pricePence,
  categoryName: 'Kettles',
  brand: 'Acme',
  ...more,
});

beforeAll(async () => {
  fake = await startFakeCreatorsApi({
    ratePerSecond: 50,
    realCatalogue: false,
    products: [
      // Amazon's matches for "russell hobbs glass electric": two cheaper, one dearer, one we already
      // list (our catalogue's cheaper neighbour) and the source itself.
      amazonKettle('B0AMZCHEA1', 'Russell Hobbs Glass Electric Kettle 1.5L Cheap', 1999, {
        listPricePence: 2999,
        savingBasisType: 'LIST_PRICE',
      }),
      amazonKettle('B0AMZCHEA2', 'Russell Hobbs Electric Glass Kettle Compact', 2499),
      amazonKettle('B0AMZDEAR1', 'Russell Hobbs Glass Electric Kettle Deluxe', 8999),
      amazonKettle('B0CATNEIG1', 'Russell Hobbs Glass Electric Kettle Steel Trim', 2999),
      amazonKettle('B0SOURCE01', 'Russell Hobbs Glass Electric Kettle 1.7 Litre', 3999),
      amazonKettle('B0AMZTOAS1', 'Breville Chrome Toaster Wide Slot Cheap', 999),
    ],
  });
  database = await createTestDatabase();
  ({ connection: amazon, env } = connectToFake(fake, database.db, { ratePerSecond: 50, clock: () => now }));
  ({ app, close } = await createTestApp({ database, env, amazon, priceSource: amazon.source, clock: () => now }));
  await seedProducts(database.db, [
    { ...kitchen, asin: 'B0SOURCE01', title: 'Russell Hobbs Glass Electric Kettle 1.7 Litre', pricePence: 3999, brand: 'Russell Hobbs' },
    { ...kitchen, asin: 'B0CATNEIG1', title: 'Russell Hobbs Glass Electric Kettle Steel Trim', pricePence: 2999, brand: 'Russell Hobbs' },
    // Each source below has its own category, so only its own neighbours match.
    // A toaster with five cheaper neighbours in our catalogue: enough, no call.
    { ...other('electronics'), asin: 'B0TOASTSRC', title: 'Breville Chrome Toaster Wide Slot', pricePence: 5000 },
    ...[1, 2, 3, 4, 5].map((n) => ({
      ...other('electronics'),
      asin: `B0TOASTER${n}`,
      title: `Breville Chrome Toaster Wide Slot Model ${n}`,
      pricePence: 2000 + n * 100,
    })),
    // Sources for the failure cases (their own words, so no cached search answers them).
    { ...other('sports-outdoors'), asin: 'B0FAILSRC1', title: 'Morphy Richards Accents Kettle Copper', pricePence: 4500 },
    { ...other('sports-outdoors'), asin: 'B0FAILNEI1', title: 'Morphy Richards Accents Kettle Copper Rose', pricePence: 3500 },
    { ...other('health-beauty'), asin: 'B0DENYSRC1', title: 'Swan Retro Dome Kettle Cream', pricePence: 3000 },
    { ...other('health-beauty'), asin: 'B0DENYNEI1', title: 'Swan Retro Dome Kettle Cream Small', pricePence: 2500 },
  ]);
});

afterAll(async () => {
  await close?.();
  await database?.close();
  await fake?.close();
});

async function similar(asin: string, a = app): Promise<SimilarItemsResponse> {
  const res = await a.inject({ method: 'GET', url: `/api/amazon/similar-items/${asin}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SimilarItemsResponse>();
}
const searches = () => fake.log.filter((e) => e.operation === 'searchItems').length;

describe('similar items fall back to Amazon searchItems when the catalogue has too few', () => {
  it('fills up with Amazon results after the catalogue items: cheaper only, not already listed, our price, link and tag rules', async () => {
    const before = searches();
    const body = await similar('B0SOURCE01');
    expect(searches()).toBe(before + 1);
    expect(body.products.map((p) => p.asin)).toEqual(['B0CATNEIG1', 'B0AMZCHEA1', 'B0AMZCHEA2']);
    expect(body.isFallback).toBe(false);
    expect(body.analysis?.rankings.map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(body.analysis?.analysis).toContain('on Amazon');
    const cheap = body.products[1]!;
    expect(cheap).toMatchObject({
      id: 'amazon:B0AMZCHEA1',
      price: '19.99',
      originalPrice: '29.99',
      discountPercent: 33,
      savingBasis: 'LIST_PRICE',
      asOf: now.toISOString(),
      productUrl: '/go/B0AMZCHEA1',
      rating: null,
    });
    expect(cheap.affiliateUrl).toContain(`tag=${env.AFFILIATE_TAG}`);
    // Issue 28: Amazon's matches are judged and explained as the catalogue's are.
    expect(body.analysis?.rankings[1]?.explanation).toBe('Same type: electric kettle · £20.00 cheaper · 1.5 L vs 1.7 L · 33% off RRP');
    // The catalogue's own item keeps its product page.
    expect(body.products[0]).toMatchObject({ productUrl: '/deals/B0CATNEIG1', price: '29.99' });
    // One request, with shopper priority, for the title's first four distinctive words.
    expect(amazonSearchKeywords('Russell Hobbs Glass Electric Kettle 1.7 Litre')).toBe('russell hobbs glass electric');
    const calls = await database.db.select().from(amazonApiCalls).where(eq(amazonApiCalls.operation, 'searchItems'));
    expect(calls.map((c) => c.priority)).toEqual(['shopper']);
  });

  it('answers later requests from its cache (quota), for at most 12 hours', async () => {
    const before = searches();
    expect((await similar('B0SOURCE01')).products).toHaveLength(3);
    expect(searches()).toBe(before);
    now = new Date(now.getTime() + AMAZON_SEARCH_TTL_MS);
    const body = await similar('B0SOURCE01');
    expect(searches()).toBe(before + 1);
    expect(body.products[1]?.asOf).toBe(now.toISOString());
  });

  it('does not call Amazon when the catalogue has enough', async () => {
    const before = searches();
    const body = await similar('B0TOASTSRC');
    expect(body.products).toHaveLength(5);
    expect(body.products.every((p) => p.asin.startsWith('B0TOASTER'))).toBe(true);
    expect(searches()).toBe(before);
  });

  it("still answers the catalogue's items when the API fails, then pauses before asking again", async () => {
    later();
    fake.failNext(500, { type: 'InternalServerException', message: 'boom' }, 4);
    const asked = fake.log.length;
    const body = await similar('B0FAILSRC1');
    // The client tried (and retried) the search; every attempt failed.
    expect(fake.log.slice(asked).map((e) => `${e.operation} ${e.status}`)).toEqual(Array(4).fill('searchItems 500'));
    expect(body.products.map((p) => p.asin)).toEqual(['B0FAILNEI1']);
    expect(body.error).toBeNull();
    const before = searches();
    expect((await similar('B0FAILSRC1')).products.map((p) => p.asin)).toEqual(['B0FAILNEI1']);
    expect(searches()).toBe(before);
  });

  it('on 403 answers the catalogue, records the denial for the admin banner and stops asking until the hourly retry', async () => {
    later();
    fake.denyAccess(true);
    try {
      const asked = fake.log.length;
      const body = await similar('B0DENYSRC1');
      expect(fake.log.slice(asked).map((e) => `${e.operation} ${e.status}`)).toEqual(['searchItems 403']);
      expect(body.products.map((p) => p.asin)).toEqual(['B0DENYNEI1']);
      const access = await amazon.store.accessState();
      expect(access.deniedSince).not.toBeNull();
      const before = fake.log.length;
      later();
      expect((await similar('B0DENYSRC1')).products.map((p) => p.asin)).toEqual(['B0DENYNEI1']);
      expect(fake.log.length).toBe(before);
    } finally {
      fake.denyAccess(false);
      await amazon.store.clearAccessDenied();
    }
  });

  it('without credentials never calls Amazon', async () => {
    later();
    const plain = await createTestApp({ database, clock: () => now });
    try {
      const before = fake.log.length;
      const body = await similar('B0DENYSRC1', plain.app);
      expect(body.products.map((p) => p.asin)).toEqual(['B0DENYNEI1']);
      expect(fake.log.length).toBe(before);
    } finally {
      await plain.close();
    }
  });
});
