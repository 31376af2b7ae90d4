/**
 * A run's log is bounded (issue 31, decision 0041, migration 0030): it keeps at most LOG_LINES_KEPT
 * per-product lines, those the owners' history shows (failures first, then the largest changes, then
 * the lowest alert id), and counts every product's outcome in columns, which the history's totals
 * and its chart read. Logs written before the migration get their counts from their lines.
 * Runs on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { runsOnPostgres, type Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { priceCheckLogs } from '../../db/schema/alerts.schema';
import { testEnv } from '../../env';
import { createCatalogueSource } from '../../sources/catalogue.source';
import { createTestDatabase } from '../../test-support/test-db';
import { LOG_DETAILS_SHOWN } from '../../../common/api/price-checks.schema';
import { runPriceCheck } from './price-check.service';
import { priceCheckLogsPage, priceCheckOutcomes } from './price-check-logs.service';
import { LOG_LINES_KEPT } from './price-check.queries';
import { importNewPrice, seedAlerts, seedProducts } from './price-check.test-support';

let database: Database;
const imported = new Date('2026-07-01T06:00:00Z');
const repriced = new Date('2026-07-01T08:00:00Z');
const checkedAt = new Date('2026-07-01T09:00:00Z');
const PRODUCTS = 150;
const asinOf = (i: number) => `B0BOUND${String(i).padStart(3, '0')}`;
/** The new price of product i (pence, all at 100.00 before): 60 drops, 30 rises, 60 unchanged. */
const newPriceOf = (i: number) => (i < 60 ? 10_000 - (i + 1) * 10 : i < 90 ? 10_000 + (i - 59) * 20 : 10_000);

type Line = { asin: string; success: boolean; priceChangePercent: number | null; originalPrice: string; newPrice: string | null };

let alertIds: number[];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProducts(
    database.db,
    Array.from({ length: PRODUCTS }, (_, i) => ({ asin: asinOf(i), pricePence: 10_000, priceAsOf: imported })),
  );
  // Three alerts on products the catalogue does not hold (each fails), created after the others.
  alertIds = await seedAlerts(database.db, [
    ...Array.from({ length: PRODUCTS }, (_, i) => ({ email: `p${i}@example.com`, asin: asinOf(i), currentPricePence: 10_000 })),
    ...[0, 1, 2].map((i) => ({ email: `gone${i}@example.com`, asin: `B0GONE000${i}`, currentPricePence: 5_000 })),
  ]);
  for (let i = 0; i < PRODUCTS; i += 1) if (newPriceOf(i) !== 10_000) await importNewPrice(database.db, asinOf(i), newPriceOf(i), repriced);
});

afterAll(async () => {
  await database?.close();
});

