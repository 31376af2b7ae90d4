/**
 * Per-route rate limits (@fastify/rate-limit). The test scaling is read here once, so suites that
 * create many alerts are not throttled while the limit itself stays real in production.
 */
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
