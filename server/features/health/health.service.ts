/**
 * The health check (issue #2 part 1): database reachable, migrations applied, version. Plain values
 * in, a status and body out; the route only sends them.
 */
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER, type Database } from '../../db/client';

/** Counts journal entries against rows in drizzle's `__drizzle_migrations` table. */
export async function readMigrationState(database: Database): Promise<{ applied: number; available: number; pending: number }> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  const available = journal.entries.length;
  let applied = 0;
  try {
    const r = await database.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    applied = Number(r.rows[0]?.n ?? 0);
  } catch {
    applied = 0;
  }
  return { applied, available, pending: Math.max(0, available - applied) };
}

/** What GET /api/health answers: 200 when the database answers and no migration is pending, else 503. */
export interface HealthReport {
  statusCode: 200 | 503;
  body: {
    status: 'ok' | 'migrations pending' | 'database unreachable';
    database: { reachable: boolean; kind: Database['kind'] };
    migrations?: { applied: number; available: number; pending: number };
    version: string;
  };
}

/** Checks the database with `select 1` and the migration journal. Never throws. */
export async function checkHealth(database: Database, version = '0.0.0'): Promise<HealthReport> {
  try {
    await database.db.execute(sql`select 1`);
    const migrations = await readMigrationState(database);
    const ok = migrations.pending === 0;
    return {
      statusCode: ok ? 200 : 503,
      body: { status: ok ? 'ok' : 'migrations pending', database: { reachable: true, kind: database.kind }, migrations, version },
    };
  } catch {
    return { statusCode: 503, body: { status: 'database unreachable', database: { reachable: false, kind: database.kind }, version } };
  }
}
