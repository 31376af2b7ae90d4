/**
 * The unsubscribes tab's calls (admin-area §7: `GET /api/admin/unsubscribes`,
 * `GET /api/admin/unsubscribe-stats`; and `GET /api/admin/unsubscribes/{id}` for one record's whole
 * IP address), keyed under the open tab; the lists poll every 60 s (admin-area §4, §9).
 */
import { queryOptions } from '@tanstack/react-query';
import type { UnsubscribeRecord, UnsubscribesResponse, UnsubscribeStats } from '../../../../common/api/subscriptions.admin.schema';
import { adminTabKey } from '../../lib/admin-query-keys';
import { apiRequest } from '../../../lib/http.client';

const POLL_MS = 60_000;

export const unsubscribesQuery = (tabKey: string) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'unsubscribes'),
    queryFn: ({ signal }) => apiRequest<UnsubscribesResponse>('GET', '/api/admin/unsubscribes', undefined, { signal }),
    refetchInterval: POLL_MS,
  });

export const unsubscribeStatsQuery = (tabKey: string) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'unsubscribe-stats'),
    queryFn: ({ signal }) => apiRequest<UnsubscribeStats>('GET', '/api/admin/unsubscribe-stats', undefined, { signal }),
    refetchInterval: POLL_MS,
  });

/** One record with its whole IP address (the server writes the opening to the audit log). */
export const unsubscribeRecordQuery = (tabKey: string, id: number) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'unsubscribe', id),
    queryFn: ({ signal }) => apiRequest<UnsubscribeRecord>('GET', `/api/admin/unsubscribes/${id}`, undefined, { signal }),
  });
