/**
 * A run over every active alert, as the scheduler runs it (issue 7: alert evaluation ≥ 50,000
 * alerts/s): judged in one statement, only alerts whose price or observation changed are written,
 * the rest are covered by the run's sweep row, and an alert still shows when it was last checked.
 * Runs on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { dealAlertShown, dealAlerts, priceCheckLogs, priceCheckSweeps } from '../../db/schema/alerts.schema';
import { priceObservations, products } from '../../db/schema/catalogue.schema';
import { emailOutbox } from '../../db/schema/email.schema';
import { testEnv } from '../../env';
import { createCatalogueSource } from '../../sources/catalogue.source';
import type { PriceSource } from '../../sources/price-source';
import { createTestDatabase } from '../../test-support/test-db';
import { runPriceCheck, type PriceCheckOptions } from './price-check.service';
import { importNewPrice, seedAlerts, seedProducts, seedSubscriber } from './price-check.test-support';

let database: Database;
let now = new Date('2026-07-01T06:00:00Z');
const imported = new Date('2026-06-30T06:00:00Z');
const tick = () => {
  now = new Date(now.getTime() + 6 * 3_600_000);
};
let ids: { annA: number; annB: number; annC: number; bobA: number; zedB: number };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProducts(database.db, [
    { asin: 'B0SWEEPA01', title: 'Sweep A', pricePence: 1000, priceAsOf: imported },
    { asin: 'B0SWEEPB01', title: 'Sweep B', pricePence: 2000, priceAsOf: imported },
  ]);
  await seedSubscriber(database.db, 'ann@example.com', 'confirmed', imported);
  await seedSubscriber(database.db, 'bob@example.com', 'unconfirmed', imported);
  const [annA, annB, annC, bobA, zedB] = await seedAlerts(database.db, [
    { email: 'ann@example.com', asin: 'B0SWEEPA01', currentPricePence: 1000 },
    { email: 'ann@example.com', asin: 'B0SWEEPB01', currentPricePence: 2000 },
    // Not in the catalogue: fails every run.
    { email: 'ann@example.com', asin: 'B0SWEEPC01', currentPricePence: 500 },
    { email: 'bob@example.com', asin: 'B0SWEEPA01', currentPricePence: 1000 },
    { email: 'zed@example.com', asin: 'B0SWEEPB01', currentPricePence: 2000, isActive: false },
  ]);
  ids = { annA: annA!, annB: annB!, annC: annC!, bobA: bobA!, zedB: zedB! };
});

afterAll(async () => {
  await database?.close();
});

/** The catalogue, one ASIN a call, failing the call for `failing`. */
function source(failing?: string): PriceSource {
  const catalogue = createCatalogueSource(database.db);
  return {
    name: catalogue.name,
    maxAsinsPerCall: 1,
    lookup: async (asins) => {
      if (asins.includes(failing ?? '')) throw new Error('503 Service Unavailable');
      return catalogue.lookup(asins);
    },
  };
}
const check = (opts: PriceCheckOptions, failing?: string) =>
  runPriceCheck(
    { db: database.db, source: source(failing), clock: () => now, env: testEnv({ PRICE_SOURCE_RATE_PER_SECOND: '100' }) },
    opts,
  );

/** Alert id → [last_checked_at as stored, as shown], ISO strings or null. */
async function checkedTimes(): Promise<Map<number, [string | null, string | null]>> {
  const rows = await database.db
    .select({ id: dealAlerts.id, stored: dealAlerts.lastCheckedAt, shown: dealAlertShown.lastCheckedAt })
    .from(dealAlerts)
    .where(inArray(dealAlerts.id, Object.values(ids)));
  return new Map(rows.map((r) => [r.id, [r.stored?.toISOString() ?? null, r.shown?.toISOString() ?? null]]));
}

