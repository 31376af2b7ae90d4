/**
 * The owners' analytics overview (issue 29 point 8, as Plausible and Umami show it): a period of
 * London days beside the period of equal length just before it, the visit → product page →
 * click-through funnel, clicks to Amazon, visits and clicks per day, top landing pages, top
 * referring sites and device classes. Everything is read from the daily roll-ups the database keeps
 * (analytics-rollups.queries.ts; decision 0028), so it is exact for rows written by any instance,
 * a bulk load or a restore, and costs the same however many events there are.
 */
import {
  OVERVIEW_TOP_SIZE,
  type AnalyticsOverview,
  type AnalyticsOverviewQuery,
  type PeriodFigures,
} from '../../../common/api/click-analytics.admin.schema';
import { londonDate } from '../../../common/analytics-dates';
import type { Database } from '../../db/client';
import { rollupPerDay, rollupTopKeys, rollupTotals, type RollupSums } from './analytics-rollups.queries';

const DAY_MS = 86_400_000;
/** `YYYY-MM-DD` plus `days` calendar days (dates as calendar values, no time zone involved). */
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

const figures = (s: RollupSums): PeriodFigures => ({ ...s, clickThroughRate: percent(s.clickedVisits, s.visits) });

/**
 * The period a query asks for at `now`: its dates (a start alone runs to London today), and the
 * period of equal length just before it; All Time (no dates) has none before it.
 */
export function overviewPeriods(
  query: AnalyticsOverviewQuery,
  now: Date,
): { from: string | null; to: string | null; previous: { from: string; to: string } | null } {
  if (!query.startDate) return { from: null, to: null, previous: null };
  const from = query.startDate;
  const to = query.endDate ?? londonDate(now);
  const length = daysBetween(from, to) + 1;
  return { from, to, previous: { from: plusDays(from, -length), to: plusDays(from, -1) } };
}

/** `GET /api/admin/analytics-overview`: see {@link AnalyticsOverview}. */
export async function analyticsOverview(database: Database, query: AnalyticsOverviewQuery, now: Date): Promise<AnalyticsOverview> {
  const db = database.db;
  const { from, to, previous } = overviewPeriods(query, now);
  const [current, before, days, pages, referrers, devices] = await Promise.all([
    rollupTotals(db, from, to),
    previous ? rollupTotals(db, previous.from, previous.to) : null,
    rollupPerDay(db, from, to),
    rollupTopKeys(db, 'page', from, to, OVERVIEW_TOP_SIZE),
    rollupTopKeys(db, 'referrer', from, to, OVERVIEW_TOP_SIZE),
    rollupTopKeys(db, 'device', from, to, 10),
  ]);
  // Every day of the range at 0 where nothing happened (All Time: from the first day with data to the last).
  const byDate = new Map(days.map((d) => [d.date, d]));
  const first = from ?? days[0]?.date ?? null;
  const last = to ?? days[days.length - 1]?.date ?? null;
  const perDay: AnalyticsOverview['perDay'] = [];
  if (first && last) {
    for (let d = first; d <= last; d = plusDays(d, 1)) {
      const day = byDate.get(d);
      perDay.push({ date: d, visits: day?.visits ?? 0, clickedVisits: day?.clickedVisits ?? 0, clicks: day?.clicks ?? 0 });
    }
  }
  const ranked = (rows: Array<RollupSums & { key: string }>) =>
    rows.filter((r) => r.visits > 0).map((r) => ({ key: r.key, visits: r.visits, clickedVisits: r.clickedVisits }));
  return {
    range: { startDate: from, endDate: to },
    previousRange: previous ? { startDate: previous.from, endDate: previous.to } : null,
    current: figures(current),
    previous: before ? figures(before) : null,
    perDay,
    topPages: ranked(pages),
    topReferrers: ranked(referrers),
    devices: devices.map((d) => ({ key: d.key, visits: d.visits, clicks: d.clicks })),
  };
}
