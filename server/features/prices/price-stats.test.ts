/**
 * The trending score (docs/decisions/0002-trending-score.md) and the observed 30-day statistics
 * (DESIGN.md §4 "Honest prices": the highest price of the last 30 days as our own saving basis).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { priceObservations, products } from '../../db/schema/catalogue.schema';
import { createTestDatabase } from '../../test-support/test-db';
import {
  asStoredReal,
  computeTrendingScore,
  dropPercent,
  refreshProductStats,
  statsOfNewProduct,
  type NewProductValues,
  type TrendingInputs,
} from './price-stats';

const plain: TrendingInputs = {
  discountPercent: null,
  recentDropPercent: null,
  reviewCount: null,
  boughtLastMonth: null,
  isBestSeller: false,
  rating: null,
};

describe('computeTrendingScore', () => {
  it('is 0 with nothing to go on, and follows the documented formula', () => {
    expect(computeTrendingScore(plain)).toBe(0);
    // 0.6·30 + 1.2·10 + 6·log10(1000) + 5·log10(100) + 8 + 6·(4.5 − 3.5)·1
    const full = computeTrendingScore({
      discountPercent: 30,
      recentDropPercent: 10,
      reviewCount: 999,
      boughtLastMonth: 99,
      isBestSeller: true,
      rating: 4.5,
    });
    expect(full).toBeCloseTo(18 + 12 + 18 + 10 + 8 + 6, 2);
  });

  it('ranks a fresh price drop above the same discount without one', () => {
    const old = computeTrendingScore({ ...plain, discountPercent: 25 });
    const fresh = computeTrendingScore({ ...plain, discountPercent: 25, recentDropPercent: 25 });
    expect(fresh).toBeGreaterThan(old);
  });

  it('caps implausible discounts and drops', () => {
    expect(computeTrendingScore({ ...plain, discountPercent: 99 })).toBe(computeTrendingScore({ ...plain, discountPercent: 80 }));
    expect(computeTrendingScore({ ...plain, recentDropPercent: 90 })).toBe(computeTrendingScore({ ...plain, recentDropPercent: 50 }));
  });

  it('trusts a rating only as far as its reviews go', () => {
    const fewReviews = computeTrendingScore({ ...plain, rating: 5, reviewCount: 1 });
    const manyReviews = computeTrendingScore({ ...plain, rating: 5, reviewCount: 100 });
    expect(manyReviews - 6 * Math.log10(101)).toBeCloseTo(9, 1);
    expect(fewReviews - 6 * Math.log10(2)).toBeCloseTo(9 / 25, 1);
    expect(computeTrendingScore({ ...plain, rating: 1, reviewCount: 25 })).toBe(0); // 8.49 for reviews − 15 for 1 star
  });

  const inputs = fc.record({
    discountPercent: fc.option(fc.double({ min: -50, max: 150, noNaN: true })),
    recentDropPercent: fc.option(fc.double({ min: -50, max: 150, noNaN: true })),
    reviewCount: fc.option(fc.integer({ min: -5, max: 5_000_000 })),
    boughtLastMonth: fc.option(fc.integer({ min: -5, max: 100_000 })),
    isBestSeller: fc.boolean(),
    rating: fc.option(fc.double({ min: 0, max: 5, noNaN: true })),
  });

  it('property: always a finite score ≥ 0 with at most two decimals', () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const score = computeTrendingScore(i);
        expect(Number.isFinite(score) && score >= 0).toBe(true);
        expect(Math.abs(score * 100 - Math.round(score * 100))).toBeLessThan(1e-6);
      }),
    );
  });

  it('property: never falls when the discount, the drop, the reviews or the units sold grow', () => {
    fc.assert(
      fc.property(
        inputs,
        fc.constantFrom('discountPercent', 'recentDropPercent', 'boughtLastMonth'),
        fc.integer({ min: 1, max: 1000 }),
        (i, key, more) => {
          const grown = { ...i, [key]: Math.max(0, i[key] ?? 0) + more };
          expect(computeTrendingScore(grown)).toBeGreaterThanOrEqual(computeTrendingScore(i));
        },
      ),
    );
  });

  it('dropPercent measures a fall only', () => {
    expect(dropPercent(2000, 1500)).toBe(25);
    expect(dropPercent(1500, 2000)).toBeNull();
    expect(dropPercent(null, 2000)).toBeNull();
  });
});

describe('refreshProductStats', () => {
  let database: Database;
  const now = new Date('2025-06-30T12:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  async function product(
    asin: string,
    pricePence: number,
    history: Array<[number, number]>,
    extra: Partial<typeof products.$inferInsert> = {},
  ) {
    const [row] = await database.db
      .insert(products)
      .values({ asin, title: asin, pricePence, ...extra })
      .returning({ id: products.id });
    const id = (row as { id: number }).id;
    if (history.length > 0) {
      await database.db
        .insert(priceObservations)
        .values(history.map(([d, p]) => ({ productId: id, asin, pricePence: p, source: 'test', observedAt: daysAgo(d) })));
    }
    return id;
  }

  async function stored(id: number) {
    const [row] = await database.db.select().from(products).where(eq(products.id, id));
    return row as typeof products.$inferSelect;
  }

  it('takes the 30-day high and low from the window plus the price in effect when it opened', async () => {
    // £50 from day 45 (still in effect when the window opens), £60 on day 20, £40 on day 3.
    const a = await product('B0STATS001', 4000, [
      [45, 5000],
      [20, 6000],
      [3, 4000],
    ]);
    // An old high (day 40) that ended before the window: it must not count.
    const b = await product('B0STATS002', 3000, [
      [40, 9000],
      [35, 3000],
    ]);
    const c = await product('B0STATS003', 1000, []);
    expect(await refreshProductStats(database.db, [a, b, c, a], now)).toBe(3);

    expect(await stored(a)).toMatchObject({ observedHigh30dPence: 6000, observedLow30dPence: 4000 });
    expect(await stored(b)).toMatchObject({ observedHigh30dPence: 3000, observedLow30dPence: 3000, trendingScore: 0 });
    expect(await stored(c)).toMatchObject({ observedHigh30dPence: null, observedLow30dPence: null, trendingScore: 0 });
    // a: discount 33 % against the observed high, and dropped 33 % from £60 (in effect 7 days ago) to £40.
    const expected = computeTrendingScore({ ...plain, discountPercent: 33, recentDropPercent: (2000 / 6000) * 100 });
    expect((await stored(a)).trendingScore).toBeCloseTo(expected, 1);
  });

  it('prefers the labelled saving basis for the discount, and ignores observations after now', async () => {
    const id = await product(
      'B0STATS004',
      5000,
      [
        [10, 5000],
        [-2, 9999],
      ],
      { listPricePence: 10000, savingBasisType: 'LIST_PRICE' },
    );
    await refreshProductStats(database.db, [id], now);
    const row = await stored(id);
    expect(row).toMatchObject({ observedHigh30dPence: 5000, observedLow30dPence: 5000 });
    expect(row.trendingScore).toBeCloseTo(computeTrendingScore({ ...plain, discountPercent: 50 }), 1);
  });

  it('works inside a transaction and does nothing for no ids', async () => {
    expect(await database.db.transaction((tx) => refreshProductStats(tx, [], now))).toBe(0);
  });

  // The importer stores statsOfNewProduct's answer with a new product instead of refreshing it
  // (issue 7): the two must agree on every statistics column, deals and ratings included.
  const newProduct: fc.Arbitrary<NewProductValues> = fc.record({
    pricePence: fc.integer({ min: 1, max: 100_000_000 }),
    listPricePence: fc.option(fc.integer({ min: 1, max: 120_000_000 })),
    savingBasisType: fc.option(fc.constantFrom('LIST_PRICE', 'WAS_PRICE', 'LOWEST_PRICE', 'LOWEST_PRICE_STRIKETHROUGH', 'OTHER')),
    reviewCount: fc.option(fc.integer({ min: 0, max: 5_000_000 })),
    boughtLastMonth: fc.option(fc.integer({ min: 0, max: 100_000 })),
    isBestSeller: fc.boolean(),
    // Feed ratings: one decimal, or any number of decimals (a real keeps about 7 digits).
    rating: fc.option(
      fc.oneof(
        fc.integer({ min: 1, max: 50 }).map((r) => r / 10),
        fc.double({ min: 0.001, max: 5, noNaN: true }),
      ),
    ),
  });

  it('property: statsOfNewProduct stores what refreshProductStats stores for a product first seen at now', async () => {
    let asin = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(newProduct, { minLength: 1, maxLength: 25 }), async (list) => {
        const ids: number[] = [];
        for (const values of list) {
          const id = await product(`B1NEW${String(asin++).padStart(5, '0')}`, values.pricePence, [[0, values.pricePence]], values);
          ids.push(id);
        }
        await refreshProductStats(database.db, ids, now);
        for (const [i, id] of ids.entries()) {
          const row = await stored(id);
          const expected = statsOfNewProduct(list[i] as NewProductValues, now);
          expect({
            high: row.observedHigh30dPence,
            low: row.observedLow30dPence,
            score: row.trendingScore,
            popularity: row.popularityScore,
            dealKind: row.dealKind,
            dealPercent: row.dealPercent,
            dealLabel: row.dealLabel,
            reference: row.referencePricePence,
            lowest30: row.lowestIn30Days,
          }).toEqual({ ...expected, score: asStoredReal(expected.score), popularity: asStoredReal(expected.popularity) });
        }
      }),
      { numRuns: 20 },
    );
  });

  it('statsOfNewProduct: a labelled saving is the only deal a new product can be, and a rating counts as stored', async () => {
    // 4.219845137 is stored as the real 4.2198453: with 100 reviews the score is 16.35, not the 16.34
    // the unrounded rating gives.
    const values: NewProductValues = {
      pricePence: 1999,
      listPricePence: 2999,
      savingBasisType: 'WAS_PRICE',
      reviewCount: 100,
      boughtLastMonth: null,
      isBestSeller: false,
      rating: 4.219845137,
    };
    const stats = statsOfNewProduct(values, now);
    expect(stats).toEqual({
      high: 1999,
      low: 1999,
      score: computeTrendingScore({ ...plain, discountPercent: 33, reviewCount: 100, rating: 4.2198453 }),
      popularity: 16.35,
      dealKind: 'LABELLED_SAVING',
      dealPercent: 33,
      dealLabel: 'Save 33% on the was price',
      // One price, seen once: no tracked reference, no "lowest in 30 days" (issue 27).
      reference: null,
      lowest30: false,
    });
    const id = await product('B1NEWRATED', 1999, [[0, 1999]], values);
    await refreshProductStats(database.db, [id], now);
    expect(await stored(id)).toMatchObject({ trendingScore: asStoredReal(stats.score), popularityScore: 16.35, dealPercent: 33 });
    expect(statsOfNewProduct({ ...values, listPricePence: null }, now)).toMatchObject({
      dealKind: null,
      dealPercent: null,
      dealLabel: null,
    });
  });

  it('asStoredReal answers what a real column reads back as', () => {
    expect(asStoredReal(4.5)).toBe(4.5);
    expect(asStoredReal(4.3)).toBe(4.3);
    expect(asStoredReal(4.123456789)).toBe(4.123457);
    expect(asStoredReal(12.34)).toBe(12.34);
  });
});
