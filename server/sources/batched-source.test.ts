/**
 * Batching and rate limiting of price-source calls (DESIGN.md §7 "Price-check run"; Amazon
 * Creators API: getItems takes at most 10 ASINs, about 1 request per second), through real price
 * checks on a fresh PGlite. The source is the real catalogue source behind a recorder that notes
 * each call the job makes; waits go to an injected sleep, so the test never waits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { priceCheckLogs } from '../db/schema/alerts.schema';
import { testEnv } from '../env';
import { runPriceCheck } from '../features/price-checks/price-check.service';
import { seedAlerts, seedProducts, seedSubscriber } from '../features/price-checks/price-check.test-support';
import { createTestDatabase } from '../test-support/test-db';
import { createRateLimiter } from './batched-source';
import { createCatalogueSource } from './catalogue.source';
import type { PriceSource } from './price-source';

let database: Database;
const now = new Date('2026-05-01T10:00:00Z');
const asins = Array.from({ length: 23 }, (_, i) => `B0BATCH${String(i).padStart(3, '0')}`);

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProducts(
    database.db,
    asins.map((asin, i) => ({ asin, pricePence: 1000 + i, priceAsOf: now })),
  );
  // 40 alerts over the 23 products: everybody watches the first 17, two people watch the rest…
  const people = ['p1@example.com', 'p2@example.com'];
  for (const email of people) await seedSubscriber(database.db, email, 'confirmed', now);
  const alerts = asins.flatMap((asin, i) =>
    (i < 17 ? people : people.slice(0, 1)).map((email) => ({ email, asin, currentPricePence: 1000 + i })),
  );
  expect(alerts).toHaveLength(40);
  await seedAlerts(database.db, alerts);
});

afterAll(async () => {
  await database?.close();
});

/** The real catalogue source, recording the ASINs of each call; `failWhen` makes a call throw. */
function recordingSource(failWhen?: (batch: readonly string[]) => boolean) {
  const catalogue = createCatalogueSource(database.db);
  const calls: string[][] = [];
  const source: PriceSource = {
    name: catalogue.name,
    maxAsinsPerCall: catalogue.maxAsinsPerCall,
    async lookup(batch) {
      calls.push([...batch]);
      if (failWhen?.(batch)) throw new Error('503 Service Unavailable from https://user:secret@creatorsapi.amazon/catalog/v1/getItems');
      return catalogue.lookup(batch);
    },
  };
  return { source, calls };
}

describe('a price check over 40 alerts on 23 products', () => {
  it('makes exactly 3 calls of at most 10 ASINs, one second apart at 1 call/s', async () => {
    const { source, calls } = recordingSource();
    const waits: number[] = [];
    const run = await runPriceCheck(
      {
        db: database.db,
        source,
        clock: () => now,
        env: testEnv({ PRICE_SOURCE_RATE_PER_SECOND: '1' }),
        sleep: async (ms) => void waits.push(ms),
      },
      { trigger: 'cron' },
    );
    expect(calls).toHaveLength(3);
    expect(calls.map((c) => c.length)).toEqual([10, 10, 3]);
    expect(new Set(calls.flat())).toEqual(new Set(asins));
    expect(waits).toEqual([1000, 1000]);
    expect(run).toMatchObject({ alertsChecked: 40, successfulChecks: 40, failedChecks: 0, sourceCalls: 3, uniqueAsins: 23 });
    const [log] = await database.db.select().from(priceCheckLogs).where(eq(priceCheckLogs.id, run.logId));
    expect(log).toMatchObject({ triggerType: 'cron', alertsChecked: 40, sourceCalls: 3 });
    expect(log!.details).toHaveLength(23);
  });

  it('spaces the calls by the configured rate', async () => {
    const { source, calls } = recordingSource();
    const waits: number[] = [];
    await runPriceCheck(
      {
        db: database.db,
        source,
        clock: () => now,
        env: testEnv({ PRICE_SOURCE_RATE_PER_SECOND: '4' }),
        sleep: async (ms) => void waits.push(ms),
      },
      { trigger: 'manual' },
    );
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([250, 250]);
  });

  it('counts the alerts of a failed call as failed, logs the run and carries on with the other calls', async () => {
    const { source, calls } = recordingSource((batch) => batch.includes(asins[12]!));
    const run = await runPriceCheck(
      { db: database.db, source, clock: () => now, env: testEnv(), sleep: async () => {} },
      { trigger: 'cron' },
    );
    expect(calls).toHaveLength(3);
    // The second call carried ASINs 10–19: 7 of them watched by two people, 3 by one.
    expect(run).toMatchObject({ alertsChecked: 40, failedChecks: 17, successfulChecks: 23, sourceCalls: 3 });
    const failed = run.results.filter((r) => r.status === 'failed');
    expect(new Set(failed.map((r) => r.asin))).toEqual(new Set(asins.slice(10, 20)));
    expect(failed.every((r) => r.apiWorking === false && r.currentPrice === null)).toBe(true);
    expect(run.results.filter((r) => r.status !== 'failed').every((r) => r.apiWorking)).toBe(true);
    const [log] = await database.db.select().from(priceCheckLogs).where(eq(priceCheckLogs.id, run.logId));
    expect(log).toMatchObject({ failedChecks: 17, successfulChecks: 23 });
    const details = log!.details as Array<{ asin: string; success: boolean; newPrice: string | null; error?: string }>;
    const bad = details.find((d) => d.asin === asins[12]);
    expect(bad).toMatchObject({ success: false, newPrice: null });
    // The reason is kept, without the URL (it may carry credentials).
    expect(bad!.error).toContain('503 Service Unavailable');
    expect(bad!.error).not.toContain('secret');
  });
});

describe('the rate limiter', () => {
  it('waits only for what is left of the interval, and not at all after a pause', async () => {
    let clock = 0;
    const waits: number[] = [];
    const limiter = createRateLimiter({
      ratePerSecond: 2,
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
    await limiter.acquire(); // t=0
    clock += 100;
    await limiter.acquire(); // 400 ms left of the 500 ms interval
    clock += 5_000;
    await limiter.acquire(); // long pause: no wait
    await limiter.acquire();
    expect(waits).toEqual([400, 500]);
  });

  it('serves concurrent callers one interval apart, in order', async () => {
    const starts: number[] = [];
    let clock = 0;
    const limiter = createRateLimiter({ ratePerSecond: 1, now: () => clock, sleep: async (ms) => void (clock += ms) });
    await Promise.all(
      [1, 2, 3].map(async () => {
        await limiter.acquire();
        starts.push(clock);
      }),
    );
    expect(starts).toEqual([0, 1000, 2000]);
  });
});

describe('the catalogue source', () => {
  it('answers the stored price, list price and as-of time of known ASINs in one call of at most 10', async () => {
    const source = createCatalogueSource(database.db);
    const quotes = await source.lookup([asins[0]!, 'B0UNKNOWN0']);
    expect([...quotes.keys()]).toEqual([asins[0]]);
    expect(quotes.get(asins[0]!)).toEqual({
      asin: asins[0],
      pricePence: 1000,
      listPricePence: null,
      savingBasisType: null,
      observedAt: now,
    });
    await expect(source.lookup(asins.slice(0, 11))).rejects.toThrow(RangeError);
  });
});
