/**
 * Products API routes (shopper-screens §7): search, suggestions, top discounted, the stored current
 * price and the product page. Each route validates with the shared zod schemas
 * (common/api/products.schema.ts), calls one service function and replies.
 */
import type { App, AppDeps } from '../../app';
import {
  apiErrorSchema,
  asinParamsSchema,
  currentPriceResponseSchema,
  productDetailResponseSchema,
  searchCriteriaSchema,
  searchResponseSchema,
  suggestionsQuerySchema,
  suggestionsResponseSchema,
  topDiscountedResponseSchema,
} from '../../../common/api/products.schema';
import { plainJsonSerializerCompiler } from './json-serializer';
import { createListingCaches } from './listing-cache';
import { currentPrice, productDetail, searchProducts, suggestProducts, topDiscountedProducts } from './products.service';

/** The 404 answer for an ASIN we do not hold. */
function notFound(asin: string) {
  return { error: 'Not Found', message: `No product with ASIN ${asin}` };
}

/**
 * Registers the products routes on `app`; reads only `deps.database`, `deps.env` and `deps.clock`.
 * Holds this app's listing caches (listing-cache.ts).
 */
export async function productsRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const tag = deps.env.AFFILIATE_TAG;
  const caches = createListingCaches();

  // The hot routes keep zod validation of their input, but serialize with plain JSON.stringify:
  // their answers come only from product-shape.ts, typed by the response schemas (json-serializer.ts).
  const fast = { serializerCompiler: plainJsonSerializerCompiler };

  app.post(
    '/api/products/search',
    { ...fast, schema: { body: searchCriteriaSchema, response: { 200: searchResponseSchema } } },
    async (request) => searchProducts(db, caches, tag, request.body),
  );

  app.get(
    '/api/products/suggestions',
    { ...fast, schema: { querystring: suggestionsQuerySchema, response: { 200: suggestionsResponseSchema } } },
    async (request) => suggestProducts(db, request.query.q),
  );

  app.get('/api/amazon/top-discounted', { ...fast, schema: { response: { 200: topDiscountedResponseSchema } } }, async () =>
    topDiscountedProducts(db, caches, tag),
  );

  app.get(
    '/api/amazon/current-price/:asin',
    { schema: { params: asinParamsSchema, response: { 200: currentPriceResponseSchema, 404: apiErrorSchema } } },
    async (request, reply) => {
      const answer = await currentPrice(db, request.params.asin);
      return answer ?? reply.status(404).send(notFound(request.params.asin));
    },
  );

  app.get(
    '/api/products/:asin',
    { schema: { params: asinParamsSchema, response: { 200: productDetailResponseSchema, 404: apiErrorSchema } } },
    async (request, reply) => {
      const answer = await productDetail(db, tag, request.params.asin, deps.clock());
      return answer ?? reply.status(404).send(notFound(request.params.asin));
    },
  );
}
