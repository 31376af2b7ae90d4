/**
 * `POST /api/visits` (issue 13): **public**, called by the web app once per browser session and
 * whenever a page is opened from a link with utm parameters (an e-mail link). Body: `path`,
 * optional `userEmail` (the browser's tracking e-mail) and `utm_source`/`utm_medium`/`utm_campaign`.
 * 201 `{ visit }` (a random reference for this session's later clicks); 400 naming the field.
 * At most 30 a minute per client IP (held in memory by the rate limiter, never stored). Logged at
 * 'warn' only, so no visitor detail reaches the request log.
 */
import type { App, AppDeps } from '../../app-deps';
import { visitResponseSchema, visitSchema } from '../../../common/api/visits.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { perWindow } from '../../http/rate-limit';
import { recordVisit } from './visits.service';
import { flushSearchCounts } from './search-counter.service';

export async function visitsRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  app.post(
    '/api/visits',
    {
      logLevel: 'warn',
      bodyLimit: 4 * 1024,
      config: perWindow(deps.env, 30),
      schema: { body: visitSchema, response: { 201: visitResponseSchema, 400: apiErrorSchema } },
    },
    async (request, reply) => sendOutcome(reply, await recordVisit(db, request.body, deps.clock()), 201),
  );
  // Search counts are kept in memory for up to 5 s: write them before the database closes.
  app.addHook('onClose', async () => flushSearchCounts(db, (e) => app.log.warn(`search counts not saved: ${e.name}`)));
}
