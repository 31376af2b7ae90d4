/**
 * Products API routes (shopper-screens §7): search, suggestions, top discounted, the stored current
 * price and the product page. Each route validates with the shared zod schemas
 * (common/api/products.schema.ts), calls one service function and replies.
 */
import pLimit, { type LimitFunction } from 'p-limit';
import type { App, AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
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
import { sendJson, type JsonAnswer } from '../../http/answer-cache';
import { ServerStoppingError } from '../../http/errors';
import { createListingCaches } from './listing-cache';
import { flushSearchCounts, noteSearch } from './search-counter.service';
import {
  currentPrice,
  normaliseCriteria,
  planSearch,
  productDetail,
  searchAnswerDependencies,
  searchAnswerKey,
  searchProducts,
  suggestionsAnswerDependencies,
  suggestionsAnswerKey,
  suggestProducts,
  topDiscountedProducts,
  withPriceView,
} from './products.service';

/** The 404 answer for an ASIN we do not hold. */
function notFound(asin: string) {
  return { error: 'Not Found', message: `No product with ASIN ${asin}` };
}

/**
 * The product page's history window ends at the request's clock: cached product pages are keyed by
 * the minute as well as the catalogue version, so an observation leaves the 365-day window at most
 * a minute late.
 */
const PRODUCT_PAGE_BUCKET_MS = 60_000;

/**
 * At most this many keyword searches are built at once per database handle (answers the cache
 * already holds are never held back). An uncached keyword search is the costliest read a shopper can ask for
 * (tens of ms of database work at 1M products, hundreds when sorted by price: decision 0044), and
 * PostgreSQL's pool holds 10 connections (db/client.ts): without this lane a burst of searches took
 * every connection and product pages, listings and deal pages, each a few index look-ups, queued
 * behind them for seconds. Searches over the limit wait in the lane's queue (FIFO), not the pool's.
 */
export const KEYWORD_SEARCH_CONCURRENCY = 4;

/**
 * How long a stop keeps building the keyword searches waiting in the lane, ms; then those still
 * waiting are answered 503 (Retry-After). Within the stop's 5 s for running requests (server/main.ts).
 */
export const KEYWORD_LANE_DRAIN_MS = 3_000;

/**
 * Registers the products routes on `app`; reads only `deps.database`, `deps.env` and `deps.clock`.
 * Search, suggestions, top discounted and the product page answer from this app's answer cache
 * (listing-cache.ts): the serialised JSON, by normalised request, until the catalogue version
 * changes. The response schemas stay for typing and the API docs; cached bodies are built with
 * JSON.stringify from product-shape.ts objects typed by them (product-shape.test.ts parses them).
 * The current price is not cached (one indexed row). Every answer applies the licence's 24 hours
 * to Amazon's prices at `deps.clock()` (withPriceView), and a cached answer is not served once its
 * first Amazon price passes them (docs/decisions/0014-amazon-data-24h.md).
 */
export async function productsRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const tag = deps.env.AFFILIATE_TAG;
  const caches = createListingCaches(db, undefined, () => deps.clock().getTime());
  const { answers } = caches;
  const keywordLane = keywordSearchLaneOf(db);
  // A stop lets the searches waiting in the lane go on for KEYWORD_LANE_DRAIN_MS, then drops those
  // still waiting (answered 503 with Retry-After by the app's error handler: ServerStoppingError)
  // instead of running them one by one against a database about to close: under overload hundreds
  // wait, far longer than the stop's 5 s for running requests (server/main.ts). Searches already
  // being built always finish.
  app.addHook('preClose', (done) => {
    setTimeout(() => keywordLane.clearQueue(), KEYWORD_LANE_DRAIN_MS).unref();
    done();
  });
  // Search counts are kept in memory for up to 5 s: write them before the database closes.
  app.addHook('onClose', async () => flushSearchCounts(db, (e) => app.log.warn(`search counts not saved: ${e.name}`)));

  app.post(
    '/api/products/search',
    { schema: { body: searchCriteriaSchema, response: { 200: searchResponseSchema } } },
    async (request, reply) => {
      const criteria = normaliseCriteria(request.body);
      // "Search Feed Queries" (admin Clicks tab, issue 13): new keyword searches (page 1), counted per hour.
      if (criteria.keywords.trim() !== '' && criteria.page === 1)
        noteSearch(db, deps.clock(), (e) => request.log.warn(`search not counted: ${e.name}`));
      const plan = planSearch(criteria);
      const build = (life: Parameters<Parameters<typeof answers.get>[1]>[0]) =>
        withPriceView(deps.clock(), life, (view) => searchProducts(db, caches, tag, criteria, view));
      // Keyword searches are built in their lane; listings without keywords (a category button's own
      // keywords included) read an ordered index and stop.
      const { answer: body, cache } = await answers.lookup(`search:${searchAnswerKey(criteria, plan)}`, (life) =>
        plan.query === null
          ? build(life)
          : keywordLane(() => build(life)).then(
              (answer) => {
                // Kept across changes to products it cannot hold (decision 0046).
                const deps = searchAnswerDependencies(plan, answer);
                if (deps) life.dependsOn(deps);
                return answer;
              },
              (error: unknown) => {
                // Dropped from the queue by the stop (preClose above), never started.
                throw error instanceof Error && error.name === 'AbortError' ? new ServerStoppingError() : error;
              },
            ),
      );
      return sendJson(request, reply, body as JsonAnswer, cache);
    },
  );

  app.get(
    '/api/products/suggestions',
    { schema: { querystring: suggestionsQuerySchema, response: { 200: suggestionsResponseSchema } } },
    async (request, reply) => {
      const key = suggestionsAnswerKey(request.query.q);
      if (key === null) return { suggestions: [] };
      const { answer: body, cache } = await answers.lookup(`suggestions:${key}`, (life) =>
        withPriceView(deps.clock(), life, (view) => suggestProducts(db, request.query.q, view)).then((answer) => {
          life.dependsOn(suggestionsAnswerDependencies(key, answer)); // decision 0046
          return answer;
        }),
      );
      return sendJson(request, reply, body as JsonAnswer, cache);
    },
  );

  app.get('/api/amazon/top-discounted', { schema: { response: { 200: topDiscountedResponseSchema } } }, async (request, reply) => {
    const { answer: body, cache } = await answers.lookup('top-discounted', (life) => {
      const now = deps.clock();
      return withPriceView(now, life, (view) => topDiscountedProducts(db, tag, view, now));
    });
    return sendJson(request, reply, body as JsonAnswer, cache);
  });

  app.get(
    '/api/amazon/current-price/:asin',
    { schema: { params: asinParamsSchema, response: { 200: currentPriceResponseSchema, 404: apiErrorSchema } } },
    async (request, reply) => {
      const answer = await currentPrice(db, request.params.asin, deps.clock());
      return answer ?? reply.status(404).send(notFound(request.params.asin));
    },
  );

  app.get(
    '/api/products/:asin',
    { schema: { params: asinParamsSchema, response: { 200: productDetailResponseSchema, 404: apiErrorSchema } } },
    async (request, reply) => {
      const { asin } = request.params;
      const now = deps.clock();
      const minute = Math.floor(now.getTime() / PRODUCT_PAGE_BUCKET_MS);
      const { answer: body, cache } = await answers.lookup(`product:${asin}:${minute}`, (life) => {
        // The page shows this product and its own history only (decision 0046).
        life.dependsOn({ asins: [asin], words: [] });
        return withPriceView(now, life, (view) => productDetail(db, tag, asin, now, view));
      });
      return body ? sendJson(request, reply, body, cache) : reply.status(404).send(notFound(asin));
    },
  );
}

const keywordLanes = new WeakMap<Db, LimitFunction>();

/**
 * The keyword-search lane of the database handle `db` ({@link KEYWORD_SEARCH_CONCURRENCY} at once;
 * one per handle, since it guards that handle's pool), created on first use: `activeCount` and
 * `pendingCount` say how many searches are being built and how many wait; `clearQueue()` rejects
 * every waiting one with an AbortError (the app's stop does so).
 */
export function keywordSearchLaneOf(db: Db): LimitFunction {
  let lane = keywordLanes.get(db);
  if (!lane) keywordLanes.set(db, (lane = pLimit({ concurrency: KEYWORD_SEARCH_CONCURRENCY, rejectOnClear: true })));
  return lane;
}
