/**
 * The Under £15 upload (admin-area §2 "Import tab: a separate upload that loads a CSV straight
 * into the Under £15 deals", §5), inside the `/api/admin` scope behind the admin guard. **Signed-in
 * admins only**: 401 without a live session, 403 without this site's `Origin`.
 *
 * - `POST /api/admin/deals-under-15/upload-csv?strict=` — multipart field `csvFile`; the accepted
 *   rows (price ≤ £15, title longer than 3 characters, a real ASIN) become the list. Answers like
 *   the catalogue uploads (report, `listedCount`; NDJSON progress on request; 400, 409, 413).
 *
 * The spec names no path for this upload; this one sits beside the list's own `deals-under-15`.
 */
import type { FastifyInstance } from 'fastify';
import type { App, AppDeps } from '../../app-deps';
import { CSV_UPLOAD_ROUTE_OPTIONS, csvUploadHandler, registerCsvUploads } from '../../http/csv-upload';
import { uploadBudgetDeals } from './budget-deals.service';

export async function budgetDealsAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  const updateDeps = { db: deps.database.db, env: deps.env, clock: deps.clock, notifyOutbox: deps.notifyOutbox };
  await app.register(async (scope: FastifyInstance) => {
    await registerCsvUploads(scope);
    scope.post(
      '/deals-under-15/upload-csv',
      CSV_UPLOAD_ROUTE_OPTIONS,
      csvUploadHandler(deps.env.MAX_UPLOAD_MB, (received) => uploadBudgetDeals(updateDeps, received)),
    );
  });
}
