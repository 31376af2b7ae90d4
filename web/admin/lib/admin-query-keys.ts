/**
 * Query keys of the admin area (issue 11 part 2), in one place so the shell's Refresh button can
 * refetch "every query of the open tab" by prefix. A tab's queries must use
 * `adminTabKey(tabKey, …)`: Refresh invalidates `['admin', 'tab', tabKey]` and everything under it.
 * Imports nothing, so every part of web/admin may import it.
 */

/** Prefix of every admin query: signing out removes them all. */
export const ADMIN_QUERY_ROOT = ['admin'] as const;

/** The signed-in owner (`GET /api/admin/me`). */
export const adminSessionKey = ['admin', 'session'] as const;

/** The audit log at the bottom of the shell (refreshed with every tab). */
export const adminAuditLogKey = (limit?: number) =>
  limit === undefined ? (['admin', 'audit-log'] as const) : (['admin', 'audit-log', limit] as const);

/**
 * The Amazon access banner above every tab (`GET /api/admin/amazon/access`): refreshed by Refresh
 * whatever the open tab, and by the API tab's searches and imports, which may change it.
 */
export const adminAmazonAccessKey = ['admin', 'amazon-access'] as const;

/** A query of the tab `tabKey`: `adminTabKey('products', { page: 2 })` → `['admin', 'tab', 'products', { page: 2 }]`. */
export const adminTabKey = (tabKey: string, ...parts: unknown[]) => ['admin', 'tab', tabKey, ...parts] as const;
