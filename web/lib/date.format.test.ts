/** en-GB dates and the "as of" rule (shopper-screens §1; DESIGN.md §4 "Honest prices"). */
import { describe, it, expect } from 'vitest';
import { formatLongDate, isPriceStale, priceDisclaimer } from './date.format';

describe('dates', () => {
  it('writes the heading date in en-GB long form', () => {
    expect(formatLongDate(new Date(2026, 10, 21, 12))).toBe('21 November 2026');
  });
});

describe('isPriceStale', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('shows the time only for prices observed more than an hour ago (or of unknown age)', () => {
    expect(isPriceStale('2026-11-21T11:30:00Z', now)).toBe(false);
    expect(isPriceStale('2026-11-21T11:00:00Z', now)).toBe(false);
    expect(isPriceStale('2026-11-21T10:59:59Z', now)).toBe(true);
    expect(isPriceStale('yesterday', now)).toBe(true);
  });

  it('the disclaimer names the time and says prices may change', () => {
    expect(priceDisclaimer('2026-11-21T10:00:00Z')).toMatch(/^Price as of 21 Nov 2026, \d\d:\d\d\. .*subject to change\.$/);
  });
});
