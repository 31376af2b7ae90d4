/**
 * Saved searches and the shopper's own record (issue 30; docs/decisions/0031-saved-searches.md).
 * Who may call each:
 *
 * - `POST /api/saved-searches` (createSavedSearchSchema): anyone → **201** with the search and this
 *   browser's `visitorToken`; without the address's mailbox token the search waits
 *   (`awaitingConfirmation`) until a link e-mailed to the address is opened. 400 naming the field;
 *   409 naming keywords beyond 50 searches of an address. Limits: 20 a minute per client IP, 30 an
 *   hour per address.
 * - `GET /api/saved-searches` (visitor token): the searches the token reaches, newest first; 401
 *   without a token.
 * - `DELETE /api/saved-searches/:id` (visitor token): 200 `{ success: true }`; 401 without a token;
 *   404 alike for an unknown id and one the token does not reach.
 * - `GET /api/alert-emails` (visitor token): "Sent to you", the alert e-mails sent, newest first; 401.
 * - `GET|POST|DELETE /api/alert-feed` (visitor token): the private feed's state, a new feed (201,
 *   revoking the old; its URLs shown only now), revoking it (404 when none); 401 without a token.
 * - `GET /feeds/alerts/{token}.atom` and `.rss`: anyone holding a live feed token → 200 Atom or
 *   RSS 2.0; 404 for a malformed, unknown or revoked token. Private: `Cache-Control: no-store`.
 */
import { z } from 'zod';
import {
  alertFeedCreatedSchema,
  alertFeedStatusSchema,
  createSavedSearchResponseSchema,
  createSavedSearchSchema,
  SAVED_SEARCH_API,
  savedSearchListSchema,
  sentAlertEmailListSchema,
} from '../../../common/api/saved-searches.schema';
import type { App, AppDeps } from '../../app-deps';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { idParamsSchema } from '../../http/params';
import { perAddress, perWindow } from '../../http/rate-limit';
import { visitorOnRequest } from '../visitors';
import { alertFeedStatus, createAlertFeed, renderAlertFeed, revokeAlertFeed, sentToVisitor } from './alert-record.service';
import { createSavedSearch, deleteSavedSearch, listSavedSearches } from './saved-searches.service';

const FEED_FILE = /^([A-Za-z0-9_-]{1,64})\.(atom|rss)$/;
const FEED_TYPES = { atom: 'application/atom+xml; charset=utf-8', rss: 'application/rss+xml; charset=utf-8' } as const;

export async function savedSearchesRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  app.addHook('onRequest', visitorOnRequest(deps));
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
  const success = z.object({ success: z.literal(true) });

  app.post(
    SAVED_SEARCH_API.savedSearches,
    {
      config: perWindow(deps.env, 20),
      preHandler: perAddress(app, deps.env, 'saved-searches', 30, '1 hour', (r) =>
        String((r.body as { userEmail?: unknown } | undefined)?.userEmail ?? ''),
      ),
      schema: { body: createSavedSearchSchema, response: { 201: createSavedSearchResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const outcome = await createSavedSearch({ db, env: deps.env, now: deps.clock() }, request.visitor, request.body, request.ip);
      if (!outcome.ok) return sendOutcome(reply, outcome);
      const { emailQueued, emailDelayedUntil, emailRefused, search } = outcome.value;
      if (emailQueued) deps.notifyOutbox();
      if (emailDelayedUntil)
        request.log.warn({ delayedUntil: emailDelayedUntil.toISOString() }, 'e-mail budget reached: confirmation delayed');
      if (emailRefused) request.log.warn({ limit: emailRefused }, 'e-mail limit reached: confirmation not sent');
      return reply.status(201).send(search);
    },
  );

  app.get(SAVED_SEARCH_API.savedSearches, { schema: { response: { 200: savedSearchListSchema, ...errors } } }, async (request, reply) =>
    sendOutcome(reply, await listSavedSearches(db, request.visitor)),
  );

  app.delete(
    `${SAVED_SEARCH_API.savedSearches}/:id`,
    { schema: { params: idParamsSchema, response: { 200: success, ...errors } } },
    async (request, reply) => sendOutcome(reply, await deleteSavedSearch(db, request.visitor, request.params.id)),
  );

  app.get(SAVED_SEARCH_API.alertEmails, { schema: { response: { 200: sentAlertEmailListSchema, ...errors } } }, async (request, reply) =>
    sendOutcome(reply, await sentToVisitor(db, request.visitor)),
  );

  app.get(SAVED_SEARCH_API.alertFeed, { schema: { response: { 200: alertFeedStatusSchema, ...errors } } }, async (request, reply) =>
    sendOutcome(reply, await alertFeedStatus(db, request.visitor)),
  );
  app.post(
    SAVED_SEARCH_API.alertFeed,
    { config: perWindow(deps.env, 10), schema: { response: { 201: alertFeedCreatedSchema, ...errors } } },
    async (request, reply) => sendOutcome(reply, await createAlertFeed(db, deps.env.PUBLIC_URL, request.visitor, deps.clock()), 201),
  );
  app.delete(SAVED_SEARCH_API.alertFeed, { schema: { response: { 200: success, ...errors } } }, async (request, reply) =>
    sendOutcome(reply, await revokeAlertFeed(db, request.visitor, deps.clock())),
  );

  app.get('/feeds/alerts/:file', { config: perWindow(deps.env, 60), schema: { hide: true } }, async (request, reply) => {
    const match = FEED_FILE.exec((request.params as { file: string }).file);
    const format = match?.[2] as keyof typeof FEED_TYPES | undefined;
    const document = match && format ? await renderAlertFeed(db, deps.env.PUBLIC_URL, match[1] as string, format) : null;
    if (document === null)
      return reply.status(404).send({ error: 'Not Found', message: 'token: no such alert feed (it may have been revoked)' });
    return reply
      .type(FEED_TYPES[format as keyof typeof FEED_TYPES])
      .header('x-robots-tag', 'noindex')
      .send(document);
  });
}
