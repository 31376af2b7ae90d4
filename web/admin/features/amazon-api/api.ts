/**
 * The admin API tab's calls (issue 14; admin-area §2 "API tab", §7): `GET /api/admin/amazon/status`,
 * `POST /api/amazon/search`, `POST /api/admin/amazon/import`. Queries are keyed under the tab
 * (`adminTabKey('api-import', …)`), so the shell's Refresh refetches them. And the banner of every
 * admin tab, `GET /api/admin/amazon/access` (`adminAmazonAccessKey`), which a search or an import
 * refreshes: either may be the first to meet Amazon's 403, or the first answer after it.
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AmazonAccess,
  AmazonImportResponse,
  AmazonSearchBody,
  AmazonSearchResponse,
  AmazonStatus,
} from '../../../../common/api/amazon-api.admin.schema';
import { adminAmazonAccessKey, adminAuditLogKey, adminTabKey } from '../../lib/admin-query-keys';
import { apiRequest } from '../../../lib/http.client';

export const API_TAB_KEY = 'api-import';

/** The status card: refreshed every minute while the tab is open. */
export const amazonStatusQuery = (tabKey: string) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'amazon-status'),
    queryFn: ({ signal }) => apiRequest<AmazonStatus>('GET', '/api/admin/amazon/status', undefined, { signal }),
    refetchInterval: 60_000,
  });

/**
 * Whether Amazon refuses access (the banner above every admin tab): one row read on the server, so
 * it is polled every minute and on returning to the window, whichever tab is open.
 */
export const amazonAccessQuery = () =>
  queryOptions({
    queryKey: adminAmazonAccessKey,
    queryFn: ({ signal }) => apiRequest<AmazonAccess>('GET', '/api/admin/amazon/access', undefined, { signal }),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

/** Refetches what an Amazon call may have changed: the tab's status and the banner. */
const afterAmazonCall = (queryClient: QueryClient, tabKey: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminTabKey(tabKey, 'amazon-status') }),
    queryClient.invalidateQueries({ queryKey: adminAmazonAccessKey }),
  ]);

/** A search spends one Amazon request: a mutation, run only when the owner asks. */
export function useAmazonSearch(tabKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AmazonSearchBody) => apiRequest<AmazonSearchResponse>('POST', '/api/amazon/search', body),
    onSettled: () => afterAmazonCall(queryClient, tabKey),
  });
}

/** Imports the selected ASINs (≤ 10 per Amazon request on the server); the audit log shows the import. */
export function useAmazonImport(tabKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (asins: string[]) => apiRequest<AmazonImportResponse>('POST', '/api/admin/amazon/import', { asins }),
    onSettled: () => Promise.all([afterAmazonCall(queryClient, tabKey), queryClient.invalidateQueries({ queryKey: adminAuditLogKey() })]),
  });
}
