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
 * - `POST /api/admin/products/delete-matching` `{ category?, search?, confirmDeleteCount }` →
 *   `{ deletedCount }`: every product the filter matches (issue 29 "select all matching"); 409
 *   `{ deleteCount }` unless `confirmDeleteCount` is the number matching now
 * - `DELETE /api/admin/cache` → `{ cleared: true, catalogueVersion }`
 * - `GET /api/admin/products/export-csv` → the whole catalogue as CSV in the importer's columns
 *   (`catalogue-YYYY-MM-DD.csv`; offered before Replace All and bulk deletes, decision 0025)
 * - `PATCH /api/admin/products/{asin}` `{ title?, price?, imageUrl?, category? }` → `{ product, changed }`
 *   (issue 29; 400 naming the field, 404 unknown ASIN; 403 without this site's Origin)
 * - `GET /api/admin/products/deleted?page&limit&search` → the products deleted in the last 30 days
 * - `POST /api/admin/products/restore` `{ asins }` or `{ all: true, search?, confirmCount }` → what was
 *   put back (issue 29, decision 0027; 404
 *   not deleted, 410 deleted over 30 days ago, 409 in the catalogue again; 403 without this site's Origin)
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
  productEditBodySchema,
  productEditResponseSchema,
  productIdsBodySchema,
  productsByIdsResponseSchema,
  topDealsResponseSchema,
} from '../../../common/api/products.admin.schema';
import {
  deletedProductsQuerySchema,
  deletedProductsResponseSchema,
  restoreBodySchema,
  restoreRefusedSchema,
  restoreResponseSchema,
} from '../../../common/api/product-archive.admin.schema';
import { productsMatchingDeleteBodySchema, productsMatchingRefusedSchema } from '../../../common/api/products-matching.admin.schema';
import { deleteMatchingProducts } from './products-matching.service';
import { apiErrorSchema } from '../../http/errors';
import { listDeletedProducts, restoreRequested } from '../product-archive';
import { sendOutcome } from '../../http/outcome';
import { asinParamsSchema, idParamsSchema } from '../../http/params';
import { csvFileName, sendCsv, type CsvColumn } from '../../http/csv-download';
import { penceToPriceString } from '../../../common/money';
import { findCatalogueForExport, type CatalogueExportRow } from './catalogue-admin.queries';
import {
  catalogueStats,
  clearAllProducts,
  clearAnswerCaches,
  deleteProduct,
  deleteProducts,
  editProduct,
  listAdminProducts,
  productsByIds,
  topDeals,
} from './catalogue-admin.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * The export's columns, named as the importer reads them (catalogue-layout.ts), so the file can be
 * imported back with Replace All: prices in pounds, `category` Amazon's name when known (else our key).
 */
const EXPORT_COLUMNS: readonly CsvColumn<CatalogueExportRow>[] = [
  { header: 'asin', value: (r) => r.asin },
  { header: 'title', value: (r) => r.title },
  { header: 'price', value: (r) => penceToPriceString(r.pricePence) },
  { header: 'originalPrice', value: (r) => (r.listPricePence === null ? '' : penceToPriceString(r.listPricePence)) },
  { header: 'savingBasisType', value: (r) => r.savingBasisType ?? '' },
  { header: 'rating', value: (r) => r.rating ?? '' },
  { header: 'reviewCount', value: (r) => r.reviewCount ?? '' },
  { header: 'imageUrl', value: (r) => r.imageUrl ?? '' },
  { header: 'productURL', value: (r) => r.sourceUrl ?? '' },
  { header: 'category', value: (r) => r.categoryName ?? r.category },
  { header: 'brand', value: (r) => r.brand ?? '' },
  { header: 'observedAt', value: (r) => r.priceAsOf.toISOString() },
];

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

  // Issue 29 "select all M matching": every product the filter matches, confirmed by its number.
  app.post(
    '/products/delete-matching',
    {
      schema: {
        body: productsMatchingDeleteBodySchema,
        response: { 200: deletedCountResponseSchema, 409: productsMatchingRefusedSchema, ...errors },
      },
    },
    async (request, reply) => sendOutcome(reply, await deleteMatchingProducts(db, request.admin!.id, request.body, deps.clock())),
  );

  app.get('/products/export-csv', async (_request, reply) =>
    sendCsv(reply, csvFileName('catalogue', deps.clock()), EXPORT_COLUMNS, await findCatalogueForExport(db)),
  );

  app.patch(
    '/products/:asin',
    {
      schema: {
        params: asinParamsSchema,
        body: productEditBodySchema,
        response: { 200: productEditResponseSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendOutcome(reply, await editProduct(db, tag, request.admin!.id, request.params.asin, request.body, deps.clock())),
  );

  app.get(
    '/products/deleted',
    { schema: { querystring: deletedProductsQuerySchema, response: { 200: deletedProductsResponseSchema, ...errors } } },
    async (request) => listDeletedProducts(db, request.query, deps.clock()),
  );

  app.post(
    '/products/restore',
    {
      schema: {
        body: restoreBodySchema,
        response: { 200: restoreResponseSchema, 404: apiErrorSchema, 409: restoreRefusedSchema, 410: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => sendOutcome(reply, await restoreRequested(db, request.admin!.id, request.body, deps.clock())),
  );

  app.delete('/cache', { schema: { response: { 200: cacheClearedResponseSchema, ...errors } } }, async (request) =>
    clearAnswerCaches(db, request.admin!.id, deps.clock()),
  );
}
