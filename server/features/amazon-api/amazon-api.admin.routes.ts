/**
 * The admin API tab's own endpoints (issue 14 part 3; admin-area §2 "API tab"), inside the
 * `/api/admin` scope behind the admin guard (**signed-in admins only**: 401 without a session, 403
 * for a write with a wrong or missing Origin):
 *
 * - `GET /api/admin/amazon/access` → `{ configured, accessDenied }`: the banner every admin tab shows
 *   while Amazon answers 403 AssociateNotEligible (one row read; polled by the admin shell).
 * - `GET /api/admin/amazon/status` → configuration, the 403 banner state, requests used today,
 *   requests per hour (24 h), the age of the oldest Amazon price shown, and the freshness plan.
 * - `POST /api/admin/amazon/import` `{ asins }` (1–100) → `{ created, updated, skipped, calls }`:
 *   fetched again from Amazon (⌈n / 10⌉ requests) and upserted with their price observations in one
 *   transaction, audited as `amazon.import` with counts. 503 when Amazon is not configured or
 *   denies access, 429 when today's quota is used up.
 */
import type { App, AppDeps } from '../../app-deps';
import {
  amazonAccessSchema,
  amazonImportBodySchema,
  amazonImportResponseSchema,
  amazonStatusSchema,
} from '../../../common/api/amazon-api.admin.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { amazonAccess, amazonStatus, importFromAmazon } from './amazon-api.service';

/** Registers the API tab's admin endpoints on the `/api/admin` scope (its guard already applies). */
export async function amazonApiAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  const service = () => ({ db: deps.database.db, amazon: deps.amazon, clock: deps.clock });
  app.get('/amazon/access', { schema: { response: { 200: amazonAccessSchema, 401: apiErrorSchema } } }, async () =>
    amazonAccess({ amazon: deps.amazon }),
  );
  app.get('/amazon/status', { schema: { response: { 200: amazonStatusSchema, 401: apiErrorSchema } } }, async () =>
    amazonStatus(service()),
  );
  app.post(
    '/amazon/import',
    {
      schema: {
        body: amazonImportBodySchema,
        response: {
          200: amazonImportResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => sendOutcome(reply, await importFromAmazon(service(), request.admin!.id, request.body.asins)),
  );
}
