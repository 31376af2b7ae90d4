/** Migration state for the health check: how many migration files exist and how many are applied. */
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
