/**
 * Subscriber routes (DESIGN.md §4 "Visitors", "E-mail"; RFC 8058; content-and-account-pages §2.5, §7;
 * issue 5). Who may call:
 *
 * - `POST /api/subscribers/confirm` `{ email, t, sig }` (anyone holding the e-mailed link) → 200
 *   `{ email, confirmed: true, visitorToken }` with a *mailbox* token; 400 naming `sig` for a bad or
 *   expired link (confirmation and sign-in links live 7 days).
 * - `GET /api/subscribers/status` (mailbox token) → `{ email, confirmed, unsubscribed }`; 401 without
 *   a token, 403 with a device token.
 * - `POST /api/unsubscribe/one-click?email=…&t=…&sig=…` (RFC 8058; no cookies or token; body
 *   `List-Unsubscribe=One-Click` as form data, urlencoded, JSON or empty) → 200 `{ success, email }`;
 *   400 `sig: invalid or expired unsubscribe link`.
 * - `GET /api/unsubscribe/one-click?…` → 302 to `/unsubscribe?…`: a GET never unsubscribes, because
 *   mail scanners prefetch links; the page asks for confirmation.
 * - `POST /api/unsubscribe` `{ email, reason?, visitedPath?, userAgent?, referrer?, t?, sig? }`
 *   (anyone) → 200 `{ success: true, email, effective, message? }`: with a valid signed link or a
 *   mailbox token it takes effect at once (`effective: true`); with only an e-mail the request is
 *   recorded and the address is e-mailed a one-click link (`effective: false` and the message to
 *   show), the same answer whether or not the address is known. 400 `email: Please enter your email address`.
 *
 * - `POST /api/unsubscribe/track` `{ email?, reason: 'visited_unsubscribe_page'|'visited_subscribe_page',
 *   visitedPath?, userAgent?, referrer?, subscribeId?, subscribeAction?, subscribeParam? }` (anyone;
 *   issue 10) → 202 `{ recorded: true }`: records the visit (the path holds the subscribe-page
 *   parameters; user agent and referrer fall back to the request's headers) and changes nothing
 *   else. 400 naming the field (`email: must be a valid e-mail address`, `reason: …`).
 *
 * Limits: 30 a minute per client IP on each; the unsubscribe form also 5 an hour per address.
 *
 * What opening a confirmation or sign-in link starts besides proving the mailbox (the alerts it
 * listed, the survey answers) belongs to other features, so the module is made with that callback
 * (`subscriptionsRoutes(onProved)`, composed in app.ts): subscriptions imports neither alerts nor
 * preferences, and alerts may import subscriptions to send its confirmation e-mail.
 */
import { z } from 'zod';
import { paths } from '../../../common/paths';
import type { App, AppDeps, RouteModule } from '../../app-deps';
import {
  confirmSubscriberResponseSchema,
  confirmSubscriberSchema,
  emailSchema,
  subscriberStatusSchema,
  unsubscribeResponseSchema,
  unsubscribeSchema,
  unsubscribeTrackResponseSchema,
  unsubscribeTrackSchema,
} from '../../../common/api/alerts.schema';
import { safeText } from '../../../common/api/text.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { perAddress, perWindow } from '../../http/rate-limit';
import { visitorOnRequest } from '../visitors';
import {
  confirmSubscriber,
  type MailboxProvedHook,
  recordUnsubscribeVisit,
  requestUnsubscribe,
  subscriberStatus,
  unsubscribeBySignedLink,
} from './subscriptions.service';

const oneClickQuerySchema = z.object({
  email: safeText(1000).optional(),
  t: safeText(20).optional(),
  sig: safeText(200).optional(),
});

/**
 * The subscriber routes, with `onProved`: what opening a confirmation or sign-in link starts, run in
 * the link's transaction after the mailbox is proved (an error rolls the whole opening back).
 */
export function subscriptionsRoutes(onProved: MailboxProvedHook): RouteModule {
  return (app, deps) => subscriberRoutes(app, deps, onProved);
}

