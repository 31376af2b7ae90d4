/**
 * Price badges with a stated rule (issue 30; docs/pricing/reference-prices.md "Badges";
 * docs/decisions/0029-alert-kinds-and-badges.md). Pure: a product's whole price history in, the
 * badges that hold now out, each with its explanation for "Why is this a deal?". Money in pence.
 *
 * The pricing module's evidence model applies (deal-basis.rules.ts `segmentsInWindow`): an
 * observation shows its price from when it was observed to its last confirmation, and the time to
 * the next observation counts only when that gap is at most `FEED_PRICE_MAX_AGE_DAYS`; longer gaps
 * are unknown time. A stale feed price, or a price ≤ 0, never gets a badge.
 *
 * 1. **lowest_ever** ("Lowest price we've recorded"): at least {@link BADGE_RULES}.lowestEverMinDays
 *    (90, the "all-time low" rule of reference-prices.md) of unbroken evidence up to now, and the
 *    price at least 1 whole percent under every other price we have ever recorded for the product
 *    (every observation before the current price took effect, across gaps too). The
 *    'lowest_price' alert kind fires on this badge.
 * 2. **below_trend** ("Below its 3-month trend", PriceSpy's deal rule): the least-squares straight
 *    line through the daily lowest prices of the last 90 days (UTC days with evidence, today left
 *    out) stands at T today; at least {@link BADGE_RULES}.trendMinPoints (30) such days, the price
 *    changed among them, and the current price at least 5 whole percent under T.
 * 3. **good_deal** (CamelCamelCamel's "good deal"): at least 35 days (5 weeks) of unbroken evidence
 *    up to now, the price changed in our records, and the current price within 5 % of the lowest
 *    price we have recorded (price × 100 ≤ lowest × 105).
 */
import { discountPercent } from '../../../common/discount';
import { formatPence } from '../../../common/money';
import type { PriceBadge } from '../../../common/price-badges';
import { millisecondsInDay as DAY_MS } from 'date-fns/constants';
import { DEAL_RULES, REFERENCE_RULES, feedPriceMaxAgeDays, isStaleFeedPrice, segmentsInWindow, type PricePoint } from './deal-basis.rules';

/** Thresholds of the badge rules (the file comment states each rule). */
export const BADGE_RULES = {
  /** Days of unbroken evidence a "lowest we've recorded" badge needs (the pricing module's all-time-low rule). */
  lowestEverMinDays: REFERENCE_RULES.allTimeLowMinDays,
  /** Days of unbroken evidence a "good deal" needs (CamelCamelCamel: 5 weeks). */
  goodDealMinDays: 35,
  /** How close to the lowest recorded price a "good deal" is, percent. */
  goodDealWithinPercent: 5,
  /** The trend's window, days ("3 months"). */
  trendWindowDays: 90,
  /**
   * Fewest daily points the trend is fitted on: a third of the window. Fewer points let one odd
   * day tilt the line (two points always fit exactly), and PriceSpy shows no trend on short histories.
   */
  trendMinPoints: 30,
  /** Whole percent under the trend a price must be. */
  trendMinPercentBelow: 5,
} as const;

/** What the badge rules read about one product. */
export interface BadgeInputs {
  pricePence: number;
  /** Every observation of the product up to `now`, any order. */
  history: readonly PricePoint[];
  now: Date;
  /** products.price_as_of: when the current price was last observed or confirmed. */
  priceAsOf?: Date | null;
  /** products.price_source ('creators-api' is never stale here). */
  priceSource?: string | null;
  /** `FEED_PRICE_MAX_AGE_DAYS`; default the configured value. */
  maxGapDays?: number;
}

/** A least-squares fit's value today and how many daily points it used. */
export interface TrendFit {
  /** The line's value at today, pence (rounded). */
  todayPence: number;
  points: number;
  /** Pence per day (negative: falling). */
  slopePencePerDay: number;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'long', year: 'numeric' });

/** The history with the current price evidenced up to `priceAsOf` when its last point's confirmation lags it. */
function withCurrentEvidence(inputs: BadgeInputs): PricePoint[] {
  const points = [...inputs.history]
    .filter((p) => p.observedAt.getTime() <= inputs.now.getTime())
    .sort((a, b) => a.observedAt.getTime() - b.observedAt.getTime());
  const last = points[points.length - 1];
  if (last && inputs.priceAsOf) {
    const seen = Math.max(last.observedAt.getTime(), last.confirmedAt?.getTime() ?? 0);
    if (inputs.priceAsOf.getTime() > seen) points[points.length - 1] = { ...last, confirmedAt: inputs.priceAsOf };
  }
  return points;
}

/**
 * The unbroken evidence reaching `now`: when it starts (ms) and when the current price took effect
 * within it (ms); null when the current price is not evidenced up to now.
 */
function unbrokenTail(
  points: readonly PricePoint[],
  pricePence: number,
  now: number,
  maxGapDays: number,
): { start: number; currentFrom: number } | null {
  const segments = segmentsInWindow(points, Number.NEGATIVE_INFINITY, now, maxGapDays);
  const last = segments[segments.length - 1];
  if (!last || last.end < now || last.pricePence !== pricePence) return null;
  let i = segments.length - 1;
  while (i > 0 && !segments[i]!.gapBefore && segments[i - 1]!.end === segments[i]!.start) i--;
  let c = segments.length - 1;
  while (c > i && segments[c - 1]!.pricePence === pricePence) c--;
  return { start: segments[i]!.start, currentFrom: segments[c]!.start };
}

/**
 * The least-squares line through the daily lowest prices of the `days` days before today (UTC days
 * with evidence only; today left out), at today; null with fewer than `minPoints` days or when the
 * price never changed among them.
 */
