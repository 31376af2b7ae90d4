/**
 * SQL of the owners' analytics overview (issue 29 point 8; issue 31; decision 0028): reads of the
 * roll-ups (`analytics_daily`, migration 0020), which triggers on site_visits and product_clicks
 * keep exact, so a read costs the number of roll-up rows in the range, never the number of events,
 * and the server holds nothing between requests. Each dimension is kept by day and by month
 * (`{dimension}@month`, day = the month's first day): a range reads the months it covers whole
 * and the days at its ends, so All Time or This Year reads a few rows per key and month.
 * Days are London calendar dates `YYYY-MM-DD`, both inclusive; null is unbounded.
 */
import { sql } from 'drizzle-orm';
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
