/**
 * `POST /api/amazon/search` (admin-area §7; issue 14 part 3): searches Amazon through the Creators
 * API with the API tab's form (keywords, searchIndex, itemCount, maxPrice, discountOnly). The URL
 * stays where the spec puts it, outside `/api/admin`, but it is **admin-only**: registered in the
 * admin area of server/app.ts, whose guard answers 401 without an admin session and 403 for a
 * wrong or missing Origin. It spends one
 * request of Amazon's quota (admin priority); 503 when Amazon is not configured or denies access,
 * 429 when today's quota is used up.
 */
import type { App, AppDeps } from '../../app-deps';
import { amazonSearchBodySchema, amazonSearchResponseSchema } from '../../../common/api/amazon-api.admin.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { searchAmazon } from './amazon-api.service';

export async function amazonSearchAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };
  app.post(
    '/api/amazon/search',
    { schema: { body: amazonSearchBodySchema, response: { 200: amazonSearchResponseSchema, ...errors } } },
    async (request, reply) =>
      sendOutcome(reply, await searchAmazon({ db: deps.database.db, amazon: deps.amazon, clock: deps.clock }, request.body)),
  );
}
