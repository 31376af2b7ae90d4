/**
 * The app, imported by web/boot.ts after the first paint: reads the session from the URL once,
 * then renders the router inside the query client provider (content-and-account-pages §2.1:
 * "wrapped in a data-fetching client provider").
 *
 * First render (issue 7 "Pages", decision 0009 addendum): the server's first HTML stays on screen
 * until the requested route's lazy chunk has loaded (no "Loading…" swap in between), and the first
 * render is a transition, so React renders it in slices of a few milliseconds instead of one long
 * task; its commit replaces the server's markup (decision 0010: createRoot, not hydrateRoot). The
 * visit report waits until the browser is idle.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { initSession } from './features/session/session.store';
import { createQueryClient } from './lib/query-client';
import { captureCampaign, reportVisit } from './lib/outbound-link';
import { createRouter } from './router';

initSession();
captureCampaign();
// The address as opened, before the router redirects anything (e.g. /todaysdeals2).
const opened = { path: window.location.pathname, search: window.location.search };
const queryClient = createQueryClient();
const router = createRouter();

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

/** Resolves once the router has loaded the first route's lazy chunk (or failed to). */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

void routerReady().then(() => {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
  idle(() => reportVisit(opened.path, opened.search));
});
