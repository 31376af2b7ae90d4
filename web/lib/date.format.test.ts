/** en-GB dates and the "as of" rule (shopper-screens §1; DESIGN.md §4 "Honest prices"). */
import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { formatDateTime, formatLongDate, formatShortDate, isPriceStale, priceDisclaimer } from './date.format';

describe('dates', () => {
  it('writes the heading date in en-GB long form', () => {
    expect(formatLongDate(new Date(2026, 10, 21, 12))).toBe('21 November 2026');
    expect(formatShortDate(new Date(2026, 8, 3, 7, 5).toISOString())).toBe('3 Sept 2026');
    expect(formatDateTime(new Date(2026, 0, 9, 7, 5).toISOString())).toBe('9 Jan 2026, 07:05');
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('prints what en-GB Intl.DateTimeFormat prints, in the local time zone, without loading Intl', () => {
    const long = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    const short = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
    const dateTime = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }),
        (date) => {
          expect(formatLongDate(date)).toBe(long.format(date));
          expect(formatShortDate(date.toISOString())).toBe(short.format(date));
          expect(formatDateTime(date.toISOString())).toBe(dateTime.format(date));
        },
      ),
      { numRuns: 2000 },
    );
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
