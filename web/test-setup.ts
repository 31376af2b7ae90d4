/**
 * Vitest setup for every test file (vitest.config.ts `setupFiles`). Adds the jest-dom matchers
 * (`toBeVisible`, `toHaveValue`, …) to `expect`. Files that opt into a DOM with the
 * `// @vitest-environment happy-dom` docblock also get, after each test: the rendered trees
 * unmounted, stubbed globals (`fetch`) restored, a faked clock returned to real time and the toast
 * queue emptied. Server tests (node environment) only get the matchers.
 */
import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';

if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // findBy*/waitFor wait up to 15 s (default 1 s): lazy chunks load slowly on a busy CI machine. At
  // 5 s, three component tests timed out on 28 November 2026 while the browser specs ran beside them
  // on 2 CPUs (load average up to 15); an element that never appears still fails the test.
  configure({ asyncUtilTimeout: 15_000 });
  const { dismissToast } = await import('./components/ui/toast.store');
  afterEach(() => {
    cleanup();
    dismissToast();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    window.localStorage.clear();
  });
}
