/**
 * The delivery log (issue 29), inside the `/api/admin` scope behind the admin guard
 * (server/app.ts `guardAdminArea`). **Signed-in owners only**: 401 without a session (a shopper's
 * visitor token is no session), 403 for a write without this site's Origin.
 *
 * - `GET /api/admin/outbox?state=&page=&limit=` → `{ messages, total, page, pageSize, counts }`
 *   (common/api/outbox.admin.schema.ts): newest first, `state` one of waiting, budget, failed, sent,
 *   dead, suppressed; `limit` 1–200 (default 50).
 * - `POST /api/admin/outbox/{id}/resend` → `{ message }`: queues a dead message again; 404 unknown id,
 *   409 when it is not dead.
 */
import type { App, AppDeps } from '../../app-deps';
import {
  outboxIdParamsSchema,
  outboxPageSchema,
  outboxQuerySchema,
  outboxResendResponseSchema,
} from '../../../common/api/outbox.admin.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { outboxPage, resendDeadMessage } from './outbox.admin.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

export async function outboxAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get('/outbox', { schema: { querystring: outboxQuerySchema, response: { 200: outboxPageSchema, ...errors } } }, async (request) =>
    outboxPage(deps.database.db, request.query),
  );

  app.post(
    '/outbox/:id/resend',
    { schema: { params: outboxIdParamsSchema, response: { 200: outboxResendResponseSchema, ...errors } } },
    async (request, reply) =>
      sendOutcome(
        reply,
        await resendDeadMessage(
          { db: deps.database.db, clock: deps.clock, notifyOutbox: deps.notifyOutbox },
          request.admin!.id,
          request.params.id,
        ),
      ),
  );
}
