/**
 * Database connection: embedded PGlite in `DATA_DIR` (default) or a PostgreSQL server through a
 * node-postgres pool when `DATABASE_URL` is set (DESIGN.md §2). One schema, one set of migrations.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as catalogue from './schema/catalogue.schema';
import * as alerts from './schema/alerts.schema';
import * as visitors from './schema/visitors.schema';
import * as email from './schema/email.schema';
import * as categoryPages from './schema/category-pages.schema';
import * as productClicks from './schema/product-clicks.schema';
import * as engagement from './schema/engagement.schema';

export const schema = { ...catalogue, ...alerts, ...visitors, ...email, ...categoryPages, ...productClicks, ...engagement };
export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A transaction handle (same API as Db). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL with parameters; used by pg-boss. Rows as plain objects. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Applies pending migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance when embedded (for tools that need it), else undefined. */
  pglite?: PGlite;
  pool?: pg.Pool;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` (or undefined) for an in-memory database. */
  dataDir?: string;
}

/**
 * Opens the database. For PGlite with a directory, the directory is created.
 * Throws when the server is unreachable or the PGlite directory is held by another process
 * (PGlite's own error; the CLI turns it into advice).
 */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      query: async (text, params) => {
        const r = await pool.query(text, params as unknown[]);
        return { rows: r.rows };
      },
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    };
  }
  let dataDir = opts.dataDir;
  if (dataDir && !dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
  } else {
    dataDir = undefined;
  }
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    query: async (text, params) => {
      const r = await client.query(text, params as unknown[]);
      return { rows: r.rows as never[] };
    },
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}
