import { defineConfig } from 'vitest/config';

/**
 * Server tests of the embedded database itself: PGlite's worker, settings and named statements
 * (server/db/embedded) and the CLIs, which run on a DATA_DIR (server/cli). They open PGlite
 * whatever `TEST_DATABASE_URL` says, so on a PostgreSQL run they would repeat the PGlite run
 * exactly; with `TEST_DATABASE_URL` set they are left out, and the run without it (the default, and
 * CI's second pass: .ci/run) runs them. They were 39 % of CI's PostgreSQL pass (376 of 957 s of
 * file time, 2026-11-27).
 */
const EMBEDDED_ONLY = ['server/db/embedded/**', 'server/cli/**'];
const onPostgres = (process.env.TEST_DATABASE_URL ?? '') !== '';

/**
 * Unit and integration tests (DESIGN.md §6). `*.test.ts(x)` beside the code; e2e specs in
 * tests/e2e run in their own config (see package.json "test:e2e").
 *
 * Two projects, run together in one pool of two workers:
 * - `server`: server/ tests (on PostgreSQL, without {@link EMBEDDED_ONLY}). Test files share a
 *   worker's module cache instead of importing the server afresh each (`isolate: false`; no server test mocks modules, each file makes its own
 *   database). Measured 2026-11-24 on this 2-CPU machine, nothing else running: the PGlite server/
 *   pass took 229 s isolated, 121 s not.
 * - `web`: web/, common/, tests/lint and bench/ tests, each file isolated (its own worker thread):
 *   web modules keep per-page state (the canonical origin read from the first HTML, the toast
 *   queue, the session store), and happy-dom's window (its location, its storage) outlives a file
 *   in a shared worker. Measured 28 November 2026 (`vitest run --project web`, CPU of the whole
 *   command, one run each, a bench running beside at a higher priority): 208 s isolated in forks,
 *   175 s isolated in threads. Sharing the worker with the project's own modules reset per file
 *   (`vi.resetModules()`) took 119–145 s and passed in five orders of the files, but failed in CI
 *   with the files grouped by project, on state left in the shared window ("Invalid URL"): not
 *   worth the flakiness (docs/reports/2026-11-27-ci-time.md).
 */
export default defineConfig({
  test: {
    exclude: ['node_modules', 'dist', 'tests/e2e/**'],
    // Node by default; web component tests choose happy-dom with a `// @vitest-environment` docblock.
    environment: 'node',
    setupFiles: ['web/test-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time, also on a 2-CPU machine (the default would leave one CPU idle while
    // a file waits on its database): keeps .ci/run under 15 minutes.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          exclude: ['node_modules', 'dist', ...(onPostgres ? EMBEDDED_ONLY : [])],
          // One migrated database per run, copied by every test file's createTestDatabase; and the
          // server built once, for the CLI and start-up tests that run it as users do.
          globalSetup: ['server/test-support/template-db.global-setup.ts', 'server/test-support/server-build.global-setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          pool: 'threads',
          include: ['common/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'tests/lint/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
    ],
  },
});
