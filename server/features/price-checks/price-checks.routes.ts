/**
 * The shoppers' price-check routes (shopper-screens §3 "Price check result", §7):
 *
 * - `POST /api/deal-alerts/:id/check-price` (visitor token) → PriceCheckResult of that alert
 *   (trigger 'manual'). 401 without a valid visitor token; 404 alike for an unknown id and for an
 *   alert the token does not reach (issue 5).
 * - `POST /api/deal-alerts/check-all-prices[?email=]` (visitor token) → `{ results, totalChecked }`
 *   for the alerts the token reaches (all of the address's with a mailbox token, this browser's with
 *   a device token); 401 without a token, 403 when `email` is another address.
 *
 * The owners' price-check log (`GET /api/price-check-logs`) is in price-check-logs.admin.routes.ts.
 *
 * The two checks spend price-source quota, so they are limited to 10 a minute per IP.
 */
import { z } from 'zod';
import type { App, AppDeps } from '../../app-deps';
import { emailSchema } from '../../../common/api/alerts.schema';
import { checkAllResponseSchema, priceCheckResultSchema } from '../../../common/api/price-checks.schema';
import { apiErrorSchema } from '../../http/errors';
import { idParamsSchema } from '../../http/params';
import { sendOutcome } from '../../http/outcome';
import { visitorOnRequest } from '../visitors';
import { checkAllAlerts, checkOneAlert } from './manual-checks.service';
import type { PriceCheckDeps } from './price-check.service';

/** Manual checks per minute per IP (multiplied under NODE_ENV=test so suites are not throttled). */
export const CHECKS_PER_MINUTE = 10;

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

  app.addHook('onRequest', visitorOnRequest(deps));
  const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

  app.post(
    '/api/deal-alerts/:id/check-price',
    { config: { rateLimit }, schema: { params: idParamsSchema, response: { 200: priceCheckResultSchema, ...errors } } },
    async (request, reply) => sendOutcome(reply, await checkOneAlert(checkDeps(), request.visitor, request.params.id)),
  );

  app.post(
    '/api/deal-alerts/check-all-prices',
    { config: { rateLimit }, schema: { querystring: checkAllQuerySchema, response: { 200: checkAllResponseSchema, ...errors } } },
    async (request, reply) => sendOutcome(reply, await checkAllAlerts(checkDeps(), request.visitor, request.query.email)),
  );
}
