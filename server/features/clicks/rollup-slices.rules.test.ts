/**
 * Which roll-up rows cover a range (rollup-slices.rules.ts; migration 0026, decision 0028): the
 * bench's presets on data from 2024-11-28 to 2026-11-27 read one slice (one row per key) where the
 * roll-ups hold one, and every other range reads each day exactly once.
 */
import { describe, expect, it } from 'vitest';
import { ALL_TIME_DAY, rollupPlan, type RollupPart } from './rollup-slices.rules';

const bounds = { first: '2024-11-28', last: '2026-11-27' };
const plan = (from: string | null, to: string | null) => rollupPlan('click_email', from, to, bounds);

/** Every London day a plan's parts cover (a week, month or year row stands for each of its days). */
function daysCovered(parts: RollupPart[]): string[] {
  const days: string[] = [];
  for (const p of parts) {
    const grain = p.dimension.slice('click_email'.length);
    for (let t = Date.parse(`${p.from}T00:00:00Z`); t <= Date.parse(`${p.to}T00:00:00Z`); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      const monday = new Date(t).getUTCDay() === 1;
      if (
        grain === '' ||
        (grain === '@week' && monday) ||
        (grain === '@month' && day.endsWith('-01')) ||
        (grain === '@year' && day.endsWith('-01-01'))
      ) {
        const end =
          grain === ''
            ? day
            : grain === '@week'
              ? new Date(t + 6 * 86_400_000).toISOString().slice(0, 10)
              : grain === '@month'
                ? new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).toISOString().slice(0, 10)
                : `${day.slice(0, 4)}-12-31`;
        for (let d = t; d <= Date.parse(`${end}T00:00:00Z`); d += 86_400_000) days.push(new Date(d).toISOString().slice(0, 10));
      }
    }
  }
  return days;
}

/** Every London day from `from` to `to`, both included. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** The days a plan adds less those it takes away (`subtract`), within the data's bounds, sorted; a day counted twice fails. */
function netDays(parts: RollupPart[], within: { first: string; last: string } = bounds): string[] {
  const count = new Map<string, number>();
  for (const p of parts) {
    for (const day of daysCovered([{ dimension: p.dimension, from: p.from, to: p.to }])) {
      if (day < within.first || day > within.last) continue;
      count.set(day, (count.get(day) ?? 0) + (p.subtract ? -1 : 1));
    }
  }
  for (const [day, n] of count) if (n !== 0 && n !== 1) throw new Error(`${day} counted ${n} times`);
  return [...count]
    .filter(([, n]) => n === 1)
    .map(([day]) => day)
    .sort();
}

