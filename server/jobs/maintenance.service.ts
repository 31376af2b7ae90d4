/**
 * Database upkeep: `VACUUM (ANALYZE)` of the tables that imports and price checks rewrite.
 * PGlite has no autovacuum worker, so without this its tables only grow and its planner keeps
 * stale statistics (docs/decisions/0003-search.md); on PostgreSQL it is harmless next to autovacuum.
 * Runs nightly from the job queue (server/jobs/scheduler.ts).
 */
import type { Database } from '../db/client';
import { rejudgeTimeBoundClaims } from '../features/prices';
import { purgeExpiredArchive } from '../features/product-archive';

/** The tables that see updates and deletes (dead rows) in normal running. */
export const MAINTAINED_TABLES = [
  'products',
  'price_observations',
  'deal_alerts',
  'email_outbox',
  'price_check_logs',
  'rate_limit_hits',
  // The analytics roll-ups (migrations 0020, 0025, 0026): their rank index answers without reading
  // the table only for pages vacuumed since their last change, and PGlite has no autovacuum.
  'analytics_daily',
] as const;

/** The tables a catalogue import writes in bulk (the import CLI vacuums them after it; PGlite only). */
export const CATALOGUE_TABLES = ['products', 'price_observations'] as const;

/**
 * Vacuums and analyses `tables` ({@link MAINTAINED_TABLES} by default) outside any transaction, as
 * VACUUM requires. Returns the tables and the time taken in milliseconds. Throws what the database
 * throws.
 */
export async function runMaintenance(
  database: Pick<Database, 'query'>,
  tables: readonly (typeof MAINTAINED_TABLES)[number][] = MAINTAINED_TABLES,
): Promise<{ tables: string[]; durationMs: number }> {
  const started = performance.now();
  await database.query(`VACUUM (ANALYZE) ${tables.join(', ')}`);
  return { tables: [...tables], durationMs: Math.round(performance.now() - started) };
}

/**
 * The nightly maintenance job's work (server/jobs/scheduler.ts, queue 'maintenance', 03:30
 * Europe/London), at `now`: re-judges the price claims that age with time (the reference-price rule,
 * issue 27), purges the deleted products archived more than 30 days ago (decision 0027), then
 * vacuums and analyses {@link MAINTAINED_TABLES}. Answers what each step did. Throws what the
 * database throws.
 */
export async function runNightlyMaintenance(database: Database, now: Date) {
  const rejudged = await rejudgeTimeBoundClaims(database.db, now);
  const purgedArchive = await purgeExpiredArchive(database.db, now);
  return { rejudged, purgedArchive, ...(await runMaintenance(database)) };
}
