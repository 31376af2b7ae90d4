/**
 * The admin area (issue 11 part 2; admin-area §2): 'Product Management Admin' with Refresh, Sign
 * out, the banner shown while Amazon refuses the Creators API (issue 14), the tab bar of the 18
 * tabs (tab key in the URL: `/admin/{key}`, `/management/{key}`), the open tab's panel and the
 * audit log. Under 768 px the tab bar is a labelled select of every tab (issue 29). Guarded: without a session (`GET /api/admin/me` → 401), or
 * when any admin call answers 401 later, the owner is sent to `/admin/login?next=…`.
 *
 * Everything under web/admin is lazy chunks only; shopper pages never import it (lint zone).
 */
import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut, RefreshCw } from 'lucide-react';
import { Button, buttonClasses } from '../../components/ui/button';
import { TabBar, tabId, tabPanelId } from '../../components/ui/tabs';
import { Select } from '../../components/ui/select';
import { Toaster } from '../../components/ui/toast';
import { adminMeQuery, isSignedOut, useAdminLogout } from '../features/admin-auth/api';
import { AuditLogPanel } from '../features/audit/components/audit-log-panel';
import { API_TAB_KEY } from '../features/amazon-api/api';
import { AmazonAccessBanner } from '../features/amazon-api/components/amazon-access-banner';
import { ADMIN_QUERY_ROOT, adminAmazonAccessKey, adminAuditLogKey, adminTabKey } from '../lib/admin-query-keys';
import { useDocumentTitle } from '../../lib/document-title.hook';
import type { AdminTabProps } from '../components/admin-tab';
import { ADMIN_TABS, DEFAULT_ADMIN_TAB, type AdminTab } from './admin-tabs';

const ID = 'admin';

/** The sign-in page, coming back to `pathname` afterwards. */
export const adminLoginPath = (next: string) => `/admin/login?next=${encodeURIComponent(next)}`;

/** One lazy component per loader (React.lazy must not be re-created on each render). */
const lazyPanels = new WeakMap<NonNullable<AdminTab['load']>, LazyExoticComponent<ComponentType<AdminTabProps>>>();
function panelOf(tab: AdminTab): LazyExoticComponent<ComponentType<AdminTabProps>> | null {
  if (!tab.load) return null;
  let panel = lazyPanels.get(tab.load);
  if (!panel) {
    panel = lazy(tab.load);
    lazyPanels.set(tab.load, panel);
  }
  return panel;
}

/**
 * Calls `onExpired` when any admin query or change answers 401 (the session ended meanwhile). The
 * caller leaves for the sign-in page; it must not drop the queries here, while their observers are
 * still mounted (they would refetch at once, and fail again).
 */
function useOn401(onExpired: () => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const check = (error: unknown, key: readonly unknown[] | undefined) => {
      if (key !== undefined && key[0] !== ADMIN_QUERY_ROOT[0]) return;
      if (isSignedOut(error)) onExpired();
    };
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error, event.query.queryKey);
    });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error, undefined);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient, onExpired]);
}

