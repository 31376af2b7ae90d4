/**
 * Subscriber routes (DESIGN.md §4 "Visitors", "E-mail"; RFC 8058; content-and-account-pages §2.5, §7):
 *
 * - `POST /api/subscribers/confirm` `{ email, sig }` → 200 `{ email, confirmed: true, visitorToken }`;
 *   400 `sig: invalid or expired confirmation link`.
 * - `GET /api/subscribers/status` (visitor token) → `{ email, confirmed, unsubscribed }`; 401 without a token.
 * - `POST /api/unsubscribe/one-click?email=…&sig=…` (RFC 8058; no cookies or token; body
 *   `List-Unsubscribe=One-Click` as form data, urlencoded, JSON or empty) → 200 `{ success, email }`;
 *   400 `sig: invalid or expired unsubscribe link`.
 * - `GET /api/unsubscribe/one-click?…` → 302 to `/unsubscribe?…`: a GET never unsubscribes, because
 *   mail scanners prefetch links; the page asks for confirmation.
 * - `POST /api/unsubscribe` `{ email, reason?, visitedPath?, userAgent?, referrer?, sig? }` → 200
 *   `{ success: true, email }` whether or not the address was known; 400 `email: Please enter your email address`.
 *
 * Rate limits (per IP, @fastify/rate-limit): 30 a minute on confirm and unsubscribe.
 */
import { z } from 'zod';
import type { App, AppDeps } from '../../app';
import {
  confirmSubscriberResponseSchema,
  confirmSubscriberSchema,
  emailSchema,
  subscriberStatusSchema,
  unsubscribeResponseSchema,
  unsubscribeSchema,
} from '../../../common/api/alerts.schema';
import { requireVisitorFor } from '../visitors/visitors.guard';
import { confirmSubscriber, subscriberStatus, unsubscribe, unsubscribeBySignedLink } from './subscriptions.service';

/** Requests per minute per IP; multiplied in NODE_ENV=test so suites creating many rows are not throttled. */
const CONFIRM_UNSUBSCRIBE_PER_MINUTE = 30;

const oneClickQuerySchema = z.object({
  email: z.string().max(1000).optional(),
  sig: z.string().max(200).optional(),
});

/** Error answers: `message` is "field: rule"; validation errors also list `issues` (server/app.ts). */
const errorSchema = z.object({
  error: z.string(),
  message: z.string(),
  issues: z.array(z.object({ field: z.string(), rule: z.string() })).optional(),
});

export async function subscriptionsRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const rateLimit = {
    max: CONFIRM_UNSUBSCRIBE_PER_MINUTE * (deps.env.NODE_ENV === 'test' ? 100 : 1),
    timeWindow: '1 minute',
  };
  registerOneClickBodyParsers(app);

  app.post(
    '/api/subscribers/confirm',
    {
      config: { rateLimit },
      schema: { body: confirmSubscriberSchema, response: { 200: confirmSubscriberResponseSchema, 400: errorSchema } },
    },
    async (request, reply) => {
      const result = await confirmSubscriber(db, deps.env, deps.clock(), request.body.email, request.body.sig);
      if (!result.ok) return reply.status(400).send({ error: 'Bad Request', message: result.message });
      return reply.send({ email: result.email, confirmed: result.confirmed, visitorToken: result.visitorToken });
    },
  );

  app.get('/api/subscribers/status', { schema: { response: { 200: subscriberStatusSchema } } }, async (request, reply) => {
    const visitor = await requireVisitorFor(db, request, reply, null, deps.clock());
    if (!visitor) return reply;
    return reply.send(await subscriberStatus(db, visitor.email));
  });

  app.post(
    '/api/unsubscribe/one-click',
    { config: { rateLimit }, schema: { querystring: oneClickQuerySchema, response: { 200: unsubscribeResponseSchema, 400: errorSchema } } },
    async (request, reply) => {
      // The signed URL is the authority (RFC 8058 §3.2: no cookies, no other context); the body only
      // says "List-Unsubscribe=One-Click" and is not needed to act.
      const result = await unsubscribeBySignedLink(db, deps.env, deps.clock(), request.query.email ?? '', request.query.sig ?? '');
      if (!result.ok) return reply.status(400).send({ error: 'Bad Request', message: result.message });
      return reply.send({ success: true, email: result.email });
    },
  );

  app.get('/api/unsubscribe/one-click', { config: { rateLimit }, schema: { querystring: oneClickQuerySchema } }, async (request, reply) => {
    const params = new URLSearchParams();
    if (request.query.email) params.set('email', request.query.email);
    if (request.query.sig) params.set('sig', request.query.sig);
    const search = params.toString();
    return reply.header('cache-control', 'no-store').redirect(search ? `/unsubscribe?${search}` : '/unsubscribe', 302);
  });

  app.post(
    '/api/unsubscribe',
    { config: { rateLimit }, schema: { body: unsubscribeSchema, response: { 200: unsubscribeResponseSchema, 400: errorSchema } } },
    async (request, reply) => {
      const raw = request.body.email?.trim() ?? '';
      if (raw === '') return reply.status(400).send({ error: 'Bad Request', message: 'email: Please enter your email address' });
      const email = emailSchema.safeParse(raw);
      if (!email.success) return reply.status(400).send({ error: 'Bad Request', message: 'email: must be a valid e-mail address' });
      const reason = request.body.reason?.trim() || 'manual_unsubscribe';
      await unsubscribe(db, email.data, reason, deps.clock());
      return reply.send({ success: true, email: email.data });
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
