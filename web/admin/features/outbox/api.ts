/**
 * The Delivery log tab's calls (issue 29; common/api/outbox.admin.schema.ts):
 * `GET /api/admin/outbox?state=&page=` (a page of outbox messages, newest first) and
 * `POST /api/admin/outbox/{id}/resend` (a dead message queued again; refetches the log and the audit log).
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxPage, OutboxState } from '../../../../common/api/outbox.admin.schema';
import { apiRequest } from '../../../lib/http.client';
import { adminAuditLogKey, adminTabKey } from '../../lib/admin-query-keys';

/** One page of the log: `state` (all when undefined), `page` from 1. */
export const outboxQuery = (tabKey: string, state: OutboxState | undefined, page: number) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'outbox', { state: state ?? 'all', page }),
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ page: String(page) });
      if (state) search.set('state', state);
      return apiRequest<OutboxPage>('GET', `/api/admin/outbox?${search.toString()}`, undefined, { signal });
    },
    placeholderData: keepPreviousData,
  });

/** Resends a dead message; throws ApiError (409 when it is no longer dead, 401 signed out). */
export function useResendMessage(tabKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: unknown }>('POST', `/api/admin/outbox/${id}/resend`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminTabKey(tabKey) });
      void queryClient.invalidateQueries({ queryKey: adminAuditLogKey() });
    },
  });
}
