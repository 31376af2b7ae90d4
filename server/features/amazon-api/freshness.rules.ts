/**
 * The freshness plan (issue 14 part 2 "Quota and freshness"; ../shared/reference/
 * amazon-creators-api.md "Limits and rules": product data cached at most 24 hours; DESIGN.md §4
 * "Honest prices"). Pure: counts in, requests out.
 *
 * - Every alerted product is refreshed at least every {@link ALERTED_MAX_AGE_HOURS} hours (the price
 *   check, `PRICE_CHECK_CRON`, every 6 h by default).
 * - Every product showing Amazon data is refreshed at least every {@link SHOWN_MAX_AGE_HOURS} hours
 *   (the freshness pass).
 * - What is left of the background share of the quota refreshes the rest, most clicked first.
 *
 * Requests per day: ⌈alerted / 10⌉ × 24/6 + ⌈shown / 10⌉ × 1, against the background share of
 * the daily limit and what the rate allows in a day (rate × 86,400).
 */

export const ALERTED_MAX_AGE_HOURS = 6;
export const SHOWN_MAX_AGE_HOURS = 24;
/** ASINs per getItems request. */
export const ASINS_PER_REQUEST = 10;

export interface FreshnessInputs {
  alertedAsins: number;
  shownAmazonAsins: number;
  otherAsins: number;
  ratePerSecond: number;
  /** The background share of the daily limit (quota-limiter.ts). */
  backgroundDailyLimit: number;
}

export interface FreshnessPlan {
  requestsPerDayNeeded: number;
  requestsPerDayAvailable: number;
  fits: boolean;
  /** Requests a day left for the rest (never fetched or less urgent products). */
  spareRequestsPerDay: number;
  /** Of the rest, how many products that refreshes per day. */
  otherAsinsPerDay: number;
}

/** Requests per day the two guaranteed tiers need, and whether they fit in the quota. */
export function planFreshness(inputs: FreshnessInputs): FreshnessPlan {
  const alertedRequests = Math.ceil(inputs.alertedAsins / ASINS_PER_REQUEST) * (24 / ALERTED_MAX_AGE_HOURS);
  const shownRequests = Math.ceil(inputs.shownAmazonAsins / ASINS_PER_REQUEST) * (24 / SHOWN_MAX_AGE_HOURS);
  const needed = alertedRequests + shownRequests;
  const available = Math.min(inputs.backgroundDailyLimit, Math.floor(inputs.ratePerSecond * 86_400));
  const spare = Math.max(0, available - needed);
  return {
    requestsPerDayNeeded: needed,
    requestsPerDayAvailable: available,
    fits: needed <= available,
    spareRequestsPerDay: spare,
    otherAsinsPerDay: Math.min(inputs.otherAsins, spare * ASINS_PER_REQUEST),
  };
}
