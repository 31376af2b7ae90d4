/** The audit log of admin actions (`GET /api/admin/audit-log?limit=`; issue 11 part 1). */
import { queryOptions } from '@tanstack/react-query';
import type { AuditLogResponse } from '../../../../common/api/admin-auth.admin.schema';
import { apiRequest } from '../../../lib/http.client';
import { adminAuditLogKey } from '../../lib/admin-query-keys';

export const auditLogQuery = (limit: number) =>
  queryOptions({
    queryKey: adminAuditLogKey(limit),
    queryFn: ({ signal }) => apiRequest<AuditLogResponse>('GET', `/api/admin/audit-log?limit=${limit}`, undefined, { signal }),
  });
