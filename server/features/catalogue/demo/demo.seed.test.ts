/**
 * The shipped demo catalogue (`npm run demo`): every shopper category, honest discounts backed by
 * a list price or our own observed history, self-made images, and idempotent seeding.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAsin } from '../../../../common/affiliate';
import { SHOPPER_CATEGORY_KEYS } from '../../../../common/categories';
import { discountPercent } from '../../../../common/discount';
import type { Database } from '../../../db/client';
import { priceObservations, products } from '../../../db/schema/catalogue.schema';
import { createTestDatabase } from '../../../test-support/test-db';
import { seedDemoCatalogue } from './demo.seed';

describe('seedDemoCatalogue', () => {
  let database: Database;
  const now = new Date('2025-07-15T08:00:00Z');

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  async function snapshot() {
    const rows = await database.db.select().from(products).orderBy(products.asin);
    const [obs] = await database.db.select({ n: sql<number>`count(*)::int` }).from(priceObservations);
    return { rows, observations: obs?.n ?? 0 };
  }

  it('seeds about 40 demo products across all ten categories, four each', async () => {
    const result = await seedDemoCatalogue(database.db, now);
    const { rows } = await snapshot();
    expect(result.products).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(36);
    expect(rows.length).toBeLessThanOrEqual(44);
    for (const key of SHOPPER_CATEGORY_KEYS) expect(rows.filter((r) => r.category === key).length, key).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect(isAsin(row.asin) && row.asin.includes('DEMO'), row.asin).toBe(true);
      expect(row).toMatchObject({ isDemo: true, source: 'demo' });
      expect(row.pricePence).toBeGreaterThan(0);
      expect(row.imageUrl).toMatch(/^data:image\/svg\+xml,/);
      const svg = decodeURIComponent((row.imageUrl as string).slice('data:image/svg+xml,'.length));
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 400 400"/);
      expect(svg).toContain('DEMO');
      expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/); // no external files
    }
  });

  it('gives a dozen or more substantiated discounts, from list prices and from observed 30-day highs', async () => {
    const { rows } = await snapshot();
    const labelled = rows.filter((r) => r.savingBasisType === 'LIST_PRICE' && discountPercent(r.listPricePence, r.pricePence) !== null);
    const observed = rows.filter((r) => r.listPricePence === null && discountPercent(r.observedHigh30dPence, r.pricePence) !== null);
    expect(labelled.length + observed.length).toBeGreaterThanOrEqual(12);
    expect(labelled.length).toBeGreaterThan(0);
    expect(observed.length).toBeGreaterThan(0);
    expect(rows.some((r) => discountPercent(r.listPricePence ?? r.observedHigh30dPence, r.pricePence) === null)).toBe(true);
    expect(rows.filter((r) => r.rating !== null && (r.reviewCount ?? 0) > 0).length).toBeGreaterThan(20);
  });

  it('backs every observed high with a price history over the last ~60 days, ending at the current price', async () => {
    const { rows } = await snapshot();
    for (const row of rows) {
      const history = await database.db
        .select()
        .from(priceObservations)
        .where(eq(priceObservations.productId, row.id))
        .orderBy(priceObservations.observedAt);
      expect(history.length, row.asin).toBeGreaterThanOrEqual(2);
      expect(history.at(-1)?.pricePence).toBe(row.pricePence);
      const oldest = (now.getTime() - (history[0] as { observedAt: Date }).observedAt.getTime()) / 86_400_000;
      expect(oldest).toBeGreaterThan(45);
      expect(oldest).toBeLessThan(70);
      for (const h of history) expect(h.observedAt.getTime()).toBeLessThanOrEqual(now.getTime());
      const windowStart = now.getTime() - 30 * 86_400_000;
      const inEffect = [
        ...history.filter((h) => h.observedAt.getTime() <= windowStart).slice(-1),
        ...history.filter((h) => h.observedAt.getTime() > windowStart),
      ];
      expect(row.observedHigh30dPence, row.asin).toBe(Math.max(...inEffect.map((h) => h.pricePence)));
    }
  });

  it('ranks recent drops at the top of Trending', async () => {
    const top = await database.db
      .select()
      .from(products)
      .orderBy(sql`${products.trendingScore} desc`)
      .limit(5);
    for (const row of top) expect(discountPercent(row.listPricePence ?? row.observedHigh30dPence, row.pricePence), row.asin).not.toBeNull();
  });

  it('is idempotent: seeding again changes nothing and duplicates nothing', async () => {
    const before = await snapshot();
    await seedDemoCatalogue(database.db, now);
    const after = await snapshot();
    expect(after.observations).toBe(before.observations);
    const strip = (rows: typeof before.rows) => rows.map(({ searchVector: _s, suggestVector: _v, ...rest }) => rest);
    expect(strip(after.rows)).toEqual(strip(before.rows));
  });
});
