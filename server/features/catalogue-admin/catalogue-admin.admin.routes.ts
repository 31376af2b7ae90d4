/**
 * The admin catalogue tabs' endpoints (issue 11 part 3; admin-area §7), inside the `/api/admin`
 * scope behind the admin guard (server/features/admin-auth/admin.guard.ts). **Who may call: a signed-in admin
 * only** (401 without a live session; the DELETEs also 403 without this site's Origin).
 *
 * - `GET /api/admin/products?page&limit&sortBy&sortOrder&category&search&asin` → `{ products, pagination }`
 * - `POST /api/admin/products/by-ids` `{ ids }` → `{ products }`
 * - `GET /api/admin/stats` → the Statistics tab's figures
 * - `GET /api/admin/top-deals` → `{ products, categories }` (the top 60 deals and their chips)
 * - `DELETE /api/admin/products/{id}` → `{ deletedCount: 1 }`, 404 when absent
 * - `DELETE /api/admin/products` `{ ids }` → `{ deletedCount }`
 * - `DELETE /api/admin/products/clear-all` → `{ deletedCount }`
 * - `DELETE /api/admin/cache` → `{ cleared: true, catalogueVersion }`
 *
 * Shapes: common/api/products.admin.schema.ts; rules: catalogue-admin.service.ts.
 */
import type { App, AppDeps } from '../../app-deps';
import {
  adminProductsQuerySchema,
  adminProductsResponseSchema,
  adminStatsSchema,
  cacheClearedResponseSchema,
  deletedCountResponseSchema,
  productIdsBodySchema,
  productsByIdsResponseSchema,
  topDealsResponseSchema,
} from '../../../common/api/products.admin.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { idParamsSchema } from '../../http/params';
import {
  catalogueStats,
  clearAllProducts,
  clearAnswerCaches,
  deleteProduct,
  deleteProducts,
  listAdminProducts,
  productsByIds,
  topDeals,
} from './catalogue-admin.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export async function catalogueAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const tag = deps.env.AFFILIATE_TAG;

  app.get(
    '/products',
    { schema: { querystring: adminProductsQuerySchema, response: { 200: adminProductsResponseSchema, ...errors } } },
    async (request) => listAdminProducts(db, tag, request.query),
  );

  app.post(
    '/products/by-ids',
    { schema: { body: productIdsBodySchema, response: { 200: productsByIdsResponseSchema, ...errors } } },
    async (request) => productsByIds(db, tag, request.body.ids),
  );

  app.get('/stats', { schema: { response: { 200: adminStatsSchema, ...errors } } }, async () => catalogueStats(db));

  app.get('/top-deals', { schema: { response: { 200: topDealsResponseSchema, ...errors } } }, async () => topDeals(db, tag));

  // Registered before `/products/:id`; find-my-way prefers the static path anyway.
  app.delete('/products/clear-all', { schema: { response: { 200: deletedCountResponseSchema, ...errors } } }, async (request) =>
    clearAllProducts(db, request.admin!.id, deps.clock()),
  );

  app.delete(
    '/products/:id',
    { schema: { params: idParamsSchema, response: { 200: deletedCountResponseSchema, 404: apiErrorSchema, ...errors } } },
    async (request, reply) => sendOutcome(reply, await deleteProduct(db, request.admin!.id, request.params.id, deps.clock())),
  );

  app.delete(
    '/products',
    { schema: { body: productIdsBodySchema, response: { 200: deletedCountResponseSchema, ...errors } } },
    async (request) => deleteProducts(db, request.admin!.id, request.body.ids, deps.clock()),
  );

  app.delete('/cache', { schema: { response: { 200: cacheClearedResponseSchema, ...errors } } }, async (request) =>
    clearAnswerCaches(db, request.admin!.id, deps.clock()),
  );
}
