import { defineConfig } from 'vitest/config';

/** End-to-end specs: Playwright (playwright-core) driving Debian's Chromium against the built app. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    testTimeout: 180_000,
    hookTimeout: 240_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
