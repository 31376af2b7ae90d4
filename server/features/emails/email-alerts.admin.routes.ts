/**
 * The Email Alerts tab's endpoints (admin-area §2 "Email Alerts tab", §3 "Notification stats", §5,
 * §7; issue 12 part 3), inside the `/api/admin` scope behind the admin guard. **Signed-in admins
 * only**: 401 without a live session; the two sends also 403 without this site's Origin.
 *
 * - `GET /api/admin/deal-alert-stats` → subscriberCount, totalNotifications, totalEmailsSent,
 *   totalClicks, activeNotifications.
 * - `GET /api/admin/deal-alert-drops?limit=10` → `{ alerts, total }`: active alerts with a price drop.
 * - `GET /api/admin/preview-price-drops?limit=10` → `{ priceDrops, total }`: the last 24 hours' drops.
 * - `POST /api/admin/deal-alert-notifications` `{ dealAlertIds }` (1–1,000) → `{ emailsSent,
 *   alreadySent, skipped }`: one e-mail per eligible alert, never twice for one alert and price.
 * - `POST /api/admin/price-drop-summary` (empty body) → `{ emailsSent, alreadySent, priceDrops,
 *   skipped }`: one digest per confirmed subscriber per UK day; 409 when there are no drops.
 */
import type { App, AppDeps } from '../../app-deps';
import {
  dealAlertDropsQuerySchema,
  dealAlertDropsResponseSchema,
  dealAlertNotificationsBodySchema,
  dealAlertNotificationsResponseSchema,
  dealAlertStatsResponseSchema,
  previewPriceDropsQuerySchema,
  previewPriceDropsResponseSchema,
  priceDropSummaryResponseSchema,
} from '../../../common/api/emails.admin.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { alertsWithDrops, dealAlertStats, sendDealAlertNotifications, type OwnerMailDeps } from './deal-alert-notifications.service';
import { previewPriceDrops, sendPriceDropSummary } from './price-drop-summary.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema };

export async function emailAlertsRoutes(app: App, deps: AppDeps): Promise<void> {
  const mail: OwnerMailDeps = { db: deps.database.db, env: deps.env, clock: deps.clock, notifyOutbox: deps.notifyOutbox };

  app.get('/deal-alert-stats', { schema: { response: { 200: dealAlertStatsResponseSchema, ...errors } } }, async () =>
    dealAlertStats(mail.db),
  );

  app.get(
    '/deal-alert-drops',
    { schema: { querystring: dealAlertDropsQuerySchema, response: { 200: dealAlertDropsResponseSchema, ...errors } } },
    async (request) => alertsWithDrops(mail.db, request.query.limit),
  );

  app.get(
    '/preview-price-drops',
    { schema: { querystring: previewPriceDropsQuerySchema, response: { 200: previewPriceDropsResponseSchema, ...errors } } },
    async (request) => previewPriceDrops(mail.db, deps.clock(), request.query.limit),
  );

  app.post(
    '/deal-alert-notifications',
    { schema: { body: dealAlertNotificationsBodySchema, response: { 200: dealAlertNotificationsResponseSchema, ...errors } } },
    async (request) => sendDealAlertNotifications(mail, request.admin!.id, request.body.dealAlertIds),
  );

  app.post('/price-drop-summary', { schema: { response: { 200: priceDropSummaryResponseSchema, ...errors } } }, async (request, reply) =>
    sendOutcome(reply, await sendPriceDropSummary(mail, request.admin!.id)),
  );
}
