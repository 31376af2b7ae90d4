/**
 * The signups tab's calls (admin-area §7: `GET /api/admin/signups`, `GET …/signups/{id}/clicks`,
 * `DELETE /api/admin/signups/{id}`, `DELETE /api/admin/signups`; issue 25: `GET
 * …/signups/confirmed-emails` for Copy Email List), keyed under the open tab so the shell's Refresh
 * refetches them. Lists poll every 60 s (admin-area §4 "Polling", §9).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BulkDeleteSignupsResponse,
  ConfirmedSignupEmailsResponse,
  DeleteSignupResponse,
  SignupClicksResponse,
  SignupsResponse,
} from '../../../../common/api/signups.admin.schema';
import { adminAuditLogKey, adminTabKey } from '../../lib/admin-query-keys';
import { apiRequest } from '../../../lib/http.client';

/** Admin-area §9: signups, unsubscribes and related lists poll every 60 seconds. */
export const ADMIN_LIST_POLL_MS = 60_000;

/** The server's CSV export (opened as a download). */
export const SIGNUPS_EXPORT_URL = '/api/admin/signups/export';

export const signupsQuery = (tabKey: string) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'signups'),
    queryFn: ({ signal }) => apiRequest<SignupsResponse>('GET', '/api/admin/signups', undefined, { signal }),
    refetchInterval: ADMIN_LIST_POLL_MS,
  });

export const signupClicksQuery = (tabKey: string, signupId: number) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'signup-clicks', signupId),
    queryFn: ({ signal }) => apiRequest<SignupClicksResponse>('GET', `/api/admin/signups/${signupId}/clicks`, undefined, { signal }),
    staleTime: 30_000,
  });

/** The confirmed, subscribed addresses of every signup (asked for at the moment of copying, never cached). */
export function fetchConfirmedSignupEmails(): Promise<ConfirmedSignupEmailsResponse> {
  return apiRequest<ConfirmedSignupEmailsResponse>('GET', '/api/admin/signups/confirmed-emails');
}

/** Deletes one signup (and its address's clicks); refetches the tab afterwards. */
export function useDeleteSignup(tabKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<DeleteSignupResponse>('DELETE', `/api/admin/signups/${id}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminTabKey(tabKey) }),
        queryClient.invalidateQueries({ queryKey: adminAuditLogKey() }),
      ]),
  });
}

/** Deletes many signups (1–1,000 ids); refetches the tab afterwards. */
export function useDeleteSignups(tabKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => apiRequest<BulkDeleteSignupsResponse>('DELETE', '/api/admin/signups', { ids }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminTabKey(tabKey) }),
        queryClient.invalidateQueries({ queryKey: adminAuditLogKey() }),
      ]),
  });
}
