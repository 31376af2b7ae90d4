/**
 * `POST /api/products/import/bulk` (admin-area §7): JSON `{ products: [...], observedAt? }` →
 * `{ results: { created, updated, unchanged, historyOnly, rejected } }`; `observedAt` (ISO 8601, when
 * the prices were seen; issue 27) that breaks its rules answers 400 naming it. Outside `/api/admin` where the spec puts it, but
 * **signed-in admins only**: registered in the admin area of server/app.ts, behind the admin guard
 * (401 without a session, 403 without this site's Origin). Up to 5,000 products and 16 MiB per request; each product is
 * checked on its own, so one bad product never refuses the others (catalogue-bulk.service.ts).
 */
import { bulkImportBodySchema, bulkImportResponseSchema } from '../../../common/api/catalogue-import.admin.schema';
import type { App, AppDeps } from '../../app-deps';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { importBulkProducts } from './catalogue-bulk.service';

/** Largest bulk body: 5,000 products with long titles and features. */
const BULK_BODY_LIMIT = 16 * 1024 * 1024;

export async function catalogueBulkAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  const updateDeps = { db: deps.database.db, env: deps.env, clock: deps.clock, notifyOutbox: deps.notifyOutbox };
  app.post(
    '/api/products/import/bulk',
    {
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        body: bulkImportBodySchema,
        response: { 200: bulkImportResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 413: apiErrorSchema },
      },
    },
    async (request, reply) =>
      sendOutcome(reply, await importBulkProducts(updateDeps, request.body.products, request.admin?.id as number, request.body.observedAt)),
  );
}
