/**
 * How the Clicks tab's grouped roll-up reads run (click-rollups.queries.ts `readRollups`): on
 * PostgreSQL (TEST_DATABASE_URL) each grouped read in a read-only transaction of its own with
 * parallel workers off (a read of one slice as a plain statement), since the parallel plans the planner chose for them were about twice as slow on 2 CPUs
 * (bench/README.md, 29 November 2026); on PGlite as a plain statement. The figures themselves are
 * checked through the endpoints in analytics-rollups.test.ts and click-analytics.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { createTestDatabase } from '../../test-support/test-db';
import { readRollups } from './click-rollups.queries';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

const setting = async (run: (q: ReturnType<typeof sql>) => Promise<unknown>) =>
  rowsOf<{ v: string }>(await run(sql`select current_setting('max_parallel_workers_per_gather') as v`))[0]?.v;

describe('readRollups', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'runs with parallel workers off on PostgreSQL, read-only, and leaves the pool as it was',
    async () => {
      const db = database.db;
      expect(await setting((q) => readRollups(db, q))).toBe('0');
      // A read of one slice (one row per key, in index order) is a plain statement.
      expect(await setting((q) => readRollups(db, q, sql`true`))).not.toBe('0');
      // SET LOCAL ends with its transaction: the pool's connections keep the server's setting.
      expect(await setting((q) => db.execute(q))).not.toBe('0');
      await expect(readRollups(db, sql`insert into site_settings (key, value) values ('read-only check', 'x')`)).rejects.toThrow();
      const { rows } = await database.query(`select 1 from site_settings where key = 'read-only check'`);
      expect(rows).toEqual([]);
    },
  );

  it("answers the statement's rows on either database", async () => {
    const rows = rowsOf<{ n: number }>(await readRollups(database.db, sql`select 2 + 3 as n`));
    expect(rows.map((r) => Number(r.n))).toEqual([5]);
  });
});
