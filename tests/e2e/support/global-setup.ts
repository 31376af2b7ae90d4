/**
 * Vitest global set-up of the end-to-end specs: the specs run the built app (dist/web and
 * dist/server, as `npm start` runs it), so build whichever is missing or older than its sources
 * (`npm test` has just built both; `npm run test:e2e` alone may not have).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export default function setup(): void {
  for (const script of ['scripts/ensure-web-build.mjs', 'scripts/ensure-server-build.mjs'])
    execFileSync(process.execPath, [script], { cwd: ROOT, stdio: 'inherit' });
}
