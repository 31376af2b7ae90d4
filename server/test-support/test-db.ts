/**
 * A fresh, migrated database for one test file (DESIGN.md §6): in-memory PGlite by default, or a
 * new database on the PostgreSQL server of `TEST_DATABASE_URL` (created here, dropped on close).
 * Both copy the run's migrated template when there is one (template-db.global-setup.ts).
 * `PGLITE_WORKER=1` runs the in-memory PGlite in a worker thread, as `npm start` runs it on disk
 * (docs/decisions/0007-pglite-worker.md).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, pgliteWorkerSetting, type Database } from '../db/client';

/** The migrated template of this run (template-db.global-setup.ts), read once per test file. */
let pgliteTemplate: Blob | undefined;

export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const templateFile = inject('pgliteTemplate');
    if (templateFile) pgliteTemplate ??= new Blob([readFileSync(templateFile)]);
    const database = await openDatabase({ worker: pgliteWorkerSetting(process.env.PGLITE_WORKER), loadDataDir: pgliteTemplate });
    await database.migrate();
    return database;
  }
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const template = inject('postgresTemplate');
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  await database.migrate();
  const close = database.close;
  database.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return database;
}
