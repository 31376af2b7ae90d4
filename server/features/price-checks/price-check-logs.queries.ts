/**
 * SQL of the price-check history (admin-area §2 "Price Check History", §3 "Price check log", §9;
 * issue 12 part 2): one page of logs with at most N per-product lines each (a run keeps at most
 * LOG_LINES_KEPT since migration 0030; older logs hold one per product: never sent whole) and the
 * number of products each judged, and per-day outcome counts for the chart (the runs' own counts).
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';

type Queryable = Db | Tx;

export interface PriceCheckLogPageRow {
  id: number;
  trigger_type: string;
  checked_at: Date | string;
  alerts_checked: number;
  successful_checks: number;
  failed_checks: number;
  source_calls: number;
  /** At most `detailsShown` lines: failures first, then by the size of the change. */
  details: unknown[];
  details_total: number;
}

/** Logs `offset`…`offset + limit` (newest first) with their first `detailsShown` detail lines, and the number of logs. */
export async function priceCheckLogPage(
  db: Queryable,
  offset: number,
  limit: number,
  detailsShown: number,
): Promise<{ rows: PriceCheckLogPageRow[]; total: number }> {
  const rows = rowsOf<PriceCheckLogPageRow>(
    await db.execute(sql`
      select l.id::int as id, l.trigger_type, l.checked_at, l.alerts_checked, l.successful_checks, l.failed_checks, l.source_calls,
        l.products_checked as details_total,
        coalesce((
          select jsonb_agg(d.line order by d.failed desc, d.size desc nulls last, d.n)
          from (
            select e.line, e.n, coalesce((e.line->>'success')::boolean, false) = false as failed,
              abs((e.line->>'priceChangePercent')::numeric) as size
            from jsonb_array_elements(case when jsonb_typeof(l.details) = 'array' then l.details else '[]'::jsonb end)
              with ordinality as e(line, n)
            order by failed desc, size desc nulls last, e.n
            limit ${detailsShown}
          ) d
        ), '[]'::jsonb) as details
      from price_check_logs l
      order by l.checked_at desc, l.id desc
      offset ${offset} limit ${limit}`),
  );
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from price_check_logs`));
  return { rows, total: count?.n ?? 0 };
}

export interface OutcomeDayRow {
  date: string;
  drops: number;
  increases: number;
  unchanged: number;
  failures: number;
}

/**
 * Per-product outcomes of the runs since `since`, by Europe/London day: failed products, drops
 * (priceChange < 0), increases (> 0) and the rest (unchanged, or the first look at a price), summed
 * from each run's counts (migration 0030: one row per run read, however many products it judged).
 */
export async function outcomesByDay(db: Queryable, since: Date): Promise<OutcomeDayRow[]> {
  return rowsOf<OutcomeDayRow>(
    await db.execute(sql`
      select to_char((l.checked_at at time zone 'Europe/London')::date, 'YYYY-MM-DD') as date,
        sum(l.products_failed)::int as failures,
        sum(l.price_drops)::int as drops,
        sum(l.price_increases)::int as increases,
        sum(l.prices_unchanged)::int as unchanged
      from price_check_logs l
      where l.checked_at >= ${since.toISOString()}::timestamptz
      group by 1
      order by 1`),
  );
}
