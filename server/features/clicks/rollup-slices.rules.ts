/**
 * Which roll-up rows of `analytics_daily` cover a range of London days (decision 0028, migrations
 * 0025, 0026 and 0031): pure date arithmetic, no database. A dimension keeps a row per key and day
 * (`{dimension}`), ISO week (`@week`, day = the Monday, since migration 0031), month (`@month`, day =
 * the month's first day), year (`@year`, day = 1 January) and all time (`@all`, day =
 * {@link ALL_TIME_DAY}, since migration 0026). A range is covered by year rows for its whole years,
 * month rows for its whole months and, for the days left at its ends, the fewest slices of day,
 * week and month rows (a week or month row less its other days where that is fewer: rows marked
 * `subtract`, decisions 0042 and 0043); then clipped to the days the dimension has rows for: an end
 * that reaches past the dimension's first or last day is open (nothing lies beyond it, so the
 * coarse rows at that end hold exactly the range's part), and both ends open read the one
 * all-time row per key.
 *
 * The result lists the runs of rows to read and how many slices (distinct (dimension, day) pairs
 * with possible rows) they span: one slice holds one row per key, so the caller reads it without
 * grouping (All Time, This Year, This Month, Last Month, Today, Yesterday at the bench's data, and
 * Last 7 Days when it ends on a Sunday).
 */

/** The day of every all-time row (migration 0026). */
export const ALL_TIME_DAY = '1970-01-01';

/**
 * A run of roll-up rows: `dimension` with its grain suffix and the `day` column in `[from, to]`
 * (London dates, inclusive). `subtract` marks day rows to take away from a week or month row read
 * in the same plan ({@link rollupPlan}: the cheaper side of a week or month).
 */
export interface RollupPart {
  dimension: string;
  from: string;
  to: string;
  subtract?: true;
}

/** The runs covering a range, and how many (dimension, day) slices they span in all (0: no rows). */
export interface RollupPlan {
  parts: RollupPart[];
  slices: number;
}

