/**
 * Where @fastify/rate-limit keeps its counters (issue 25: "limits hold across instances and
 * restarts"): in the app's database by default (table `rate_limit_hits`, PGlite and PostgreSQL
 * alike), or in Redis when `REDIS_URL` is set. Every app instance on one database (or one Redis)
 * counts together, and a restart forgets nothing; the plugin's own store kept each process's
 * counts in its memory, so two instances let twice the limit through.
 *
 * The plugin's store interface (node_modules/@fastify/rate-limit/types, store/LocalStore.js):
 * `new Store(pluginOptions)`, `incr(key, callback(err, { current, ttl }), timeWindow ms, max)`
 * and `child(routeOptions)` for a route's own limit. A window is fixed: it starts at the key's first
 * hit and lasts `timeWindow`; `current` is the hits in it, this one included, and `ttl` the
 * milliseconds until it ends (the plugin's Retry-After).
 *
 * Privacy: limit keys hold client IPs and e-mail mailboxes, so neither store holds a key in clear:
 * both keep only the hex HMAC-SHA256 of the route and key, keyed with SECRET_KEY, and nothing here
 * logs a key (only error codes).
 */
import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { Env } from '../env';

/** One hit counted: the hits in the key's current window (this one included) and the ms left in it. */
export interface HitCount {
  hits: number;
  ttlMs: number;
}

/** A shared counter of hits per key and fixed window, the part that differs between the database and Redis. */
export interface RateLimitCounter {
  /**
   * Counts one hit on `key` (already hashed): a key with no live window starts one of `windowMs`
   * at 1 hit; otherwise its count goes up by one and its end stays. Atomic across processes.
   */
  hit(key: string, windowMs: number): Promise<HitCount>;
  /** Waits for background work (the clean-up) and lets go of connections it opened. */
  close(): Promise<void>;
}

/** Expired rows are deleted at most this often per process (ms). */
export const SWEEP_EVERY_MS = 60_000;
/** Largest count stored (PostgreSQL `integer`); beyond it the key simply stays over any limit. */
const MAX_HITS = 2_147_483_646;

/**
 * The counter in table `rate_limit_hits` (server/db/schema/admin.schema.ts): one upsert per hit,
 * timed by the database's clock (`now()`), so instances with skewed clocks agree on every window.
 * Rows whose window has ended are deleted after a hit at most once per {@link SWEEP_EVERY_MS} per
 * process (in the background; an expired row still there is simply restarted by the next hit).
 * `onError` hears a failed clean-up (it is retried a minute later).
 */
export function databaseCounter(db: Db, onError: (error: unknown) => void = () => {}): RateLimitCounter {
  let nextSweepAt = 0;
  let sweeping: Promise<void> | undefined;
  const sweep = () => {
    const t = Date.now();
    if (sweeping || t < nextSweepAt) return;
    nextSweepAt = t + SWEEP_EVERY_MS;
    sweeping = db
      .execute(sql`delete from rate_limit_hits where reset_at <= now()`)
      .then(() => undefined, onError)
      .finally(() => {
        sweeping = undefined;
      });
  };
  return {
    async hit(key, windowMs) {
      const result = await db.execute(sql`
        insert into rate_limit_hits as r (key, hits, reset_at)
        values (${key}, 1, now() + ${windowMs}::float8 * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when r.reset_at <= now() then 1 else least(r.hits, ${MAX_HITS}::int) + 1 end,
          reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
        returning hits, greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as ttl_ms`);
      const [row] = rowsOf<{ hits: number | string; ttl_ms: number | string }>(result);
      sweep();
      return { hits: Number(row?.hits ?? 1), ttlMs: Math.ceil(Number(row?.ttl_ms ?? windowMs)) };
    },
    async close() {
      await sweeping;
    },
  };
}

