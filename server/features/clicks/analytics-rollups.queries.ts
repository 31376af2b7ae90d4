/**
 * SQL of the owners' analytics overview (issue 29 point 8; issue 31; decision 0028): reads of the
 * roll-ups (`analytics_daily`, migration 0020), which triggers on site_visits and product_clicks
 * keep exact, so a read costs the number of roll-up rows in the range, never the number of events,
 * and the server holds nothing between requests. Each dimension is kept by day and by month
 * (`{dimension}@month`, day = the month's first day): a range reads the months it covers whole
 * and the days at its ends, so All Time or This Year reads a few rows per key and month.
 * Days are London calendar dates `YYYY-MM-DD`, both inclusive; null is unbounded.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** Summed roll-up figures of one dimension key (or of a day, or of a whole period). */
export interface RollupSums {
  visits: number;
  productVisits: number;
  clickedVisits: number;
  clicks: number;
}

type SumRow = { visits: string | number; product_visits: string | number; clicked_visits: string | number; clicks: string | number };
const sums = (r: SumRow | undefined): RollupSums => ({
  visits: Number(r?.visits ?? 0),
  productVisits: Number(r?.product_visits ?? 0),
  clickedVisits: Number(r?.clicked_visits ?? 0),
  clicks: Number(r?.clicks ?? 0),
});

const dayWhere = (from: string | null, to: string | null) =>
  sql`${from ? sql`and day >= ${from}::date` : sql``} ${to ? sql`and day <= ${to}::date` : sql``}`;

const DAY_MS = 86_400_000;
const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
const nextMonth = (date: string) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * The months wholly inside `[from, to]` as `[first month start, exclusive end month start)`, or
 * null when there is none. Exported for tests.
 */
export function wholeMonths(from: string, to: string): [string, string] | null {
  const first = from.endsWith('-01') ? from : nextMonth(from);
  const end = nextDay(to).endsWith('-01') ? nextDay(to) : monthStart(to);
  return first < end ? [first, end] : null;
}

