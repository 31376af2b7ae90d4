/**
 * The admin shell's tabs (admin-area §2: 18 keys and labels, in the spec's order): THE one place to
 * add a tab. Each entry names its key (it is the URL: `/admin/{key}`), its label, and either
 * `load` (the lazy panel component) or `plannedIn` (who builds it; shown in its "Not built yet"
 * panel). To build a tab:
 *
 * 1. Write the panel in its domain's feature: `web/features/<domain>/components/admin/<name>-tab.tsx`
 *    exporting a component that takes {@link AdminTabProps}, with its queries in
 *    `web/features/<domain>/admin.api.ts` keyed by `adminTabKey(tabKey, …)` (web/lib/admin-query-keys.ts),
 *    so the shell's Refresh button refetches them.
 * 2. Here, replace the entry's `plannedIn` by
 *    `load: () => import('../../features/<domain>/components/admin/<name>-tab').then((m) => ({ default: m.NameTab }))`.
 *
 * The panel loads only when its tab is opened (its own chunk), inside the shell's Suspense and
 * error boundary. A 401 from any admin query sends the owner to the sign-in page.
 */
import type { ComponentType } from 'react';

export interface AdminTabProps {
  /** The open tab's key, for `adminTabKey(tabKey, …)`. */
  tabKey: string;
}

export interface AdminTab {
  key: string;
  label: string;
  /** The tab's panel, loaded on first open. */
  load?: () => Promise<{ default: ComponentType<AdminTabProps> }>;
  /** For a tab not built yet: the issue that builds it. */
  plannedIn?: string;
}

const CATALOGUE = 'issue 11 (Admin area I, part 3: catalogue tabs)';
const PEOPLE = 'issue 12 (Admin area II: people, alerts, templates and owner-sent e-mail)';
const CREATORS_API = 'issue 14 (Live Amazon prices through the Creators API)';

export const ADMIN_TABS: readonly AdminTab[] = [
  { key: 'products', label: 'products list', plannedIn: CATALOGUE },
  { key: 'product-catalog', label: 'Product Catalog', plannedIn: CATALOGUE },
  { key: 'stats', label: 'Statistics', plannedIn: CATALOGUE },
  {
    key: 'click-tracking',
    label: 'Clicks',
    load: () => import('../../features/admin-analytics/components/clicks-tab').then((m) => ({ default: m.ClicksTab })),
  },
  { key: 'user-analysis', label: 'Users', plannedIn: PEOPLE },
  { key: 'deal-alerts', label: 'Alerts', plannedIn: PEOPLE },
  { key: 'signups', label: 'signups', plannedIn: PEOPLE },
  { key: 'unsubscribes', label: 'unsubscribes', plannedIn: PEOPLE },
  { key: 'categories', label: 'Categories (category pages management)', plannedIn: CATALOGUE },
  { key: 'user-preferences', label: 'Preferences', plannedIn: PEOPLE },
  { key: 'email-templates', label: 'Templates', plannedIn: PEOPLE },
  { key: 'email-alerts', label: 'Email Alerts', plannedIn: PEOPLE },
  { key: 'import', label: 'import', plannedIn: CATALOGUE },
  { key: 'api-import', label: 'API', plannedIn: CREATORS_API },
  { key: 'top-deals', label: 'top-deals', plannedIn: CATALOGUE },
  { key: 'under-15', label: 'Under £15', plannedIn: CATALOGUE },
  // The similar-items endpoints exist (issue 9); no issue has planned the admin view yet.
  { key: 'similar-products', label: 'Similar', plannedIn: 'a later issue (not filed yet; the endpoints exist since issue 9)' },
  {
    key: 'category-clicks',
    label: 'Categories (category button clicks)',
    load: () => import('../../features/admin-analytics/components/category-clicks-tab').then((m) => ({ default: m.CategoryClicksTab })),
  },
];

/** The tab `/admin` opens (the spec's first). */
export const DEFAULT_ADMIN_TAB = 'products';
