/**
 * Vitest global set-up of the end-to-end specs:
 * 1. The specs run the built app (dist/web and dist/server, as `npm start` runs it), so build
 *    whichever is missing or older than its sources (`npm test` has just built both; `npm run
 *    test:e2e` alone may not have).
 * 2. One migrated PGlite database (a `DATA_DIR/db` folder, made by the server's own openDatabase
 *    and migrate: initdb in its own process, then every migration), which a spec copies with
 *    {@link migratedDataDir} (data-dir.ts) instead of having its server create and migrate one.
 *    A new database costs about 5.7 s of CPU before the server answers (7.4 s to a first answer on
 *    an empty DATA_DIR against 1.7 s on a migrated one, idle 2-CPU machine, 28 November 2026); the
 *    official CI of that day, at a load of about 12, saw seven specs' servers not answer within
 *    60 s. Provided as `e2eDatabaseTemplate` (the folder's path); removed at the end of the run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite database folder (what the server keeps in `DATA_DIR/db`), to be copied. */
    e2eDatabaseTemplate: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../../..');

export default async function setup(project: TestProject): Promise<() => void> {
  for (const script of ['scripts/ensure-web-build.mjs', 'scripts/ensure-server-build.mjs'])
    execFileSync(process.execPath, [script], { cwd: ROOT, stdio: 'inherit' });
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-template-'));
  const template = path.join(dir, 'db');
  const database = await openDatabase({ dataDir: template });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide('e2eDatabaseTemplate', template);
  return () => rmSync(dir, { recursive: true, force: true });
}
