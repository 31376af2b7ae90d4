/**
 * London days of the analytics date filter (issue 13; admin-area §2): the presets at fixed
 * instants around midnight and both clock changes of 2026, whatever the machine's own time zone.
 */
import { describe, expect, it } from 'vitest';
import {
  customRangeProblem,
  lastDaysRange,
  londonDate,
  londonDayEnd,
  londonDayStart,
  presetRange,
  previousRange,
  rangeFileLabel,
  rangeQuery,
} from './analytics-dates';

describe('London days', () => {
  it('a day is 23 hours on 29 March 2026 and 25 hours on 25 October 2026', () => {
    expect(londonDayStart('2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(londonDayEnd('2026-03-29').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(londonDayStart('2026-10-25').toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(londonDayEnd('2026-10-25').toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });

  it('the London date of an instant', () => {
    expect(londonDate(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(londonDate(new Date('2026-01-31T23:30:00Z'))).toBe('2026-01-31');
    expect(londonDate(new Date('2026-10-25T00:30:00Z'))).toBe('2026-10-25');
  });
});

describe('presets', () => {
  it('just after midnight on 1 March (GMT)', () => {
    const now = new Date('2026-03-01T00:30:00Z');
    expect(presetRange('all', now)).toEqual({});
    expect(presetRange('today', now)).toEqual({ startDate: '2026-03-01', endDate: '2026-03-01' });
    expect(presetRange('yesterday', now)).toEqual({ startDate: '2026-02-28', endDate: '2026-02-28' });
    expect(presetRange('last7', now)).toEqual({ startDate: '2026-02-23', endDate: '2026-03-01' });
    expect(presetRange('last30', now)).toEqual({ startDate: '2026-01-31', endDate: '2026-03-01' });
    expect(presetRange('thisMonth', now)).toEqual({ startDate: '2026-03-01', endDate: '2026-03-01' });
    expect(presetRange('lastMonth', now)).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(presetRange('thisYear', now)).toEqual({ startDate: '2026-01-01', endDate: '2026-03-01' });
  });

  it('23:30 UTC on 30 June is already 1 July in London (BST)', () => {
    const now = new Date('2026-06-30T23:30:00Z');
    expect(presetRange('today', now)).toEqual({ startDate: '2026-07-01', endDate: '2026-07-01' });
    expect(presetRange('thisMonth', now)).toEqual({ startDate: '2026-07-01', endDate: '2026-07-01' });
    expect(presetRange('lastMonth', now)).toEqual({ startDate: '2026-06-01', endDate: '2026-06-30' });
    expect(lastDaysRange(7, now)).toEqual({ startDate: '2026-06-25', endDate: '2026-07-01' });
  });

  it('across the clock changes', () => {
    expect(presetRange('yesterday', new Date('2026-03-30T00:30:00Z'))).toEqual({ startDate: '2026-03-29', endDate: '2026-03-29' });
    expect(presetRange('last7', new Date('2026-10-25T23:30:00Z'))).toEqual({ startDate: '2026-10-19', endDate: '2026-10-25' });
    expect(presetRange('today', new Date('2026-10-24T23:30:00Z'))).toEqual({ startDate: '2026-10-25', endDate: '2026-10-25' });
  });

  it('file labels and query strings', () => {
    expect(rangeFileLabel({})).toBe('all-time');
    expect(rangeFileLabel({ startDate: '2026-03-01', endDate: '2026-03-31' })).toBe('2026-03-01_to_2026-03-31');
    expect(rangeFileLabel({ startDate: '2026-03-29T00:00:00Z' })).toBe('from_2026-03-29T00-00-00Z');
    expect(rangeQuery({ startDate: '2026-03-01', endDate: '2026-03-31' }, { email: 'a b' })).toBe(
      '?startDate=2026-03-01&endDate=2026-03-31&email=a+b',
    );
    expect(rangeQuery({})).toBe('');
  });
});

describe('custom ranges and the period before (issue 29)', () => {
  it('the previous period has the same number of days and ends the day before', () => {
    expect(previousRange({ startDate: '2026-11-03', endDate: '2026-11-09' })).toEqual({ startDate: '2026-10-27', endDate: '2026-11-02' });
    expect(previousRange({ startDate: '2026-03-01', endDate: '2026-03-31' })).toEqual({ startDate: '2026-01-29', endDate: '2026-02-28' });
    expect(previousRange({ startDate: '2026-01-01', endDate: '2026-01-01' })).toEqual({ startDate: '2025-12-31', endDate: '2025-12-31' });
    expect(previousRange({})).toBeNull();
  });

  it('says what is wrong with a custom range in words', () => {
    expect(customRangeProblem('2026-11-03', '2026-11-09')).toBeNull();
    expect(customRangeProblem('', '2026-11-09')).toBe('Enter a From date.');
    expect(customRangeProblem('2026-02-01', '2026-02-30')).toBe('Enter a To date.');
    expect(customRangeProblem('2026-11-09', '2026-11-03')).toBe('The To date must not be before the From date.');
    expect(customRangeProblem('2020-01-01', '2025-01-01')).toBe('A range can be at most 5 years.');
    expect(customRangeProblem('2020-01-01', '2024-12-31')).toBeNull();
  });
});
