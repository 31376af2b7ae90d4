/**
 * The import tab's uploads (issue 11 part 3; admin-area §2 "Import tab", §5, §7), inside the
 * `/api/admin` scope behind the admin guard. **Signed-in admins only**: 401 without a live
 * session, 403 without this site's `Origin`.
 *
 * - `POST /api/admin/upload-csv?strict=` — Add Products: multipart field `csvFile`, and optionally
 *   before it the field `observedAt` (ISO 8601: when the file's prices were seen; issue 27).
 * - `POST /api/admin/replace-with-csv?strict=` — Replace All Products: same, and every product the
 *   file does not hold is deleted, in the same transaction. Confirmed by the multipart field
 *   `confirmDeleteCount` (before `csvFile`): unless it equals the number the file would delete,
 *   409 `{ error, message, deleteCount, priceObservationCount, categoryPageEntryCount,
 *   budgetDealEntryCount, alertCount }` and nothing changes (issue 29).
 * - `POST /api/admin/products/replace?strict=` — the same Replace All under the issue 29 name.
 *
 * Both answer the importer's full report (`catalogueUploadResponseSchema`), or with
 * `Accept: application/x-ndjson` progress lines then that answer (server/http/progress-stream.ts);
 * 400 'csvFile: Please select a CSV file', 400 'observedAt: must …' (catalogue-upload.service.ts
 * `uploadObservedAt`), 409 while another import runs, 413 over MAX_UPLOAD_MB.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { replaceRefusedSchema } from '../../../common/api/catalogue-import.admin.schema';
import { apiErrorSchema } from '../../http/errors';
import type { App, AppDeps } from '../../app-deps';
import { CSV_UPLOAD_ROUTE_OPTIONS, csvUploadHandler, registerCsvUploads } from '../../http/csv-upload';
import { importUploadedCatalogue } from './catalogue-upload.service';

export async function catalogueImportAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  const updateDeps = { db: deps.database.db, env: deps.env, clock: deps.clock, notifyOutbox: deps.notifyOutbox };
  const upload = (mode: 'add' | 'replace') =>
    csvUploadHandler(deps.env.MAX_UPLOAD_MB, (received) => importUploadedCatalogue(updateDeps, received, mode));
  // Its own scope: @fastify/multipart stays with these routes (other modules may register their own).
  await app.register(async (scope: FastifyInstance) => {
    await registerCsvUploads(scope);
    scope.post('/upload-csv', CSV_UPLOAD_ROUTE_OPTIONS, upload('add'));
    const replaceOptions = {
      ...CSV_UPLOAD_ROUTE_OPTIONS,
      schema: {
        ...CSV_UPLOAD_ROUTE_OPTIONS.schema,
        response: { ...CSV_UPLOAD_ROUTE_OPTIONS.schema.response, 409: z.union([replaceRefusedSchema, apiErrorSchema]) },
      },
    };
    scope.post('/replace-with-csv', replaceOptions, upload('replace'));
    scope.post('/products/replace', replaceOptions, upload('replace'));
  });
}
