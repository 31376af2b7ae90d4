import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fc from 'fast-check';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { createTestApp } from '../../test-support/test-app';
import type { CurrentPriceResponse, Product, ProductDetailResponse, Suggestion } from '../../../common/api/products.schema';
import { seedObservations, seedProducts } from './products.test-seed';

const now = new Date('2025-06-01T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 60 * 60 * 1000);

let database: Database;
let app: App;
let close: () => Promise<void>;
const asin: Record<string, string> = {};

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env: testEnv({ AFFILIATE_TAG: 'testtag-21' }), clock: () => now }));
  const items = {
    galaxyS23: {
      title: 'Samsung Galaxy S23 Smartphone 128GB Phantom Black',
      pricePence: 59900,
      listPricePence: 84900,
      savingBasisType: 'LIST_PRICE',
      trendingScore: 95,
      imageUrl: 'https://m.media-amazon.com/images/I/s23.jpg',
    },
    galaxyTab: {
      title: 'Samsung Galaxy Tab A9 Tablet',
      pricePence: 14900,
      observedHigh30dPence: 17900,
      observedLow30dPence: 14900,
      referencePricePence: 17900,
      lowestIn30Days: true,
      trendingScore: 80,
    },
    samsungTv: { title: 'Samsung 55 inch Crystal UHD 4K Smart TV', pricePence: 39900, trendingScore: 70 },
    samsungSsd: { title: 'Samsung 990 PRO 2TB NVMe SSD', pricePence: 15999, listPricePence: 15999, trendingScore: 60 },
    samsungBuds: {
      title: 'Samsung Galaxy Buds2 Pro Earbuds',
      pricePence: 9900,
      listPricePence: 21900,
      savingBasisType: 'WAS_PRICE',
      trendingScore: 50,
    },
    samsungWatch: { title: 'Samsung Galaxy Watch6 Smartwatch', pricePence: 18900, trendingScore: 40 },
    samsungCharger: { title: 'Samsung 25W USB-C Fast Charger', pricePence: 1299, listPricePence: 1999, trendingScore: 30 },
    samsungCable: { title: 'Samsung USB-C to USB-C Cable 1m', pricePence: 799, trendingScore: 20 },
    kettle: { title: 'Russell Hobbs Kettle 1.7L', pricePence: 2499, listPricePence: 2999, trendingScore: 99, priceAsOf: daysAgo(2) },
    // Same whole percent as the charger (35 %): the higher trending score comes first.
    toaster: { title: 'Breville 2-Slice Toaster', pricePence: 1950, listPricePence: 3000, trendingScore: 35 },
    pricier: { title: 'Headphones with list price below price', pricePence: 5000, listPricePence: 4000, trendingScore: 10 },
  };
  const names = Object.keys(items) as Array<keyof typeof items>;
  const seeded = await seedProducts(
    database.db,
    names.map((n) => items[n]),
  );
  names.forEach((n, i) => (asin[n] = seeded[i]?.asin as string));
  const kettle = seeded[names.indexOf('kettle')] as { id: number; asin: string };
  await seedObservations(database.db, kettle, [
    { pricePence: 2799, observedAt: daysAgo(40) },
    { pricePence: 3199, observedAt: daysAgo(400) },
    { pricePence: 2499, observedAt: daysAgo(2) },
    { pricePence: 2999, observedAt: daysAgo(200) },
  ]);
});

afterAll(() => close?.());

async function suggest(q: string) {
  return app.inject({ method: 'GET', url: '/api/products/suggestions', query: { q } });
}

