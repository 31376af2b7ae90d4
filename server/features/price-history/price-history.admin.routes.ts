/**
 * `POST /api/admin/price-history/upload-csv` (issue 30 "History from day one": "the same in the admin
 * Import tab"). **Signed-in admins only** (inside the `/api/admin` scope: 401 without a session, 403
 * without this site's Origin). Multipart field `csvFile` (our long form or Keepa's long export, up to
 * MAX_UPLOAD_MB); answers `{ committed, report }` (common/api/price-history.admin.schema.ts), or with
 * `Accept: application/x-ndjson` progress lines then that answer. 400 naming `csvFile` for no file or
 * not a CSV, 409 while another history upload runs, 413 over the limit.
 */
import type { FastifyInstance } from 'fastify';
import { historyUploadResponseSchema } from '../../../common/api/price-history.admin.schema';
import type { App, AppDeps } from '../../app-deps';
import { CSV_UPLOAD_ROUTE_OPTIONS, csvUploadHandler, registerCsvUploads } from '../../http/csv-upload';
import { importUploadedHistory } from './price-history.admin.service';

export async function priceHistoryAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  const options = {
    ...CSV_UPLOAD_ROUTE_OPTIONS,
    schema: {
      ...CSV_UPLOAD_ROUTE_OPTIONS.schema,
      response: { ...CSV_UPLOAD_ROUTE_OPTIONS.schema.response, 200: historyUploadResponseSchema },
    },
  };
  // Its own scope: @fastify/multipart stays with this route.
  await app.register(async (scope: FastifyInstance) => {
    await registerCsvUploads(scope);
    scope.post(
      '/price-history/upload-csv',
      options,
      csvUploadHandler(deps.env.MAX_UPLOAD_MB, (upload) => importUploadedHistory({ db: deps.database.db, clock: deps.clock }, upload)),
    );
  });
}
