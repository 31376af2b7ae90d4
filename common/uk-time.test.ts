/** UK time without Intl (common/uk-time.ts), checked against Intl's Europe/London. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ukDateTime, ukLongDate } from './uk-time';

const LONDON = 'Europe/London';
const long = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: LONDON });
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: LONDON,
});

describe('UK time', () => {
  it('switches to BST at 01:00 GMT on the last Sunday of March and back on the last Sunday of October', () => {
    expect(ukDateTime('2026-03-29T00:59:00Z')).toBe('29 Mar 2026, 00:59');
    expect(ukDateTime('2026-03-29T01:00:00Z')).toBe('29 Mar 2026, 02:00');
    expect(ukDateTime('2026-10-25T00:59:00Z')).toBe('25 Oct 2026, 01:59');
    expect(ukDateTime('2026-10-25T01:00:00Z')).toBe('25 Oct 2026, 01:00');
    expect(ukLongDate(new Date('2026-06-30T23:30:00Z'))).toBe('1 July 2026');
    expect(ukLongDate(new Date('2026-12-31T23:30:00Z'))).toBe('31 December 2026');
    expect(ukDateTime('2026-09-03T12:00:00Z')).toBe('3 Sept 2026, 13:00');
    expect(ukDateTime('not a date')).toBe('not a date');
  });

  it('prints what Intl prints for Europe/London, 1996–2099', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1996-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }),
        (date) => {
          expect(ukLongDate(date)).toBe(long.format(date));
          expect(ukDateTime(date.toISOString())).toBe(dateTime.format(date));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('agrees with Intl on every hour around each changeover, 1996–2099', () => {
    for (let year = 1996; year <= 2099; year += 1) {
      for (const month of [2, 9]) {
        const start = Date.UTC(year, month, 24);
        for (let t = start; t < start + 9 * 24 * 3_600_000; t += 1_800_000) {
          const date = new Date(t);
          expect(ukDateTime(date.toISOString())).toBe(dateTime.format(date));
        }
      }
    }
  });
});
