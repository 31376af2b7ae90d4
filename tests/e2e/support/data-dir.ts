/**
 * New DATA_DIRs for the end-to-end specs' servers and import runs, each holding its own copy of the
 * migrated PGlite database that the global set-up made once (global-setup.ts,
 * `e2eDatabaseTemplate`): the server opens it as it opens any existing DATA_DIR, without initdb or
 * migrations. honest-real-feed.e2e.ts keeps a DATA_DIR that does not exist yet, so the specs still
 * cover a first start on an empty folder (as do server/db/embedded's tests).
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * A new temporary folder named `<prefix>XXXXXX` with `db/` a copy of the migrated template; its path.
 * Throws when the global set-up provided no template (a spec run outside this config).
 */
export function migratedDataDir(prefix: string): string {
  const template = inject('e2eDatabaseTemplate');
  if (!template) throw new Error('migratedDataDir: no e2eDatabaseTemplate (run the specs with tests/e2e/vitest.e2e.config.ts)');
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(template, path.join(dir, 'db'), { recursive: true });
  return dir;
}
