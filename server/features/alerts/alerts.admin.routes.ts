/**
 * The owners' deal-alert endpoints (admin-area §2 "Alerts tab", §7; issue 12 part 2), inside the
 * `/api/admin` scope: **signed-in admins only** (401 without a live session; the DELETE also needs
 * the site's own Origin, else 403). See common/api/alerts.admin.schema.ts for why these are not the
 * shoppers' `/api/deal-alerts` calls.
 *
 * - `GET /api/admin/deal-alerts?page=&limit=&search=` → `{ stats, groups, pagination }`: the cards,
 *   and one page of alerts grouped by e-mail (newest alert first; 20 groups a page, at most 100).
 * - `DELETE /api/admin/deal-alerts/:id` → `{ success: true }`; 404 for an unknown id.
 * - `POST /api/admin/deal-alerts/bulk` `{ action: 'deactivate'|'delete', ids? | matching?: { search?, state? },
 *   confirmCount? }` → `{ action, matched, affected }` (issue 29; one transaction, audited with the
 *   alert ids); 409 `{ count }` when `matching` or more than 100 ids come without the matching
 *   `confirmCount`; 400 naming the field. Admin session and this site's Origin (401/403).
 */
import { z } from 'zod';
import type { App, AppDeps } from '../../app-deps';
import {
  adminAlertsQuerySchema,
  adminAlertsResponseSchema,
  alertBulkBodySchema,
  alertBulkResponseSchema,
  bulkCountRefusedSchema,
} from '../../../common/api/alerts.admin.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { idParamsSchema } from '../../http/params';
import { adminAlertsPage, deleteAlertAsOwner } from './alerts.admin.service';
import { bulkAlertAction } from './alerts-bulk.admin.service';

export async function alertsAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

  app.get(
    '/deal-alerts',
    { schema: { querystring: adminAlertsQuerySchema, response: { 200: adminAlertsResponseSchema, ...errors } } },
    async (request) => adminAlertsPage(db, request.query),
  );

  app.delete(
    '/deal-alerts/:id',
    { schema: { params: idParamsSchema, response: { 200: z.object({ success: z.literal(true) }), ...errors } } },
    async (request, reply) => sendOutcome(reply, await deleteAlertAsOwner(db, request.admin!.id, request.params.id, deps.clock())),
  );

  app.post(
    '/deal-alerts/bulk',
    { schema: { body: alertBulkBodySchema, response: { 200: alertBulkResponseSchema, 409: bulkCountRefusedSchema, ...errors } } },
    async (request, reply) => sendOutcome(reply, await bulkAlertAction(db, request.admin!.id, request.body, deps.clock())),
  );
}
