import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Spec file names that start before all others, in this order: the longest browser spec, then the
 * ones that spend most of their time waiting on a timer (email-after-crash: a 60 s lease;
 * two-instances: the next cron minute), whatever their size. A name that no longer exists is never
 * matched.
 */
const START_FIRST = ['a11y.e2e.ts', 'email-after-crash.e2e.ts', 'two-instances.e2e.ts'];

/**
 * Vitest's order with the {@link START_FIRST} specs moved to the front (a stable sort). Vitest starts
 * files in the order it found them when it has no timings (CI's clean clone), else failed and longest
 * first from its cache; either way a spec that mostly waits could start last: email-after-crash once
 * ran alone for its last 92 s (2026-11-27). Started first, its waits overlap the other specs' work.
 */
class E2eSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const index = START_FIRST.indexOf(path.basename(spec.moduleId));
      return index === -1 ? START_FIRST.length : index;
    };
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}

/** End-to-end specs: Playwright (playwright-core) driving Debian's Chromium against the built app. */
export default defineConfig({
  test: {
    // Named so that its timings cache is its own (node_modules/.vite/vitest/<hash of the name>): .ci/run
    // runs these specs beside the other Vitest runs, which would otherwise rewrite the same file.
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 240_000,
    // expect.poll gives up after 1 s by default: on a busy CI machine an admin tab's first fetch took
    // longer, and admin-email failed on 'Loading…' (CI of 2026-11-24). 20 s, as the explicit polls use.
    expect: { poll: { timeout: 20_000, interval: 100 } },
    pool: 'forks',
    sequence: { sequencer: E2eSequencer },
    // Three files at a time (each has its own port, data folder or database), also on two CPUs: a
    // spec keeps a CPU busy for about a third of its time, the rest is waiting on pages, timers and
    // e-mails (each spec alone, 2026-11-27: 313 s of CPU in 840 s; docs/reports/2026-11-27-ci-time.md).
    fileParallelism: true,
    maxWorkers: 3,
  },
});
