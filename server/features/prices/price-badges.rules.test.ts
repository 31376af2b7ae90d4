/**
 * The badge rules at their edges (issue 30; price-badges.rules.ts): days of unbroken evidence,
 * gaps longer than FEED_PRICE_MAX_AGE_DAYS (7 by default), the 1 % and 5 % thresholds and the
 * trend's minimum of 30 daily points.
 */
import { describe, expect, it } from 'vitest';
import type { PricePoint } from './deal-basis.rules';
import { BADGE_RULES, dailyLowTrend, judgePriceBadges } from './price-badges.rules';

const DAY = 86_400_000;
const now = new Date('2026-06-01T12:00:00.000Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * DAY);

/** One observation a day from `fromDaysAgo` to `toDaysAgo` (inclusive) at `price(day)`; each day's price is evidenced until the next. */
function daily(fromDaysAgo: number, toDaysAgo: number, price: (daysAgo: number) => number): PricePoint[] {
  const out: PricePoint[] = [];
  for (let d = fromDaysAgo; d >= toDaysAgo; d--) out.push({ pricePence: price(d), observedAt: daysAgo(d), confirmedAt: daysAgo(d) });
  return out;
}

/** A history at `was` from `days` ago, then `price` from yesterday, confirmed now. */
function dropAfter(days: number, was: number, price: number): PricePoint[] {
  return [...daily(days, 2, () => was), { pricePence: price, observedAt: daysAgo(1), confirmedAt: now }];
}

const kinds = (history: PricePoint[], pricePence: number, extra: Partial<Parameters<typeof judgePriceBadges>[0]> = {}) =>
  judgePriceBadges({ pricePence, history, now, maxGapDays: 7, ...extra }).map((b) => b.kind);

describe('lowest price we have recorded', () => {
  it('needs 90 days of unbroken evidence and a price at least 1 % under every other recorded price', () => {
    expect(kinds(dropAfter(91, 5000, 4000), 4000)).toContain('lowest_ever');
    // 89 days of history up to now is not enough.
    expect(kinds(dropAfter(89, 5000, 4000), 4000)).not.toContain('lowest_ever');
    // 1 % (rounded as the cards round it): 0.5 % rounds to 1, 0.49 % does not.
    expect(kinds(dropAfter(91, 10_000, 9950), 9950)).toContain('lowest_ever');
    expect(kinds(dropAfter(91, 10_000, 9951), 9951)).not.toContain('lowest_ever');
    const badge = judgePriceBadges({ pricePence: 4000, history: dropAfter(91, 5000, 4000), now, maxGapDays: 7 })[0]!;
    expect(badge).toMatchObject({ kind: 'lowest_ever', label: "Lowest price we've recorded" });
    expect(badge.explanation).toContain('£40.00 is 20% under every other price we have recorded');
    expect(badge.explanation).toContain('the lowest before was £50.00');
  });

  it('is broken by a gap longer than FEED_PRICE_MAX_AGE_DAYS, and a lower price before a gap still counts', () => {
    // A 10-day hole 30 days ago: the unbroken history up to now is only 29 days.
    const holed = [
      ...daily(120, 41, () => 5000),
      ...daily(30, 2, () => 5000),
      { pricePence: 4000, observedAt: daysAgo(1), confirmedAt: now },
    ];
    expect(kinds(holed, 4000)).not.toContain('lowest_ever');
    expect(kinds(holed, 4000, { maxGapDays: 14 })).toContain('lowest_ever');
    // £35 seen once in 2023, then 100 days of unbroken history at £50: £40 is not the lowest we have recorded.
    const old = [{ pricePence: 3500, observedAt: new Date('2023-03-01T00:00:00Z') }, ...dropAfter(100, 5000, 4000)];
    expect(kinds(old, 4000)).not.toContain('lowest_ever');
  });

  it('is never claimed on a price that never changed, or on a stale feed price', () => {
    expect(
      kinds(
        daily(120, 0, () => 4000),
        4000,
      ),
    ).toEqual([]);
    expect(kinds(dropAfter(91, 5000, 4000), 4000, { priceAsOf: daysAgo(8), priceSource: 'csv' })).toEqual([]);
  });
});

describe('good deal (CamelCamelCamel)', () => {
  it('needs 35 days (5 weeks) of unbroken history and a price within 5 % of the lowest', () => {
    // Lowest £40 three weeks ago, now £42 (exactly 5 % above): a good deal with 36 days of history.
    const history = (days: number, price: number) => [
      ...daily(days, 22, () => 5000),
      ...daily(21, 15, () => 4000),
      ...daily(14, 2, () => 5000),
      { pricePence: price, observedAt: daysAgo(1), confirmedAt: now },
    ];
    expect(kinds(history(36, 4200), 4200)).toContain('good_deal');
    expect(kinds(history(34, 4200), 4200)).not.toContain('good_deal');
    expect(kinds(history(36, 4201), 4201)).not.toContain('good_deal');
    const badge = judgePriceBadges({ pricePence: 4200, history: history(36, 4200), now, maxGapDays: 7 }).find(
      (b) => b.kind === 'good_deal',
    );
    expect(badge!.explanation).toContain('within 5% of the lowest price we have recorded (the lowest price is £40.00');
  });
});

describe('below its 3-month trend (PriceSpy)', () => {
  it('fits a least-squares line over daily lowest prices and needs 30 points', () => {
    // A steady fall of 10p a day: the line through it is exact.
    const falling = daily(40, 1, (d) => 5000 + d * 10);
    expect(dailyLowTrend(falling, now, { maxGapDays: 7 })).toMatchObject({ todayPence: 5000, points: 40 });
    // 29 days of points: no trend at all.
    expect(
      dailyLowTrend(
        daily(29, 1, (d) => 5000 + d * 10),
        now,
        { maxGapDays: 7 },
      ),
    ).toBeNull();
    // A flat history has no trend (the price never changed).
    expect(
      dailyLowTrend(
        daily(60, 1, () => 5000),
        now,
        { maxGapDays: 7 },
      ),
    ).toBeNull();
  });

  it('is a deal at least 5 % under the trend today', () => {
    const past = daily(60, 1, (d) => 5000 + d * 5);
    const trend = dailyLowTrend(past, now, { maxGapDays: 7 })!;
    expect(trend.points).toBe(60);
    const history = (price: number) => [...past, { pricePence: price, observedAt: now, confirmedAt: now }];
    const under = Math.round(trend.todayPence * 0.95);
    expect(kinds(history(under), under)).toContain('below_trend');
    const near = Math.round(trend.todayPence * 0.96);
    expect(kinds(history(near), near)).not.toContain('below_trend');
    const badge = judgePriceBadges({ pricePence: under, history: history(under), now, maxGapDays: 7 }).find(
      (b) => b.kind === 'below_trend',
    )!;
    expect(badge.explanation).toContain(`fitted on 60 days of prices (we need at least ${BADGE_RULES.trendMinPoints}`);
  });

  it('leaves days of unknown time out of the fit', () => {
    // Prices seen only every 10 days (longer than 7): each is evidenced on its own day alone.
    const sparse: PricePoint[] = [];
    for (let d = 90; d >= 1; d -= 10) sparse.push({ pricePence: 5000 + d, observedAt: daysAgo(d), confirmedAt: daysAgo(d) });
    expect(dailyLowTrend(sparse, now, { maxGapDays: 7 })).toBeNull();
  });
});