/** INCR the key, start its expiry on the first hit (or if it has none), answer {hits, ms left}. */
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}`;

/** Prefix of every key this app writes to Redis. */
export const REDIS_KEY_PREFIX = 'deal-alerts:rate-limit:';

/** Thrown by {@link redisCounter} while its connection is not ready (so the fallback counts at once). */
export class RedisNotReadyError extends Error {
  readonly code = 'REDIS_NOT_READY';
  constructor() {
    super('Redis connection not ready');
    this.name = 'RedisNotReadyError';
  }
}

/**
 * The counter in Redis: one Lua script per hit (INCR, then PEXPIRE when the key has no expiry), so
 * Redis drops a window's key when it ends and no clean-up is needed. While the connection is not
 * ready (Redis down, reconnecting) a hit fails at once with {@link RedisNotReadyError} instead of
 * waiting for a reconnection. `redis` stays the caller's unless `ownsConnection`, when
 * {@link RateLimitCounter.close} quits it.
 */
export function redisCounter(redis: Redis, ownsConnection = false): RateLimitCounter {
  return {
    async hit(key, windowMs) {
      if (redis.status !== 'ready') throw new RedisNotReadyError();
      const [hits, ttl] = (await redis.eval(HIT_SCRIPT, 1, `${REDIS_KEY_PREFIX}${key}`, String(Math.max(1, Math.round(windowMs))))) as [
        number,
        number,
      ];
      return { hits: Number(hits), ttlMs: Math.max(0, Number(ttl)) };
    },
    async close() {
      if (ownsConnection && redis.status !== 'end') await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * Redis first, the database when Redis fails (down, timed out): limits keep holding, on the shared
 * database, instead of every limited route answering 500 while Redis is away. Counts made during
 * an outage are not carried over when Redis is back (a key may get up to twice its limit then).
 * `onFallback` hears each failure; the caller decides how often to log it.
 */
export function withFallback(
  primary: RateLimitCounter,
  fallback: RateLimitCounter,
  onFallback: (error: unknown) => void,
): RateLimitCounter {
  return {
    async hit(key, windowMs) {
      try {
        return await primary.hit(key, windowMs);
      } catch (error) {
        onFallback(error);
        return fallback.hit(key, windowMs);
      }
    },
    async close() {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}

/** Hex HMAC-SHA256 of a route's scope and a limit key, keyed with `secret`: the only form stored. */
export function storedKey(secret: string, scope: string, key: string): string {
  return createHmac('sha256', secret).update(`rate-limit\n${scope}\n${key}`).digest('hex');
}

/** The route a plugin child store counts for (`POST /api/signup`), or '' for `createRateLimit` limits (no route). */
function routeScope(routeOptions: unknown): string {
  const info = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
  if (!info?.url) return '';
  return `${Array.isArray(info.method) ? info.method.join(',') : String(info.method)} ${info.url}`;
}

/**
 * A store class for @fastify/rate-limit's `store` option over `counter`. Each route's limit counts
 * apart (its method and URL are part of the stored key, as with the plugin's Redis store); limits
 * made with `app.createRateLimit` (server/http/rate-limit.ts `perAddress`) have no route and carry
 * their group in the key instead.
 */
export function sharedRateLimitStore(counter: RateLimitCounter, secret: string): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string;

    constructor(_options: FastifyRateLimitOptions, scope = '') {
      this.scope = scope;
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      counter.hit(storedKey(secret, this.scope, key), timeWindow).then(
        (count) => callback(null, { current: count.hits, ttl: count.ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error('rate-limit store failed')),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new SharedRateLimitStore({}, routeScope(routeOptions));
    }
  }
  return SharedRateLimitStore;
}

/** What the app registers: the store class and how to release it when the app closes. */
export interface RateLimitStore {
  Store: FastifyRateLimitStoreCtor;
  /** `database` or `redis` (with the database as its fallback). */
  kind: 'database' | 'redis';
  close(): Promise<void>;
}

/** How long a connection to Redis may take, and how long the app's start waits for the first one (ms). */
const CONNECT_TIMEOUT_MS = 2000;

/** The error's code or type, never its message (a Redis URL or a key could be in it). */
const errorName = (error: unknown): string => String((error as { code?: unknown })?.code ?? (error as { name?: unknown })?.name ?? 'Error');

/**
 * The store for this app: Redis at `env.REDIS_URL` when set (falling back to the database while
 * Redis fails or is not connected), else the database. Store problems are logged at `warn`, at
 * most once a minute each, by error code only. With Redis, waits for the first connection attempt
 * (at most {@link CONNECT_TIMEOUT_MS}); ioredis reconnects on its own after that.
 */
export async function openRateLimitStore(
  db: Db,
  env: Pick<Env, 'SECRET_KEY' | 'REDIS_URL'>,
  log: FastifyBaseLogger,
): Promise<RateLimitStore> {
  const warn = (what: string) => {
    let quietUntil = 0;
    return (error: unknown) => {
      const t = Date.now();
      if (t < quietUntil) return;
      quietUntil = t + 60_000;
      log.warn({ err: { type: errorName(error) } }, what);
    };
  };
  const database = databaseCounter(db, warn('rate-limit store: clean-up of expired counters failed; retried in a minute'));
  if (!env.REDIS_URL) return { Store: sharedRateLimitStore(database, env.SECRET_KEY), kind: 'database', close: database.close };
  // Loaded only when configured: the server's cold start does not pay for it (decision 0009).
  const { Redis } = await import('ioredis');
  const redis = new Redis(env.REDIS_URL, {
    // Fail fast and let the database count instead of holding requests while Redis is away
    // (the plugin's README advises against ioredis's defaults for rate limiting).
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
  });
  redis.on('error', warn('rate-limit store: Redis unavailable'));
  // Wait for the first connection (at most its timeout), so the first requests count in Redis.
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, CONNECT_TIMEOUT_MS);
    redis.once('ready', done);
    redis.once('error', done);
  });
  const counter = withFallback(redisCounter(redis, true), database, warn('rate-limit store: Redis failed; counting in the database'));
  return { Store: sharedRateLimitStore(counter, env.SECRET_KEY), kind: 'redis', close: counter.close };
}
