import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { createTestDatabase } from '../test-support/test-db';
import { archiveBeforeDelete } from '../features/product-archive';
import {
  MAINTAINED_TABLES,
  runMaintenance,
  runNightlyMaintenance,
  tablesToVacuumAfter,
  vacuumAfterMigrations,
} from './maintenance.service';

describe('runMaintenance', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('vacuums away the dead rows that price updates leave and refreshes the statistics', async () => {
    await database.query(
      `insert into products (asin, title, price_pence) select 'B' || lpad(g::text, 9, '0'), 'Kettle ' || g, 1000 + g from generate_series(1, 500) g`,
    );
    // The update's statistics are counted once its session flushes them (at most once a second);
    // flushed only after VACUUM they would add the 500 dead rows back. Make the update and the
    // flush one session's work (a pool may run single queries on different connections).
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update products set price_pence = price_pence - 1`);
      await tx.execute(sql`select pg_stat_force_next_flush()`);
    });
    await database.query('select 1');
    const result = await runMaintenance(database);
    expect(result.tables).toEqual([...MAINTAINED_TABLES]);
    const stats = await database.query<{ relname: string; dead: number; analysed: boolean }>(
      `select relname, n_dead_tup::int as dead, (last_analyze is not null or last_autoanalyze is not null) as analysed
         from pg_stat_user_tables where relname = 'products'`,
    );
    expect(stats.rows[0]).toMatchObject({ relname: 'products', dead: 0, analysed: true });
    const planned = await database.query<{ reltuples: number }>(
      `select reltuples::int as reltuples from pg_class where relname = 'products'`,
    );
    expect(planned.rows[0]?.reltuples).toBe(500);
  });
});

describe('runNightlyMaintenance', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('purges deleted products archived more than 30 days ago and keeps the younger ones restorable (decision 0027)', async () => {
    const now = new Date('2026-07-01T03:30:00Z');
    const day = 24 * 60 * 60 * 1000;
    await database.query(
      `insert into products (asin, title, price_pence) values ('B0PURGE001', 'Old toaster', 1500), ('B0KEEPA001', 'New toaster', 1600)`,
    );
    for (const [asin, deletedAt] of [
      ['B0PURGE001', new Date(now.getTime() - 31 * day)],
      ['B0KEEPA001', new Date(now.getTime() - 29 * day)],
    ] as const) {
      await database.db.transaction(async (tx) => {
        const [row] = rowsOf<{ id: number }>(await tx.execute(sql`select id from products where asin = ${asin}`));
        await archiveBeforeDelete(tx, { ids: [Number(row!.id)] }, 'delete', null, deletedAt);
        await tx.execute(sql`delete from products where asin = ${asin}`);
      });
    }
    const result = await runNightlyMaintenance(database, now);
    expect(result.purgedArchive).toBe(1);
    const left = await database.query<{ asin: string }>('select asin from deleted_products order by asin');
    expect(left.rows).toEqual([{ asin: 'B0KEEPA001' }]);
  });
});

describe('vacuumAfterMigrations (PGlite has no autovacuum)', () => {
  let database: Database;
  beforeAll(async () => {
    // A new database, so that migrate() has every migration to apply.
    database = await openDatabase({});
  });
  afterAll(() => database?.close());

  /** pino's two calls, kept as lines. */
  const lines: string[] = [];
  const log = {
    info: (details: object, message: string) => lines.push(`info ${message} ${JSON.stringify(details)}`),
    warn: (details: object, message: string) => lines.push(`warn ${message} ${JSON.stringify(details)}`),
  };
  const vacuumed = async () =>
    (await database.query<{ n: number }>(`select vacuum_count::int as n from pg_stat_user_tables where relname = 'analytics_daily'`))
      .rows[0]?.n ?? 0;

  it('migrate() names the migrations it applied; a start that applied 0031 vacuums the roll-ups, one that applied none does not', async () => {
    const applied = await database.migrate();
    expect(applied[0]).toBe('0000_init');
    expect(applied).toContain('0031_week_rollups');
    expect(await database.migrate()).toEqual([]);

    expect(tablesToVacuumAfter(['0030_bounded_price_check_logs'])).toEqual([]);
    expect(await vacuumAfterMigrations(database, ['0030_bounded_price_check_logs'], log)).toBeNull();
    expect(await vacuumed()).toBe(0);

    const done = await vacuumAfterMigrations(database, applied, log);
    expect(done?.tables).toEqual(['analytics_daily']);
    expect(await vacuumed()).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(/^info vacuumed the tables the new migrations filled \{"tables":\["analytics_daily"\],"durationMs":\d+\}$/),
    ]);
  });

  it('logs a failed vacuum by its error name only and answers null', async () => {
    lines.length = 0;
    const failing = { query: () => Promise.reject(new TypeError('relation "secret@example.com" does not exist')) };
    expect(await vacuumAfterMigrations(failing, ['0031_week_rollups'], log)).toBeNull();
    expect(lines).toEqual(['warn the vacuum after the new migrations failed; the nightly job will do it {"error":"TypeError"}']);
  });
});
