/**
 * Public category page routes (issue 8 part 3; shopper-screens §7; admin-area §7). Anyone may call
 * them; read-only.
 *
 * - `GET /api/category-pages/{slug}` → 200 `{ categoryPage }`.
 * - `GET /api/category-pages/{slug}/products` → 200 `{ products }`, each link tagged with the page's tag.
 * - 404 `{ error: 'Not Found', message: 'Category "{slug}" not found' }` for an unknown or inactive page;
 *   400 `slug: must be lower-case letters, digits and single hyphens` for a malformed slug.
 */
import { z } from 'zod';
import type { App, AppDeps } from '../../app-deps';
import { categoryPageProductsResponseSchema, categoryPageResponseSchema, categoryPageSlugSchema } from '../../../common/api/deals.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { publicPriceView } from '../products';
import { getCategoryPage, getCategoryPageProducts } from './category-pages.service';

const slugParams = z.object({ slug: categoryPageSlugSchema });

/**
 * Registers the public category page routes; reads `deps.database`, `deps.env.AFFILIATE_TAG` and
 * `deps.clock` (Amazon's prices over 24 hours old are hidden; not cached).
 */
export async function categoryPagesRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

  app.get(
    '/api/category-pages/:slug',
    { schema: { params: slugParams, response: { 200: categoryPageResponseSchema, ...errors } } },
    async (request, reply) => sendOutcome(reply, await getCategoryPage(db, request.params.slug)),
  );

  app.get(
    '/api/category-pages/:slug/products',
    { schema: { params: slugParams, response: { 200: categoryPageProductsResponseSchema, ...errors } } },
    async (request, reply) =>
      sendOutcome(reply, await getCategoryPageProducts(db, deps.env.AFFILIATE_TAG, request.params.slug, publicPriceView(deps.clock()))),
  );
}
