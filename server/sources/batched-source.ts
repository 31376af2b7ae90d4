/**
 * Batching and rate limiting in front of any {@link PriceSource} (DESIGN.md §7 "Price-check run":
 * source calls = ⌈unique ASINs / 10⌉ exactly, never above the configured rate; Amazon Creators API:
 * getItems takes 1–10 ASINs and "ten ASINs in one call count as one request", about 1 request/s at
 * first, "one global token bucket for all callers").
 *
 * - ASINs are de-duplicated across alerts (many people watch the same product) and split into calls
 *   of at most `source.maxAsinsPerCall`.
 * - Calls are spaced by a limiter: one call every `1000 / ratePerSecond` ms, burst 1 — the strictest
 *   token bucket, so no window ever sees more calls than the rate allows.
 * - A failed call marks only its own ASINs failed; the others are still looked up.
 */
import type { PriceQuote, PriceSource } from './price-source';

/** Waits `ms` milliseconds. Injected by tests so they never really wait. */
export type Sleep = (ms: number) => Promise<void>;

export interface RateLimiterOptions {
  /** Calls allowed per second (> 0), e.g. `env.PRICE_SOURCE_RATE_PER_SECOND`. */
  ratePerSecond: number;
  /** Default: a real timer. */
  sleep?: Sleep;
  /**
   * Monotonic time in ms. Default: `performance.now()` with the real sleep; with an injected
   * `sleep` and no `now`, a simulated clock that advances only by the time slept, so tests see
   * exactly the waits a real run would make.
   */
  now?: () => number;
}

export interface RateLimiter {
  /** Resolves when the next call may start (callers are served in order). Never throws by itself. */
  acquire(): Promise<void>;
}

const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.ceil(ms)));

/** A spacing limiter: successive `acquire()`s resolve at least `1000 / ratePerSecond` ms apart. Throws RangeError on a rate ≤ 0. */
export function createRateLimiter(opts: RateLimiterOptions): RateLimiter {
  if (!(opts.ratePerSecond > 0)) throw new RangeError(`ratePerSecond must be above 0, got ${opts.ratePerSecond}`);
  const intervalMs = 1000 / opts.ratePerSecond;
  let sleep: Sleep = opts.sleep ?? realSleep;
  let now: () => number = opts.now ?? (() => performance.now());
  if (opts.sleep && !opts.now) {
    let simulated = 0;
    const injected = opts.sleep;
    now = () => simulated;
    sleep = async (ms) => {
      await injected(ms);
      simulated += ms;
    };
  }
  let nextStart = Number.NEGATIVE_INFINITY;
  let tail: Promise<void> = Promise.resolve();
  return {
    acquire() {
      const turn = tail.then(async () => {
        let t = now();
        // Loop because a real timer may fire a fraction of a millisecond early; stop if the clock
        // does not move (an injected fixed clock), so a test can never hang here.
        while (nextStart > t) {
          await sleep(nextStart - t);
          const after = now();
          if (after <= t) break;
          t = after;
        }
        nextStart = Math.max(t, nextStart) + intervalMs;
      });
      tail = turn.catch(() => undefined);
      return turn;
    },
  };
}

/**
 * One limiter per source object and rate for the whole process (the "global token bucket"), so a
 * manual check and the scheduled run together still stay under the rate. Real clock only.
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
  /** Calls per second, e.g. `env.PRICE_SOURCE_RATE_PER_SECOND` (default 1). */
  ratePerSecond: number;
  /** Inject to make tests instant; see {@link RateLimiterOptions}. Without it the process-wide limiter is used. */
  sleep?: Sleep;
  now?: () => number;
}

/** Wraps `source` with de-duplication, batching and the rate limiter. */
export function createBatchedSource(source: PriceSource, opts: BatchedSourceOptions): BatchedSource {
  const limiter =
    opts.sleep || opts.now
      ? createRateLimiter({ ratePerSecond: opts.ratePerSecond, sleep: opts.sleep, now: opts.now })
      : sharedRateLimiter(source, opts.ratePerSecond);
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
