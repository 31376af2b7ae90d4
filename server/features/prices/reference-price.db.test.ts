/**
 * The reference-price rule on a real database (issue 27; docs/pricing/reference-prices.md): the
 * evidence a price's confirmations leave (`price_observations.confirmed_at`), the tracked
 * reference price and deal basis refreshProductStats stores from it, and the nightly re-judging
 * that takes back claims time has made untrue (a feed price gone stale).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { priceObservations, products } from '../../db/schema/catalogue.schema';
import { createTestDatabase } from '../../test-support/test-db';
import { confirmPrices, recordPrices, refreshProductStats, rejudgeTimeBoundClaims } from './prices.service';

const now = new Date('2025-06-30T12:00:00Z');
const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(now.getTime() - d * DAY);

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

let counter = 0;
/** A feed product first seen at `pence` `firstSeenDaysAgo` days ago (its row and first observation). */
async function feedProduct(pence: number, firstSeenDaysAgo: number, extra: Partial<typeof products.$inferInsert> = {}) {
  const asin = `B0REF${String(++counter).padStart(5, '0')}`;
  const [row] = await database.db
    .insert(products)
    .values({ asin, title: asin, pricePence: pence, priceAsOf: daysAgo(firstSeenDaysAgo), priceSource: 'csv', ...extra })
    .returning({ id: products.id });
  const id = (row as { id: number }).id;
  await recordPrices(
    database.db,
    [{ productId: id, asin, pricePence: pence, listPricePence: null, source: 'csv-import', observedAt: daysAgo(firstSeenDaysAgo) }],
    daysAgo(firstSeenDaysAgo),
  );
  return { id, asin };
}

/** A feed import that finds the price changed at `at` (row updated as the importer does, then the observation). */
async function priceChange(p: { id: number; asin: string }, pence: number, at: Date) {
  await database.db.update(products).set({ pricePence: pence, priceAsOf: at }).where(eq(products.id, p.id));
  await recordPrices(
    database.db,
    [{ productId: p.id, asin: p.asin, pricePence: pence, listPricePence: null, source: 'csv-import', observedAt: at }],
    at,
  );
}

async function stored(id: number) {
  const [row] = await database.db.select().from(products).where(eq(products.id, id));
  return row as typeof products.$inferSelect;
}

describe('evidence from confirmations', () => {
  it('a confirmation stretches the evidence of the price in effect, never the older ones, and never back', async () => {
    const p = await feedProduct(5000, 40);
    await confirmPrices(database.db, [{ productId: p.id, observedAt: daysAgo(33), source: 'csv' }]);
    await confirmPrices(database.db, [{ productId: p.id, observedAt: daysAgo(35), source: 'csv' }]); // older news
    const rows = await database.db.select().from(priceObservations).where(eq(priceObservations.productId, p.id));
    expect(rows.map((r) => r.confirmedAt?.toISOString())).toEqual([daysAgo(33).toISOString()]);
  });

  it('weekly re-imports then a lower price: a tracked reference and a tracked price drop, shown as the struck price', async () => {
    const p = await feedProduct(5000, 40);
    for (const d of [33, 26, 19, 12, 5]) await confirmPrices(database.db, [{ productId: p.id, observedAt: daysAgo(d), source: 'csv' }]);
    await priceChange(p, 4000, now);
    expect(await stored(p.id)).toMatchObject({
      referencePricePence: 5000,
      dealKind: 'TRACKED_PRICE_DROP',
      dealPercent: 20,
      dealLabel: 'Down 20% from £50.00, its price for 40 days',
      // 40 days watched, with no gap: the whole 30-day window is covered.
      lowestIn30Days: true,
    });
  });

  it('one import 40 days ago and nothing since: the weeks between are unknown, so no claim at all', async () => {
    const p = await feedProduct(5000, 40);
    await priceChange(p, 4000, now);
    expect(await stored(p.id)).toMatchObject({ referencePricePence: null, dealKind: null, lowestIn30Days: false });
  });

  it('minutes of history (7 minutes at a higher price) make no claim', async () => {
    const p = await feedProduct(5000, 0);
    await database.db
      .update(products)
      .set({ priceAsOf: new Date(now.getTime() - 7 * 60_000) })
      .where(eq(products.id, p.id));
    await priceChange(p, 4000, now);
    expect(await stored(p.id)).toMatchObject({ referencePricePence: null, dealKind: null, lowestIn30Days: false });
  });
});

describe('nightly re-judging', () => {
  it('takes back a labelled deal once its feed price is older than FEED_PRICE_MAX_AGE_DAYS, and keeps a current one', async () => {
    const old = await feedProduct(8000, 10, { listPricePence: 10000, savingBasisType: 'LIST_PRICE' });
    const fresh = await feedProduct(8000, 1, { listPricePence: 10000, savingBasisType: 'LIST_PRICE' });
    // Judged when both were current (10 days ago and 1 day ago).
    await refreshProductStats(database.db, [old.id], daysAgo(10));
    await refreshProductStats(database.db, [fresh.id], daysAgo(1));
    expect((await stored(old.id)).dealKind).toBe('LABELLED_SAVING');
    const rejudged = await rejudgeTimeBoundClaims(database.db, now);
    expect(rejudged).toBeGreaterThanOrEqual(2);
    expect(await stored(old.id)).toMatchObject({ dealKind: null, dealLabel: null, referencePricePence: null });
    expect(await stored(fresh.id)).toMatchObject({ dealKind: 'LABELLED_SAVING', dealPercent: 20 });
  });
});

describe('a confirmation after a long gap', () => {
  it('observes the price anew instead of stretching 2023 evidence over the years between', async () => {
    const crawl = new Date('2023-06-01T00:00:00Z');
    const asin = 'B0REFCRAWL';
    const [row] = await database.db
      .insert(products)
      .values({ asin, title: asin, pricePence: 5000, priceAsOf: crawl, priceSource: 'csv' })
      .returning({ id: products.id });
    const id = (row as { id: number }).id;
    await recordPrices(
      database.db,
      [{ productId: id, asin, pricePence: 5000, listPricePence: null, source: 'csv-import', observedAt: crawl }],
      crawl,
    );
    // Re-imported weekly from 40 days ago, then £40 today.
    for (const d of [40, 33, 26, 19, 12, 5]) await confirmPrices(database.db, [{ productId: id, observedAt: daysAgo(d), source: 'csv' }]);
    const history = await database.db.select().from(priceObservations).where(eq(priceObservations.productId, id));
    expect(history.map((o) => [o.observedAt.toISOString(), o.confirmedAt?.toISOString() ?? null])).toEqual([
      [crawl.toISOString(), null],
      [daysAgo(40).toISOString(), daysAgo(5).toISOString()],
    ]);
    await priceChange({ id, asin }, 4000, now);
    // The tracked reference counts from 40 days ago, not from 2023.
    expect(await stored(id)).toMatchObject({ referencePricePence: 5000, dealLabel: 'Down 20% from £50.00, its price for 40 days' });
  });
});
