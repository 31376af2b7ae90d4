/**
 * Outbound click routes (issue 9 part 3; shopper-screens §4, §7). Public: anyone may follow a
 * link or report a click; nothing here reads anyone's data. Logged at 'warn' only, so the e-mail in
 * a /go query never reaches the request log.
 *
 * - `GET /go/{asin}?ct=title|shop&nu=1&email=…&from=…&utm_source=…&utm_medium=…&utm_campaign=…`
 *   → 302 to the tagged Amazon product link (recorded in product_clicks); 400 naming the field for a
 *   malformed ASIN or query.
 * - `GET /go?url={Amazon link}&deal={id}&…` → 302 to that link with our tag; 400 `url: must be an
 *   Amazon UK link` for anything off the allowlist (never an open redirect).
 * - `POST /api/product-clicks` (spec §7 body) → 201 `{ recorded: true, affiliateTag }`; 400 naming the field.
 * - `GET /go/{asin}?cp={slug}` (issue 8): a link from an owners' category page; the server tags it
 *   with that page's stored tag (never a tag from the query).
 * - `POST /api/category-clicks` (spec §7 body: categoryName, categorySlug, userEmail, pageUrl) → 201
 *   `{ recorded: true }`; 400 naming the field. Same per-IP limit as product clicks.
 */
import { z } from 'zod';
import type { App, AppDeps } from '../../app-deps';
import { goQuerySchema, productClickResponseSchema, productClickSchema } from '../../../common/api/engagement.schema';
import { categoryClickResponseSchema, categoryClickSchema } from '../../../common/api/deals.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { asinParamsSchema } from '../../http/params';
import { perWindow } from '../../http/rate-limit';
import { recordCategoryClick, recordClick, redirectClick } from './clicks.service';

type GoQuery = z.output<typeof goQuerySchema>;

export async function clicksRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;

  const go = async (asin: string | null, query: GoQuery, referer: string | undefined, warn: (m: string) => void) => {
    const { ct, nu, email, from, deal, url, cp, visit, ...campaign } = query;
    return redirectClick(
      db,
      deps.env,
      {
        asin,
        clickType: ct,
        newUser: nu === '1' || nu === 'true',
        email,
        dealId: deal,
        url,
        categoryPage: cp ?? null,
        referrer: from ?? referer ?? null,
        visitRef: visit ?? null,
        ...campaign,
      },
      deps.clock(),
      warn,
    );
  };
  const redirect = { logLevel: 'warn' as const, config: perWindow(deps.env, 120) };

  app.get(
    '/go/:asin',
    { ...redirect, schema: { params: asinParamsSchema, querystring: goQuerySchema, response: { 400: apiErrorSchema } } },
    async (request, reply) => {
      const outcome = await go(request.params.asin, request.query, request.headers.referer, (m) => request.log.warn(m));
      if (!outcome.ok) return sendOutcome(reply, outcome);
      return reply.header('cache-control', 'no-store').redirect(outcome.value.location, 302);
    },
  );

  app.get('/go', { ...redirect, schema: { querystring: goQuerySchema, response: { 400: apiErrorSchema } } }, async (request, reply) => {
    const outcome = await go(null, request.query, request.headers.referer, (m) => request.log.warn(m));
    if (!outcome.ok) return sendOutcome(reply, outcome);
    return reply.header('cache-control', 'no-store').redirect(outcome.value.location, 302);
  });

  app.post(
    '/api/product-clicks',
    {
      logLevel: 'warn',
      bodyLimit: 16 * 1024,
      config: perWindow(deps.env, 120),
      schema: { body: productClickSchema, response: { 201: productClickResponseSchema, 400: apiErrorSchema } },
    },
    async (request, reply) => sendOutcome(reply, await recordClick(db, deps.env, request.body, deps.clock()), 201),
  );

  app.post(
    '/api/category-clicks',
    {
      logLevel: 'warn',
      bodyLimit: 16 * 1024,
      config: perWindow(deps.env, 120),
      schema: { body: categoryClickSchema, response: { 201: categoryClickResponseSchema, 400: apiErrorSchema } },
    },
    async (request, reply) => sendOutcome(reply, await recordCategoryClick(db, request.body, deps.clock()), 201),
  );
}
