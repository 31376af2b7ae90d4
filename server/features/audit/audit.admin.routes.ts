/**
 * The audit log (issue 11 part 1), inside the `/api/admin` scope behind the admin guard:
 *
 * - `GET /api/admin/audit-log?page=&limit=&actor=&action=&from=&to=` (limit 1–200, default 20) →
 *   `{ entries, total, page, pageSize, actions }`, newest first: who (admin id and e-mail), action,
 *   target, counts, detail (what changed, deleted ids included; issue 29), at; filtered by who
 *   (`actor`: part of the e-mail), what (`action` or its family) and when. **Signed-in admins only**
 *   (401 otherwise).
 */
import type { App, AppDeps } from '../../app-deps';
import { auditLogQuerySchema, auditLogResponseSchema } from '../../../common/api/admin-auth.admin.schema';
import { apiErrorSchema } from '../../http/errors';
import { auditLogSearch } from './audit.service';

export async function auditRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get(
    '/audit-log',
    { schema: { querystring: auditLogQuerySchema, response: { 200: auditLogResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema } } },
    async (request) => auditLogSearch(deps.database.db, request.query),
  );
}
