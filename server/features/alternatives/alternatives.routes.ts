/**
 * Cheaper alternatives routes (shopper-screens §7). Public: anyone may call them; they read the
 * catalogue, and similar-items also Amazon's search when the Creators API is configured and the
 * catalogue has too few (issue 14 part 3; amazon-similar.service.ts: cached 12 h, shopper priority,
 * never an error). Rate-limited per IP (60 a minute) because each runs a full-text query.
 *
 * - `GET /api/amazon/similar-items/{asin}` → 200 {@link similarItemsResponseSchema} (with `error` set
 *   when nothing similar is worth showing); 400 `asin: must be a 10-character ASIN`; 404 unknown ASIN.
 * - `POST /api/amazon/analyze-products` `{ originalProduct, similarProducts }` → 200 `{ analysis, message }`;
 *   400 naming the field (e.g. `similarProducts.2.price: must be a price in pounds`).
 */
import type { App, AppDeps } from '../../app-deps';
import { analyzeProductsResponseSchema, analyzeProductsSchema, similarItemsResponseSchema } from '../../../common/api/alternatives.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { asinParamsSchema } from '../../http/params';
import { perWindow } from '../../http/rate-limit';
import type { LlmConfig } from './alternatives.llm';
import { createAmazonSimilarSearch } from './amazon-similar.service';
import { analyzeProducts, similarItems } from './alternatives.service';

export async function alternativesRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const llm: LlmConfig | null = deps.env.ALTERNATIVES_LLM_URL
    ? { url: deps.env.ALTERNATIVES_LLM_URL, key: deps.env.ALTERNATIVES_LLM_KEY, model: deps.env.ALTERNATIVES_LLM_MODEL }
    : null;
  const amazonSearch = deps.amazon
    ? createAmazonSimilarSearch({
        amazon: deps.amazon,
        clock: deps.clock,
        log: { warn: (details, message) => app.log.warn(details, message) },
      })
    : null;

  app.get(
    '/api/amazon/similar-items/:asin',
    {
      config: perWindow(deps.env, 60),
      schema: { params: asinParamsSchema, response: { 200: similarItemsResponseSchema, 404: apiErrorSchema } },
    },
    async (request, reply) =>
      sendOutcome(
        reply,
        await similarItems(db, { asin: request.params.asin, affiliateTag: deps.env.AFFILIATE_TAG, llm, now: deps.clock(), amazonSearch }),
      ),
  );

  app.post(
    '/api/amazon/analyze-products',
    {
      config: perWindow(deps.env, 60),
      bodyLimit: 256 * 1024,
      schema: { body: analyzeProductsSchema, response: { 200: analyzeProductsResponseSchema, 400: apiErrorSchema } },
    },
    async (request, reply) => sendOutcome(reply, await analyzeProducts(request.body, llm)),
  );
}
