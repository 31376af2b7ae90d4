/**
 * The app shell around every route: skip link, demo banner, header, the page, footer, the floating
 * alert bell and the toaster. Composes features (the shell sits at the routes' level, DESIGN.md §3).
 */
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from '../components/ui/toast';
import { AlertBell } from '../features/alerts/components/alert-bell';
import { DemoBanner } from '../features/catalogue/components/demo-banner';
import { useSavedSearches } from '../features/saved-searches/saved-searches.query';
import { useSession } from '../features/session/session.store';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The saved searches, "Sent to you" and private feed in the bell panel (issue 30): a lazy chunk, loaded with the panel. */
const YourRecord = lazy(() => import('../features/saved-searches/components/your-record'));

export function RootLayout() {
  const session = useSession();
  // A visitor with saved searches but no alerts reaches them, "Sent to you" and the feed through the bell too.
  const savedSearches = useSavedSearches({ email: session.email, token: session.token });
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 text-slate-900 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <DemoBanner />
      <SiteHeader />
      {/* At least one screen tall, so the footer starts below the fold and a page whose content
          arrives after its loading state does not push a visible footer down (issue 7: CLS ≤ 0.05;
          Lighthouse measured 0.348 on /deals/{ASIN} from the footer moving). */}
      <main id="main" tabIndex={-1} className="mx-auto min-h-dvh w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <AlertBell
        email={session.email}
        token={session.token}
        hasOtherRecord={(savedSearches.data?.length ?? 0) > 0}
        panelExtra={
          <Suspense fallback={null}>
            <YourRecord held={{ email: session.email, token: session.token }} />
          </Suspense>
        }
      />
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}

/** Shown while the first lazy route loads (keeps the page from flashing blank). */
export function RouteFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center text-slate-700" role="status">
      Loading…
    </div>
  );
}
