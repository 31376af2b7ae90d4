/** Price history for the product page chart (DESIGN.md §4 "Honest prices"). */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { formatAxisPrice, priceAxis, summariseHistory, toChartPoints, withPriceUntilNow } from './price-history.rules';

const history = [
  { price: '39.99', observedAt: '2026-10-10T04:00:00Z' },
  { price: '37.99', observedAt: '2026-09-25T07:00:00Z' },
  { price: 'n/a', observedAt: '2026-10-01T00:00:00Z' },
  { price: '24.99', observedAt: '2026-11-15T11:00:00Z' },
];

describe('toChartPoints and summariseHistory', () => {
  it('sorts observations oldest first in pence and drops unreadable ones', () => {
    expect(toChartPoints(history).map((p) => p.pence)).toEqual([3799, 3999, 2499]);
  });

  it('names the lowest, highest and first observations', () => {
    const summary = summariseHistory(toChartPoints(history));
    expect(summary?.lowest.pence).toBe(2499);
    expect(summary?.highest.pence).toBe(3999);
    expect(new Date(summary?.first.t ?? 0).toISOString()).toBe('2026-09-25T07:00:00.000Z');
    expect(summary?.observations).toBe(3);
    expect(summariseHistory([])).toBeNull();
  });

  it('carries the last price up to now, marked as not an observation', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    const drawn = withPriceUntilNow(toChartPoints(history), now);
    expect(drawn.at(-1)).toEqual({ t: now, pence: 2499, extended: true });
    expect(drawn.filter((p) => !p.extended)).toHaveLength(3);
  });
});

describe('priceAxis', () => {
  it('uses round steps with room above and below', () => {
    expect(priceAxis(2499, 3999)).toEqual({ domain: [2000, 4500], ticks: [2000, 2500, 3000, 3500, 4000, 4500] });
    expect(formatAxisPrice(2500)).toBe('£25');
    expect(formatAxisPrice(1250)).toBe('£12.50');
  });

  it('holds every price, never goes below £0 and keeps a handful of ticks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 0, max: 100_000 }), (low, spread) => {
        const high = low + spread;
        const { domain, ticks } = priceAxis(low, high);
        expect(domain[0]).toBeGreaterThanOrEqual(0);
        expect(domain[0]).toBeLessThan(low);
        expect(domain[1]).toBeGreaterThan(high);
        expect(ticks[0]).toBe(domain[0]);
        expect(ticks.at(-1)).toBe(domain[1]);
        expect(ticks.length).toBeLessThanOrEqual(8);
      }),
    );
  });
});