export function AdminShellPage({ tabs = ADMIN_TABS }: { tabs?: readonly AdminTab[] }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  // Leaving for the sign-in page is one state change rendering one <Navigate>: after Sign out, or
  // when a call finds the session gone. The sign-in page then drops the admin data (admin-login.route).
  const [left, setLeft] = useState<'signed-out' | 'expired' | null>(null);
  const expire = useCallback(() => setLeft((was) => was ?? 'expired'), []);
  const me = useQuery({ ...adminMeQuery(), enabled: left === null });
  useOn401(expire);

  if (left === 'signed-out') return <Navigate to="/admin/login?signedOut=1" replace />;
  if (left === 'expired') return <Navigate to={adminLoginPath(here)} replace />;
  if (me.isPending) {
    return (
      <p role="status" className="p-8 text-center text-slate-700">
        Checking your admin session…
      </p>
    );
  }
  if (me.isError) {
    if (isSignedOut(me.error)) return <Navigate to={adminLoginPath(here)} replace />;
    return (
      <div role="alert" className="mx-auto max-w-lg p-8 text-center text-slate-800">
        <p>The admin area could not be loaded. Please try again.</p>
        <Button className="mt-4" onClick={() => void me.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <AdminShell tabs={tabs} email={me.data.email} onSignedOut={() => setLeft('signed-out')} />;
}

function AdminShell({ tabs, email, onSignedOut }: { tabs: readonly AdminTab[]; email: string; onSignedOut: () => void }) {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useAdminLogout();
  const base = location.pathname.startsWith('/management') ? '/management' : '/admin';
  // The route is `admin/*`: the splat is the tab key ('' at /admin).
  const selectedKey = params['*'] || DEFAULT_ADMIN_TAB;
  const tab = tabs.find((t) => t.key === selectedKey);
  const fetching = useIsFetching({ queryKey: ADMIN_QUERY_ROOT }) > 0;
  useDocumentTitle(tab ? `${tab.label} · Product Management Admin` : 'Product Management Admin');
  const tabItems = useMemo(() => tabs.map(({ key, label }) => ({ key, label })), [tabs]);

  if (!tab) return <Navigate to={base} replace />;

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminTabKey(tab.key) });
    void queryClient.invalidateQueries({ queryKey: adminAuditLogKey() });
    void queryClient.invalidateQueries({ queryKey: adminAmazonAccessKey });
  };
  const signOut = () => logout.mutate(undefined, { onSettled: onSignedOut });

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <h1 className="mr-auto text-xl font-bold text-slate-900 sm:text-2xl">Product Management Admin</h1>
          <span className="hidden text-sm text-slate-600 md:inline">Signed in as {email}</span>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={refresh} aria-describedby="admin-refresh-hint" disabled={fetching}>
              <RefreshCw className={fetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
              {fetching ? 'Refreshing…' : 'Refresh'}
            </Button>
            <span id="admin-refresh-hint" className="sr-only">
              Reloads the data of the open tab, the audit log and the Amazon access notice
            </span>
            <Button variant="ghost" onClick={signOut} disabled={logout.isPending}>
              <LogOut className="h-4 w-4" aria-hidden="true" />
              Sign out
            </Button>
            <a href="/" className={buttonClasses('ghost', 'md')}>
              View site
            </a>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-4">
        <AmazonAccessBanner apiTabHref={tab.key === API_TAB_KEY ? undefined : `${base}/${API_TAB_KEY}`} />
        {/* Issue 29: under 768 px a strip of 20 tabs showed about 3; a labelled select reaches every tab. */}
        <div className="border-b border-slate-200 pb-3 md:hidden">
          <Select
            label="Admin section"
            value={tab.key}
            options={tabItems.map(({ key, label }) => ({ value: key, label }))}
            onValueChange={(key) => void navigate(key === DEFAULT_ADMIN_TAB ? base : `${base}/${key}`)}
          />
        </div>
        <div className="hidden md:block">
          <TabBar
            tabs={tabItems}
            selected={tab.key}
            onSelect={(key) => void navigate(key === DEFAULT_ADMIN_TAB ? base : `${base}/${key}`)}
            label="Admin sections"
            idPrefix={ID}
          />
        </div>
        <div
          role="tabpanel"
          id={tabPanelId(ID, tab.key)}
          aria-labelledby={tabId(ID, tab.key)}
          tabIndex={0}
          className="py-6 focus:outline-none"
        >
          <TabPanel tab={tab} />
        </div>
        <AuditLogPanel />
      </main>
      <Toaster />
    </div>
  );
}

function TabPanel({ tab }: { tab: AdminTab }) {
  const Panel = panelOf(tab);
  if (!Panel) return <NotBuiltPanel tab={tab} />;
  return (
    <PanelErrorBoundary key={tab.key} label={tab.label}>
      <Suspense
        fallback={
          <p role="status" className="text-slate-700">
            Loading {tab.label}…
          </p>
        }
      >
        <Panel tabKey={tab.key} />
      </Suspense>
    </PanelErrorBoundary>
  );
}

/** A clear placeholder for the tabs later issues build: never a broken view. */
function NotBuiltPanel({ tab }: { tab: AdminTab }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <h2 className="text-lg font-semibold text-slate-900">{tab.label}: not built yet</h2>
      <p className="mx-auto mt-2 max-w-xl text-slate-700">
        This tab is planned in {tab.plannedIn ?? 'a later issue'}. Nothing here reads or changes any data yet.
      </p>
    </div>
  );
}

/** Keeps a failing tab (a chunk that fails to load, a render error) from taking the shell down. */
class PanelErrorBoundary extends Component<{ label: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p role="alert" className="text-red-700">
        The {this.props.label} tab could not be shown. Reload the page to try again.
      </p>
    );
  }
}
