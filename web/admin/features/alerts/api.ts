/**
 * The Alerts tab's calls (admin-area §7; issue 12 part 2): `GET /api/admin/deal-alerts` (cards and
 * groups, polled every 60 s), `DELETE /api/admin/deal-alerts/{id}`, the bulk
 * `POST /api/admin/deal-alerts/bulk` (issue 29), `POST /api/admin/price-checks`
 * ("Check Prices Now"), `GET /api/price-check-logs?page=` (stale for 30 s, admin-area §9) and
 * `GET /api/admin/price-check-outcomes` (the chart), all keyed under the open tab.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAlertsResponse, AdminPriceCheckRun, AlertBulkResponse, AlertState } from '../../../../common/api/alerts.admin.schema';
import type { PriceCheckLogsResponse, PriceCheckOutcomesResponse } from '../../../../common/api/price-checks.schema';
import { adminAuditLogKey, adminTabKey } from '../../lib/admin-query-keys';
import { apiRequest } from '../../../lib/http.client';

const POLL_MS = 60_000;
/** Admin-area §9: "price check logs stale time 30 s". */
const LOGS_STALE_MS = 30_000;

/** `state`: 'active' = active alerts of subscribed addresses (issue 29), 'inactive' the rest, 'all' both. */
export const adminAlertsQuery = (tabKey: string, page: number, search: string, state: AlertState = 'all') =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'deal-alerts', { page, search, state }),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page) });
      if (search) query.set('search', search);
      if (state !== 'all') query.set('state', state);
      return apiRequest<AdminAlertsResponse>('GET', `/api/admin/deal-alerts?${query}`, undefined, { signal });
    },
    refetchInterval: POLL_MS,
    placeholderData: keepPreviousData,
  });

export const priceCheckLogsQuery = (tabKey: string, page: number) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'price-check-logs', page),
    queryFn: ({ signal }) =>
      apiRequest<PriceCheckLogsResponse>('GET', `/api/price-check-logs?page=${page}&limit=10`, undefined, { signal }),
    staleTime: LOGS_STALE_MS,
    placeholderData: keepPreviousData,
  });

export const priceCheckOutcomesQuery = (tabKey: string, days: number) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'price-check-outcomes', days),
    queryFn: ({ signal }) =>
      apiRequest<PriceCheckOutcomesResponse>('GET', `/api/admin/price-check-outcomes?days=${days}`, undefined, { signal }),
    staleTime: LOGS_STALE_MS,
  });

export function useDeleteAlertAsOwner(tabKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ success: true }>('DELETE', `/api/admin/deal-alerts/${id}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminTabKey(tabKey, 'deal-alerts') }),
        queryClient.invalidateQueries({ queryKey: adminAuditLogKey() }),
      ]),
  });
}

/** "Check Prices Now": every active alert; the alerts, the logs and the chart are refetched after. */
export function useCheckPricesNow(tabKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<AdminPriceCheckRun>('POST', '/api/admin/price-checks'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminTabKey(tabKey) }),
        queryClient.invalidateQueries({ queryKey: adminAuditLogKey() }),
      ]),
  });
}

/** Which alerts a bulk action takes: the ids ticked, or every alert matching the list's filter (server-side). */
export type AlertTarget = { ids: readonly number[] } | { matching: { search?: string; state: AlertState } };

/**
 * `POST /api/admin/deal-alerts/bulk` (issue 29): deactivate or delete `target`; `confirmCount` is
 * the number the owner was shown (a 409 carries the number now). The alerts and the audit log are refetched.
 */
export function useAlertsBulk(tabKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, target, confirmCount }: { action: 'deactivate' | 'delete'; target: AlertTarget; confirmCount?: number }) =>
      apiRequest<AlertBulkResponse>('POST', '/api/admin/deal-alerts/bulk', { action, ...target, confirmCount }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminTabKey(tabKey, 'deal-alerts') }),
        queryClient.invalidateQueries({ queryKey: adminAuditLogKey() }),
      ]),
  });
}
