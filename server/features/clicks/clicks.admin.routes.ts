/**
 * The owners' click analytics (admin-area §2 "Clicks tab", "Category-clicks tab", §7; issue 13),
 * inside the `/api/admin` scope: **signed-in admins only** (the admin guard answers 401 without a
 * live session). Read-only, so nothing is written to the audit log. Every route takes the optional
 * `startDate`/`endDate` (ISO 8601 date = a whole Europe/London day, or a date-time with offset;
 * start ≤ end; ≤ 5 years) and refuses any other parameter with a 400 naming it. Every figure comes
 * from the database (roll-ups and indexed reads, decision 0028); the server keeps no click index.
 *
 * - `GET /product-clicks-stats` → click stats (spec §3) with the cards' and charts' figures.
 * - `GET /product-clicks?email=&limit=` → the newest ≤ 50 clicks (e-mail search: part of an address) and the match count.
 * - `GET /product-clicks/{email}?format=json|csv` → that address's clicks (400 for a malformed address).
 * - `GET /category-clicks?limit=` and `GET /category-clicks-stats` → category button clicks and their stats.
 * - `GET /email-tracking` → visits, clicks, searches, campaigns and recent e-mail visits (the tab refetches every 30 s).
 * - `GET /analytics-overview?startDate&endDate` (London dates only) → the period beside the one before it: the
 *   visit → click-through funnel, per day, top pages, top referrers, devices (issue 29 point 8; from the
 *   database's daily roll-ups, decision 0028).
 * - `GET /export/{top-products|users-by-activity|recent-clicks|signed-up-users-clicks|anonymous-users-clicks}-csv`
 *   → a streamed CSV download named after the range.
 */
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { App, AppDeps } from '../../app-deps';
import {
  analyticsOverviewQuerySchema,
  analyticsOverviewSchema,
  analyticsRangeQuerySchema,
  categoryClickStatsSchema,
  categoryClicksQuerySchema,
  categoryClicksResponseSchema,
  clickStatsSchema,
  emailTrackingSchema,
  productClicksQuerySchema,
  productClicksResponseSchema,
  userClicksQuerySchema,
  userClicksResponseSchema,
} from '../../../common/api/click-analytics.admin.schema';
import { apiErrorSchema } from '../../http/errors';
import { emailParamsSchema } from '../../http/params';
import {
  categoryClickList,
  categoryClickStats,
  emailTracking,
  productClickList,
  productClickStats,
  toAnalyticsRange,
  userClicks,
} from './click-analytics.admin.service';
import { analyticsOverview } from './analytics-overview.admin.service';
import { CLICK_EXPORTS, clickExport, userClicksExport, type ClickExport } from './click-exports.admin.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

/** Sends a CSV download. */
function sendCsv(reply: FastifyReply, file: { fileName: string; body: Readable }) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.body);
}

export async function clicksAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  const database = deps.database;

  app.get(
    '/product-clicks-stats',
    { schema: { querystring: analyticsRangeQuerySchema, response: { 200: clickStatsSchema, ...errors } } },
    async (request) => productClickStats(database, toAnalyticsRange(request.query)),
  );

  app.get(
    '/product-clicks',
    { schema: { querystring: productClicksQuerySchema, response: { 200: productClicksResponseSchema, ...errors } } },
    async (request) => productClickList(database, toAnalyticsRange(request.query), request.query.email, request.query.limit),
  );

  app.get(
    '/product-clicks/:email',
    { schema: { params: emailParamsSchema, querystring: userClicksQuerySchema, response: { 200: userClicksResponseSchema, ...errors } } },
    async (request, reply) => {
      const range = toAnalyticsRange(request.query);
      if (request.query.format === 'csv') return sendCsv(reply, userClicksExport(database, request.params.email, range));
      return userClicks(database, request.params.email, range);
    },
  );

  app.get(
    '/category-clicks',
    { schema: { querystring: categoryClicksQuerySchema, response: { 200: categoryClicksResponseSchema, ...errors } } },
    async (request) => categoryClickList(database, toAnalyticsRange(request.query), request.query.limit),
  );

  app.get(
    '/category-clicks-stats',
    { schema: { querystring: analyticsRangeQuerySchema, response: { 200: categoryClickStatsSchema, ...errors } } },
    async (request) => categoryClickStats(database, toAnalyticsRange(request.query)),
  );

  app.get(
    '/email-tracking',
    { schema: { querystring: analyticsRangeQuerySchema, response: { 200: emailTrackingSchema, ...errors } } },
    async (request) => emailTracking(database, toAnalyticsRange(request.query)),
  );

  app.get(
    '/analytics-overview',
    { schema: { querystring: analyticsOverviewQuerySchema, response: { 200: analyticsOverviewSchema, ...errors } } },
    async (request) => analyticsOverview(database, request.query, deps.clock()),
  );

  for (const kind of Object.keys(CLICK_EXPORTS) as ClickExport[]) {
    app.get(`/export/${kind}`, { schema: { querystring: analyticsRangeQuerySchema, response: errors } }, async (request, reply) =>
      sendCsv(reply, clickExport(database, kind, toAnalyticsRange(request.query))),
    );
  }
}
