/**
 * The audit log of admin actions (`GET /api/admin/audit-log?page=&limit=&actor=&action=`; issue 11
 * part 1, paged and filtered since issue 29).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditLogResponse } from '../../../../common/api/admin-auth.admin.schema';
import { apiRequest } from '../../../lib/http.client';
import { adminAuditLogKey } from '../../lib/admin-query-keys';

/** What the panel asks for: page from 1, `limit` rows, optional `actor` (part of an e-mail) and `action` (or its family). */
export interface AuditLogFilter {
  page: number;
  limit: number;
  actor?: string;
  action?: string;
}

export const auditLogQuery = (filter: AuditLogFilter) =>
  queryOptions({
    queryKey: [...adminAuditLogKey(), filter] as const,
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ page: String(filter.page), limit: String(filter.limit) });
      if (filter.actor) search.set('actor', filter.actor);
      if (filter.action) search.set('action', filter.action);
      return apiRequest<AuditLogResponse>('GET', `/api/admin/audit-log?${search.toString()}`, undefined, { signal });
    },
    placeholderData: keepPreviousData,
  });
