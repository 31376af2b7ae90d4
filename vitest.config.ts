import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests (DESIGN.md §6). `*.test.ts(x)` beside the code; e2e specs in
 * tests/e2e run in their own project (see package.json "test:e2e").
 */
export default defineConfig({
  test: {
    include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
    exclude: ['node_modules', 'dist', 'tests/e2e/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
