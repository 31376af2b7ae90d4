/**
 * The price-check history (admin-area §2 "Price Check History", §3 "Price check log", §7, §9):
 * `GET /api/price-check-logs?page=&limit=` → `{ logs, pagination }`: pages of at most 10 logs,
 * newest first, `details` as JSON text of at most 100 per-product lines (failures first) with
 * `detailsTotal`; 400 naming `page` or `limit` (1–10). The URL stays where the spec (admin-area §7)
 * puts it, outside `/api/admin`, but the module is registered in the admin area of server/app.ts:
 * **signed-in admins only**, the admin guard answers 401 without a live session.
 */
import type { App, AppDeps } from '../../app-deps';
import { priceCheckLogsQuerySchema, priceCheckLogsResponseSchema } from '../../../common/api/price-checks.schema';
import { apiErrorSchema } from '../../http/errors';
import { priceCheckLogsPage } from './price-check-logs.service';

export async function priceCheckLogsAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  app.get(
    '/api/price-check-logs',
    {
      schema: {
        querystring: priceCheckLogsQuerySchema,
        response: { 200: priceCheckLogsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => priceCheckLogsPage(db, request.query.page, request.query.limit),
  );
}
