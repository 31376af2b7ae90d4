/**
 * The Users and Preferences tabs' calls (admin-area §7: `GET /api/admin/user-preferences`; ours:
 * `GET /api/admin/user-analysis`, the CSV exports, `POST /api/admin/erasure` and the bulk
 * `POST /api/admin/users/bulk` of issue 29), keyed under the
 * open tab; lists poll every 60 s (admin-area §4 "Polling").
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErasureResponse } from '../../../../common/api/erasure.admin.schema';
import type { PeopleBulkAction, PeopleBulkResponse } from '../../../../common/api/people-bulk.admin.schema';
import type { UserAnalysisResponse, UserPreferencesResponse } from '../../../../common/api/preferences.admin.schema';
import { ADMIN_QUERY_ROOT, adminTabKey } from '../../lib/admin-query-keys';
import { apiRequest } from '../../../lib/http.client';

const POLL_MS = 60_000;

export const PREFERENCES_EXPORT_URL = '/api/admin/user-preferences/export';
/** One person's clicks as CSV (the Users tab's export link). */
export const userClicksExportUrl = (email: string) => `/api/admin/user-analysis/clicks.csv?email=${encodeURIComponent(email)}`;

export const userPreferencesQuery = (tabKey: string) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'user-preferences'),
    queryFn: ({ signal }) => apiRequest<UserPreferencesResponse>('GET', '/api/admin/user-preferences', undefined, { signal }),
    refetchInterval: POLL_MS,
  });

export const userAnalysisQuery = (tabKey: string) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'user-analysis'),
    queryFn: ({ signal }) => apiRequest<UserAnalysisResponse>('GET', '/api/admin/user-analysis', undefined, { signal }),
    refetchInterval: POLL_MS,
  });

/** "Delete everything about this e-mail"; every admin list is refetched afterwards (all may have held the address). */
export function useErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiRequest<ErasureResponse>('POST', '/api/admin/erasure', { email }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_ROOT }),
  });
}

/** Whom a bulk action takes: the addresses ticked, or every person matching the search (server-side). */
export type PeopleTarget = { emails: readonly string[] } | { matching: { search: string } };

/**
 * `POST /api/admin/users/bulk` (issue 29): unsubscribe or erase `target`; `confirmCount` is the
 * number the owner was shown (a 409 carries the number now). Every admin list is refetched after.
 */
export function usePeopleBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, target, confirmCount }: { action: PeopleBulkAction; target: PeopleTarget; confirmCount?: number }) =>
      apiRequest<PeopleBulkResponse>('POST', '/api/admin/users/bulk', { action, ...target, confirmCount }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_ROOT }),
  });
}
