/**
 * The admin shell's tabs (admin-area §2: 18 keys and labels, in the spec's order, then the Deal links
 * tab of issue 27): THE one place to add a tab. Each entry names its key (it is the URL: `/admin/{key}`), its label, and either
 * `load` (the lazy panel component) or `plannedIn` (who builds it; shown in its "Not built yet"
 * panel). To build a tab:
 *
 * 1. Write the panel in its domain's admin feature: `web/admin/features/<domain>/components/<name>-tab.tsx`
 *    exporting a component that takes {@link AdminTabProps} (web/admin/components/admin-tab.ts), with
 *    its queries in `web/admin/features/<domain>/api.ts` keyed by `adminTabKey(tabKey, …)`
 *    (web/admin/lib/admin-query-keys.ts), so the shell's Refresh button refetches them.
 * 2. Here, replace the entry's `plannedIn` by
 *    `load: () => import('../features/<domain>/components/<name>-tab').then((m) => ({ default: m.NameTab }))`.
 *
 * The panel loads only when its tab is opened (its own chunk), inside the shell's Suspense and
 * error boundary. A 401 from any admin query sends the owner to the sign-in page.
 */
import type { ComponentType } from 'react';
import type { AdminTabProps } from '../components/admin-tab';

export interface AdminTab {
  key: string;
  label: string;
  /** The tab's panel, loaded on first open. */
  load?: () => Promise<{ default: ComponentType<AdminTabProps> }>;
  /** For a tab not built yet: the issue that builds it. */
  plannedIn?: string;
}

export const ADMIN_TABS: readonly AdminTab[] = [
  {
    key: 'products',
    label: 'products list',
    load: () => import('../features/catalogue/components/products-tab').then((m) => ({ default: m.ProductsTab })),
  },
  {
    key: 'product-catalog',
    label: 'Product Catalog',
    load: () => import('../features/catalogue/components/product-catalog-tab').then((m) => ({ default: m.ProductCatalogTab })),
  },
  {
    key: 'stats',
    label: 'Statistics',
    load: () => import('../features/catalogue/components/stats-tab').then((m) => ({ default: m.StatsTab })),
  },
  {
    key: 'click-tracking',
    label: 'Clicks',
    load: () => import('../features/clicks/components/clicks-tab').then((m) => ({ default: m.ClicksTab })),
  },
  {
    key: 'user-analysis',
    label: 'Users',
    load: () => import('../features/preferences/components/users-tab').then((m) => ({ default: m.UsersTab })),
  },
  {
    key: 'deal-alerts',
    label: 'Alerts',
    load: () => import('../features/alerts/components/alerts-tab').then((m) => ({ default: m.AlertsTab })),
  },
  {
    key: 'signups',
    label: 'signups',
    load: () => import('../features/signups/components/signups-tab').then((m) => ({ default: m.SignupsTab })),
  },
  {
    key: 'unsubscribes',
    label: 'unsubscribes',
    load: () => import('../features/subscriptions/components/unsubscribes-tab').then((m) => ({ default: m.UnsubscribesTab })),
  },
  {
    key: 'categories',
    label: 'Categories (category pages management)',
    load: () => import('../features/category-pages/components/category-pages-tab').then((m) => ({ default: m.CategoryPagesTab })),
  },
  {
    key: 'user-preferences',
    label: 'Preferences',
    load: () => import('../features/preferences/components/preferences-tab').then((m) => ({ default: m.PreferencesTab })),
  },
  {
    key: 'email-templates',
    label: 'Templates',
    load: () => import('../features/emails/components/email-templates-tab').then((m) => ({ default: m.EmailTemplatesTab })),
  },
  {
    key: 'email-alerts',
    label: 'Email Alerts',
    load: () => import('../features/emails/components/email-alerts-tab').then((m) => ({ default: m.EmailAlertsTab })),
  },
  {
    key: 'import',
    label: 'import',
    load: () => import('../features/catalogue/components/import-tab').then((m) => ({ default: m.ImportTab })),
  },
  {
    key: 'api-import',
    label: 'API',
    load: () => import('../features/amazon-api/components/api-import-tab').then((m) => ({ default: m.ApiImportTab })),
  },
  {
    key: 'top-deals',
    label: 'top-deals',
    load: () => import('../features/catalogue/components/top-deals-tab').then((m) => ({ default: m.TopDealsTab })),
  },
  {
    key: 'under-15',
    label: 'Under £15',
    load: () => import('../features/catalogue/components/under-15-tab').then((m) => ({ default: m.Under15Tab })),
  },
  {
    key: 'similar-products',
    label: 'Similar',
    load: () => import('../features/alternatives/components/similar-tab').then((m) => ({ default: m.SimilarTab })),
  },
  {
    key: 'category-clicks',
    label: 'Categories (category button clicks)',
    load: () => import('../features/clicks/components/category-clicks-tab').then((m) => ({ default: m.CategoryClicksTab })),
  },
  // Issue 27 (not in the spec's 18): signed deal landing page links, the only source of a page's claims.
  {
    key: 'deal-links',
    label: 'Deal links',
    load: () => import('../features/deal-links/components/deal-links-tab').then((m) => ({ default: m.DealLinksTab })),
  },
  // Issue 29: the delivery log (the e-mail outbox: states, errors, next try; resend a dead message).
  {
    key: 'delivery-log',
    label: 'Delivery log',
    load: () => import('../features/outbox/components/outbox-tab').then((m) => ({ default: m.OutboxTab })),
  },
];

/** The tab `/admin` opens (the spec's first). */
export const DEFAULT_ADMIN_TAB = 'products';
