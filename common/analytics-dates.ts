/**
 * Dates of the owners' analytics (admin-area §2 "Clicks tab" date filter, §7 `startDate`/`endDate`;
 * issue 13), isomorphic: the web app computes the presets, the server turns the dates into
 * instants. Every calendar day is a Europe/London day (GMT in winter, BST in summer), computed with
 * date-fns and @date-fns/tz, so "Today" is the owners' today on both sides of a clock change.
 *
 * Dates travel as ISO 8601 calendar dates `YYYY-MM-DD` (a whole London day; `endDate` inclusive).
 * The server also accepts ISO date-times with an offset (exact instants; `endDate` inclusive).
 */
import { TZDate, tz } from '@date-fns/tz';
import { addDays, addYears, format, startOfDay, startOfMonth, startOfYear, subDays, subMonths, endOfMonth } from 'date-fns';

export const ANALYTICS_TIME_ZONE = 'Europe/London';
const inLondon = tz(ANALYTICS_TIME_ZONE);

/** The date filter's presets, in the spec's order (admin-area §2). `all` is All Time (no dates). */
export const DATE_PRESETS = [
  { key: 'all', label: 'All Time' },
  { key: 'today', label: 'Today' },
  { key: 'yesterday', label: 'Yesterday' },
  { key: 'last7', label: 'Last 7 Days' },
  { key: 'last30', label: 'Last 30 Days' },
  { key: 'thisMonth', label: 'This Month' },
  { key: 'lastMonth', label: 'Last Month' },
  { key: 'thisYear', label: 'This Year' },
] as const;

export type DatePresetKey = (typeof DATE_PRESETS)[number]['key'];

/** A date range as the API takes it: London calendar dates, both inclusive; absent = unbounded. */
export interface DateRange {
  startDate?: string;
  endDate?: string;
}

/** The London calendar date (`YYYY-MM-DD`) of an instant. */
export function londonDate(instant: Date | number): string {
  return format(new TZDate(typeof instant === 'number' ? instant : instant.getTime(), ANALYTICS_TIME_ZONE), 'yyyy-MM-dd');
}

/** The instant a London calendar date (`YYYY-MM-DD`) begins (00:00 London time). */
export function londonDayStart(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, ANALYTICS_TIME_ZONE).getTime());
}

/** The instant the London day after `date` begins: the exclusive end of an inclusive `endDate`. */
export function londonDayEnd(date: string): Date {
  return new Date(addDays(londonDayStart(date), 1, { in: inLondon }).getTime());
}

/** `date` plus `years` calendar years, in London (for the 5-year limit). */
export function addLondonYears(instant: Date, years: number): Date {
  return new Date(addYears(instant, years, { in: inLondon }).getTime());
}

/** The London date `days` before (negative: after) the London date of `now`. */
function daysAgo(now: Date, days: number): string {
  return format(subDays(startOfDay(now, { in: inLondon }), days, { in: inLondon }), 'yyyy-MM-dd', { in: inLondon });
}

/**
 * The dates of a preset at `now`, London days (admin-area §2): Today; Yesterday; Last 7 and Last 30
 * Days (today included); This Month and This Year (to today); Last Month (its first to its last
 * day); All Time = no dates.
 */
export function presetRange(key: DatePresetKey, now: Date = new Date()): DateRange {
  const day = (d: Date) => format(d, 'yyyy-MM-dd', { in: inLondon });
  const today = daysAgo(now, 0);
  switch (key) {
    case 'all':
      return {};
    case 'today':
      return { startDate: today, endDate: today };
    case 'yesterday': {
      const yesterday = daysAgo(now, 1);
      return { startDate: yesterday, endDate: yesterday };
    }
    case 'last7':
      return { startDate: daysAgo(now, 6), endDate: today };
    case 'last30':
      return { startDate: daysAgo(now, 29), endDate: today };
    case 'thisMonth':
      return { startDate: day(startOfMonth(now, { in: inLondon })), endDate: today };
    case 'lastMonth': {
      const previous = subMonths(startOfMonth(now, { in: inLondon }), 1, { in: inLondon });
      return { startDate: day(previous), endDate: day(endOfMonth(previous, { in: inLondon })) };
    }
    case 'thisYear':
      return { startDate: day(startOfYear(now, { in: inLondon })), endDate: today };
  }
}

/** The last `days` London days up to and including today (the clicks-per-day chart's periods). */
export function lastDaysRange(days: number, now: Date = new Date()): DateRange {
  return { startDate: daysAgo(now, days - 1), endDate: daysAgo(now, 0) };
}

/** The range as file-name text: `2026-03-01_to_2026-03-31`, `from_…`, `to_…` or `all-time`. */
export function rangeFileLabel(range: DateRange): string {
  const clean = (s: string) => s.replace(/[^0-9A-Za-z-]+/g, '-').replace(/-+$/, '');
  if (range.startDate && range.endDate) return `${clean(range.startDate)}_to_${clean(range.endDate)}`;
  if (range.startDate) return `from_${clean(range.startDate)}`;
  if (range.endDate) return `to_${clean(range.endDate)}`;
  return 'all-time';
}

/** A query string of a range (`?startDate=…&endDate=…`, or '' for All Time). */
export function rangeQuery(range: DateRange, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  if (range.startDate) params.set('startDate', range.startDate);
  if (range.endDate) params.set('endDate', range.endDate);
  for (const [k, v] of Object.entries(extra)) if (v !== undefined && v !== '') params.set(k, v);
  const text = params.toString();
  return text ? `?${text}` : '';
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * Why a custom range (London dates, both inclusive) cannot be asked for, in words for the owner, or
 * null when it can: both dates real, From not after To, at most 5 years (as the server checks).
 */
export function customRangeProblem(from: string, to: string): string | null {
  const real = (d: string) => CALENDAR_DATE.test(d) && dateOfDay(dayNumber(d)) === d;
  if (!real(from)) return 'Enter a From date.';
  if (!real(to)) return 'Enter a To date.';
  if (to < from) return 'The To date must not be before the From date.';
  if (londonDayEnd(to).getTime() > addLondonYears(londonDayStart(from), 5).getTime()) return 'A range can be at most 5 years.';
  return null;
}

/** The period of equal length just before a range of London dates (null for All Time or an open range). */
export function previousRange(range: DateRange): DateRange | null {
  if (!range.startDate || !range.endDate) return null;
  const length = dayNumber(range.endDate) - dayNumber(range.startDate) + 1;
  return { startDate: dateOfDay(dayNumber(range.startDate) - length), endDate: dateOfDay(dayNumber(range.startDate) - 1) };
}
