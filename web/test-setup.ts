/**
 * Vitest setup for every test file (vitest.config.ts `setupFiles`). Adds the jest-dom matchers
 * (`toBeVisible`, `toHaveValue`, …) to `expect`. Files that opt into a DOM with the
 * `// @vitest-environment happy-dom` docblock also get, after each test: the rendered trees
 * unmounted, stubbed globals (`fetch`) restored, a faked clock returned to real time and the toast
 * queue emptied. Server tests (node environment) only get the matchers.
 */
import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';

// The web project shares each worker's module cache between test files (vitest.config.ts,
// `isolate: false`): packages (React, Testing Library, Recharts…) load once per worker, while this
// project's own modules are evaluated afresh for every file, so their module state (the toast
// queue, the session store, the canonical origin) never leaks from one file into the next.
vi.resetModules();

if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // findBy*/waitFor wait up to 15 s (default 1 s): lazy chunks load slowly on a busy CI machine. At
  // 5 s, three component tests timed out on 28 November 2026 while the browser specs ran beside them
  // on 2 CPUs (load average up to 15); an element that never appears still fails the test.
  configure({ asyncUtilTimeout: 15_000 });
  // The worker's document outlives a file too: each file starts from an empty <head> and title,
  // as a page does before its first screen sets them (useDocumentTitle).
  document.head.replaceChildren();
  document.title = '';
  const { dismissToast } = await import('./components/ui/toast.store');
  afterEach(() => {
    cleanup();
    dismissToast();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    window.localStorage.clear();
  });
}
