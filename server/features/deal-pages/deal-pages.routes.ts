/**
 * The deal landing pages' facts (issue 27; common/api/deal-links.schema.ts;
 * docs/decisions/0023-landing-pages-facts.md). Public and read-only: **anyone may call them**; neither
 * signs anything nor reveals the key (owners sign links in the admin area,
 * deal-links.admin.routes.ts).
 *
 * - `GET /api/deal-pages/verify-link?{the page's query}` → 200 `{ status, claims, expiresAt }`:
 *   `claims` only for a link this site signed that has not expired. 400 naming the parameter when
 *   one is too long, repeated, or holds control characters (the shared zod error handler).
 * - `GET /api/deal-pages/top-saving?preset={slug}` → 200 `{ product, withSaving }`: the preset's
 *   (or, without `preset`, the catalogue's) product with the largest current verified saving, or
 *   null. 400 `preset: must be one of the eight preset slugs`. Cached by catalogue version.
 */
import type { App, AppDeps } from '../../app-deps';
import {
  DEAL_PRESET_SCOPES,
  dealLinkVerificationSchema,
  dealLinkVerifyQuerySchema,
  topSavingQuerySchema,
  topSavingResponseSchema,
} from '../../../common/api/deal-links.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendJson, type JsonAnswer } from '../../http/answer-cache';
import { createListingCaches } from '../products';
import { withPriceView } from '../products';
import { topSaving, verifyDealLink } from './deal-pages.service';

/** Registers the public deal-page routes; reads `deps.database`, `deps.env.SECRET_KEY`, `deps.env.AFFILIATE_TAG` and `deps.clock`. */
export async function dealPagesRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const caches = createListingCaches(db, undefined, () => deps.clock().getTime());

  app.get(
    '/api/deal-pages/verify-link',
    {
      schema: {
        description:
          "Checks a deal landing page's query: the claims of a link the owners signed, while it has not expired. Anyone may call it; it signs nothing.",
        querystring: dealLinkVerifyQuerySchema,
        response: { 200: dealLinkVerificationSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // The answer depends on the clock (a link expires): a cache must ask again each time. Not
      // `no-store`, which marks the visitor-token scopes (server/http/openapi.test.ts).
      void reply.header('cache-control', 'no-cache');
      return verifyDealLink(deps.env.SECRET_KEY, request.query, deps.clock());
    },
  );

  app.get(
    '/api/deal-pages/top-saving',
    {
      schema: {
        description: "The product with the largest current verified saving in a preset's scope (or the whole catalogue), or null.",
        querystring: topSavingQuerySchema,
        response: { 200: topSavingResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const preset = request.query.preset;
      const { answer: body, cache } = await caches.answers.lookup(`top-saving:${preset ?? '*'}`, (life) =>
        withPriceView(deps.clock(), life, (view) =>
          topSaving(db, caches, deps.env.AFFILIATE_TAG, preset ? DEAL_PRESET_SCOPES[preset] : null, view),
        ),
      );
      return sendJson(request, reply, body as JsonAnswer, cache);
    },
  );
}
