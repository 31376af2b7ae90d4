/**
 * The owners' e-mail calls (admin-area §7; issue 12 part 3): templates, the test e-mail, deal alert
 * notifications, the price-drop summary, the 24-hour drops, the alerts with drops and the stats.
 * Queries are keyed by `adminTabKey(tabKey, …)` so the shell's Refresh refetches the open tab.
 * Failed calls are not retried (admin-area §7; the query client's defaults).
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  DealAlertDropsResponse,
  DealAlertNotificationsResponse,
  DealAlertStatsResponse,
  EmailTemplate,
  EmailTemplatesResponse,
  PreviewPriceDropsResponse,
  PriceDropSummaryResponse,
  SaveTemplateBody,
  SyncTemplatesBody,
  SyncTemplatesResponse,
  TestEmailBody,
  TestEmailResponse,
} from '../../../../common/api/emails.admin.schema';
import { adminAuditLogKey, adminTabKey } from '../../lib/admin-query-keys';
import { apiRequest } from '../../../lib/http.client';

/** Deal alerts with drops shown (admin-area §9: 10), and the preview limit (§9: 10). */
export const DROPS_SHOWN = 10;
export const PREVIEW_LIMIT = 10;

export const emailTemplatesQuery = (tabKey: string) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'email-templates'),
    queryFn: ({ signal }) => apiRequest<EmailTemplatesResponse>('GET', '/api/admin/email-templates', undefined, { signal }),
  });

export const dealAlertStatsQuery = (tabKey: string) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'deal-alert-stats'),
    queryFn: ({ signal }) => apiRequest<DealAlertStatsResponse>('GET', '/api/admin/deal-alert-stats', undefined, { signal }),
  });

export const dealAlertDropsQuery = (tabKey: string) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'deal-alert-drops', DROPS_SHOWN),
    queryFn: ({ signal }) =>
      apiRequest<DealAlertDropsResponse>('GET', `/api/admin/deal-alert-drops?limit=${DROPS_SHOWN}`, undefined, { signal }),
  });

export const previewPriceDropsQuery = (tabKey: string) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'preview-price-drops', PREVIEW_LIMIT),
    queryFn: ({ signal }) =>
      apiRequest<PreviewPriceDropsResponse>('GET', `/api/admin/preview-price-drops?limit=${PREVIEW_LIMIT}`, undefined, { signal }),
  });

/** Save a new template (POST) or an edited one (PUT); refetches the list. */
export function useSaveTemplate(tabKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SaveTemplateBody }) =>
      id === null
        ? apiRequest<EmailTemplate>('POST', '/api/admin/email-templates', body)
        : apiRequest<EmailTemplate>('PUT', `/api/admin/email-templates/${id}`, body),
    onSettled: () => refetchAfterChange(queryClient, emailTemplatesQuery(tabKey).queryKey),
  });
}

export function useDeleteTemplate(tabKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ deleted: number }>('DELETE', `/api/admin/email-templates/${id}`),
    onSettled: () => refetchAfterChange(queryClient, emailTemplatesQuery(tabKey).queryKey),
  });
}

/** The spec client's template sync (admin-area §7): merges a browser-storage list into the database. */
export function syncTemplates(body: SyncTemplatesBody) {
  return apiRequest<SyncTemplatesResponse>('POST', '/api/admin/email-templates/sync', body);
}

export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TestEmailBody) => apiRequest<TestEmailResponse>('POST', '/api/emails/test', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminAuditLogKey() }),
  });
}

/** After a change: `key`'s data and the audit log at the bottom of the shell (every action is logged there). */
function refetchAfterChange(queryClient: QueryClient, key: readonly unknown[]) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: adminAuditLogKey() })]);
}

/** After a send: the counts, the Notified badges, the stats and the audit log change. */
function useRefetchTab(tabKey: string) {
  const queryClient = useQueryClient();
  return () => refetchAfterChange(queryClient, adminTabKey(tabKey));
}

export function useSendDealAlertNotifications(tabKey: string) {
  const refetch = useRefetchTab(tabKey);
  return useMutation({
    mutationFn: (dealAlertIds: number[]) =>
      apiRequest<DealAlertNotificationsResponse>('POST', '/api/admin/deal-alert-notifications', { dealAlertIds }),
    onSettled: refetch,
  });
}

export function useSendPriceDropSummary(tabKey: string) {
  const refetch = useRefetchTab(tabKey);
  return useMutation({
    mutationFn: () => apiRequest<PriceDropSummaryResponse>('POST', '/api/admin/price-drop-summary'),
    onSettled: refetch,
  });
}
