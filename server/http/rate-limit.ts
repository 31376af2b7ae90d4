/**
 * Per-route rate limits (@fastify/rate-limit). The test scaling is read here once, so suites that
 * create many alerts are not throttled while the limit itself stays real in production.
 *
 * The counters are shared (issue 25): app.ts gives the plugin the store of
 * server/http/rate-limit-store.ts (the database, or Redis with REDIS_URL), so every instance on one
 * database counts together and a restart resets nothing. Windows are fixed: they start at a key's
 * first request and last `timeWindow`; over the limit the answer is 429 with Retry-After (seconds
 * left in the window).
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { mailboxKey } from '../../common/mailbox';
import type { Env } from '../env';

/** Multiplier applied in NODE_ENV=test. */
const TEST_SCALE = 100;

/**
 * Route `config` for at most `max` requests per `timeWindow` per client key (by default the real
 * client IP, see TRUST_PROXY). Spread into a route's options: `{ config: perWindow(env, 20) }`.
 */
export function perWindow(env: Env, max: number, timeWindow = '1 minute') {
  return { rateLimit: { max: max * (env.NODE_ENV === 'test' ? TEST_SCALE : 1), timeWindow } };
}

/**
 * A second limit beside the per-IP one, keyed on the **mailbox** of the request's target e-mail
 * address (issue 5; DESIGN.md §4 "Visitors": "per-address limits beside them"), so rotating client
 * addresses cannot make the site mail one address over and over; and since issue 25 ("one
 * mailbox, one budget") spellings of one mailbox share the limit: `victim+1@example.com`,
 * `Victim+2@example.com` and `victim@example.com` count as one (common/mailbox.ts `mailboxKey`:
 * case, `+tags`, Gmail dots). Use as the route's `preHandler`
 * (the body is parsed by then): `preHandler: perAddress(app, env, 'signup', 5, '1 hour', (r) => r.body.email)`.
 * Requests with no address are keyed on the client IP. Scaled like {@link perWindow} under NODE_ENV=test.
 * Over the limit: 429 `{ error: 'Too Many Requests', message }` with Retry-After (seconds).
 */
export function perAddress<R extends FastifyRequest>(
  app: FastifyInstance,
  env: Env,
  group: string,
  max: number,
  timeWindow: string,
  pick: (request: R) => string | null | undefined,
): preHandlerAsyncHookHandler {
  // createRateLimit, not rateLimit(): the route's per-IP limit has already run for this request,
  // and the plugin's ready-made handler skips a request that has been through one limit.
  const check = app.createRateLimit({
    max: max * (env.NODE_ENV === 'test' ? TEST_SCALE : 1),
    timeWindow,
    keyGenerator: (request) => {
      const address = pick(request as R);
      const who = typeof address === 'string' && address.trim() !== '' ? `mailbox:${mailboxKey(address)}` : `ip:${request.ip}`;
      return `${group}:${who}`;
    },
  });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    await reply
      .header('retry-after', String(result.ttlInSeconds))
      .status(429)
      .send({
        error: 'Too Many Requests',
        message: `Too many requests for this address: try again in ${Math.ceil(result.ttlInSeconds / 60)} minutes.`,
      });
  };
}
