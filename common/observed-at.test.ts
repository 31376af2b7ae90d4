/** Reading an import's observation time (common/observed-at.ts): the forms accepted, and the rules. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkObservedAt, OBSERVED_AT_RULES, parseObservedAt } from './observed-at';

const iso = (text: string) => parseObservedAt(text)?.toISOString() ?? null;

describe('parseObservedAt', () => {
  it('reads a date as midnight UTC and a date-time in its own zone', () => {
    expect(iso('2023-06-01')).toBe('2023-06-01T00:00:00.000Z');
    expect(iso(' 2023-06-01T09:30Z ')).toBe('2023-06-01T09:30:00.000Z');
    expect(iso('2023-06-01T09:30:15Z')).toBe('2023-06-01T09:30:15.000Z');
    expect(iso('2023-06-01 09:30:15.25+01:00')).toBe('2023-06-01T08:30:15.250Z');
    expect(iso('2023-06-01t09:30:15,5-0230')).toBe('2023-06-01T12:00:15.500Z');
    expect(iso('2024-02-29T23:59:59.999999+00:00')).toBe('2024-02-29T23:59:59.999Z');
  });

  it('refuses what is not an ISO 8601 date or a date-time with its zone, and dates that do not exist', () => {
    for (const text of [
      '',
      'yesterday',
      '01/06/2023',
      '2023-6-1',
      '2023-06-01T09:30', // no zone: a different instant on every machine
      '2023-06-01T09:30:00',
      '20230601',
      '2023-02-29',
      '2023-13-01',
      '2023-06-31',
      '2023-06-01T24:00Z',
      '2023-06-01T09:60Z',
      '2023-06-01T09:30+24:00',
      '2023-06-01T09:30:00Zjunk',
      '0099-01-01',
    ]) {
      expect(parseObservedAt(text), text).toBeNull();
    }
  });

  it('gives back the instant of any ISO string Date prints', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01Z'), max: new Date('2999-12-31Z'), noInvalidDate: true }), (date) => {
        expect(parseObservedAt(date.toISOString())?.getTime()).toBe(date.getTime());
      }),
    );
  });
});

describe('checkObservedAt', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  it('accepts up to 5 minutes past the import clock, and nothing before 1990', () => {
    expect(checkObservedAt('2026-11-27T10:05:00Z', now)).toEqual({ ok: true, value: new Date('2026-11-27T10:05:00Z') });
    expect(checkObservedAt('2026-11-27T10:05:00.001Z', now)).toEqual({ ok: false, rule: OBSERVED_AT_RULES.future });
    expect(checkObservedAt('2027-01-01', now)).toEqual({ ok: false, rule: 'must not be more than 5 minutes in the future' });
    expect(checkObservedAt('1990-01-01', now)).toMatchObject({ ok: true });
    expect(checkObservedAt('1989-12-31T23:59:59Z', now)).toEqual({ ok: false, rule: 'must not be before 1990-01-01' });
    expect(checkObservedAt('June 2023', now)).toEqual({ ok: false, rule: OBSERVED_AT_RULES.format });
  });
});
