/**
 * The Users and Preferences tabs' calls (admin-area §7: `GET /api/admin/user-preferences`; ours:
 * `GET /api/admin/user-analysis`, the CSV exports, and `POST /api/admin/erasure`), keyed under the
 * open tab; lists poll every 60 s (admin-area §4 "Polling").
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErasureResponse } from '../../../../common/api/erasure.admin.schema';
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
