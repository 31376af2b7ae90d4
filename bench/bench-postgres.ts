/**
 * A scratch PostgreSQL database for a benchmark run (issue 7: "PostgreSQL side by side in the same
 * run"): created on the server at BENCH_DATABASE_URL (default the local server,
 * postgres://postgres@127.0.0.1:5432/postgres), opened through the app's own client and migrated,
 * dropped afterwards whatever happens.
 */
import pg from 'pg';
import { openDatabase, type Database } from '../server/db/client';

/** The admin URL the scratch database is created from. */
export const BENCH_POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Runs `fn` on a fresh database `{prefix}_{pid}` with its host for labels and its URL (for child
 * processes: the import CLI, the server), then drops it. Answers undefined and prints why when the
 * server cannot be reached; rethrows what `fn` throws. With `keepAs`, the database is named so and
 * kept when `fn` succeeds (for a later run to reuse), dropped when it throws.
 */
export async function withScratchPostgres<T>(
  prefix: string,
  fn: (database: Database, host: string, url: string) => Promise<T>,
  options: { keepAs?: string } = {},
): Promise<T | undefined> {
  const admin = new pg.Client({ connectionString: BENCH_POSTGRES_URL });
  try {
    await admin.connect();
  } catch {
    console.log(`  PostgreSQL: skipped (not reachable at ${new URL(BENCH_POSTGRES_URL).host})`);
    return undefined;
  }
  const name = options.keepAs ?? `${prefix}_${process.pid}`;
  let done = false;
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(BENCH_POSTGRES_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      const result = await fn(database, url.host, url.toString());
      done = true;
      return result;
    } finally {
      await database.close();
    }
  } finally {
    // A database to keep is kept only when `fn` finished: a half-filled one is dropped.
    if (!options.keepAs || !done) await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}

/**
 * Drops the database `name` on the bench's server (BENCH_POSTGRES_URL) if it exists, so a run that
 * keeps its data (`withScratchPostgres`'s `keepAs`) starts from nothing. `name` must be a plain
 * identifier (letters, digits, underscores); throws otherwise, or when the server cannot be reached.
 */
export async function dropPostgresDatabase(name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = new pg.Client({ connectionString: BENCH_POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name}`);
  } finally {
    await admin.end();
  }
}
