/**
 * What the admin shell gives every tab panel (web/admin/routes/admin-tabs.tsx lists the tabs). It
 * lives below both, so a tab never imports the route that loads it.
 */
export interface AdminTabProps {
  /** The open tab's key, for `adminTabKey(tabKey, …)` (web/admin/lib/admin-query-keys.ts). */
  tabKey: string;
}