/** The day rows of `dimension` in `[from, to)` as months where whole (to exclusive; both London dates). */
function monthsAndDays(dimension: string, from: string, toExclusive: string): SQL[] {
  if (from >= toExclusive) return [];
  const to = new Date(Date.parse(`${toExclusive}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  const months = wholeMonths(from, to);
  if (!months) return [sql`(dimension = ${dimension} and day >= ${from}::date and day <= ${to}::date)`];
  const [first, end] = months;
  return [
    sql`(dimension = ${dimension} and day >= ${from}::date and day < ${first}::date)`,
    sql`(dimension = ${`${dimension}@month`} and day >= ${first}::date and day < ${end}::date)`,
    sql`(dimension = ${dimension} and day >= ${end}::date and day < ${toExclusive}::date)`,
  ];
}

/**
 * Rows of `dimension` covering `[from, to]` (London dates, inclusive; null unbounded), for the
 * dimensions of migration 0025 that also keep year rows: year rows for whole years (every year row
 * when both ends are open), then month rows for whole months, day rows for the rest. Pass
 * {@link openEnds}' bounds so a range that reaches past the first or last day with rows reads the
 * coarse rows.
 */
export function rangeRowsByYear(dimension: string, from: string | null, to: string | null): SQL {
  const year = `${dimension}@year`;
  if (!from && !to) return sql`dimension = ${year}`;
  const firstYear = !from ? null : from.endsWith('-01-01') ? Number(from.slice(0, 4)) : Number(from.slice(0, 4)) + 1;
  const lastYear = !to ? null : to.endsWith('-12-31') ? Number(to.slice(0, 4)) : Number(to.slice(0, 4)) - 1;
  if (firstYear !== null && lastYear !== null && firstYear > lastYear) {
    return sql`(${sql.join(monthsAndDays(dimension, from as string, nextDay(to as string)), sql` or `)})`;
  }
  const parts: SQL[] = [
    sql`(dimension = ${year} ${firstYear !== null ? sql`and day >= ${`${firstYear}-01-01`}::date` : sql``}
         ${lastYear !== null ? sql`and day <= ${`${lastYear}-01-01`}::date` : sql``})`,
  ];
  if (from && firstYear !== null) parts.push(...monthsAndDays(dimension, from, `${firstYear}-01-01`));
  if (to && lastYear !== null) parts.push(...monthsAndDays(dimension, `${lastYear + 1}-01-01`, nextDay(to)));
  return sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * `[from, to]` with an end dropped (null) when no row of `dimension` lies beyond it: the coarse
 * rows of the months and years at that end then hold exactly the range's part, so This Year or Last
 * 30 Days read one row per key for the current year or month. One probe of the primary key each end.
 */
export async function openEnds(
  db: Db,
  dimension: string,
  from: string | null,
  to: string | null,
): Promise<{ from: string | null; to: string | null }> {
  if (!from && !to) return { from, to };
  const result = await db.execute(
    sql`select to_char(min(day), 'YYYY-MM-DD') as first, to_char(max(day), 'YYYY-MM-DD') as last from analytics_daily where dimension = ${dimension}`,
  );
  const row = rowsOf<{ first: string | null; last: string | null }>(result)[0];
  if (!row?.first || !row.last) return { from, to };
  return { from: from && from > row.first ? from : null, to: to && to < row.last ? to : null };
}

/** Rows of `dimension` covering `[from, to]`: its month rows for whole months, its day rows for the rest (All Time: every month row). */
export function rangeRows(dimension: string, from: string | null, to: string | null) {
  const month = `${dimension}@month`;
  if (!from && !to) return sql`dimension = ${month}`;
  const months = from && to ? wholeMonths(from, to) : null;
  if (!months) return sql`(dimension = ${dimension} ${dayWhere(from, to)})`;
  const [first, end] = months;
  return sql`((dimension = ${dimension} and day >= ${from}::date and day < ${first}::date)
           or (dimension = ${month} and day >= ${first}::date and day < ${end}::date)
           or (dimension = ${dimension} and day >= ${end}::date and day <= ${to}::date))`;
}

/** The period's totals (dimension 'total'). */
export async function rollupTotals(db: Db, from: string | null, to: string | null): Promise<RollupSums> {
  const result = await db.execute(
    sql`select coalesce(sum(visits), 0) as visits, coalesce(sum(product_visits), 0) as product_visits,
               coalesce(sum(clicked_visits), 0) as clicked_visits, coalesce(sum(clicks), 0) as clicks
        from analytics_daily where ${rangeRows('total', from, to)}`,
  );
  return sums(rowsOf<SumRow>(result)[0]);
}

/** The period's totals per London day that has a roll-up row, oldest first. */
export async function rollupPerDay(db: Db, from: string | null, to: string | null): Promise<Array<RollupSums & { date: string }>> {
  const result = await db.execute(
    sql`select to_char(day, 'YYYY-MM-DD') as date, visits, product_visits, clicked_visits, clicks
        from analytics_daily where dimension = 'total' ${dayWhere(from, to)} order by day`,
  );
  return rowsOf<SumRow & { date: string }>(result).map((r) => ({ date: r.date, ...sums(r) }));
}

/**
 * The `limit` keys of `dimension` ('page' | 'referrer' | 'device') with the most visits in the
 * period (ties: most clicks, then key A→Z), keys with no visits and no clicks left out.
 */
export async function rollupTopKeys(
  db: Db,
  dimension: 'page' | 'referrer' | 'device',
  from: string | null,
  to: string | null,
  limit: number,
): Promise<Array<RollupSums & { key: string }>> {
  const result = await db.execute(
    sql`select key, sum(visits) as visits, sum(product_visits) as product_visits, sum(clicked_visits) as clicked_visits, sum(clicks) as clicks
        from analytics_daily where ${rangeRows(dimension, from, to)}
        group by key having sum(visits) > 0 or sum(clicks) > 0
        order by sum(visits) desc, sum(clicks) desc, key collate "C" limit ${limit}`,
  );
  return rowsOf<SumRow & { key: string }>(result).map((r) => ({ key: r.key, ...sums(r) }));
}
