/**
 * Price-check routes (shopper-screens §3 "Price check result", §7; admin-area §3 "Price check log", §7):
 *
 * - `POST /api/deal-alerts/:id/check-price` → PriceCheckResult of that alert (trigger 'manual').
 *   401 without a valid visitor token, 404 for an unknown id, 403 for another address's alert.
 * - `POST /api/deal-alerts/check-all-prices[?email=]` → `{ results, totalChecked }` for the address
 *   (default: the token's own); 401 / 403 as above.
 * - `GET /api/price-check-logs` → `{ logs }`, the latest 10, `details` as JSON text.
 *   NOTE: no admin guard yet; the admin issue puts it behind the admin session.
 *
 * The two checks spend price-source quota, so they are limited to 10 a minute per IP.
 */
import { z } from 'zod';
import type { App, AppDeps } from '../../app';
import { emailSchema } from '../../../common/api/alerts.schema';
import {
  checkAllResponseSchema,
  priceCheckLogSchema,
  priceCheckResultSchema,
  type PriceCheckLog,
} from '../../../common/api/price-checks.schema';
import { requireVisitorFor, VISITOR_TOKEN_OTHER_ADDRESS } from '../visitors/visitors.guard';
import { alertOwner, latestPriceCheckLogs } from './price-check.queries';
import { runPriceCheck, type PriceCheckDeps } from './price-check.service';

/** Manual checks per minute per IP (multiplied under NODE_ENV=test so suites are not throttled). */
export const CHECKS_PER_MINUTE = 10;
/** Logs shown by the admin's Price Check History (admin-area §9: "Price check logs shown 10"). */
export const LOGS_SHOWN = 10;

const errorSchema = z.object({ error: z.string(), message: z.string() });

const idParamsSchema = z.object({
  id: z.coerce.number().int('must be a whole number').positive('must be a positive number').max(Number.MAX_SAFE_INTEGER),
});

const checkAllQuerySchema = z.object({
  // Blank means "not given": the token's own address is checked.
  email: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), emailSchema.optional()),
});

export async function priceChecksRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const rateLimit = { max: CHECKS_PER_MINUTE * (deps.env.NODE_ENV === 'test' ? 100 : 1), timeWindow: '1 minute' };
  const checkDeps = (): PriceCheckDeps => ({
    db,
    source: deps.priceSource,
    clock: deps.clock,
    env: deps.env,
    notifyOutbox: deps.notifyOutbox,
  });

  app.post(
    '/api/deal-alerts/:id/check-price',
    {
      config: { rateLimit },
      schema: { params: idParamsSchema, response: { 200: priceCheckResultSchema, 403: errorSchema, 404: errorSchema } },
    },
    async (request, reply) => {
      const visitor = await requireVisitorFor(db, request, reply, null, deps.clock());
      if (!visitor) return reply;
      const owner = await alertOwner(db, request.params.id);
      if (owner === null) return reply.status(404).send({ error: 'Not Found', message: `id: no deal alert ${request.params.id}` });
      if (owner !== visitor.email) return reply.status(403).send(VISITOR_TOKEN_OTHER_ADDRESS);
      const run = await runPriceCheck(checkDeps(), { trigger: 'manual', alertIds: [request.params.id] });
      const result = run.results[0];
      // Deleted between the ownership check and the run.
      if (!result) return reply.status(404).send({ error: 'Not Found', message: `id: no deal alert ${request.params.id}` });
      return reply.send(result);
    },
  );

  app.post(
    '/api/deal-alerts/check-all-prices',
    { config: { rateLimit }, schema: { querystring: checkAllQuerySchema, response: { 200: checkAllResponseSchema } } },
    async (request, reply) => {
      const visitor = await requireVisitorFor(db, request, reply, request.query.email, deps.clock());
      if (!visitor) return reply;
      const run = await runPriceCheck(checkDeps(), { trigger: 'manual', email: visitor.email });
      return reply.send({ results: run.results, totalChecked: run.alertsChecked });
    },
  );

  app.get(
    '/api/price-check-logs',
    { schema: { response: { 200: z.object({ logs: z.array(priceCheckLogSchema) }) } } },
    async (_request, reply) => {
      const rows = await latestPriceCheckLogs(db, LOGS_SHOWN);
      const logs: PriceCheckLog[] = rows.map((row) => ({
        id: row.id,
        triggerType: row.triggerType as PriceCheckLog['triggerType'],
        checkedAt: row.checkedAt.toISOString(),
        alertsChecked: row.alertsChecked,
        successfulChecks: row.successfulChecks,
        failedChecks: row.failedChecks,
        sourceCalls: row.sourceCalls,
        details: JSON.stringify(row.details),
      }));
      return reply.send({ logs });
    },
  );
}
