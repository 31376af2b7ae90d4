import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests (DESIGN.md §6). `*.test.ts(x)` beside the code; e2e specs in
 * tests/e2e run in their own config (see package.json "test:e2e").
 *
 * Two projects, run together in one pool of two workers:
 * - `server`: server/ tests. Test files share a worker's module cache instead of importing the
 *   server afresh each (`isolate: false`; no server test mocks modules, each file makes its own
 *   database). Measured 2026-11-24 on this 2-CPU machine, nothing else running: the PGlite server/
 *   pass took 229 s isolated, 121 s not.
 * - `web`: web/, common/, tests/lint and bench/ tests, each file isolated: web modules keep per-page state
 *   (the canonical origin read from the first HTML, for one), which leaked between files when shared.
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
          // One migrated database per run, copied by every test file's createTestDatabase.
          globalSetup: ['server/test-support/template-db.global-setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['common/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'tests/lint/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
    ],
  },
});
