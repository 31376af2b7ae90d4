/**
 * Batching and rate limiting in front of any {@link PriceSource} (DESIGN.md §7 "Price-check run":
 * source calls = ⌈unique ASINs / 10⌉ exactly, never above the configured rate; Amazon Creators API:
 * getItems takes 1–10 ASINs and "ten ASINs in one call count as one request", about 1 request/s at
 * first, "one global token bucket for all callers").
 *
 * - ASINs are de-duplicated across alerts (many people watch the same product) and split into calls
 *   of at most `source.maxAsinsPerCall`.
 * - Calls are spaced by a limiter (p-throttle): one call every `1000 / ratePerSecond` ms, burst 1 —
 *   the strictest token bucket, so no window ever sees more calls than the rate allows. The limiter
 *   is per process; the Creators API's quota shared by every instance is quota-limiter.ts.
 * - A failed call marks only its own ASINs failed; the others are still looked up.
 */
import pThrottle from 'p-throttle';
import type { PriceQuote, PriceSource } from './price-source';

export interface RateLimiter {
  /** Resolves when the next call may start (callers are served in order). Never throws by itself. */
  acquire(): Promise<void>;
}

/**
 * A spacing limiter: successive `acquire()`s resolve at least `1000 / ratePerSecond` ms apart, in
 * the order they were asked; after a pause the next one resolves at once. p-throttle with one call
 * per interval in its strict mode (each call spaced from the last, not counted per window).
 * Throws RangeError on a rate ≤ 0 or not finite.
 */
export function createRateLimiter(opts: { ratePerSecond: number }): RateLimiter {
  if (!(opts.ratePerSecond > 0) || !Number.isFinite(opts.ratePerSecond)) {
    throw new RangeError(`ratePerSecond must be a number above 0, got ${opts.ratePerSecond}`);
  }
  const acquire = pThrottle({ limit: 1, interval: 1000 / opts.ratePerSecond, strict: true })(() => undefined);
  return { acquire: async () => void (await acquire()) };
}

/**
 * One limiter per source object and rate for the whole process (the "global token bucket"), so a
 * manual check and the scheduled run together still stay under the rate.
 */
const sharedLimiters = new WeakMap<PriceSource, { ratePerSecond: number; limiter: RateLimiter }>();

/** The process-wide limiter of `source` at `ratePerSecond` (a new one when the rate changed). */
export function sharedRateLimiter(source: PriceSource, ratePerSecond: number): RateLimiter {
  const existing = sharedLimiters.get(source);
  if (existing && existing.ratePerSecond === ratePerSecond) return existing.limiter;
  const limiter = createRateLimiter({ ratePerSecond });
  sharedLimiters.set(source, { ratePerSecond, limiter });
  return limiter;
}

/** What a batched look-up found. */
export interface BatchLookupResult {
  /** Quotes of the ASINs the source knew, by ASIN. */
  quotes: Map<string, PriceQuote>;
  /** ASIN → short reason, for every ASIN whose call failed (the source was not working for it). */
  failures: Map<string, string>;
  /** Calls made to the source (successful or not). */
  calls: number;
  /** Calls that threw. */
  failedCalls: number;
  /** Unique ASINs asked for. */
  uniqueAsins: number;
}

export interface BatchedSource {
  readonly source: PriceSource;
  /**
   * Looks up every ASIN in `asins` (duplicates and case ignored) in ⌈unique / maxAsinsPerCall⌉
   * calls, spaced by the limiter. Never throws for a failing call (see `failures`); throws the
   * signal's reason when `signal` is aborted between calls (nothing half-done is returned).
   */
  lookupAll(asins: Iterable<string>, opts?: { signal?: AbortSignal }): Promise<BatchLookupResult>;
}

export interface BatchedSourceOptions {
  /** Calls per second, e.g. `env.PRICE_SOURCE_RATE_PER_SECOND` (default 1); tests set a high rate to run fast. */
  ratePerSecond: number;
}

/** Wraps `source` with de-duplication, batching and the process-wide rate limiter of `source` at that rate. */
export function createBatchedSource(source: PriceSource, opts: BatchedSourceOptions): BatchedSource {
  const limiter = sharedRateLimiter(source, opts.ratePerSecond);
  const perCall = Math.max(1, Math.floor(source.maxAsinsPerCall));
  return {
    source,
    async lookupAll(asins, callOpts = {}) {
      const unique = [...new Set([...asins].map((a) => a.trim().toUpperCase()).filter((a) => a !== ''))];
      const result: BatchLookupResult = { quotes: new Map(), failures: new Map(), calls: 0, failedCalls: 0, uniqueAsins: unique.length };
      for (let i = 0; i < unique.length; i += perCall) {
        const batch = unique.slice(i, i + perCall);
        callOpts.signal?.throwIfAborted();
        await limiter.acquire();
        callOpts.signal?.throwIfAborted();
        result.calls += 1;
        try {
          const quotes = await source.lookup(batch);
          const wanted = new Set(batch);
          for (const [asin, quote] of quotes) {
            // Amazon does not guarantee order or that only asked-for items come back: match on ASIN.
            if (wanted.has(asin)) result.quotes.set(asin, quote);
          }
        } catch (error) {
          result.failedCalls += 1;
          const reason = shortReason(error);
          for (const asin of batch) result.failures.set(asin, reason);
        }
      }
      return result;
    },
  };
}

/** A one-line reason for a failed call, without URLs (they may carry credentials) and at most 200 characters. */
export function shortReason(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<url>')
    .replace(/\s+/g, ' ')
    .slice(0, 200);
}
