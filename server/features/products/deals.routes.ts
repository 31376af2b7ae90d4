/**
 * Deal listing routes (issue 8 part 2; shopper-screens §2; common/api/deals.schema.ts). Public and
 * read-only: anyone may call them.
 *
 * - `GET /api/deals?category={key}&page={n}&itemCount={n}` → 200 today's deals, then popular fillers.
 * - `GET /api/deals/trending?category={key}&page={n}&itemCount={n}` → 200 by trending score.
 * - 400 `{ error, message: "category: must be one of the ten category keys", issues }` for an unknown
 *   key, a page below 1 or not whole, or an itemCount above 48 (the shared zod error handler).
 */
import type { App, AppDeps } from '../../app-deps';
import { dealListingQuerySchema, dealListingResponseSchema } from '../../../common/api/deals.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendJson, type JsonAnswer } from '../../http/answer-cache';
import { listTodaysDeals, listTrending } from './deals.service';
import { createListingCaches } from './listing-cache';
import { withPriceView } from './product-shape';

/**
 * Registers the deal listing routes; reads `deps.database` and `deps.env.AFFILIATE_TAG`. Answers are
 * cached whole by catalogue version and normalised query (server/http/answer-cache.ts): they come
 * only from toListedProduct, plain objects typed by the response schema. Amazon's prices follow the
 * licence's 24 hours at `deps.clock()`; a cached answer is not served past its first expiry.
 */
export async function dealsRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const tag = deps.env.AFFILIATE_TAG;
  const { answers, counts } = createListingCaches(db, undefined, () => deps.clock().getTime());
  const options = { schema: { querystring: dealListingQuerySchema, response: { 200: dealListingResponseSchema, 400: apiErrorSchema } } };
  const keyOf = (q: { category?: string; page: number; itemCount: number }) => `${q.category ?? '*'}:${q.page}:${q.itemCount}`;

  app.get('/api/deals', options, async (request, reply) => {
    const { answer: body, cache } = await answers.lookup(`deals:${keyOf(request.query)}`, (life) =>
      withPriceView(deps.clock(), life, (view) => listTodaysDeals(db, counts, tag, request.query, view)),
    );
    return sendJson(request, reply, body as JsonAnswer, cache);
  });
  app.get('/api/deals/trending', options, async (request, reply) => {
    const { answer: body, cache } = await answers.lookup(`trending:${keyOf(request.query)}`, (life) =>
      withPriceView(deps.clock(), life, (view) => listTrending(db, counts, tag, request.query, view)),
    );
    return sendJson(request, reply, body as JsonAnswer, cache);
  });
}
