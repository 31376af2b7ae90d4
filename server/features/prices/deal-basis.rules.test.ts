/**
 * The pricing module's history rules (docs/pricing/reference-prices.md; docs/decisions/0008,
 * 0022): which prices make a deal, which earlier price may be shown as a reference price, how much
 * evidence each claim needs — tested at the edges of minutes, days and weeks of history.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isLowestIn30Days,
  isStaleFeedPrice,
  judgeDealBasis,
  segmentsInWindow,
  timeWeightedMedian,
  trackedReference,
  type PricePoint,
} from './deal-basis.rules';

const now = new Date('2025-06-30T12:00:00Z');
const DAY = 86_400_000;
const MINUTE = 60_000;
const ago = (days: number) => new Date(now.getTime() - days * DAY);
/** A price first seen `fromDaysAgo` and re-asserted daily until `untilDaysAgo` (default: until the next point). */
const held = (fromDaysAgo: number, pricePence: number, untilDaysAgo?: number): PricePoint => ({
  pricePence,
  observedAt: ago(fromDaysAgo),
  confirmedAt: untilDaysAgo === undefined ? null : ago(untilDaysAgo),
});
/**
 * A daily-checked history: each price confirmed up to the next one (as a daily price check leaves
 * it), the last one up to now. Points: [daysAgo, pence].
 */
function daily(...points: Array<[number, number]>): PricePoint[] {
  return points.map(([days, pence], i) => held(days, pence, i + 1 < points.length ? (points[i + 1] as [number, number])[0] : 0));
}
const plain = { listPricePence: null, savingBasisType: null, now };

