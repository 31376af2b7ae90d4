/**
 * Vitest global setup: one migrated database made once per run, which every test file's
 * createTestDatabase (test-db.ts) copies instead of creating and migrating its own (DESIGN.md §6;
 * keeps .ci/run under 15 minutes, decision 0012).
 *
 * - PGlite (no TEST_DATABASE_URL): an in-memory PGlite migrated here and dumped with
 *   `dumpDataDir('none')` to a tar file in the temp folder; each file loads it with `loadDataDir`
 *   (skips initdb and the migrations: about 2 s instead of 5 s per file, measured at load ≈ 9).
 *   Not with `PGLITE_WORKER=1`, which runs each file's database in a worker from scratch.
 * - PostgreSQL (TEST_DATABASE_URL): a database `test_template_<pid>` migrated here; each file runs
 *   `CREATE DATABASE … TEMPLATE` it. Dropped at the end of the run.
 * Provides `pgliteTemplate` (the tar's path) or `postgresTemplate` (the database's name).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteWorkerSetting } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a tar of a migrated PGlite data directory, or '' when each file starts from scratch. */
    pgliteTemplate: string;
    /** Name of a migrated PostgreSQL database to copy, or '' when there is none. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', '');
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `test_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: target.toString() });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    project.provide('postgresTemplate', name);
    return async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  }
  if (pgliteWorkerSetting(process.env.PGLITE_WORKER) === true) return async () => {};
  const database = await openDatabase({ worker: false });
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-template-'));
  try {
    await database.migrate();
    const tar = await database.pglite!.dumpDataDir('none');
    const file = path.join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
    project.provide('pgliteTemplate', file);
  } finally {
    await database.close();
  }
  return async () => rmSync(dir, { recursive: true, force: true });
}
