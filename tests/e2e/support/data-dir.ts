/**
 * New DATA_DIRs for the end-to-end specs' servers and import runs, each holding its own copy of the
 * migrated PGlite database that the global set-up made once (global-setup.ts,
 * `e2eDatabaseTemplate`): the server opens it as it opens any existing DATA_DIR, without initdb or
 * migrations. honest-real-feed.e2e.ts keeps a DATA_DIR that does not exist yet, so the specs still
 * cover a first start on an empty folder (as do server/db/embedded's tests).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, inject } from 'vitest';

/** The folders {@link migratedDataDir} and {@link scratchDir} made for this spec file. */
const made: string[] = [];

// Registered when a spec file imports this module, on the file's own suite: it runs after the
// spec's describe blocks and their afterAll hooks (which stop the servers and import runs using
// these folders). Before, every spec left its DATA_DIR in the temporary folder: 93 of them, about
// 4 GB of /tmp, after three whole runs of the specs and about a dozen single-spec runs (28
// November 2026).
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A new temporary folder named `<prefix>XXXXXX` with `db/` a copy of the migrated template; its path.
 * The folder is removed when the spec file ends. Throws when the global set-up provided no template (a spec run outside this config).
 */
export function migratedDataDir(prefix: string): string {
  const template = inject('e2eDatabaseTemplate');
  if (!template) throw new Error('migratedDataDir: no e2eDatabaseTemplate (run the specs with tests/e2e/vitest.e2e.config.ts)');
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(template, path.join(dir, 'db'), { recursive: true });
  made.push(dir);
  return dir;
}

/**
 * A new, empty temporary folder named `<prefix>XXXXXX` (feeds written for an import, a DATA_DIR that
 * must start empty); its path. Removed when the spec file ends, like {@link migratedDataDir}'s.
 */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
