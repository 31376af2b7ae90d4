/**
 * After a change to the product catalogue (deletions, Clear all products, Clear cache; admin-area §7):
 * every admin tab that reads the catalogue, and the audit log, is fetched again (the admin queries'
 * stale time is infinite). Shared by the catalogue tabs and the import tab's maintenance buttons.
 */
import { useQueryClient } from '@tanstack/react-query';
import { adminAuditLogKey, adminTabKey } from './admin-query-keys';

/** The tabs that read the product catalogue. */
export const CATALOGUE_TAB_KEYS = ['products', 'product-catalog', 'stats', 'top-deals'] as const;

/** A function that invalidates {@link CATALOGUE_TAB_KEYS} and the audit log; resolves when they are refetched. */
export function useRefetchCatalogue(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      ...CATALOGUE_TAB_KEYS.map((tab) => queryClient.invalidateQueries({ queryKey: adminTabKey(tab) })),
      queryClient.invalidateQueries({ queryKey: adminAuditLogKey() }),
    ]);
}
