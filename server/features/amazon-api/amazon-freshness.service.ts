/**
 * The freshness pass (issue 14 part 2; freshness.rules.ts): every few minutes one instance (a lease
 * in the database) refreshes, through the Creators source and the shared quota, the products whose
 * Amazon data is nearly 24 hours old (oldest first), then products never fetched, most clicked
 * first. Alerted products are the price check's (every 6 h). Prices are written by the price-check
 * feature's `refreshPrices` (observations with source `creators-api`), in one transaction.
 */
import { catalogueTransaction } from '../../catalogue-version';
import { createBatchedSource } from '../../sources/batched-source';
import { refreshPrices } from '../price-checks';
import type { AmazonApiDeps } from './amazon-api.service';
import { dueAsins, freshnessCounts, takeFreshnessLease } from './amazon-api.queries';
import { ASINS_PER_REQUEST, SHOWN_MAX_AGE_HOURS } from './freshness.rules';

/** How often the pass runs. */
export const FRESHNESS_INTERVAL_MS = 15 * 60 * 1000;
/** Refreshed this long before the 24-hour licence limit, so a late pass is still in time. */
const MARGIN_MS = 60 * 60 * 1000;

export interface FreshnessRun {
  requests: number;
  asins: number;
  refreshed: number;
  failed: number;
}

/** Requests one pass may spend: the background share left after the price checks, spread over the day's passes. */
export function requestsPerPass(backgroundDailyLimit: number, alertedAsins: number, ratePerSecond: number): number {
  const priceCheckRequests = Math.ceil(alertedAsins / ASINS_PER_REQUEST) * 4;
  const passes = (24 * 60 * 60 * 1000) / FRESHNESS_INTERVAL_MS;
  const byQuota = Math.floor((backgroundDailyLimit - priceCheckRequests) / passes);
  // Half the rate over the interval at most, so admin actions and price checks keep their turns.
  const byRate = Math.floor((ratePerSecond * FRESHNESS_INTERVAL_MS) / 1000 / 2);
  return Math.max(0, Math.min(byQuota, byRate));
}

/**
 * Runs one pass of at most `maxRequests` requests when this instance takes the lease. Never throws
 * for API errors (failed ASINs wait for the next pass); throws what the database throws.
 */
export async function runFreshnessPass(
  deps: AmazonApiDeps & { signal?: AbortSignal },
  opts: { maxRequests: number },
): Promise<FreshnessRun> {
  const amazon = deps.amazon;
  const none = { requests: 0, asins: 0, refreshed: 0, failed: 0 };
  if (!amazon || opts.maxRequests < 1) return none;
  const now = deps.clock();
  if (!(await takeFreshnessLease(deps.db, now, new Date(now.getTime() + FRESHNESS_INTERVAL_MS)))) return none;
  const asins = await dueAsins(deps.db, {
    staleBefore: new Date(now.getTime() - SHOWN_MAX_AGE_HOURS * 3_600_000 + MARGIN_MS),
    clicksSince: new Date(now.getTime() - 30 * 86_400_000),
    limit: opts.maxRequests * ASINS_PER_REQUEST,
  });
  if (asins.length === 0) return none;
  const batched = createBatchedSource(amazon.source, { ratePerSecond: amazon.config.ratePerSecond });
  const lookup = await batched.lookupAll(asins, { signal: deps.signal });
  // refreshPrices writes through the prices service only, which names its products (decision 0046).
  const refreshed = await catalogueTransaction(
    deps.db,
    (tx) => refreshPrices(tx, { sourceName: amazon.source.name, lookup, now: deps.clock() }, asins),
    {
      namesEveryWrite: true,
    },
  );
  return {
    requests: lookup.calls,
    asins: asins.length,
    refreshed: asins.length - refreshed.failures.size,
    failed: refreshed.failures.size,
  };
}

/** Requests the next pass may spend, from today's alerted products and the configured quota. */
export async function plannedRequestsPerPass(deps: AmazonApiDeps): Promise<number> {
  if (!deps.amazon) return 0;
  const counts = await freshnessCounts(deps.db);
  return requestsPerPass(deps.amazon.limiter.backgroundLimit, counts.alerted, deps.amazon.config.ratePerSecond);
}
