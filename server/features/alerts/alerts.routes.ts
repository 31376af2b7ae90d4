/**
 * Deal alert routes (shopper-screens §7; DESIGN.md §4 "Visitors"; issue 5). Who may call:
 *
 * - `POST /api/deal-alerts` (createAlertSchema): anyone → **201** with the new alert (also when the
 *   address's alert on that ASIN belongs to another browser: it is left untouched), or **200** with
 *   this browser's existing alert, reactivated; both carry `visitorToken` (this browser's token for
 *   the address) and `emailConfirmed` (true only with a mailbox token). Without the address's
 *   mailbox token the alert waits (`awaitingConfirmation`) until a link e-mailed to it is opened. 404 when the ASIN is not in
 *   our catalogue; 400 naming the field. Limits: 20 a minute per client IP, 30 an hour per address.
 * - `GET /api/deal-alerts?email=` (visitor token): the alerts the token reaches, newest first: all
 *   of the address's with a mailbox token, this browser's with a device token. 401 without a token,
 *   403 when `email` is another address.
 * - `DELETE /api/deal-alerts/:id` (visitor token): 200 `{ success: true }`; 401 without a token;
 *   404 alike for an unknown id and for one the token does not reach.
 */
import type { App, AppDeps } from '../../app-deps';
import { alertListResponseSchema, createAlertResponseSchema, createAlertSchema, emailSchema } from '../../../common/api/alerts.schema';
import { z } from 'zod';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { idParamsSchema } from '../../http/params';
import { perAddress, perWindow } from '../../http/rate-limit';
import { visitorOnRequest } from '../visitors';
import { createAlert, deleteAlert, listAlerts } from './alerts.service';

const listQuerySchema = z.object({
  // Blank means "not given": the token's own address is used.
  email: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), emailSchema.optional()),
});

export async function alertsRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  app.addHook('onRequest', visitorOnRequest(deps));
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

  app.post(
    '/api/deal-alerts',
    {
      config: perWindow(deps.env, 20),
      preHandler: perAddress(app, deps.env, 'deal-alerts', 30, '1 hour', (r) => {
        const body = r.body as { userEmail?: unknown; email?: unknown } | undefined;
        return String(body?.userEmail ?? body?.email ?? '');
      }),
      schema: { body: createAlertSchema, response: { 200: createAlertResponseSchema, 201: createAlertResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const outcome = await createAlert({ db, env: deps.env, now: deps.clock() }, request.visitor, request.body, request.ip);
      if (!outcome.ok) return sendOutcome(reply, outcome);
      const { created, emailQueued, emailDelayedUntil, emailRefused, alert } = outcome.value;
      if (emailQueued) deps.notifyOutbox();
      if (emailDelayedUntil)
        request.log.warn({ delayedUntil: emailDelayedUntil.toISOString() }, 'e-mail budget reached: confirmation delayed');
      if (emailRefused) request.log.warn({ limit: emailRefused }, 'e-mail limit reached: confirmation not sent');
      return reply.status(created ? 201 : 200).send(alert);
    },
  );

  app.get(
    '/api/deal-alerts',
    { schema: { querystring: listQuerySchema, response: { 200: alertListResponseSchema, ...errors } } },
    async (request, reply) => sendOutcome(reply, await listAlerts(db, request.visitor, request.query.email)),
  );

  app.delete(
    '/api/deal-alerts/:id',
    { schema: { params: idParamsSchema, response: { 200: z.object({ success: z.literal(true) }), ...errors } } },
    async (request, reply) => sendOutcome(reply, await deleteAlert(db, request.visitor, request.params.id)),
  );
}
