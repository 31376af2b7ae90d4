/**
 * Outbound click routes (issue 9 part 3; shopper-screens §4, §7). Public: anyone may follow a
 * link or report a click; nothing here reads anyone's data. Logged at 'warn' only, so the e-mail in
 * a /go query never reaches the request log.
 *
 * Issue 25 ("Analytics only from real shoppers"), on every route here: a crawler, link expander or
 * script (isbot's list, or no User-Agent) is not counted: `/go` still answers its 302, the POSTs
 * answer 204 with no body. An address (`email`, `userEmail`) is stored only with that address's
 * visitor token (`Authorization: Bearer` / `X-Visitor-Token`) or, on `/go`, the visit it names
 * (`visit`, reported with that token); otherwise the click is stored without an address.
 *
 * - `GET /go/{asin}?ct=title|shop&nu=1&email=…&from=…&visit=…&utm_source=…&utm_medium=…&utm_campaign=…`
 *   → 302 to the tagged Amazon product link (recorded in product_clicks); 400 naming the field for a
 *   malformed ASIN or query.
 * - `GET /go?url={Amazon link}&deal={id}&…` → 302 to that link with our tag; 400 `url: must be an
 *   Amazon UK link` for anything off the allowlist (never an open redirect).
 * - `POST /api/product-clicks` (spec §7 body) → 201 `{ recorded: true, affiliateTag }`; 400 naming the field.
 * - `GET /go/{asin}?cp={slug}` (issue 8): a link from an owners' category page; the server tags it
 *   with that page's stored tag (never a tag from the query).
 * - `POST /api/category-clicks` (spec §7 body: categoryName, categorySlug, userEmail, pageUrl) → 201
 *   `{ recorded: true }`; 400 naming the field, also for a slug that is none of the ten categories,
 *   `trending` or an active owners' category page (category-clicks.service.ts). Same per-IP limit.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App, AppDeps } from '../../app-deps';
import { goQuerySchema, productClickResponseSchema, productClickSchema } from '../../../common/api/engagement.schema';
import { categoryClickResponseSchema, categoryClickSchema } from '../../../common/api/deals.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { asinParamsSchema } from '../../http/params';
import { perWindow } from '../../http/rate-limit';
import { visitorOnRequest } from '../visitors';
import { recordCategoryClick } from './category-clicks.service';
import { isCrawler } from './click-attribution.rules';
import { recordClick, redirectClick } from './clicks.service';

type GoQuery = z.output<typeof goQuerySchema>;

export async function clicksRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  // Sets request.visitor from a valid token; never answers by itself.
  app.addHook('onRequest', visitorOnRequest(deps));

  const go = async (asin: string | null, query: GoQuery, request: FastifyRequest) => {
    const { ct, nu, email, from, deal, url, cp, visit, ...campaign } = query;
    return redirectClick(
      db,
      deps.env,
      {
        asin,
        clickType: ct,
        newUser: nu === '1' || nu === 'true',
        email,
        provenEmail: request.visitor?.email ?? null,
        record: !isCrawler(request.headers['user-agent']),
        dealId: deal,
        url,
        categoryPage: cp ?? null,
        referrer: from ?? request.headers.referer ?? null,
        visitRef: visit ?? null,
        userAgent: request.headers['user-agent'] ?? null,
        ...campaign,
      },
      deps.clock(),
      (m) => request.log.warn(m),
    );
  };
  const redirect = { logLevel: 'warn' as const, config: perWindow(deps.env, 120) };

  app.get(
    '/go/:asin',
    { ...redirect, schema: { params: asinParamsSchema, querystring: goQuerySchema, response: { 400: apiErrorSchema } } },
    async (request, reply) => {
      const outcome = await go(request.params.asin, request.query, request);
      if (!outcome.ok) return sendOutcome(reply, outcome);
      return reply.header('cache-control', 'no-store').redirect(outcome.value.location, 302);
    },
  );

  app.get('/go', { ...redirect, schema: { querystring: goQuerySchema, response: { 400: apiErrorSchema } } }, async (request, reply) => {
    const outcome = await go(null, request.query, request);
    if (!outcome.ok) return sendOutcome(reply, outcome);
    return reply.header('cache-control', 'no-store').redirect(outcome.value.location, 302);
  });

  app.post(
    '/api/product-clicks',
    {
      logLevel: 'warn',
      bodyLimit: 16 * 1024,
      config: perWindow(deps.env, 120),
      schema: { body: productClickSchema, response: { 201: productClickResponseSchema, 204: z.null(), 400: apiErrorSchema } },
    },
    async (request, reply) => {
      if (isCrawler(request.headers['user-agent'])) return reply.status(204).send(null);
      return sendOutcome(
        reply,
        await recordClick(db, deps.env, request.body, request.visitor?.email ?? null, deps.clock(), request.headers['user-agent'] ?? null),
        201,
      );
    },
  );

  app.post(
    '/api/category-clicks',
    {
      logLevel: 'warn',
      bodyLimit: 16 * 1024,
      config: perWindow(deps.env, 120),
      schema: { body: categoryClickSchema, response: { 201: categoryClickResponseSchema, 204: z.null(), 400: apiErrorSchema } },
    },
    async (request, reply) => {
      if (isCrawler(request.headers['user-agent'])) return reply.status(204).send(null);
      return sendOutcome(reply, await recordCategoryClick(db, request.body, request.visitor?.email ?? null, deps.clock()), 201);
    },
  );
}
