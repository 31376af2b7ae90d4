import { closeSync, openSync, readSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/** The environment a test file asks for in a `@vitest-environment` docblock near its top, else 'node'. */
function environmentOf(file: string): string {
  const head = Buffer.alloc(512);
  const fd = openSync(file, 'r');
  try {
    const read = readSync(fd, head, 0, head.length, 0);
    return /@vitest-environment\s+(\S+)/.exec(head.subarray(0, read).toString('utf8'))?.[1] ?? 'node';
  } finally {
    closeSync(fd);
  }
}

/**
 * Vitest's order (longest first, from its timings cache), grouped by project and then by
 * environment. A worker that shares its module cache between files (`isolate: false`) is kept for
 * the next file only when the next file in the queue is of the same project and environment;
 * otherwise it is stopped and a new one imports everything again. In Vitest's own order the server
 * and web files alternate, so the workers were replaced at almost every file.
 */
class GroupedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const key = new Map(sorted.map((spec) => [spec, `${spec.project.name}\u0000${environmentOf(spec.moduleId)}`]));
    const firstSeen = new Map<string, number>();
    for (const spec of sorted) if (!firstSeen.has(key.get(spec) as string)) firstSeen.set(key.get(spec) as string, firstSeen.size);
    return [...sorted].sort((a, b) => (firstSeen.get(key.get(a) as string) as number) - (firstSeen.get(key.get(b) as string) as number));
  }
}

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
 * - `web`: web/, common/, tests/lint and bench/ tests, in worker threads that share packages between
 *   files (`isolate: false`): web/test-setup.ts evaluates this project's own modules afresh for
 *   every file (`vi.resetModules()`), so their module state (the toast queue, the session store, the
 *   canonical origin) never leaks from one file into the next, and empties the shared document's
 *   <head>. Measured 28 November 2026 (`vitest run --project web`, CPU of the whole command, one run
 *   each, a bench running beside at a higher priority): 208 s isolated in forks, 175 s isolated in
 *   threads, 145 s shared with the reset; 91 s shared without it, but then module state leaked
 *   (document-title.hook.test.tsx failed in a shuffled order).
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
    sequence: { sequencer: GroupedSequencer },
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
          isolate: false,
          include: ['common/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'tests/lint/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
    ],
  },
});