describe('scheduled runs over every active alert', () => {
  it('first writes every alert it priced, and counts without per-alert results', async () => {
    tick();
    const first = now.toISOString();
    const run = await check({ trigger: 'cron', results: false });
    expect(run).toMatchObject({ alertsChecked: 4, successfulChecks: 3, failedChecks: 1, drops: 0, notificationsQueued: 0, results: [] });
    const times = await checkedTimes();
    expect(times.get(ids.annA)).toEqual([first, first]);
    expect(times.get(ids.bobA)).toEqual([first, first]);
    expect(times.get(ids.annB)).toEqual([first, first]);
    expect(times.get(ids.annC)).toEqual([null, null]);
    expect(times.get(ids.zedB)).toEqual([null, null]);
    const sweeps = await database.db.select().from(priceCheckSweeps);
    expect(sweeps.map((s) => [s.checkedAt.toISOString(), s.failedAsins])).toEqual([[first, ['B0SWEEPC01']]]);
  });

  it('then writes only what changed; the others show the sweep time; the drop is queued once', async () => {
    const first = now.toISOString();
    tick();
    await importNewPrice(database.db, 'B0SWEEPA01', 900, new Date(now.getTime() - 60_000));
    const second = now.toISOString();
    const run = await check({ trigger: 'cron', results: false });
    expect(run).toMatchObject({ alertsChecked: 4, successfulChecks: 3, failedChecks: 1, drops: 2, notificationsQueued: 1 });
    const times = await checkedTimes();
    expect(times.get(ids.annA)).toEqual([second, second]);
    expect(times.get(ids.bobA)).toEqual([second, second]);
    // Nothing new on B: not written, yet shown as checked by this run.
    expect(times.get(ids.annB)).toEqual([first, second]);
    expect(times.get(ids.annC)).toEqual([null, null]);
    // An inactive alert is never swept.
    expect(times.get(ids.zedB)).toEqual([null, null]);

    const [annA] = await database.db.select().from(dealAlerts).where(eq(dealAlerts.id, ids.annA));
    expect(annA).toMatchObject({ lastCheckedPricePence: 900, lastNotifiedPricePence: 900, notificationsSent: 1 });
    const outbox = await database.db.select().from(emailOutbox);
    expect(outbox.map((o) => [o.recipient, o.kind])).toEqual([['ann@example.com', 'price-drop']]);

    const [log] = await database.db.select().from(priceCheckLogs).where(eq(priceCheckLogs.id, run.logId));
    expect(log!.details).toEqual([
      {
        productTitle: 'Sweep A',
        asin: 'B0SWEEPA01',
        originalPrice: '10.00',
        newPrice: '9.00',
        priceChange: '-1.00',
        priceChangePercent: -10,
        success: true,
      },
      {
        productTitle: 'Sweep B',
        asin: 'B0SWEEPB01',
        originalPrice: '20.00',
        newPrice: '20.00',
        priceChange: '0.00',
        priceChangePercent: 0,
        success: true,
      },
      {
        productTitle: 'Alert on B0SWEEPC01',
        asin: 'B0SWEEPC01',
        originalPrice: '5.00',
        newPrice: null,
        priceChange: null,
        priceChangePercent: null,
        success: false,
        error: 'product is not in the catalogue',
      },
    ]);

    // Nothing new again: nothing queued, nothing written.
    tick();
    const third = now.toISOString();
    expect(await check({ trigger: 'cron', results: false })).toMatchObject({ notificationsQueued: 0, drops: 0 });
    const after = await checkedTimes();
    expect(after.get(ids.annA)).toEqual([second, third]);
    expect(after.get(ids.annB)).toEqual([first, third]);
  });

  it('keeps the last time a product was priced when its source call fails', async () => {
    const before = await checkedTimes();
    tick();
    const run = await check({ trigger: 'cron', results: false }, 'B0SWEEPB01');
    expect(run).toMatchObject({ alertsChecked: 4, failedChecks: 2 });
    const times = await checkedTimes();
    expect(times.get(ids.annB)).toEqual(before.get(ids.annB));
    expect(times.get(ids.annA)![1]).toBe(now.toISOString());
  });

  it('answers the same counts with per-alert results, and a visitor’s check writes its alert', async () => {
    tick();
    const run = await check({ trigger: 'cron' });
    expect(run.results.map((r) => [r.alertId, r.status])).toEqual([
      [ids.annA, 'unchanged'],
      [ids.annB, 'unchanged'],
      [ids.annC, 'failed'],
      [ids.bobA, 'unchanged'],
    ]);
    tick();
    await check({ trigger: 'manual', alertIds: [ids.annB] });
    const times = await checkedTimes();
    expect(times.get(ids.annB)).toEqual([now.toISOString(), now.toISOString()]);
  });

  it('records an observation for a price that has none, then judges it, in the same run', async () => {
    tick();
    // A price written without its history (not what the importer does): the check backs it first.
    await database.db.update(products).set({ pricePence: 800 }).where(eq(products.asin, 'B0SWEEPA01'));
    const run = await check({ trigger: 'cron', results: false });
    expect(run).toMatchObject({ alertsChecked: 4, failedChecks: 1, drops: 2, notificationsQueued: 1 });
    const history = await database.db
      .select({ price: priceObservations.pricePence, source: priceObservations.source })
      .from(priceObservations)
      .where(eq(priceObservations.asin, 'B0SWEEPA01'))
      .orderBy(priceObservations.id);
    expect(history.at(-1)).toEqual({ price: 800, source: 'catalogue' });
    const logs = await database.db.select().from(priceCheckLogs).where(eq(priceCheckLogs.id, run.logId));
    expect(logs).toHaveLength(1);
    expect((logs[0]!.details as Array<{ asin: string; newPrice: string }>)[0]).toMatchObject({ asin: 'B0SWEEPA01', newPrice: '8.00' });
  });

  it('keeps the alerts table half-empty per page, so checks update alerts in place', async () => {
    const result = await database.db.execute(sql`select reloptions from pg_class where relname = 'deal_alerts'`);
    const [row] = rowsOf<{ reloptions: string[] | string | null }>(result);
    expect(String(row?.reloptions)).toContain('fillfactor=50');
  });
});
