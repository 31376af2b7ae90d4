/**
 * The owners' price-check endpoints (admin-area §2 "Price Check History"; issue 12 part 2), inside
 * the `/api/admin` scope: **signed-in admins only** (401 without a live session; the POST also
 * needs the site's own Origin, else 403). The history itself is `GET /api/price-check-logs`
 * (price-check-logs.admin.routes.ts), where the spec puts it.
 *
 * - `POST /api/admin/price-checks` ("Check Prices Now") → `{ logId, alertsChecked,
 *   successfulChecks, failedChecks, drops, notificationsQueued }`: checks every active alert now
 *   (trigger 'manual'), through the same run as the scheduler (price-check.service.ts). Limited to
 *   10 a minute per IP, as the shoppers' manual checks (they spend price-source quota).
 * - `GET /api/admin/price-check-outcomes?days=` (1–90, default 30) → `{ days: [{ date, drops,
 *   increases, unchanged, failures }] }`, per-product outcomes per Europe/London day, oldest first.
 */
import type { App, AppDeps } from '../../app-deps';
import { adminPriceCheckRunSchema } from '../../../common/api/alerts.admin.schema';
import { priceCheckOutcomesQuerySchema, priceCheckOutcomesResponseSchema } from '../../../common/api/price-checks.schema';
import { apiErrorSchema } from '../../http/errors';
import { checkAllAlertsForOwner } from './manual-checks.service';
import { priceCheckOutcomes } from './price-check-logs.service';
import { CHECKS_PER_MINUTE } from './price-checks.routes';

export async function priceChecksAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
  const rateLimit = { max: CHECKS_PER_MINUTE * (deps.env.NODE_ENV === 'test' ? 100 : 1), timeWindow: '1 minute' };

  app.post(
    '/price-checks',
    { config: { rateLimit }, schema: { response: { 200: adminPriceCheckRunSchema, ...errors } } },
    async (request) =>
      checkAllAlertsForOwner(
        { db, source: deps.priceSource, clock: deps.clock, env: deps.env, notifyOutbox: deps.notifyOutbox },
        request.admin!.id,
      ),
  );

  app.get(
    '/price-check-outcomes',
    { schema: { querystring: priceCheckOutcomesQuerySchema, response: { 200: priceCheckOutcomesResponseSchema, ...errors } } },
    async (request) => ({ days: await priceCheckOutcomes(db, request.query.days, deps.clock()) }),
  );
}