export function dailyLowTrend(
  points: readonly PricePoint[],
  now: Date,
  opts: { days?: number; minPoints?: number; maxGapDays?: number } = {},
): TrendFit | null {
  const days = opts.days ?? BADGE_RULES.trendWindowDays;
  const minPoints = opts.minPoints ?? BADGE_RULES.trendMinPoints;
  const today = Math.floor(now.getTime() / DAY_MS);
  const firstDay = today - days;
  const segments = segmentsInWindow(points, firstDay * DAY_MS, today * DAY_MS, opts.maxGapDays ?? feedPriceMaxAgeDays());
  const lows = new Map<number, number>();
  for (const s of segments) {
    if (s.end <= s.start) continue;
    const from = Math.max(firstDay, Math.floor(s.start / DAY_MS));
    const to = Math.min(today - 1, Math.ceil(s.end / DAY_MS) - 1);
    for (let d = from; d <= to; d++) lows.set(d, Math.min(lows.get(d) ?? Number.POSITIVE_INFINITY, s.pricePence));
  }
  if (lows.size < minPoints) return null;
  const xs = [...lows.keys()];
  const ys = xs.map((d) => lows.get(d) as number);
  if (ys.every((y) => y === ys[0])) return null;
  const n = xs.length;
  const meanX = xs.reduce((a, b) => a + b, 0) / n;
  const meanY = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  xs.forEach((x, i) => {
    sxy += (x - meanX) * ((ys[i] as number) - meanY);
    sxx += (x - meanX) ** 2;
  });
  const slope = sxx === 0 ? 0 : sxy / sxx;
  return { todayPence: Math.round(meanY + slope * (today - meanX)), points: n, slopePencePerDay: slope };
}

/**
 * The badges that hold for a product now, in the order shown (lowest_ever, below_trend,
 * good_deal), each with its explanation. Empty for a stale price or a price ≤ 0. Never throws.
 */
export function judgePriceBadges(inputs: BadgeInputs): PriceBadge[] {
  const price = inputs.pricePence;
  const maxGapDays = inputs.maxGapDays ?? feedPriceMaxAgeDays();
  if (!(price > 0)) return [];
  if (inputs.priceAsOf && isStaleFeedPrice({ priceAsOf: inputs.priceAsOf, priceSource: inputs.priceSource }, inputs.now, maxGapDays))
    return [];
  const points = withCurrentEvidence(inputs);
  const now = inputs.now.getTime();
  const tail = unbrokenTail(points, price, now, maxGapDays);
  const badges: PriceBadge[] = [];
  const coveredDays = tail ? Math.floor((now - tail.start) / DAY_MS) : 0;

  // 1. Lowest price we've recorded.
  if (tail && coveredDays >= BADGE_RULES.lowestEverMinDays) {
    const earlier = points.filter((p) => p.observedAt.getTime() < tail.currentFrom);
    if (earlier.length > 0) {
      const low = earlier.reduce((a, b) => (b.pricePence < a.pricePence ? b : a));
      const percent = discountPercent(low.pricePence, price);
      if (percent !== null && percent >= DEAL_RULES.minPercent) {
        const since = dateFormat.format(points[0]!.observedAt);
        badges.push({
          kind: 'lowest_ever',
          label: "Lowest price we've recorded",
          explanation:
            `${formatPence(price)} is ${percent}% under every other price we have recorded for it since ${since} ` +
            `(the lowest before was ${formatPence(low.pricePence)} on ${dateFormat.format(low.observedAt)}), ` +
            `with ${coveredDays} days of unbroken price history (we need at least ${BADGE_RULES.lowestEverMinDays}).`,
        });
      }
    }
  }

  // 2. Below its 3-month trend.
  const trend = tail ? dailyLowTrend(points, inputs.now, { maxGapDays }) : null;
  if (trend) {
    const percent = discountPercent(trend.todayPence, price);
    if (percent !== null && percent >= BADGE_RULES.trendMinPercentBelow) {
      badges.push({
        kind: 'below_trend',
        label: 'Below its 3-month trend',
        explanation:
          `${formatPence(price)} is ${percent}% under ${formatPence(trend.todayPence)}, where the straight-line trend ` +
          `(least squares) of its lowest price each day over the last ${BADGE_RULES.trendWindowDays} days stands today, ` +
          `fitted on ${trend.points} days of prices (we need at least ${BADGE_RULES.trendMinPoints} and ${BADGE_RULES.trendMinPercentBelow}% under the trend).`,
      });
    }
  }

  // 3. Good deal (CamelCamelCamel's rule).
  if (tail && coveredDays >= BADGE_RULES.goodDealMinDays && points.some((p) => p.pricePence !== price)) {
    const low = points.reduce((a, b) => (b.pricePence < a.pricePence ? b : a));
    if (price * 100 <= low.pricePence * (100 + BADGE_RULES.goodDealWithinPercent)) {
      const lowText = low.pricePence === price ? 'it is the lowest price' : `the lowest price is ${formatPence(low.pricePence)}`;
      badges.push({
        kind: 'good_deal',
        label: 'Good deal',
        explanation:
          `${formatPence(price)} is within ${BADGE_RULES.goodDealWithinPercent}% of the lowest price we have recorded (${lowText}, ` +
          `seen ${dateFormat.format(low.observedAt)}), over ${Math.floor(coveredDays / 7)} weeks of unbroken price history ` +
          `(CamelCamelCamel's rule: within 5% of the lowest, with at least 5 weeks of history).`,
      });
    }
  }
  return badges;
}