describe('rollupPlan', () => {
  it('reads one slice for All Time, This Year, This Month, Last Month, Today and Yesterday', () => {
    expect(plan(null, null)).toEqual({ parts: [{ dimension: 'click_email@all', from: ALL_TIME_DAY, to: ALL_TIME_DAY }], slices: 1 });
    // A range past both ends of the data is All Time too.
    expect(plan('2020-01-01', '2030-12-31').parts[0]?.dimension).toBe('click_email@all');
    expect(plan('2026-01-01', '2026-11-27')).toEqual({
      parts: [{ dimension: 'click_email@year', from: '2026-01-01', to: '2026-01-01' }],
      slices: 1,
    });
    expect(plan('2026-11-01', '2026-11-27')).toEqual({
      parts: [{ dimension: 'click_email@month', from: '2026-11-01', to: '2026-11-01' }],
      slices: 1,
    });
    expect(plan('2026-10-01', '2026-10-31')).toEqual({
      parts: [{ dimension: 'click_email@month', from: '2026-10-01', to: '2026-10-01' }],
      slices: 1,
    });
    expect(plan('2026-11-27', '2026-11-27')).toEqual({
      parts: [{ dimension: 'click_email', from: '2026-11-27', to: '2026-11-27' }],
      slices: 1,
    });
    expect(plan('2026-11-26', '2026-11-26')).toEqual({
      parts: [{ dimension: 'click_email', from: '2026-11-26', to: '2026-11-26' }],
      slices: 1,
    });
  });

  it('groups day, week, month and year rows for other ranges, each day once', () => {
    // Last 7 Days (Saturday 21 to Friday 27 November, the data's last day): the weekend's two day
    // rows, then the week from Monday 23 (its days after the 27th hold nothing yet).
    expect(plan('2026-11-21', '2026-11-27')).toEqual({
      parts: [
        { dimension: 'click_email', from: '2026-11-21', to: '2026-11-22' },
        { dimension: 'click_email@week', from: '2026-11-23', to: '2026-11-23' },
      ],
      slices: 3,
    });
    expect(plan('2026-10-29', '2026-11-27')).toEqual({
      parts: [
        { dimension: 'click_email', from: '2026-10-29', to: '2026-10-31' },
        { dimension: 'click_email@month', from: '2026-11-01', to: '2026-11-01' },
      ],
      slices: 4,
    });
    // Saturday 15 February 2025 to Tuesday 10 March 2026: the weekend's days, two weeks (the second
    // less 1–2 March, which March's month row holds), the months, then 1 March, a week and two days.
    const custom = plan('2025-02-15', '2026-03-10');
    expect(custom.parts).toEqual([
      { dimension: 'click_email', from: '2025-02-15', to: '2025-02-16' },
      { dimension: 'click_email@week', from: '2025-02-17', to: '2025-02-24' },
      { dimension: 'click_email', from: '2025-03-01', to: '2025-03-02', subtract: true },
      { dimension: 'click_email@month', from: '2025-03-01', to: '2026-02-01' },
      { dimension: 'click_email', from: '2026-03-01', to: '2026-03-01' },
      { dimension: 'click_email@week', from: '2026-03-02', to: '2026-03-02' },
      { dimension: 'click_email', from: '2026-03-09', to: '2026-03-10' },
    ]);
    expect(custom.slices).toBe(2 + 2 + 2 + 12 + 1 + 1 + 2);
    expect(netDays(custom.parts)).toEqual(daysBetween('2025-02-15', '2026-03-10'));
    // Open at the start: the first year row (2024) and the whole of 2025, then the months of 2026 before the end.
    expect(plan(null, '2026-06-30').parts).toEqual([
      { dimension: 'click_email@year', from: '2024-01-01', to: '2025-01-01' },
      { dimension: 'click_email@month', from: '2026-01-01', to: '2026-06-01' },
    ]);
  });

  it('reads a month row less its other days where that is fewer slices than the days (Last 30 Days ending yesterday)', () => {
    // Today (27 November) is read from the raw rows, so the range's days end yesterday: October's
    // last three days, then November's month row less today's day rows (5 slices, not 29).
    const last30 = plan('2026-10-29', '2026-11-26');
    expect(last30).toEqual({
      parts: [
        { dimension: 'click_email', from: '2026-10-29', to: '2026-10-31' },
        { dimension: 'click_email@month', from: '2026-11-01', to: '2026-11-01' },
        { dimension: 'click_email', from: '2026-11-27', to: '2026-11-27', subtract: true },
      ],
      slices: 5,
    });
    expect(netDays(last30.parts)).toEqual(daysBetween('2026-10-29', '2026-11-26'));
    // Both sides of a month taken away; the first month of the data has no days before its first.
    const inner = plan('2026-10-03', '2026-10-28');
    expect(inner.parts).toEqual([
      { dimension: 'click_email@month', from: '2026-10-01', to: '2026-10-01' },
      { dimension: 'click_email', from: '2026-10-01', to: '2026-10-02', subtract: true },
      { dimension: 'click_email', from: '2026-10-29', to: '2026-10-31', subtract: true },
    ]);
    expect(inner.slices).toBe(6);
    const first = plan('2024-11-29', '2024-11-30');
    expect(first.parts).toEqual([{ dimension: 'click_email', from: '2024-11-29', to: '2024-11-30' }]);
    expect(plan('2024-11-29', '2024-11-29').slices).toBe(1);
    // Never more slices than the days themselves, and always exactly the range's days.
    for (const [from, to] of [
      ['2026-11-21', '2026-11-26'],
      ['2026-09-16', '2026-10-15'],
      ['2025-12-20', '2026-01-19'],
      ['2024-11-28', '2024-12-30'],
      ['2026-02-02', '2026-02-27'],
    ] as const) {
      const p = plan(from, to);
      expect(p.slices, `${from}..${to}`).toBeLessThanOrEqual(daysBetween(from, to).length);
      expect(netDays(p.parts), `${from}..${to}`).toEqual(daysBetween(from, to));
    }
  });

  it('reads Last 7 Days in 1 to 5 slices by weekday (not 7), and any range as exactly its days in no more slices than days', () => {
    // Ending on the data's last day, the week holding it is one slice whatever its later days. Ending
    // on a Sunday the range is that whole week; ending on weekday d (Monday = 1 … Saturday = 6), the
    // 7 − d days before the week's Monday are day slices, or the week before less its d other days.
    const slicesByWeekday: number[] = [];
    for (let shift = 0; shift < 7; shift++) {
      const last = new Date(Date.parse('2026-11-27T00:00:00Z') - shift * 86_400_000).toISOString().slice(0, 10);
      const weekAgo = new Date(Date.parse(`${last}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
      const dataToLast = { first: bounds.first, last };
      const p = rollupPlan('click_email', weekAgo, last, dataToLast);
      expect(netDays(p.parts, dataToLast), `Last 7 Days to ${last}`).toEqual(daysBetween(weekAgo, last));
      slicesByWeekday[new Date(`${last}T00:00:00Z`).getUTCDay()] = p.slices;
    }
    // Sunday, Monday … Saturday: 1, then 1 + min(7 − d, 1 + d).
    expect(slicesByWeekday).toEqual([1, 3, 4, 5, 4, 3, 2]);
    // Every range of up to 70 days starting on each of 40 days around a month end and a year end.
    for (const start of ['2026-09-20', '2025-12-10']) {
      for (let a = 0; a < 40; a++) {
        for (const length of [1, 2, 5, 7, 8, 13, 14, 20, 27, 30, 31, 45, 70]) {
          const from = new Date(Date.parse(`${start}T00:00:00Z`) + a * 86_400_000).toISOString().slice(0, 10);
          const to = new Date(Date.parse(`${from}T00:00:00Z`) + (length - 1) * 86_400_000).toISOString().slice(0, 10);
          const p = plan(from, to);
          const expected = daysBetween(from, to < bounds.last ? to : bounds.last);
          expect(netDays(p.parts), `${from}..${to}`).toEqual(expected);
          expect(p.slices, `${from}..${to}`).toBeLessThanOrEqual(expected.length);
        }
      }
    }
  });

  it('reads nothing outside the data or without rows', () => {
    expect(plan('2027-01-01', null)).toEqual({ parts: [], slices: 0 });
    expect(plan(null, '2024-11-27')).toEqual({ parts: [], slices: 0 });
    expect(rollupPlan('click_email', null, null, null)).toEqual({ parts: [], slices: 0 });
  });
});