describe('a run over more products than its log keeps', () => {
  it('keeps the failures and the largest changes, counts every product, and the history and chart show them', async () => {
    expect(LOG_LINES_KEPT).toBe(LOG_DETAILS_SHOWN);
    // The catalogue answers at once: no need to space its 16 calls a second apart.
    const env = { ...testEnv(), PRICE_SOURCE_RATE_PER_SECOND: 1_000 };
    const run = await runPriceCheck(
      { db: database.db, source: createCatalogueSource(database.db), clock: () => checkedAt, env },
      { trigger: 'manual', results: false },
    );
    expect(run).toMatchObject({ alertsChecked: PRODUCTS + 3, successfulChecks: PRODUCTS, failedChecks: 3 });

    // What the owners should see, worked out here from the prices set above: the three failures,
    // then the 97 largest changes by size (ties to the lower alert id), in alert id order.
    const changeOf = (i: number) => Math.abs((newPriceOf(i) - 10_000) / 100);
    const ranked = Array.from({ length: PRODUCTS }, (_, i) => i).sort((a, b) => changeOf(b) - changeOf(a) || a - b);
    const keptProducts = ranked.slice(0, LOG_LINES_KEPT - 3);
    const expected = [...keptProducts.map(asinOf), 'B0GONE0000', 'B0GONE0001', 'B0GONE0002'];
    const [stored] = await database.db.select().from(priceCheckLogs).where(eq(priceCheckLogs.id, run.logId));
    const lines = stored!.details as Line[];
    expect(lines).toHaveLength(LOG_LINES_KEPT);
    expect(lines.map((l) => l.asin)).toEqual(expected.sort((a, b) => alertIds[indexOf(a)]! - alertIds[indexOf(b)]!));
    // The smallest change kept is 0 % (seven unchanged products fill the last places), and no drop or rise is left out.
    expect(lines.filter((l) => l.success && l.priceChangePercent === 0)).toHaveLength(LOG_LINES_KEPT - 3 - 90);
    expect(lines.find((l) => l.asin === asinOf(59))).toMatchObject({ originalPrice: '100.00', newPrice: '94.00', priceChangePercent: -6 });
    expect(stored).toMatchObject({
      productsChecked: PRODUCTS + 3,
      priceDrops: 60,
      priceIncreases: 30,
      pricesUnchanged: 60,
      productsFailed: 3,
    });

    const page = await priceCheckLogsPage(database.db, 1, 10);
    const log = page.logs.find((l) => l.id === run.logId)!;
    expect(log.detailsTotal).toBe(PRODUCTS + 3);
    const shown = JSON.parse(log.details) as Line[];
    expect(shown).toHaveLength(LOG_DETAILS_SHOWN);
    expect(shown.slice(0, 4).map((l) => [l.asin, l.success, l.priceChangePercent])).toEqual([
      ['B0GONE0000', false, null],
      ['B0GONE0001', false, null],
      ['B0GONE0002', false, null],
      [asinOf(59), true, -6],
    ]);

    const [today] = await priceCheckOutcomes(database.db, 1, checkedAt);
    expect(today).toEqual({ date: '2026-07-01', drops: 60, increases: 30, unchanged: 60, failures: 3 });
  });

  it('gives the judging roomier sorts on PostgreSQL only, for its own transaction', async () => {
    expect(runsOnPostgres(database.db)).toBe(database.kind === 'postgres');
    const workMem = async () => rowsOf<{ work_mem: string }>(await database.db.execute(sql`show work_mem`))[0]?.work_mem;
    const before = await workMem();
    await runPriceCheck(
      {
        db: database.db,
        source: createCatalogueSource(database.db),
        clock: () => checkedAt,
        env: { ...testEnv(), PRICE_SOURCE_RATE_PER_SECOND: 1_000 },
      },
      { trigger: 'manual', results: false, asins: [asinOf(0)] },
    );
    expect(await workMem()).toBe(before);
  });

  it("fills a log's counts from its lines when it was written before migration 0030", async () => {
    const line = (asin: string, previous: string, next: string | null, change: string | null, success: boolean) => ({
      productTitle: asin,
      asin,
      originalPrice: previous,
      newPrice: next,
      priceChange: change,
      priceChangePercent: null,
      success,
    });
    const [old] = await database.db
      .insert(priceCheckLogs)
      .values({
        triggerType: 'cron',
        checkedAt: new Date('2026-06-20T12:00:00Z'),
        details: [
          line('B0OLD00001', '10.00', '9.00', '-1.00', true),
          line('B0OLD00002', '10.00', '11.00', '1.00', true),
          line('B0OLD00003', '10.00', '10.00', '0.00', true),
          line('B0OLD00004', '10.00', null, null, false),
          line('B0OLD00005', '10.00', '8.00', '-2.00', true),
        ],
      })
      .returning({ id: priceCheckLogs.id });
    const migration = readFileSync(path.resolve(import.meta.dirname, '../../db/migrations/0030_bounded_price_check_logs.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE'));
    await database.db.execute(sql.raw(backfill!));
    const [row] = await database.db.select().from(priceCheckLogs).where(eq(priceCheckLogs.id, old!.id));
    expect(row).toMatchObject({ productsChecked: 5, priceDrops: 2, priceIncreases: 1, pricesUnchanged: 1, productsFailed: 1 });
    const [day] = await priceCheckOutcomes(database.db, 1, new Date('2026-06-20T18:00:00Z'));
    expect(day).toEqual({ date: '2026-06-20', drops: 2, increases: 1, unchanged: 1, failures: 1 });
  });
});

/** Position of an ASIN among the seeded alerts (the three missing products come last). */
function indexOf(asin: string): number {
  return asin.startsWith('B0GONE') ? PRODUCTS + Number(asin.slice(-1)) : Number(asin.slice(-3));
}
