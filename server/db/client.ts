/**
 * Database connection: embedded PGlite in `DATA_DIR` (default) or a PostgreSQL server through a
 * node-postgres pool when `DATABASE_URL` is set (DESIGN.md §2). One schema, one set of migrations.
 */
import path from 'node:path';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PROJECT_ROOT } from '../project-root';
import { openPgliteWorker, type PgliteWorkerClient } from './embedded/pglite-worker-client';
import { withNamedStatements } from './embedded/pglite-named.mjs';
import { pgliteStartParams } from './embedded/pglite-settings';
import * as catalogue from './schema/catalogue.schema';
import * as alerts from './schema/alerts.schema';
import * as visitors from './schema/visitors.schema';
import * as email from './schema/email.schema';
import * as categoryPages from './schema/category-pages.schema';
import * as productClicks from './schema/product-clicks.schema';
import * as categoryClicks from './schema/category-clicks.schema';
import * as engagement from './schema/engagement.schema';
import * as siteSettings from './schema/site-settings.schema';
import * as contact from './schema/contact.schema';
import * as admin from './schema/admin.schema';
import * as amazonApi from './schema/amazon-api.schema';
import * as budgetDeals from './schema/budget-deals.schema';
import * as siteVisits from './schema/site-visits.schema';
import * as savedSearches from './schema/saved-searches.schema';
import * as productArchive from './schema/product-archive.schema';
import * as productRequests from './schema/product-requests.schema';