describe('GET /api/products/suggestions', () => {
  it('answers at most 6 title prefix matches in search relevance (accessories last, then trending), with price and image', async () => {
    const res = await suggest('sams');
    expect(res.statusCode).toBe(200);
    const { suggestions } = res.json<{ suggestions: Suggestion[] }>();
    // Eight Samsung products match; the charger and the cable (accessories, the least trending) are left out.
    expect(suggestions.map((s) => s.asin).sort()).toEqual(
      ['galaxyS23', 'galaxyTab', 'samsungTv', 'samsungSsd', 'samsungBuds', 'samsungWatch'].map((n) => asin[n]).sort(),
    );
    expect(suggestions[0]).toEqual({
      asin: asin.galaxyS23,
      title: 'Samsung Galaxy S23 Smartphone 128GB Phantom Black',
      price: '599.00',
      imageUrl: 'https://m.media-amazon.com/images/I/s23.jpg',
      asOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('matches the prefix of a later word, and every word must match', async () => {
    const titles = async (q: string) => (await suggest(q)).json<{ suggestions: Suggestion[] }>().suggestions.map((s) => s.title);
    expect(await titles('smartw')).toEqual(['Samsung Galaxy Watch6 Smartwatch']);
    expect(await titles('galaxy ear')).toEqual(['Samsung Galaxy Buds2 Pro Earbuds']);
    expect(await titles('KETT')).toEqual(['Russell Hobbs Kettle 1.7L']);
    expect(await titles('usb-c cab')).toEqual(['Samsung USB-C to USB-C Cable 1m']);
    expect(await titles('zz')).toEqual([]);
  });

  it('needs at least 2 characters after trimming', async () => {
    for (const q of ['', 's', '  s  ']) {
      const res = await suggest(q);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain('q: must be at least 2 characters');
    }
    const missing = await app.inject({ method: 'GET', url: '/api/products/suggestions' });
    expect(missing.statusCode).toBe(400);
  });

  // Issue 28: choosing a 140-character suggestion put its whole title in the box, and the next
  // suggestions call answered 400. Longer text is read up to its first 100 characters instead.
  it('reads a text longer than 100 characters up to its first 100, never answering 400', async () => {
    const title = 'Samsung Galaxy S23 Smartphone 128GB Phantom Black';
    const pasted = `  ${title}, ${title}, ${title}  `;
    expect(pasted.trim().length).toBeGreaterThan(140);
    const res = await suggest(pasted);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ suggestions: Suggestion[] }>().suggestions.map((s) => s.title)).toEqual([title]);

    // 99 letters and an emoji (two UTF-16 units) at the cut: the emoji is left out whole.
    const atCut = await suggest(`${'s'.repeat(99)}\u{1F600}more`);
    expect(atCut.statusCode, atCut.body).toBe(200);
    const huge = await suggest('samsung '.repeat(500));
    expect(huge.statusCode, huge.body).toBe(200);
    expect(huge.json<{ suggestions: Suggestion[] }>().suggestions).toHaveLength(6);
  });

  it('treats SQL and tsquery syntax as plain text', async () => {
    for (const q of ["'); drop table products; --", "sams' | 'x", 'sams:* | !a', '(sams', '\\\\', '!!', '&&', "''", '<->', 'sams & | !']) {
      const res = await suggest(q);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    }
    expect((await suggest('sams & | !')).json<{ suggestions: Suggestion[] }>().suggestions).toHaveLength(6);
    expect((await suggest('sams')).json<{ suggestions: Suggestion[] }>().suggestions).toHaveLength(6);
  });

  it('never fails on any text (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', minLength: 2, maxLength: 60 }).filter((s) => [...s.trim()].length >= 2), // characters are code points: "𐀀" is one
        async (q) => {
          const res = await suggest(q);
          return res.statusCode === 200 && res.json<{ suggestions: Suggestion[] }>().suggestions.length <= 6;
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('GET /api/amazon/top-discounted', () => {
  it('answers substantiated discounts only, largest percent first, ties by trending score', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/amazon/top-discounted' });
    expect(res.statusCode).toBe(200);
    const { products } = res.json<{ products: Product[] }>();
    // Buds 55 %, S23 29 %... percent as shown on the badge.
    expect(products.map((p) => [p.asin, p.discountPercent])).toEqual([
      [asin.samsungBuds, 55],
      [asin.toaster, 35],
      [asin.samsungCharger, 35],
      [asin.galaxyS23, 29],
      [asin.kettle, 17],
      [asin.galaxyTab, 17],
    ]);
    expect(products.find((p) => p.asin === asin.galaxyTab)).toMatchObject({ savingBasis: 'TRACKED_PRICE', lowestIn30Days: true });
    expect(products.find((p) => p.asin === asin.samsungBuds)).toMatchObject({
      savingBasis: 'WAS_PRICE',
      savingBasisLabel: 'Was',
      originalPrice: '219.00',
    });
  });
});

describe('GET /api/amazon/current-price/:asin', () => {
  it('answers the stored price, its substantiated original and when it was observed', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/amazon/current-price/${asin.kettle}` });
    expect(res.statusCode).toBe(200);
    expect(res.json<CurrentPriceResponse>()).toEqual({
      asin: asin.kettle,
      currentPrice: '24.99',
      originalPrice: '29.99',
      savingBasis: 'LIST_PRICE',
      asOf: daysAgo(2).toISOString(),
    });
    const plain = await app.inject({ method: 'GET', url: `/api/amazon/current-price/${asin.samsungTv}` });
    expect(plain.json<CurrentPriceResponse>()).toMatchObject({ currentPrice: '399.00', originalPrice: null, savingBasis: null });
  });

  it('accepts a lower-case ASIN', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/amazon/current-price/${asin.kettle?.toLowerCase()}` });
    expect(res.statusCode).toBe(200);
    expect(res.json<CurrentPriceResponse>().asin).toBe(asin.kettle);
  });

  it('answers 400 for a malformed ASIN and 404 for an unknown one', async () => {
    for (const bad of ['abc', 'B0123456789', 'B01234567%21', "B0'OR'1=1"]) {
      const res = await app.inject({ method: 'GET', url: `/api/amazon/current-price/${encodeURIComponent(bad)}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ message: string }>().message).toContain('asin: must be a 10-character ASIN');
    }
    const res = await app.inject({ method: 'GET', url: '/api/amazon/current-price/B000000000' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not Found', message: 'No product with ASIN B000000000' });
  });
});

describe('GET /api/products/:asin', () => {
  it('answers the product and its last 365 days of prices, with the price in effect when they began, oldest first', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/products/${asin.kettle}` });
    expect(res.statusCode).toBe(200);
    const body = res.json<ProductDetailResponse>();
    expect(body.product).toMatchObject({
      asin: asin.kettle,
      title: 'Russell Hobbs Kettle 1.7L',
      price: '24.99',
      originalPrice: '29.99',
      affiliateUrl: `https://www.amazon.co.uk/dp/${asin.kettle}?tag=testtag-21&linkCode=osi&th=1&psc=1`,
    });
    expect(body.history).toEqual([
      // Seen 400 days ago and still in effect when the 365-day window opened: a dated record.
      { price: '31.99', observedAt: daysAgo(400).toISOString() },
      { price: '29.99', observedAt: daysAgo(200).toISOString() },
      { price: '27.99', observedAt: daysAgo(40).toISOString() },
      { price: '24.99', observedAt: daysAgo(2).toISOString() },
    ]);
  });

  it('answers an empty history for a product never observed', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/products/${asin.samsungTv}` });
    expect(res.json<ProductDetailResponse>().history).toEqual([]);
  });

  it('answers 400 for a malformed ASIN and 404 for an unknown one', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/products/not-an-asin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('asin: must be a 10-character ASIN');
    const unknown = await app.inject({ method: 'GET', url: '/api/products/B0NOTHERE0' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Not Found', message: 'No product with ASIN B0NOTHERE0' });
  });
});

describe('listing totals while the catalogue grows', () => {
  it('answers the new total as soon as products are written (the write bumps the catalogue version)', async () => {
    const books = async (page: number) => {
      const res = await app.inject({ method: 'POST', url: '/api/products/search', payload: { category: 'books', itemCount: 2, page } });
      return res.json<{ products: Product[]; total: number; totalPages: number }>();
    };
    expect(await books(1)).toMatchObject({ products: [], total: 0, totalPages: 0 });
    await seedProducts(database.db, [
      { title: 'The Hobbit', pricePence: 899, category: 'books', trendingScore: 3 },
      { title: 'Dune', pricePence: 999, category: 'books', trendingScore: 2 },
      { title: 'Emma', pricePence: 299, category: 'books', trendingScore: 1 },
    ]);
    const first = await books(1);
    expect(first.products.map((p) => p.title)).toEqual(['The Hobbit', 'Dune']);
    expect({ total: first.total, totalPages: first.totalPages }).toEqual({ total: 3, totalPages: 2 });
    const second = await books(2);
    expect(second.products.map((p) => p.title)).toEqual(['Emma']);
    expect(second.total).toBe(3);
  });
});