describe('judgeDealBasis', () => {
  it('a labelled saving basis is a deal, named after the basis', () => {
    expect(judgeDealBasis({ ...plain, pricePence: 8000, listPricePence: 10000, savingBasisType: 'LIST_PRICE', history: [] })).toEqual({
      kind: 'LABELLED_SAVING',
      percent: 20,
      label: 'Save 20% on the RRP',
    });
    expect(judgeDealBasis({ ...plain, pricePence: 7500, listPricePence: 10000, savingBasisType: 'WAS_PRICE', history: [] })?.label).toBe(
      'Save 25% on the was price',
    );
  });

  it('a list price at or below the price, or a saving under 1 %, is no basis', () => {
    expect(judgeDealBasis({ ...plain, pricePence: 10000, listPricePence: 10000, history: [] })).toBeNull();
    expect(judgeDealBasis({ ...plain, pricePence: 9960, listPricePence: 10000, history: [] })).toBeNull();
  });

  it('a flat price is never a deal, however long we watched it', () => {
    expect(judgeDealBasis({ ...plain, pricePence: 5000, history: daily([200, 5000]) })).toBeNull();
    expect(judgeDealBasis({ ...plain, pricePence: 5000, history: daily([100, 5000], [10, 5000]) })).toBeNull();
    expect(judgeDealBasis({ ...plain, pricePence: 5000, history: [] })).toBeNull();
  });

  it('a drop after a price held 28+ days is a tracked price drop, named with the price and the days', () => {
    const basis = judgeDealBasis({ ...plain, pricePence: 4000, history: daily([45, 5000], [1, 4000]) });
    expect(basis).toEqual({ kind: 'TRACKED_PRICE_DROP', percent: 20, label: 'Down 20% from £50.00, its price for 44 days' });
  });

  it('a new low over 90 unbroken days is the lowest in 90 days when the price before it held under 28 days', () => {
    const basis = judgeDealBasis({ ...plain, pricePence: 4000, history: daily([120, 5000], [10, 6000], [1, 4000]) });
    expect(basis).toEqual({ kind: 'LOWEST_IN_90_DAYS', percent: 20, label: 'Lowest price in 90 days' });
  });

  it('a new low only within 30 days is the lowest in 30 days', () => {
    // £35 until day 40, £50 for 30 days, £48 for 9 days, £45 now: lowest of the last 30 days, not of 90.
    const basis = judgeDealBasis({ ...plain, pricePence: 4500, history: daily([120, 3500], [40, 5000], [10, 4800], [1, 4500]) });
    expect(basis).toEqual({ kind: 'LOWEST_IN_30_DAYS', percent: 6, label: 'Lowest price in 30 days' });
  });

  it('back to an earlier low is not a new low, but ≥ 5 % under the 30-day median is a deal', () => {
    // £40 → £50 for 25 days → £40 now: ties the low; the time-weighted median is £50; £50 held under 28 days.
    const basis = judgeDealBasis({ ...plain, pricePence: 4000, history: daily([100, 4000], [25, 5000], [0, 4000]) });
    expect(basis).toEqual({ kind: 'BELOW_30_DAY_MEDIAN', percent: 20, label: '20% below its 30-day average' });
  });

  it('under 5 % below the median and not a new low is no deal', () => {
    expect(judgeDealBasis({ ...plain, pricePence: 4000, history: daily([100, 4000], [25, 4150], [0, 4000]) })).toBeNull();
  });

  it('a price rise is never a deal', () => {
    expect(judgeDealBasis({ ...plain, pricePence: 6000, history: daily([100, 5000], [1, 6000]) })).toBeNull();
  });

  describe('minutes, days and weeks of history (issue 27)', () => {
    it('minutes of history make no claim: not "lowest", not a tracked drop, not below average', () => {
      const history: PricePoint[] = [
        { pricePence: 5000, observedAt: new Date(now.getTime() - 7 * MINUTE), confirmedAt: null },
        { pricePence: 4000, observedAt: new Date(now.getTime() - MINUTE), confirmedAt: null },
      ];
      expect(judgeDealBasis({ ...plain, pricePence: 4000, history })).toBeNull();
      expect(trackedReference({ ...plain, pricePence: 4000, history })).toBeNull();
      expect(isLowestIn30Days({ ...plain, pricePence: 4000, history })).toBe(false);
    });

    it('days of history make no claim either (under 30 days watched, the higher price held under 28)', () => {
      const history = daily([20, 5000], [0, 4000]);
      expect(judgeDealBasis({ ...plain, pricePence: 4000, history })).toBeNull();
      expect(isLowestIn30Days({ ...plain, pricePence: 4000, history })).toBe(false);
    });

    it('the higher price must have held 28 days: 27 days is not enough, 28 is', () => {
      expect(trackedReference({ ...plain, pricePence: 4000, history: daily([28, 5000], [1, 4000]) })).toBeNull();
      expect(trackedReference({ ...plain, pricePence: 4000, history: daily([29, 5000], [1, 4000]) })).toEqual({
        pricePence: 5000,
        heldDays: 28,
      });
    });

    it('the lower price may not be charged longer than the higher one held', () => {
      // £50 for 30 days, then £40 for 31 days: the comparison has run out.
      expect(trackedReference({ ...plain, pricePence: 4000, history: daily([61, 5000], [31, 4000]) })).toBeNull();
      expect(trackedReference({ ...plain, pricePence: 4000, history: daily([61, 5000], [31, 4000]) })).toBeNull();
      expect(trackedReference({ ...plain, pricePence: 4000, history: daily([61, 5000], [29, 4000]) })?.pricePence).toBe(5000);
    });

    it('weeks between observations with no confirmation break the history: no reference, no window', () => {
      // Seen at £50 45 days ago and never again until £40 today: the weeks between are unknown.
      const history = [held(45, 5000), held(0, 4000)];
      expect(trackedReference({ ...plain, pricePence: 4000, history })).toBeNull();
      expect(judgeDealBasis({ ...plain, pricePence: 4000, history })).toBeNull();
      // Re-asserted weekly (gaps of 7 days are within the rule), it is a reference.
      const weekly: PricePoint[] = [held(45, 5000, 3), held(0, 4000)];
      expect(trackedReference({ ...plain, pricePence: 4000, history: weekly })).toEqual({ pricePence: 5000, heldDays: 45 });
    });

    it('a 2023 crawl followed by a 2026 price says nothing about the years between', () => {
      const crawl = { pricePence: 5000, observedAt: new Date('2023-06-01T00:00:00Z'), confirmedAt: null };
      const history = [crawl, held(0, 4000)];
      expect(judgeDealBasis({ ...plain, pricePence: 4000, history })).toBeNull();
    });
  });

  describe('stale feed prices', () => {
    const oldAsOf = ago(8);
    it('a feed price confirmed more than 7 days ago is stale and never a deal, even with a list price', () => {
      const inputs = {
        ...plain,
        pricePence: 8000,
        listPricePence: 10000,
        history: daily([60, 10000], [20, 8000]),
        priceAsOf: oldAsOf,
        priceSource: 'csv',
      };
      expect(isStaleFeedPrice({ priceAsOf: oldAsOf, priceSource: 'csv' }, now)).toBe(true);
      expect(judgeDealBasis(inputs)).toBeNull();
      expect(trackedReference(inputs)).toBeNull();
    });
    it('7 days is still current; the age is configurable; Amazon data is not judged stale here', () => {
      expect(isStaleFeedPrice({ priceAsOf: ago(7), priceSource: 'csv' }, now)).toBe(false);
      expect(isStaleFeedPrice({ priceAsOf: ago(2), priceSource: 'csv' }, now, 1)).toBe(true);
      expect(isStaleFeedPrice({ priceAsOf: ago(30), priceSource: 'creators-api' }, now)).toBe(false);
    });
  });

  it('property: any basis shows a whole percent ≥ 1 and the current price is below its reference', () => {
    const point = fc.record({
      daysAgo: fc.double({ min: 0, max: 200, noNaN: true }),
      pricePence: fc.integer({ min: 1, max: 20000 }),
      confirmedDaysLater: fc.option(fc.double({ min: 0, max: 100, noNaN: true })),
    });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 8 }), fc.integer({ min: 1, max: 20000 }), (points, price) => {
        const history = points.map((p) => ({
          pricePence: p.pricePence,
          observedAt: ago(p.daysAgo),
          confirmedAt: p.confirmedDaysLater === null ? null : ago(Math.max(0, p.daysAgo - p.confirmedDaysLater)),
        }));
        const basis = judgeDealBasis({ ...plain, pricePence: price, history });
        if (basis === null) return;
        expect(Number.isInteger(basis.percent) && basis.percent >= 1).toBe(true);
        expect(history.some((p) => p.pricePence > price)).toBe(true);
      }),
    );
  });
});

describe('evidence segments and the time-weighted median', () => {
  it('is the price held for half the window', () => {
    const t = now.getTime();
    const segments = segmentsInWindow(daily([40, 1000], [20, 3000], [4, 2000]), t - 30 * DAY, t);
    expect(segments.map((s) => s.pricePence)).toEqual([1000, 3000, 2000]);
    // 1000 for 10 days, 3000 for 16, 2000 for 4: sorted by price, half of 30 days is reached at 3000.
    expect(timeWeightedMedian(segments)).toBe(3000);
  });

  it('marks unknown time as a gap before the next price', () => {
    const t = now.getTime();
    const segments = segmentsInWindow([held(25, 1000, 20), held(10, 2000, 0)], t - 30 * DAY, t);
    expect(segments.map((s) => [s.pricePence, s.gapBefore])).toEqual([
      [1000, true],
      [2000, true],
    ]);
  });
});
