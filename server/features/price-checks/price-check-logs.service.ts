/**
 * The price-check history (admin-area §2 "Price Check History", §3 "Price check log", §9 "Price
 * check logs shown 10"; issue 12 part 2): pages of at most 10 runs, each with at most
 * LOG_DETAILS_SHOWN per-product lines as JSON text (the spec's shape), and the per-day outcome
 * counts of the chart (Europe/London days, days without runs as zeros).
 */
import {
  LOG_DETAILS_SHOWN,
  type PriceCheckLog,
  type PriceCheckLogsResponse,
  type PriceCheckOutcomeDay,
} from '../../../common/api/price-checks.schema';
import type { Db } from '../../db/client';
import { outcomesByDay, priceCheckLogPage } from './price-check-logs.queries';
import { millisecondsInDay as DAY_MS } from 'date-fns/constants';

/** Page `page` (from 1) of `limit` logs, newest first. Throws what the database throws. */
export async function priceCheckLogsPage(db: Db, page: number, limit: number): Promise<PriceCheckLogsResponse> {
  const { rows, total } = await priceCheckLogPage(db, (page - 1) * limit, limit, LOG_DETAILS_SHOWN);
  return {
    logs: rows.map((row): PriceCheckLog => ({
      id: row.id,
      triggerType: row.trigger_type as PriceCheckLog['triggerType'],
      checkedAt: new Date(row.checked_at).toISOString(),
      alertsChecked: row.alerts_checked,
      successfulChecks: row.successful_checks,
      failedChecks: row.failed_checks,
      sourceCalls: row.source_calls,
      details: JSON.stringify(row.details),
      detailsTotal: row.details_total,
    })),
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
  };
}

/** The calendar date (YYYY-MM-DD) of `at` in Europe/London. */
export function londonDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The `days` London dates ending with `now`'s, oldest first. */
export function londonDays(now: Date, days: number): string[] {
  const [y, m, d] = londonDate(now).split('-').map(Number) as [number, number, number];
  const today = Date.UTC(y, m - 1, d);
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** Outcomes per day over the last `days` London days (today included), oldest first, zeros where no run. */
export async function priceCheckOutcomes(db: Db, days: number, now: Date): Promise<PriceCheckOutcomeDay[]> {
  const dates = londonDays(now, days);
  const rows = await outcomesByDay(db, new Date(now.getTime() - (days + 1) * DAY_MS));
  const byDate = new Map(rows.map((r) => [r.date, r]));
  return dates.map((date) => {
    const row = byDate.get(date);
    return { date, drops: row?.drops ?? 0, increases: row?.increases ?? 0, unchanged: row?.unchanged ?? 0, failures: row?.failures ?? 0 };
  });
}
