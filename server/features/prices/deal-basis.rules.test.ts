/**
 * The deal definition (issue 8 part 1; docs/decisions/0008-deal-definition.md): which prices make a
 * deal, with which basis and card label, and which never do.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { judgeDealBasis, segmentsInWindow, timeWeightedMedian, type PricePoint } from './deal-basis.rules';

const now = new Date('2025-06-30T12:00:00Z');
const DAY = 86_400_000;
const at = (daysAgo: number, pricePence: number): PricePoint => ({ pricePence, observedAt: new Date(now.getTime() - daysAgo * DAY) });
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
    expect(judgeDealBasis({ ...plain, pricePence: 5000, history: [at(200, 5000)] })).toBeNull();
    expect(judgeDealBasis({ ...plain, pricePence: 5000, history: [at(100, 5000), at(10, 5000)] })).toBeNull();
    expect(judgeDealBasis({ ...plain, pricePence: 5000, history: [] })).toBeNull();
  });

  it('a new low over 90 watched days is the lowest in 90 days, percent under the previous low', () => {
    const basis = judgeDealBasis({ ...plain, pricePence: 4000, history: [at(120, 5000), at(60, 6000), at(1, 4000)] });
    expect(basis).toEqual({ kind: 'LOWEST_IN_90_DAYS', percent: 20, label: 'Lowest price in 90 days' });
  });

  it('a new low only within 30 days is the lowest in 30 days', () => {
    // £35 50 days ago, £50 from day 40, £45 now: lowest of the last 30 days, not of 90.
    const basis = judgeDealBasis({ ...plain, pricePence: 4500, history: [at(120, 3500), at(40, 5000), at(1, 4500)] });
    expect(basis).toEqual({ kind: 'LOWEST_IN_30_DAYS', percent: 10, label: 'Lowest price in 30 days' });
  });

  it('a product watched for less than 30 days says so in its label', () => {
    const basis = judgeDealBasis({ ...plain, pricePence: 4000, history: [at(2, 5000), at(0, 4000)] });
    expect(basis).toEqual({ kind: 'LOWEST_IN_30_DAYS', percent: 20, label: 'Lowest price we have tracked' });
  });

  it('back to an earlier low is not a new low, but ≥ 5 % under the 30-day median is a deal', () => {
    // £40 → £50 for 25 days → £40 now: ties the low; the time-weighted median is £50.
    const basis = judgeDealBasis({ ...plain, pricePence: 4000, history: [at(100, 4000), at(25, 5000), at(0, 4000)] });
    expect(basis).toEqual({ kind: 'BELOW_30_DAY_MEDIAN', percent: 20, label: '20% below its 30-day average' });
  });

  it('under 5 % below the median and not a new low is no deal', () => {
    expect(judgeDealBasis({ ...plain, pricePence: 4000, history: [at(100, 4000), at(25, 4150), at(0, 4000)] })).toBeNull();
  });

  it('a price rise is never a deal', () => {
    expect(judgeDealBasis({ ...plain, pricePence: 6000, history: [at(100, 5000), at(1, 6000)] })).toBeNull();
  });

  it('property: any basis shows a whole percent ≥ 1 and the current price is below its reference', () => {
    const point = fc.record({ daysAgo: fc.double({ min: 0, max: 200, noNaN: true }), pricePence: fc.integer({ min: 1, max: 20000 }) });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 8 }), fc.integer({ min: 1, max: 20000 }), (points, price) => {
        const history = points.map((p) => at(p.daysAgo, p.pricePence));
        const basis = judgeDealBasis({ ...plain, pricePence: price, history });
        if (basis === null) return;
        expect(Number.isInteger(basis.percent) && basis.percent >= 1).toBe(true);
        expect(history.some((p) => p.pricePence > price)).toBe(true);
      }),
    );
  });
});

describe('time-weighted median', () => {
  it('is the price held for half the window', () => {
    const t = now.getTime();
    const segments = segmentsInWindow([at(40, 1000), at(20, 3000), at(4, 2000)], t - 30 * DAY, t);
    expect(segments.map((s) => s.pricePence)).toEqual([1000, 3000, 2000]);
    // 1000 for 10 days, 3000 for 16, 2000 for 4: sorted by price, half of 30 days is reached at 3000.
    expect(timeWeightedMedian(segments)).toBe(3000);
  });
});
