/**
 * The audit log (issue 11 part 1), inside the `/api/admin` scope behind the admin guard:
 *
 * - `GET /api/admin/audit-log?limit=` (1–200, default 20) → `{ entries }`, newest first: who
 *   (admin id and e-mail), action, target, counts, at. **Signed-in admins only** (401 otherwise).
 */
import type { App, AppDeps } from '../../app-deps';
import { auditLogQuerySchema, auditLogResponseSchema } from '../../../common/api/admin-auth.admin.schema';
import { apiErrorSchema } from '../../http/errors';
import { auditLogPage } from './audit.service';

export async function auditRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get(
    '/audit-log',
    { schema: { querystring: auditLogQuerySchema, response: { 200: auditLogResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema } } },
    async (request) => ({ entries: await auditLogPage(deps.database.db, request.query.limit) }),
  );
}
