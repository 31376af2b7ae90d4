import { defineConfig } from 'vitest/config';

/** End-to-end specs: Playwright (playwright-core) driving Debian's Chromium against the built app. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 240_000,
    // expect.poll gives up after 1 s by default: on a busy CI machine an admin tab's first fetch took
    // longer, and admin-email failed on 'Loading…' (CI of 2026-11-24). 20 s, as the explicit polls use.
    expect: { poll: { timeout: 20_000, interval: 100 } },
    pool: 'forks',
    // Two files at a time (each has its own port, data folder or database): halves CI's e2e phase.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
