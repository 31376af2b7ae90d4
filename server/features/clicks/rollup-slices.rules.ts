/**
 * Which roll-up rows of `analytics_daily` cover a range of London days (decision 0028, migrations
 * 0025 and 0026): pure date arithmetic, no database. A dimension keeps a row per key and day
 * (`{dimension}`), month (`@month`, day = the month's first day), year (`@year`, day = 1 January)
 * and, since migration 0026, all time (`@all`, day = {@link ALL_TIME_DAY}). A range is covered by
 * year rows for its whole years, month rows for its whole months and day rows for the rest, and
 * then clipped to the days the dimension has rows for: an end that reaches past the dimension's
 * first or last day is open (nothing lies beyond it, so the coarse rows at that end hold exactly the
 * range's part), and both ends open read the one all-time row per key.
 *
 * Day rows that cover most of a month's days with data are read as the month row less the month's
 * other days (rows marked `subtract`), when that spans fewer slices.
 *
 * The result lists the runs of rows to read and how many slices (distinct (dimension, day) pairs
 * with possible rows) they span: one slice holds one row per key, so the caller reads it without
 * grouping (All Time, This Year, This Month, Last Month, Today, Yesterday at the bench's data).
 */

/** The day of every all-time row (migration 0026). */
export const ALL_TIME_DAY = '1970-01-01';

/**
 * A run of roll-up rows: `dimension` with its grain suffix and the `day` column in `[from, to]`
 * (London dates, inclusive). `subtract` marks day rows to take away from a month row read in the
 * same plan ({@link rollupPlan}: the cheaper side of a month).
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

/**
 * Day rows `[from, to]` (within the bounds) as the cheaper side of each month they touch: the days
 * themselves, or the month row less the month's other days with data, when that reads fewer slices
 * (issue 31, 10M clicks: the 30 days to yesterday read 29 day slices of up to 15,000 address rows
 * each; the current month's part becomes its month row less today). Exact, because a month row is the sum of
 * its day rows, kept by the same triggers in the same transaction (migration 0025); the bounds make
 * a month's missing days (before the first or after the last day with data) hold nothing.
 */
function dayRuns(dimension: string, from: string, to: string, bounds: { first: string; last: string }): RollupPlan {
  const parts: RollupPart[] = [];
  let slices = 0;
  for (let f = from; f <= to; f = addDays(monthEnd(f), 1)) {
    const t = monthEnd(f) < to ? monthEnd(f) : to;
    const dataFrom = monthStart(f) > bounds.first ? monthStart(f) : bounds.first;
    const dataTo = monthEnd(f) < bounds.last ? monthEnd(f) : bounds.last;
    const direct = dayNumber(t) - dayNumber(f) + 1;
    const before = dayNumber(f) - dayNumber(dataFrom);
    const after = dayNumber(dataTo) - dayNumber(t);
    if (1 + before + after >= direct) {
      parts.push({ dimension, from: f, to: t });
      slices += direct;
      continue;
    }
    parts.push({ dimension: `${dimension}@month`, from: monthStart(f), to: monthStart(f) });
    if (before > 0) parts.push({ dimension, from: dataFrom, to: addDays(f, -1), subtract: true });
    if (after > 0) parts.push({ dimension, from: addDays(t, 1), to: dataTo, subtract: true });
    slices += 1 + before + after;
  }
  return { parts, slices };
}
