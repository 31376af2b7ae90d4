/**
 * Vitest global setup of the server tests on the embedded database: builds dist/server when it is
 * missing or older than its sources (`scripts/ensure-server-build.mjs`, as `npm start` and `npm run
 * import` do), because the CLI and start-up tests run the built JavaScript as those commands run it
 * (`node dist/server/cli/import.cli.js`, `node dist/server/main.js`) instead of compiling the
 * TypeScript with tsx in every child process: about 2.9 s of CPU less per process (one import of the
 * 50-row feed on a migrated DATA_DIR: 7.3 s of CPU with tsx, 4.5 s built; 28 November 2026).
 * Done once per run here, so two test files never build at the same time. With `TEST_DATABASE_URL`
 * set those tests are left out (vitest.config.ts), and nothing is built.
 * @throws when the build fails (esbuild's message is printed).
 */
import { execFileSync } from 'node:child_process';
import { PROJECT_ROOT } from '../project-root';

export default function setup(): void {
  if ((process.env.TEST_DATABASE_URL ?? '') !== '') return;
  execFileSync(process.execPath, ['scripts/ensure-server-build.mjs'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
}
