/**
 * Amazon's search as the similar-items fallback (issue 14 part 3: "the similar-items search falls
 * back to `searchItems` when our catalogue has too few"; ../shared/reference/amazon-creators-api.md
 * "Calls", "Limits and rules"; docs/decisions/0014-amazon-data-24h.md).
 *
 * - One `searchItems` request (10 items, search index All) per keywords, through the shared quota
 *   limiter as a **shopper** call: after the owners' admin calls, before background work, and only
 *   until the day has used three quarters of the limit (quota-limiter.ts `shopperLimitOf`).
 * - Answers are cached in this process by keywords for {@link AMAZON_SEARCH_TTL_MS} (12 hours, half
 *   the licence's 24-hour cache limit): one request serves every shopper who opens the dialog for a
 *   product with those words meanwhile. Concurrent misses share one request.
 * - Never fails the shopper: while Amazon denies access (403, recorded for the admin banner as the
 *   price source does), once the quota for shoppers is spent (until its reset), for a minute after
 *   any other error, or when the answer takes longer than {@link AMAZON_SEARCH_WAIT_MS}, it answers
 *   no products (a late answer still fills the cache for the next shopper).
 */
import { LRUCache } from 'lru-cache';
import type { CreatorsApiConnection } from '../../sources/creators-api/creators-api.connection';
import { CreatorsApiError, QuotaExhaustedError } from '../../sources/creators-api/creators-api-errors';
import type { AmazonProduct } from '../../sources/creators-api/creators-api-item';
import { ACCESS_RETRY_MS } from '../../sources/creators-api/creators-api.source';

/** How long one search's answer is reused, ms (12 h: within the licence's 24 h, and two requests a day at most per query). */
export const AMAZON_SEARCH_TTL_MS = 12 * 60 * 60 * 1000;
/** Longest a shopper's similar-items request waits for Amazon, ms; the catalogue's items are answered after it. */
export const AMAZON_SEARCH_WAIT_MS = 6_000;
/** Pause after an error other than 403 or a spent quota, ms. */
export const AMAZON_SEARCH_ERROR_PAUSE_MS = 60_000;
/** Items asked for: one request costs the same for 1 or 10. */
export const AMAZON_SEARCH_ITEMS = 10;
/** Keywords remembered. */
const CACHE_ENTRIES = 2_000;

export interface AmazonSimilarLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface AmazonSimilarDeps {
  amazon: CreatorsApiConnection;
  /** The app's clock: cache ages, the access retry time. */
  clock: () => Date;
  log?: AmazonSimilarLog;
  /** Longest wait for an answer, ms (default {@link AMAZON_SEARCH_WAIT_MS}). */
  waitMs?: number;
}

/** Amazon products matching keywords, or none when Amazon cannot be asked now. */
export interface AmazonSimilarSearch {
  /**
   * Products Amazon's searchItems answers for `keywords` (as title-query.ts `amazonSearchKeywords`
   * builds them), each with the time it was fetched (`fetchedAt`); from the cache when asked within
   * 12 hours. Never rejects: any failure answers [] (see the module doc).
   */
  find(keywords: string): Promise<AmazonProduct[]>;
}

interface Entry {
  products: AmazonProduct[];
  storedAtMs: number;
}

/** The fallback search over one connection (one per app). */
export function createAmazonSimilarSearch(deps: AmazonSimilarDeps): AmazonSimilarSearch {
  const { amazon, clock } = deps;
  const waitMs = deps.waitMs ?? AMAZON_SEARCH_WAIT_MS;
  const cache = new LRUCache<string, Entry>({ max: CACHE_ENTRIES });
  const inflight = new Map<string, Promise<AmazonProduct[]>>();
  /** No request before this (epoch ms on `clock`): quota spent or a recent error. */
  let pausedUntilMs = 0;

  async function mayAsk(nowMs: number): Promise<boolean> {
    if (nowMs < pausedUntilMs) return false;
    const access = await amazon.store.accessState();
    return !(access.deniedSince !== null && access.retryAt !== null && nowMs < access.retryAt.getTime());
  }

  async function failed(error: unknown): Promise<AmazonProduct[]> {
    const now = clock();
    if (error instanceof QuotaExhaustedError) {
      pausedUntilMs = Math.max(pausedUntilMs, error.resetsAt.getTime());
    } else if (error instanceof CreatorsApiError && error.accessDenied) {
      await amazon.store
        .setAccessDenied(`${error.reason ?? error.type}: ${error.message}`, now, new Date(now.getTime() + ACCESS_RETRY_MS))
        .catch(() => undefined);
    } else {
      pausedUntilMs = Math.max(pausedUntilMs, now.getTime() + AMAZON_SEARCH_ERROR_PAUSE_MS);
    }
    deps.log?.warn(
      { error: error instanceof Error ? error.name : typeof error, status: error instanceof CreatorsApiError ? error.status : undefined },
      'similar items: Amazon search failed; answering from the catalogue',
    );
    return [];
  }

  async function ask(keywords: string): Promise<AmazonProduct[]> {
    if (!(await mayAsk(clock().getTime()))) return [];
    try {
      const result = await amazon.client.searchItems(
        { keywords, searchIndex: 'All', itemCount: AMAZON_SEARCH_ITEMS },
        { priority: 'shopper' },
      );
      cache.set(keywords, { products: result.products, storedAtMs: clock().getTime() });
      return result.products;
    } catch (error) {
      return failed(error);
    }
  }

  return {
    async find(keywords) {
      const hit = cache.get(keywords);
      if (hit && clock().getTime() - hit.storedAtMs < AMAZON_SEARCH_TTL_MS) return hit.products;
      let pending = inflight.get(keywords);
      if (!pending) {
        pending = ask(keywords)
          .catch(failed)
          .finally(() => inflight.delete(keywords));
        inflight.set(keywords, pending);
      }
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<AmazonProduct[]>((resolve) => {
        timer = setTimeout(() => resolve([]), waitMs);
      });
      try {
        return await Promise.race([pending, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
