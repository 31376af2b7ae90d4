/**
 * `POST /api/products/track` (issue 30 "Track any Amazon product"; Interfaces). **Anyone** may call
 * (no session or token: tracking reveals nothing about anyone). Body `{ url }`: an amazon.co.uk
 * product link or an ASIN → `{ asin, status: 'in_catalogue' | 'fetched' | 'requested', product,
 * message, requestCount }` (track.service.ts). 400 naming `url` and why for anything else (another
 * shop, another Amazon country site, a short link, not a product page). Limited to
 * {@link TRACK_LIMIT_PER_HOUR} an hour per client (IP, see TRUST_PROXY): 429 beyond, since a miss
 * may spend a Creators API request.
 */
import type { App, AppDeps } from '../../app-deps';
import { trackBodySchema, trackResponseSchema } from '../../../common/api/product-track.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { perWindow } from '../../http/rate-limit';
import { trackProduct } from './track.service';

/** Track requests per client an hour. */
export const TRACK_LIMIT_PER_HOUR = 30;

export async function trackRoutes(app: App, deps: AppDeps): Promise<void> {
  app.post(
    '/api/products/track',
    {
      bodyLimit: 8 * 1024,
      config: perWindow(deps.env, TRACK_LIMIT_PER_HOUR, '1 hour'),
      schema: { body: trackBodySchema, response: { 200: trackResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema } },
    },
    async (request, reply) =>
      sendOutcome(
        reply,
        await trackProduct(
          { db: deps.database.db, amazon: deps.amazon, clock: deps.clock, affiliateTag: deps.env.AFFILIATE_TAG, log: request.log },
          request.body,
        ),
      ),
  );
}
