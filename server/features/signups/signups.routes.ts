/**
 * Signup and sign-in routes (content-and-account-pages §2.2, §2.3, §7; issue 9 part 4). Public:
 * anyone may sign an address up or ask for its sign-in link; neither reveals whether the address is
 * known, and neither gives more than a device token (only the e-mailed link proves the mailbox).
 *
 * - `POST /api/signup` `{ email, source: 'signup_page'|'signup_popup', userAgent?, referrer? }` → 201
 *   `{ email, visitorToken, signupTime, message }`; 400 `email: must be a valid e-mail address`.
 *   Signing up twice is not an error and sends no second confirmation within the hour.
 * - `POST /api/sign-in` `{ email }` → 202 `{ message }` (the same text for every address).
 * Rate limits: 10 a minute per client IP, and 5 an hour per address, on each.
 */
import type { App, AppDeps } from '../../app-deps';
import { signInResponseSchema, signInSchema, signupResponseSchema, signupSchema } from '../../../common/api/engagement.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { perAddress, perWindow } from '../../http/rate-limit';
import { visitorOnRequest } from '../visitors';
import { requestSignIn, signUp, type EmailDelay } from './signups.service';
import type { Outcome } from '../../http/outcome';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Logs (without the address) that the hourly e-mail budget held a message back or a mailbox/network
 * limit stopped it, and drops those fields from the answer (it must not tell a stranger).
 */
function withoutDelay<T extends EmailDelay>(
  log: FastifyBaseLogger,
  outcome: Outcome<T>,
): Outcome<Omit<T, 'emailDelayedUntil' | 'emailRefused'>> {
  if (!outcome.ok) return outcome;
  const { emailDelayedUntil, emailRefused, ...value } = outcome.value;
  if (emailDelayedUntil) log.warn({ delayedUntil: emailDelayedUntil.toISOString() }, 'e-mail budget reached: confirmation delayed');
  if (emailRefused) log.warn({ limit: emailRefused }, 'e-mail limit reached: confirmation not sent');
  return { ok: true, value };
}

export async function signupsRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  app.addHook('onRequest', visitorOnRequest(deps));
  const byAddress = (group: string) =>
    perAddress(app, deps.env, group, 5, '1 hour', (r) => String((r.body as { email?: unknown } | undefined)?.email ?? ''));
  const options = { logLevel: 'warn' as const, bodyLimit: 8 * 1024, config: perWindow(deps.env, 10) };

  app.post(
    '/api/signup',
    {
      ...options,
      preHandler: byAddress('signup'),
      schema: { body: signupSchema, response: { 201: signupResponseSchema, 400: apiErrorSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      const outcome = await signUp(
        db,
        deps.env,
        request.visitor,
        {
          ...body,
          userAgent: body.userAgent ?? request.headers['user-agent'] ?? null,
          referrer: body.referrer ?? request.headers.referer ?? null,
          clientIp: request.ip,
        },
        deps.clock(),
      );
      deps.notifyOutbox();
      return sendOutcome(reply, withoutDelay(request.log, outcome), 201);
    },
  );

  app.post(
    '/api/sign-in',
    {
      ...options,
      preHandler: byAddress('sign-in'),
      schema: { body: signInSchema, response: { 202: signInResponseSchema, 400: apiErrorSchema } },
    },
    async (request, reply) => {
      const outcome = await requestSignIn(db, deps.env, request.body.email, deps.clock(), request.ip);
      deps.notifyOutbox();
      return sendOutcome(reply, withoutDelay(request.log, outcome), 202);
    },
  );
}