async function subscriberRoutes(app: App, deps: AppDeps, onProved: MailboxProvedHook): Promise<void> {
  const db = deps.database.db;
  const rateLimit = perWindow(deps.env, 30);
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
  registerOneClickBodyParsers(app);
  app.addHook('onRequest', visitorOnRequest(deps));

  app.post(
    '/api/subscribers/confirm',
    { config: rateLimit, schema: { body: confirmSubscriberSchema, response: { 200: confirmSubscriberResponseSchema, ...errors } } },
    async (request, reply) =>
      sendOutcome(reply, await confirmSubscriber(db, deps.env, deps.clock(), request.body, { visitor: request.visitor, onProved })),
  );

  app.get('/api/subscribers/status', { schema: { response: { 200: subscriberStatusSchema, ...errors } } }, async (request, reply) =>
    sendOutcome(reply, await subscriberStatus(db, request.visitor)),
  );

  app.post(
    '/api/unsubscribe/one-click',
    { config: rateLimit, schema: { querystring: oneClickQuerySchema, response: { 200: unsubscribeResponseSchema, ...errors } } },
    async (request, reply) => {
      // The signed URL is the authority (RFC 8058 §3.2: no cookies, no other context); the body only
      // says "List-Unsubscribe=One-Click" and is not needed to act.
      const email = emailSchema.safeParse(request.query.email ?? '');
      const outcome = email.success
        ? await unsubscribeBySignedLink(db, deps.env, deps.clock(), { email: email.data, t: request.query.t, sig: request.query.sig })
        : ({ ok: false, reason: 'invalid', message: 'sig: invalid or expired unsubscribe link' } as const);
      if (!outcome.ok) return sendOutcome(reply, outcome);
      return reply.send({ success: true as const, email: outcome.value.email, effective: true });
    },
  );

  app.get('/api/unsubscribe/one-click', { config: rateLimit, schema: { querystring: oneClickQuerySchema } }, async (request, reply) => {
    const params = new URLSearchParams();
    for (const key of ['email', 't', 'sig'] as const) {
      const value = request.query[key];
      if (value) params.set(key, value);
    }
    const search = params.toString();
    return reply.header('cache-control', 'no-store').redirect(search ? `${paths.unsubscribe()}?${search}` : paths.unsubscribe(), 302);
  });

  app.post(
    '/api/unsubscribe',
    {
      config: rateLimit,
      preHandler: perAddress(app, deps.env, 'unsubscribe', 5, '1 hour', (r) =>
        String((r.body as { email?: unknown } | undefined)?.email ?? ''),
      ),
      schema: { body: unsubscribeSchema, response: { 200: unsubscribeResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const raw = request.body.email?.trim() ?? '';
      if (raw === '') return reply.status(400).send({ error: 'Bad Request', message: 'email: Please enter your email address' });
      const email = emailSchema.safeParse(raw);
      if (!email.success) return reply.status(400).send({ error: 'Bad Request', message: 'email: must be a valid e-mail address' });
      const result = await requestUnsubscribe(
        db,
        deps.env,
        request.visitor,
        {
          ...request.body,
          email: email.data,
          reason: request.body.reason?.trim() || 'manual_unsubscribe',
          userAgent: request.body.userAgent ?? request.headers['user-agent'] ?? null,
          referrer: request.body.referrer ?? request.headers.referer ?? null,
          ipAddress: request.ip,
        },
        deps.clock(),
      );
      if (!result.effective) deps.notifyOutbox();
      if (result.delayedUntil)
        request.log.warn({ delayedUntil: result.delayedUntil.toISOString() }, 'e-mail budget reached: unsubscribe link delayed');
      if (result.refused) request.log.warn({ limit: result.refused }, 'e-mail limit reached: unsubscribe link not sent');
      return reply.send({
        success: true as const,
        email: result.email,
        effective: result.effective,
        ...(result.message ? { message: result.message } : {}),
      });
    },
  );

  app.post(
    '/api/unsubscribe/track',
    { config: rateLimit, schema: { body: unsubscribeTrackSchema, response: { 202: unsubscribeTrackResponseSchema, ...errors } } },
    async (request, reply) => {
      const body = request.body;
      await recordUnsubscribeVisit(
        db,
        {
          email: body.email ?? null,
          reason: body.reason,
          visitedPath: body.visitedPath ?? null,
          userAgent: body.userAgent ?? request.headers['user-agent'] ?? null,
          referrer: body.referrer ?? request.headers.referer ?? null,
          ipAddress: request.ip,
        },
        deps.clock(),
      );
      return reply.status(202).send({ recorded: true as const });
    },
  );
}

/**
 * Body parsers of this scope (Fastify scopes them to this plugin). RFC 8058 §3.1: the one-click POST
 * body is `List-Unsubscribe=One-Click`, sent as multipart/form-data (SHOULD) or
 * application/x-www-form-urlencoded (MAY). JSON is accepted too, and an empty JSON body is read as
 * no body instead of a 400, since some clients send the header without content.
 */
function registerOneClickBodyParsers(app: App): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // The fields are not needed (the signed URL decides), so multipart content is read and dropped.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('body: must be valid JSON'), { statusCode: 400, code: 'Bad Request' }), undefined);
    }
  });
}
