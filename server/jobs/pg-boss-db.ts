/**
 * The `db` option of pg-boss 10 (`{ executeSql(text, values) }`, node_modules/pg-boss/src/db.js)
 * over the app's own connection, so jobs live in the same database as the data (DESIGN.md §2 "Jobs").
 *
 * pg-boss sends two kinds of SQL: single statements with `$n` parameters (fetch, complete, send…),
 * and parameterless multi-statement scripts (schema creation and migrations wrapped in
 * `BEGIN; … pg_advisory_xact_lock …; COMMIT;`, maintenance). PostgreSQL's pool runs both through
 * `pool.query` (no parameters → simple protocol, several statements allowed). PGlite's `query` is
 * extended protocol (one statement), so parameterless SQL goes to `pglite.exec`, which returns one
 * result per statement; the last one that has columns is handed back.
 */
import type { Database } from '../db/client';

export interface PgBossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount?: number }>;
}

/** The adapter for `new PgBoss({ db })`. Throws what the database throws. */
export function pgBossDb(database: Database): PgBossDb {
  const pool = database.pool;
  if (database.kind === 'postgres' && pool) {
    return {
      async executeSql(text, values) {
        // No parameters: simple protocol, which allows pg-boss's multi-statement scripts.
        const result = await pool.query(text, values && values.length > 0 ? values : undefined);
        return { rows: result.rows, rowCount: result.rowCount ?? 0 };
      },
    };
  }
  const pglite = database.pglite;
  if (!pglite) throw new Error('pgBossDb: the database has neither a PostgreSQL pool nor a PGlite instance');
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await pglite.query<Record<string, unknown>>(text, values);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      }
      const results = await pglite.exec(text);
      const last = [...results].reverse().find((r) => r.fields.length > 0) ?? results[results.length - 1];
      return { rows: (last?.rows ?? []) as Record<string, unknown>[], rowCount: last?.affectedRows ?? 0 };
    },
  };
}
