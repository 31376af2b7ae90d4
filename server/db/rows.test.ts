/**
 * rowsOf (rows.ts) reads the rows of a raw execute() on the driver the tests run (PGlite by default,
 * node-postgres with TEST_DATABASE_URL), inside and outside a transaction, and refuses what is not
 * a query result instead of answering nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/test-db';
import type { Database } from './client';
import { rowsOf } from './rows';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('rowsOf', () => {
  it('answers the rows of an execute() in SQL order, with their column names', async () => {
    const result = await database.db.execute(
      sql`select n::int as n, 'row ' || n as label from generate_series(1, 3) as g(n) order by n desc`,
    );
    expect(rowsOf<{ n: number; label: string }>(result)).toEqual([
      { n: 3, label: 'row 3' },
      { n: 2, label: 'row 2' },
      { n: 1, label: 'row 1' },
    ]);
  });

  it('answers no rows for a statement that returns none, and works on a transaction', async () => {
    const rows = await database.db.transaction(async (tx) => rowsOf(await tx.execute(sql`select 1 where false`)));
    expect(rows).toEqual([]);
  });

  it('refuses something that is not a query result', () => {
    expect(() => rowsOf([{ n: 1 }])).toThrow(TypeError);
    expect(() => rowsOf(undefined)).toThrow(/rows array/);
  });
});