/** A dimension's first and last day with a day row (`YYYY-MM-DD`), or null when it has none. */
export type DimensionBounds = { first: string; last: string } | null;

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => dateOf(dayNumber(date) + days);
const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
const yearStart = (date: string) => `${date.slice(0, 4)}-01-01`;
const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const monthEnd = (date: string) => addDays(monthOf(monthIndex(date) + 1), -1);
const monthOf = (index: number) => `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;

type Grain = '' | '@month' | '@year';

/** `[from, to]` (inclusive, from ≤ to) as day rows at the ends and month rows for whole months. */
function monthsAndDays(from: string, to: string): Array<[Grain, string, string]> {
  const first = from.endsWith('-01') ? monthIndex(from) : monthIndex(from) + 1;
  const afterTo = addDays(to, 1);
  const end = afterTo.endsWith('-01') ? monthIndex(afterTo) : monthIndex(to); // exclusive
  if (first >= end) return [['', from, to]];
  const parts: Array<[Grain, string, string]> = [];
  if (from < monthOf(first)) parts.push(['', from, addDays(monthOf(first), -1)]);
  parts.push(['@month', monthOf(first), monthOf(end - 1)]);
  if (monthOf(end) <= to) parts.push(['', monthOf(end), to]);
  return parts;
}

/**
 * The roll-up rows of `dimension` covering London days `[from, to]` (inclusive; null unbounded),
 * given the dimension's {@link DimensionBounds}. Parts hold only days where rows can exist, so an
 * empty plan means no rows, and `slices` counts the (dimension, day) pairs the parts span.
 */
export function rollupPlan(dimension: string, from: string | null, to: string | null, bounds: DimensionBounds): RollupPlan {
  if (!bounds || (from && from > bounds.last) || (to && to < bounds.first) || (from && to && from > to)) return { parts: [], slices: 0 };
  const lo = from && from > bounds.first ? from : null;
  const hi = to && to < bounds.last ? to : null;
  if (!lo && !hi) return { parts: [{ dimension: `${dimension}@all`, from: ALL_TIME_DAY, to: ALL_TIME_DAY }], slices: 1 };
  // Open ends stand for "past the data": the whole first or last year, clipped below.
  const start = lo ?? yearStart(bounds.first);
  const end = hi ?? `${bounds.last.slice(0, 4)}-12-31`;
  const firstYear = start.endsWith('-01-01') ? Number(start.slice(0, 4)) : Number(start.slice(0, 4)) + 1;
  const lastYear = end.endsWith('-12-31') ? Number(end.slice(0, 4)) : Number(end.slice(0, 4)) - 1;
  const raw: Array<[Grain, string, string]> = [];
  if (firstYear > lastYear) raw.push(...monthsAndDays(start, end));
  else {
    const y = (n: number) => `${String(n).padStart(4, '0')}-01-01`;
    if (start < y(firstYear)) raw.push(...monthsAndDays(start, addDays(y(firstYear), -1)));
    raw.push(['@year', y(firstYear), y(lastYear)]);
    if (y(lastYear + 1) <= end) raw.push(...monthsAndDays(y(lastYear + 1), end));
  }
  const parts: RollupPart[] = [];
  let slices = 0;
  for (const [grain, partFrom, partTo] of raw) {
    const align = (day: string) => (grain === '' ? day : grain === '@month' ? monthStart(day) : yearStart(day));
    const f = partFrom > align(bounds.first) ? partFrom : align(bounds.first);
    const t = partTo < align(bounds.last) ? partTo : align(bounds.last);
    if (f > t) continue;
    if (grain === '') {
      const run = dayRuns(dimension, f, t, bounds);
      parts.push(...run.parts);
      slices += run.slices;
      continue;
    }
    parts.push({ dimension: `${dimension}${grain}`, from: f, to: t });
    slices += grain === '@month' ? monthIndex(t) - monthIndex(f) + 1 : Number(t.slice(0, 4)) - Number(f.slice(0, 4)) + 1;
  }
  return { parts, slices };
}

/** A row that stands for several days: a key's week (day = its Monday) or month (day = the 1st). */
type CoarseRow = { grain: '@week' | '@month'; start: number; end: number };

/** The week (Monday to Sunday, ISO 8601, as PostgreSQL's date_trunc('week')) and the month holding day number `day`. */
function coarseRowsOf(day: number): CoarseRow[] {
  const monday = day - ((((day + 3) % 7) + 7) % 7); // 1970-01-01 (day 0) was a Thursday
  const date = dateOf(day);
  return [
    { grain: '@week', start: monday, end: monday + 6 },
    { grain: '@month', start: dayNumber(monthStart(date)), end: dayNumber(monthEnd(date)) },
  ];
}

/**
 * Day rows `[from, to]` (within the bounds) read as the fewest slices (decisions 0042 and 0043):
 * each day by its own row, or a run of them by the row of their week or month less that row's
 * other days with data (rows marked `subtract`). A shortest path over the range's days: from each
 * day, one day row, or the week or month starting there (or holding the range's first day) up to
 * its end or the range's; ties go to day rows, then weeks (fewer keys per slice than a month).
 * Exact, because a week or month row is the sum of its day rows, kept by the same triggers in the
 * same transaction (migrations 0025 and 0031); the bounds make a row's days before the first or
 * after the last day with data hold nothing. Issue 31 at 10M clicks: Last 7 Days read seven day
 * slices of up to 15,113 address rows each; with week rows it reads at most one week and the days
 * before its Monday (or that week less the days after the range).
 */
function dayRuns(dimension: string, from: string, to: string, bounds: { first: string; last: string }): RollupPlan {
  const first = dayNumber(from);
  const last = dayNumber(to);
  const dataFirst = dayNumber(bounds.first);
  const dataLast = dayNumber(bounds.last);
  const n = last - first + 1;
  // best[i]: the cheapest way to cover days first .. first + i - 1, as slices × TIE + the tie-break
  // (1 per week row, 2 per month row: fewer keys per slice read); step[i]: that path's last step.
  const TIE = 1_000; // > 2 × the days of any run (a run lies within two partial months)
  const best: number[] = Array.from({ length: n + 1 }, (_, i) => (i === 0 ? 0 : Infinity));
  const step: Array<{ at: number; row: CoarseRow | null } | undefined> = [];
  const relax = (i: number, cost: number, at: number, row: CoarseRow | null) => {
    if (cost < best[i]!) {
      best[i] = cost;
      step[i] = { at, row };
    }
  };
  /** The row's days with data outside `[day, end]`: taken away when the row is read for those days. */
  const outside = (row: CoarseRow, day: number, end: number) => {
    const before: [number, number] = [Math.max(row.start, dataFirst), day - 1];
    const after: [number, number] = [end + 1, Math.min(row.end, dataLast)];
    return [before, after].filter(([a, b]) => a <= b);
  };
  for (let i = 0; i < n; i++) {
    const day = first + i;
    relax(i + 1, best[i]! + TIE, i, null);
    for (const row of coarseRowsOf(day)) {
      if (row.start !== day && i !== 0) continue;
      const end = Math.min(row.end, last);
      const slices = 1 + outside(row, day, end).reduce((sum, [a, b]) => sum + b - a + 1, 0);
      relax(end - first + 1, best[i]! + slices * TIE + (row.grain === '@week' ? 1 : 2), i, row);
    }
  }
  const path: Array<{ at: number; to: number; row: CoarseRow | null }> = [];
  for (let i = n; i > 0; i = step[i]!.at) path.unshift({ at: step[i]!.at, to: i - 1, row: step[i]!.row });
  const parts: RollupPart[] = [];
  for (const { at, to: end, row } of path) {
    const day = first + at;
    const prev = parts.at(-1);
    if (!row) {
      // Consecutive day rows make one run.
      if (prev && !prev.subtract && prev.dimension === dimension && dayNumber(prev.to) === day - 1) prev.to = dateOf(day);
      else parts.push({ dimension, from: dateOf(day), to: dateOf(day) });
      continue;
    }
    // Consecutive whole weeks make one run of week rows.
    if (prev && !prev.subtract && prev.dimension === `${dimension}@week` && row.grain === '@week' && dayNumber(prev.to) + 7 === row.start)
      prev.to = dateOf(row.start);
    else parts.push({ dimension: `${dimension}${row.grain}`, from: dateOf(row.start), to: dateOf(row.start) });
    for (const [a, b] of outside(row, day, first + end)) parts.push({ dimension, from: dateOf(a), to: dateOf(b), subtract: true });
  }
  return { parts, slices: Math.floor(best[n]! / TIE) };
}
