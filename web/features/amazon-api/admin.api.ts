/**
 * The admin API tab's calls (issue 14; admin-area §2 "API tab", §7): `GET /api/admin/amazon/status`,
 * `POST /api/amazon/search`, `POST /api/admin/amazon/import`. Queries are keyed under the tab
 * (`adminTabKey('api-import', …)`), so the shell's Refresh refetches them.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AmazonImportResponse,
  AmazonSearchBody,
  AmazonSearchResponse,
  AmazonStatus,
} from '../../../common/api/amazon-api.admin.schema';
import { adminTabKey } from '../../lib/admin-query-keys';
import { apiRequest } from '../../lib/http.client';

export const API_TAB_KEY = 'api-import';

/** The status card: refreshed every minute while the tab is open. */
export const amazonStatusQuery = (tabKey: string) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'amazon-status'),
    queryFn: ({ signal }) => apiRequest<AmazonStatus>('GET', '/api/admin/amazon/status', undefined, { signal }),
    refetchInterval: 60_000,
  });

/** A search spends one Amazon request: a mutation, run only when the owner asks. */
export function useAmazonSearch(tabKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AmazonSearchBody) => apiRequest<AmazonSearchResponse>('POST', '/api/amazon/search', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminTabKey(tabKey, 'amazon-status') }),
  });
}

export function useAmazonImport(tabKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (asins: string[]) => apiRequest<AmazonImportResponse>('POST', '/api/admin/amazon/import', { asins }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminTabKey(tabKey, 'amazon-status') }),
  });
}
