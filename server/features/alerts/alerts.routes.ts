/**
 * Deal alert routes (shopper-screens §7; DESIGN.md §4 "Visitors"):
 *
 * - `POST /api/deal-alerts` (createAlertSchema) → **201** with the new alert, or **200** with the
 *   address's existing alert for that ASIN, reactivated; both carry `visitorToken` and
 *   `emailConfirmed` (createAlertResponseSchema). 404 when the ASIN is not in our catalogue; 400
 *   naming the field for bad input. 20 a minute per IP.
 * - `GET /api/deal-alerts?email=` → the address's alerts, newest first; needs a visitor token for that
 *   address (401 without one, 403 for another address). Without `email`: the token's own alerts.
 * - `DELETE /api/deal-alerts/:id` → 200 `{ success: true }`; 401 without a token, 404 for an unknown
 *   id, 403 when the alert belongs to another address.
 */
import { z } from 'zod';
import type { App, AppDeps } from '../../app';
import { alertListResponseSchema, createAlertResponseSchema, createAlertSchema, emailSchema } from '../../../common/api/alerts.schema';
import { requireVisitorFor, VISITOR_TOKEN_OTHER_ADDRESS } from '../visitors/visitors.guard';
import { createAlert, deleteAlert, listAlerts } from './alerts.service';

/** Alert creations per minute per IP; multiplied in NODE_ENV=test so suites creating many alerts are not throttled. */
const CREATE_PER_MINUTE = 20;

/** Error answers: `message` is "field: rule"; validation errors also list `issues` (server/app.ts). */
const errorSchema = z.object({
  error: z.string(),
  message: z.string(),
  issues: z.array(z.object({ field: z.string(), rule: z.string() })).optional(),
});

const listQuerySchema = z.object({
  // Blank means "not given": the token's own address is used.
  email: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), emailSchema.optional()),
});

const idParamsSchema = z.object({
  id: z.coerce.number().int('must be a whole number').positive('must be a positive number').max(Number.MAX_SAFE_INTEGER),
});

export async function alertsRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;

  app.post(
    '/api/deal-alerts',
    {
      config: { rateLimit: { max: CREATE_PER_MINUTE * (deps.env.NODE_ENV === 'test' ? 100 : 1), timeWindow: '1 minute' } },
      schema: { body: createAlertSchema, response: { 200: createAlertResponseSchema, 201: createAlertResponseSchema, 404: errorSchema } },
    },
    async (request, reply) => {
      const result = await createAlert({ db, env: deps.env, now: deps.clock() }, request.body);
      if (!result.ok) return reply.status(result.status).send({ error: 'Not Found', message: result.message });
      if (result.confirmationQueued) deps.notifyOutbox();
      return reply.status(result.created ? 201 : 200).send(result.alert);
    },
  );

  app.get(
    '/api/deal-alerts',
    { schema: { querystring: listQuerySchema, response: { 200: alertListResponseSchema } } },
    async (request, reply) => {
      const visitor = await requireVisitorFor(db, request, reply, request.query.email, deps.clock());
      if (!visitor) return reply;
      return reply.send(await listAlerts(db, visitor.email));
    },
  );

  app.delete(
    '/api/deal-alerts/:id',
    { schema: { params: idParamsSchema, response: { 200: z.object({ success: z.literal(true) }), 403: errorSchema, 404: errorSchema } } },
    async (request, reply) => {
      const visitor = await requireVisitorFor(db, request, reply, null, deps.clock());
      if (!visitor) return reply;
      const outcome = await deleteAlert(db, request.params.id, visitor.email);
      if (outcome === 'not-found') return reply.status(404).send({ error: 'Not Found', message: `id: no deal alert ${request.params.id}` });
      if (outcome === 'forbidden') return reply.status(403).send(VISITOR_TOKEN_OTHER_ADDRESS);
      return reply.send({ success: true });
    },
  );
}
