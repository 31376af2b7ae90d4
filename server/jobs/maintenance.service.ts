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

/**
 * Tables a migration fills or rewrites in bulk, by the migration's tag: on PGlite, which has no
 * autovacuum, a start that applied the migration vacuums and analyses them once, in the background
 * (server/main.ts), instead of leaving them to the nightly job. Migration 0031 adds a third more
 * roll-up rows: at 1M clicks on PGlite, Last 7 Days took 111.6–115.9 ms median straight after it
 * and 41.8 ms after a vacuum (bench/README.md, "A week grain").
 */
export const VACUUM_AFTER_MIGRATION: Readonly<Record<string, readonly (typeof MAINTAINED_TABLES)[number][]>> = {
  '0031_week_rollups': ['analytics_daily'],
};

/** The tables {@link VACUUM_AFTER_MIGRATION} names for the migrations `appliedTags`, each once, in {@link MAINTAINED_TABLES} order. */
export function tablesToVacuumAfter(appliedTags: readonly string[]): (typeof MAINTAINED_TABLES)[number][] {
  const named = new Set(appliedTags.flatMap((tag) => VACUUM_AFTER_MIGRATION[tag] ?? []));
  return MAINTAINED_TABLES.filter((table) => named.has(table));
}

/** Where {@link vacuumAfterMigrations} reports (pino's shape: the app's logger). */
export interface MaintenanceLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * After a start that applied the migrations `appliedTags`: vacuums and analyses the tables
 * {@link VACUUM_AFTER_MIGRATION} names for them ({@link runMaintenance}), and logs the tables and the
 * time taken. Answers that, or null when no applied migration names a table or the vacuum failed
 * (logged as a warning with the error's name only; the nightly job vacuums them anyway). Never throws.
 */
export async function vacuumAfterMigrations(
  database: Pick<Database, 'query'>,
  appliedTags: readonly string[],
  log: MaintenanceLog,
): Promise<{ tables: string[]; durationMs: number } | null> {
  const tables = tablesToVacuumAfter(appliedTags);
  if (tables.length === 0) return null;
  try {
    const done = await runMaintenance(database, tables);
    log.info({ tables: done.tables, durationMs: done.durationMs }, 'vacuumed the tables the new migrations filled');
    return done;
  } catch (error) {
    log.warn(
      { error: error instanceof Error ? error.name : 'unknown' },
      'the vacuum after the new migrations failed; the nightly job will do it',
    );
    return null;
  }
}

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
