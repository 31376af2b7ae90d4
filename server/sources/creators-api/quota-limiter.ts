/**
 * The one token bucket of the Creators API (issue 14 part 2; ../shared/reference/
 * amazon-creators-api.md "Limits and rules": "one global token bucket for all callers"; DESIGN.md §7
 * "never above the configured rate").
 *
 * - Rate: one request every ⌈1000 / AMAZON_RATE_PER_SECOND⌉ ms, burst 1 (the strictest bucket: no
 *   window of any length sees more requests than the rate allows). Slots are reserved in the
 *   database (creators-api.store.ts), so every caller of every instance on one database shares it.
 * - Daily limit: AMAZON_DAILY_LIMIT requests per UTC day, every attempt counted; background work
 *   (price checks, the freshness pass) stops {@link adminReserveOf} short of it, so an owner's
 *   search or import still works when the scheduler has spent its share.
 * - Admin actions first: waiters of this process queue by priority (admin, then shopper-triggered
 *   calls such as the similar-items fallback, then background, each in arrival order); only the
 *   head reserves a slot. Shopper-triggered calls stop once the day has used {@link shopperLimitOf}
 *   requests (three quarters of the limit), so shoppers' traffic cannot starve the freshness pass
 *   that keeps Amazon's prices within the licence's 24 hours.
 * - After a 429, `holdUntil` pushes every instance's next slot past the Retry-After time.
 * - A request that starts late (a busy event loop) moves the next slot to its real start plus the
 *   interval, and this process never starts two requests less than one interval apart. Between
 *   instances the spacing is that of the reserved slots. Callers start their request at once
 *   after `acquire()` resolves (the client fetches its token before asking for a slot).
 */
import { QuotaExhaustedError } from './creators-api-errors';
import type { CallPriority, CreatorsApiStore } from './creators-api.store';

export interface QuotaLimiterOptions {
  store: CreatorsApiStore;
  ratePerSecond: number;
  dailyLimit: number;
  /** Epoch ms (default Date.now). */
  now?: () => number;
  /** Default: a real timer. */
  sleep?: (ms: number) => Promise<void>;
}

export interface QuotaLimiter {
  /**
   * Resolves when a request may start (its slot is taken and counted). Throws QuotaExhaustedError
   * when this priority's share of today's quota is spent (nothing is counted then).
   */
  acquire(priority: CallPriority): Promise<void>;
  /** No request of any instance starts before `untilMs` (epoch ms). */
  holdUntil(untilMs: number): Promise<void>;
  readonly intervalMs: number;
  readonly dailyLimit: number;
  /** Requests a background caller may make per day. */
  readonly backgroundLimit: number;
  /** Requests of the day after which shopper-triggered calls are refused ({@link shopperLimitOf}). */
  readonly shopperLimit: number;
}

/** Requests per day kept for admin actions: 5 % of the limit, at least 1 (unless the limit is 1). */
export function adminReserveOf(dailyLimit: number): number {
  return dailyLimit <= 1 ? 0 : Math.max(1, Math.floor(dailyLimit * 0.05));
}

/**
 * The day's request count (all callers together) at which shopper-triggered calls stop: 75 % of the
 * limit (at least 1), never above the background share.
 */
export function shopperLimitOf(dailyLimit: number): number {
  return Math.max(1, Math.min(dailyLimit - adminReserveOf(dailyLimit), Math.floor(dailyLimit * 0.75)));
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, Math.ceil(ms))));

interface Waiter {
  priority: CallPriority;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Creates the limiter. Throws RangeError for a rate or limit that is not above 0. */
export function createQuotaLimiter(opts: QuotaLimiterOptions): QuotaLimiter {
  if (!(opts.ratePerSecond > 0)) throw new RangeError(`ratePerSecond must be above 0, got ${opts.ratePerSecond}`);
  if (!(opts.dailyLimit >= 1)) throw new RangeError(`dailyLimit must be at least 1, got ${opts.dailyLimit}`);
  const intervalMs = Math.ceil(1000 / opts.ratePerSecond);
  const backgroundLimit = opts.dailyLimit - adminReserveOf(opts.dailyLimit);
  const shopperLimit = shopperLimitOf(opts.dailyLimit);
  const limits: Record<CallPriority, number> = { admin: opts.dailyLimit, shopper: shopperLimit, background: backgroundLimit };
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? realSleep;
  const waiters: Waiter[] = [];
  let pumping = false;
  /** When this process last let a request start, epoch ms. */
  let lastStart = Number.NEGATIVE_INFINITY;

  async function serve(waiter: Waiter): Promise<void> {
    const limit = limits[waiter.priority];
    const answer = await opts.store.reserveSlot({ nowMs: now(), intervalMs, limit });
    if (!answer.ok) throw new QuotaExhaustedError(new Date(answer.resetsAtMs));
    // Never closer than one interval to this process's previous start, whatever the database said.
    const startAt = Math.max(answer.slotMs, lastStart + intervalMs);
    // A timer may fire a little early: wait until the slot has really begun.
    for (let wait = startAt - now(); wait > 0; wait = startAt - now()) await sleep(wait);
    lastStart = now();
  }

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      while (waiters.length > 0) {
        const admin = waiters.findIndex((w) => w.priority === 'admin');
        const index =
          admin !== -1
            ? admin
            : Math.max(
                0,
                waiters.findIndex((w) => w.priority === 'shopper'),
              );
        const [waiter] = waiters.splice(index, 1);
        try {
          await serve(waiter!);
          const started = lastStart;
          waiter!.resolve();
          // A busy event loop may have woken us late: other instances' next slot counts from the real start.
          if (started > 0) await opts.store.holdUntil(started + intervalMs).catch(() => undefined);
        } catch (error) {
          waiter!.reject(error);
        }
      }
    } finally {
      pumping = false;
    }
  }

  return {
    intervalMs,
    dailyLimit: opts.dailyLimit,
    backgroundLimit,
    shopperLimit,
    acquire(priority) {
      return new Promise<void>((resolve, reject) => {
        waiters.push({ priority, resolve, reject });
        void pump();
      });
    },
    holdUntil(untilMs) {
      return opts.store.holdUntil(untilMs);
    },
  };
}
