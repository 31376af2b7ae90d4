/**
 * `POST /api/visits` (issue 13): **public**, called by the web app once per browser session and
 * whenever a page is opened from a link with utm parameters (an e-mail link). Body: `path`,
 * optional `userEmail` (the browser's tracking e-mail: stored only when the request carries that
 * address's visitor token, `Authorization: Bearer` / `X-Visitor-Token`; issue 25) and
 * `utm_source`/`utm_medium`/`utm_campaign`. 201 `{ visit }` (a random reference for this session's
 * later clicks); 400 naming the field; 204 with no body, and nothing stored, for a crawler or script
 * (isbot's list, or no User-Agent).
 * At most 30 a minute per client IP (counted by the rate limiter under a keyed hash, in the database or Redis; never stored in clear). Logged at
 * 'warn' only, so no visitor detail reaches the request log.
 */
import { z } from 'zod';
import type { App, AppDeps } from '../../app-deps';
import { visitResponseSchema, visitSchema } from '../../../common/api/visits.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { perWindow } from '../../http/rate-limit';
import { visitorOnRequest } from '../visitors';
import { isCrawler } from './click-attribution.rules';
import { recordVisit } from './visits.service';

export async function visitsRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  /** Our public host: a referrer from it is a move inside the site, not a referral. */
  const publicHost = URL.canParse(deps.env.PUBLIC_URL) ? new URL(deps.env.PUBLIC_URL).hostname : null;
  // Sets request.visitor from a valid token; never answers by itself.
  app.addHook('onRequest', visitorOnRequest(deps));
  app.post(
    '/api/visits',
    {
      logLevel: 'warn',
      bodyLimit: 4 * 1024,
      config: perWindow(deps.env, 30),
      schema: { body: visitSchema, response: { 201: visitResponseSchema, 204: z.null(), 400: apiErrorSchema } },
    },
    async (request, reply) => {
      if (isCrawler(request.headers['user-agent'])) return reply.status(204).send(null);
      const context = { userAgent: request.headers['user-agent'] ?? null, ownHosts: [request.hostname, publicHost] };
      return sendOutcome(reply, await recordVisit(db, request.body, request.visitor?.email ?? null, deps.clock(), context), 201);
    },
  );
}