export const schema = {
  ...catalogue,
  ...alerts,
  ...visitors,
  ...email,
  ...categoryPages,
  ...productClicks,
  ...categoryClicks,
  ...engagement,
  ...siteSettings,
  ...contact,
  ...admin,
  ...amazonApi,
  ...budgetDeals,
  ...siteVisits,
  ...savedSearches,
  ...productArchive,
  ...productRequests,
};
export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A transaction handle (same API as Db). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** SQL files read at run time, from source and from the built server alike (project-root.ts). */
const execFileAsync = promisify(execFile);

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'server/db/migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL with parameters; used by pg-boss. Rows as plain objects. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /**
   * Applies pending migrations (idempotent). Answers the tags of those this call applied, oldest
   * first (`[]` when none was pending), e.g. `['0031_week_rollups']`.
   */
  migrate(): Promise<string[]>;
  close(): Promise<void>;
  /**
   * The PGlite instance when embedded (for tools that need it), else undefined. When PGlite runs in
   * a worker thread this is the worker's client, which offers query, exec, transaction and close.
   */
  pglite?: PGlite;
  pool?: pg.Pool;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` (or undefined) for an in-memory database. */
  dataDir?: string;
  /**
   * Runs PGlite in a worker thread (pglite-worker-client.ts), so its SQL never blocks the thread
   * that serves HTTP (docs/decisions/0007-pglite-worker.md). Default: yes on disk (npm start, the
   * import CLI), no in memory (test databases, in-memory benches).
   */
  worker?: boolean;
  /**
   * A data directory to start from (PGlite's `dumpDataDir` tar), for PGlite in memory on this
   * thread only: the tests' migrated template (server/test-support/template-db.global-setup.ts).
   */
  loadDataDir?: Blob;
  /**
   * PGlite's worker already started on `dataDir` (server/main.ts does so before loading the HTTP
   * side, issue 7 "Cold start"); used instead of starting one, and without waiting for it to open:
   * PGlite holds statements until it is ready, and fails them with its error when it cannot open
   * (pglite-worker.test.ts checks both). Only for a data directory that exists (has PG_VERSION):
   * a new one is created by initdb first, in its own process.
   */
  startedWorker?: PgliteWorkerClient;
}

/**
 * Contrib extensions every PGlite instance loads, because migrations create them: pg_trgm (migration
 * 0018: the search word dictionary's trigram similarity, docs/decisions/0026-search-relevance.md).
 * The worker thread (embedded/pglite-worker.mjs, plain JavaScript) lists the same.
 */
const PGLITE_EXTENSIONS = { extensions: { pg_trgm } };

const PGLITE_INIT_SCRIPT = path.join(PROJECT_ROOT, 'server/db/embedded/pglite-init.mjs');

/**
 * Creates a new PGlite data directory in a child process (pglite-init.mjs): PGlite's initdb leaves
 * several hundred MB in its WebAssembly heap that the server's process would keep for its lifetime
 * (decision 0015). Throws an Error carrying PGlite's message when the child fails; a file-system
 * error of PGlite's ("ErrnoError errno 51") comes back as `name` 'ErrnoError' with its WASI `errno`,
 * which data-dir-problem.ts turns into "no space left…" or "not writable…".
 */
async function createPgliteDataDir(dataDir: string): Promise<void> {
  try {
    await execFileAsync(process.execPath, [PGLITE_INIT_SCRIPT, dataDir, JSON.stringify(pgliteStartParams())]);
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    const failure = new Error(stderr || `could not create the PGlite data directory ${dataDir}`);
    const errno = /\bErrnoError errno (\d+)\b/.exec(stderr);
    if (errno) Object.assign(failure, { name: 'ErrnoError', errno: Number(errno[1]), path: dataDir });
    throw failure;
  }
}

/**
 * The test helper's `PGLITE_WORKER` switch as an {@link OpenDatabaseOptions.worker}
 * value: `1` forces the worker thread, `0` forbids it, anything else keeps the default (worker on
 * disk, same thread in memory). `npm start` and the import CLI always take the default.
 */
export function pgliteWorkerSetting(value: string | undefined): boolean | undefined {
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return undefined;
}

/**
 * The key of the PostgreSQL session advisory lock held while migrations run (any fixed bigint; the
 * text "deal-alerts migrations" hashed once). Instances started together on a database with pending
 * migrations take turns: the first applies them, the others then find nothing left to apply
 * (without it, drizzle's migrator raced: the loser's CREATE TABLE of its journal failed and that
 * instance exited; docs/decisions/0038-several-instances.md).
 */
export const MIGRATION_LOCK_KEY = 7_340_210_861_445_129n;

/** How many migrations drizzle's log table records (0 before the first migration). */
async function appliedCount(query: Database['query']): Promise<number> {
  // Two statements: a statement naming a table that does not exist fails when it is parsed.
  const { rows: exists } = await query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists[0]?.t) return 0;
  const { rows } = await query<{ n: number | string }>('select count(*) as n from drizzle.__drizzle_migrations');
  return Number(rows[0]?.n ?? 0);
}

/**
 * Runs `migrate` and answers the tags of the migrations it applied: after it, every journal entry is
 * applied, so those past drizzle's count of applied migrations before it (they apply in journal
 * order). Throws what `migrate` throws.
 */
async function migrateAndTell(query: Database['query'], migrate: () => Promise<void>): Promise<string[]> {
  const before = await appliedCount(query);
  await migrate();
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.slice(before).map((e) => e.tag);
}

/**
 * Applies pending migrations on PostgreSQL under {@link MIGRATION_LOCK_KEY}: one pool connection
 * holds the lock (waiting for another instance's migration to finish) while drizzle's migrator runs
 * on the pool, then unlocks and is released. Throws what the database or the migrator throws; the
 * lock goes with its connection if unlocking fails.
 */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
    lock.release();
  } catch (error) {
    // A connection whose unlock failed is destroyed, so it cannot keep the lock.
    lock.release(true);
    throw error;
  }
}

/**
 * Opens the database. For PGlite with a directory, the directory is created.
 * Throws when the server is unreachable or the PGlite directory is held by another process
 * (PGlite's own error; the CLI turns it into advice).
 */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server closes (a restart, an administrator, a dropped test database)
    // is reported here; without a listener node-postgres would crash the process. The pool opens
    // a new connection on the next query, so noting it is enough (its code only: no SQL, no data).
    pool.on('error', (error: Error & { code?: string }) => {
      console.error(`[db] an idle PostgreSQL connection was closed (${error.code ?? error.name}); the next query reconnects`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const query: Database['query'] = async (text, params) => {
      const r = await pool.query(text, params as unknown[]);
      return { rows: r.rows };
    };
    return {
      db,
      kind: 'postgres',
      pool,
      query,
      migrate: () => migrateAndTell(query, () => migratePostgres(pool)),
      close: () => pool.end(),
    };
  }
  let dataDir = opts.dataDir;
  if (dataDir && !dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
  } else {
    dataDir = undefined;
  }
  let client: PGlite;
  if (opts.worker ?? dataDir !== undefined) {
    // The worker client offers the part of PGlite's API the app uses; drizzle's driver runs on it.
    if (opts.startedWorker) client = opts.startedWorker.asPglite();
    else {
      if (dataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) await createPgliteDataDir(dataDir);
      client = (await openPgliteWorker(dataDir)).asPglite();
    }
  } else {
    const options = {
      startParams: pgliteStartParams(),
      ...(dataDir ? {} : { loadDataDir: opts.loadDataDir }),
      ...PGLITE_EXTENSIONS,
    };
    client = withNamedStatements(dataDir ? new PGlite(dataDir, options) : new PGlite(options));
    await client.waitReady;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const query: Database['query'] = async (text, params) => {
    const r = await client.query(text, params as unknown[]);
    return { rows: r.rows as never[] };
  };
  return {
    db,
    kind: 'pglite',
    pglite: client,
    query,
    migrate: () => migrateAndTell(query, () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER })),
    close: () => client.close(),
  };
}

/** Whether `db` runs on a PostgreSQL server (node-postgres's pool) rather than on PGlite, on either thread. */
export function runsOnPostgres(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof pg.Pool;
}

/**
 * Asks the database under `db` to run the statement whose SQL text is `sql` as the named,
 * server-side prepared statement `name`: parsed once, then only bound and executed, with
 * PostgreSQL's plan cache free to keep a generic plan (docs/decisions/0017-uncached-search.md).
 * Only on PGlite (either thread), outside transactions; on PostgreSQL, and on a client without the
 * hook, it does nothing and the statement stays unnamed (planned with its values each time). For
 * read-only statements whose every plan reads the same index (a generic plan cannot judge values).
 */
export function nameStatement(db: Db, sql: string, name: string): void {
  const client = (db as unknown as { $client?: { nameStatement?: (sql: string, name: string) => void } }).$client;
  client?.nameStatement?.(sql, name);
}
