/**
 * The owners' category-page calls (admin-area §2 "Categories tab", §5, §7; issue 11 part 3). The
 * spec puts them under `/api/category-pages`, beside the public reads, but this module is registered
 * in the admin area of server/app.ts, behind the admin guard (admin-auth/admin.guard.ts):
 * **signed-in admins only** — 401 without a live session, and 403 for a write whose `Origin` is not
 * this site's.
 *
 * - `GET /api/category-pages` → 200 `{ categoryPages }`: every page, active or not, with its
 *   product count and times (more than the public reads show, hence admin-only).
 * - `POST /api/category-pages` `{ name, description?, affiliateTag?, slug?, isActive? }` → 201
 *   `{ categoryPage }`; 400 naming the field (blank name, bad tag, a slug that is not the name's),
 *   409 when the slug is taken.
 * - `PUT /api/category-pages/{id}` `{ affiliateTag?, name?, description? }` → 200 `{ categoryPage }`; 404.
 * - `DELETE /api/category-pages/{id}` → 200 `{ deleted, removedProducts }`; 404.
 * - `POST /api/category-pages/{slug}/products` `{ asins }` → 200 `{ added, alreadyOnPage,
 *   notInCatalogue, overLimit, productCount }`; 404.
 * - `DELETE /api/category-pages/{slug}/products` `{ asins }` → 200 `{ removed, productCount }`; 404.
 * - `POST /api/category-pages/{slug}/upload-csv`, multipart/form-data with one file part named
 *   `csvFile` (the spec's name; `file` is accepted too) → 200 the upload report (rows rejected
 *   with their line numbers); 400 not multipart, no file, not a CSV, malformed CSV; 404; 413 over
 *   5 MB. The file is streamed, never held whole. ASINs the catalogue lacks are fetched through the
 *   Creators API when configured, else created from the file's row (issue 29; the report's
 *   `fetchedFromAmazon`, `createdFromFile` and `created`).
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminCategoryPageResponseSchema,
  adminCategoryPagesResponseSchema,
  categoryPageAsinsSchema,
  categoryPageCreateSchema,
  categoryPageCsvReportSchema,
  categoryPageDeletedSchema,
  categoryPageProductsAddedSchema,
  categoryPageProductsRemovedSchema,
  categoryPageUpdateSchema,
  CATEGORY_PAGE_CSV_MAX_BYTES,
} from '../../../common/api/category-pages.admin.schema';
import { categoryPageSlugSchema } from '../../../common/api/deals.schema';
import { safeText } from '../../../common/api/text.schema';
import type { App, AppDeps } from '../../app-deps';
import { apiErrorSchema } from '../../http/errors';
import { fail, sendOutcome } from '../../http/outcome';
import { idParamsSchema } from '../../http/params';
import { uploadCategoryPageCsv } from './category-page-upload.admin.service';
import {
  addCategoryPageProducts,
  createCategoryPage,
  deleteCategoryPage,
  listCategoryPagesForAdmin,
  removeCategoryPageProducts,
  updateCategoryPage,
  type AdminActor,
} from './category-pages.admin.service';

const slugParams = z.object({ slug: categoryPageSlugSchema });

/** Media types browsers send for a .csv file (Windows sends Excel's for it). */
const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream'];

/**
 * The file part of an upload (issue 11 "zod on every multipart part"): the spec's field name, a
 * file name, and a CSV media type or a `.csv` name (spec §5: 'Invalid file' / 'Please select a CSV file').
 */
export const csvFilePartSchema = z
  .object({
    fieldname: z.enum(['csvFile', 'file'], 'the file part must be named csvFile'),
    filename: safeText(255).trim().min(1, 'must have a file name'),
    mimetype: safeText(200),
  })
  .refine((p) => /\.csv$/i.test(p.filename) || (p.mimetype === 'text/csv' && !/\.[a-z0-9]+$/i.test(p.filename)), {
    message: 'must be a CSV file (.csv)',
  })
  .refine((p) => CSV_TYPES.includes(p.mimetype.split(';')[0]!.trim().toLowerCase()), { message: 'must be a CSV file (text/csv)' });

/** Registers the admin-only category-page calls; reads `deps.database`, `deps.env.AFFILIATE_TAG`, `deps.clock` and `deps.amazon`. */
export async function categoryPagesAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const actor = (request: FastifyRequest): AdminActor => ({ adminId: request.admin!.id, now: deps.clock() });
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

  // Only in this module's scope: the other routes keep refusing multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: CATEGORY_PAGE_CSV_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
  });

  app.get('/api/category-pages', { schema: { response: { 200: adminCategoryPagesResponseSchema, 401: apiErrorSchema } } }, async () =>
    listCategoryPagesForAdmin(db),
  );

  app.post(
    '/api/category-pages',
    {
      schema: { body: categoryPageCreateSchema, response: { 201: adminCategoryPageResponseSchema, 409: apiErrorSchema, ...errors } },
    },
    async (request, reply) => sendOutcome(reply, await createCategoryPage(db, actor(request), deps.env.AFFILIATE_TAG, request.body), 201),
  );

  app.put(
    '/api/category-pages/:id',
    {
      schema: { params: idParamsSchema, body: categoryPageUpdateSchema, response: { 200: adminCategoryPageResponseSchema, ...errors } },
    },
    async (request, reply) => sendOutcome(reply, await updateCategoryPage(db, actor(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/category-pages/:id',
    { schema: { params: idParamsSchema, response: { 200: categoryPageDeletedSchema, ...errors } } },
    async (request, reply) => sendOutcome(reply, await deleteCategoryPage(db, actor(request), request.params.id)),
  );

  app.post(
    '/api/category-pages/:slug/products',
    {
      schema: { params: slugParams, body: categoryPageAsinsSchema, response: { 200: categoryPageProductsAddedSchema, ...errors } },
    },
    async (request, reply) =>
      sendOutcome(reply, await addCategoryPageProducts(db, actor(request), request.params.slug, request.body.asins)),
  );

  app.delete(
    '/api/category-pages/:slug/products',
    {
      schema: { params: slugParams, body: categoryPageAsinsSchema, response: { 200: categoryPageProductsRemovedSchema, ...errors } },
    },
    async (request, reply) =>
      sendOutcome(reply, await removeCategoryPageProducts(db, actor(request), request.params.slug, request.body.asins)),
  );

  app.post(
    '/api/category-pages/:slug/upload-csv',
    {
      schema: {
        params: slugParams,
        consumes: ['multipart/form-data'],
        response: { 200: categoryPageCsvReportSchema, 413: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => sendOutcome(reply, await receiveCsv(request, request.params.slug)),
  );

  /** Reads the one file part, checks it with {@link csvFilePartSchema}, and hands its stream on. */
  async function receiveCsv(request: FastifyRequest, slug: string) {
    if (!request.isMultipart()) return fail('invalid', 'csvFile: send the file as multipart/form-data');
    const part = await request.file();
    if (!part) return fail('invalid', 'csvFile: choose a CSV file to upload');
    const checked = csvFilePartSchema.safeParse(part);
    if (!checked.success) {
      part.file.resume();
      return fail('invalid', `csvFile: ${checked.error.issues[0]!.message}`);
    }
    return uploadCategoryPageCsv(db, actor(request), slug, { fileName: checked.data.filename, stream: part.file }, deps.amazon);
  }
}
