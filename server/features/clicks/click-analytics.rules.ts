/**
 * Pure rules of the click analytics (issue 13): London day numbers and wall-clock times.
 */
import { londonDate } from '../../../common/analytics-dates';
import { millisecondsInDay as DAY_MS, millisecondsInHour as HOUR_MS } from 'date-fns/constants';

/** London day numbers by UTC hour from 2000 to 2060, filled on first use (a London day is whole UTC hours). */
const BASE_HOUR = Date.UTC(2000, 0, 1) / HOUR_MS;
const hourDays = new Int32Array(60 * 366 * 24);

/** Days since 1970-01-01 of the London calendar date of `ms` (Europe/London, through @date-fns/tz). */
export function londonDayNumber(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  const slot = hour - BASE_HOUR;
  if (slot < 0 || slot >= hourDays.length) return Date.parse(londonDate(ms)) / DAY_MS;
  let day = hourDays[slot] as number;
  if (day === 0) {
    day = Date.parse(londonDate(hour * HOUR_MS)) / DAY_MS;
    hourDays[slot] = day;
  }
  return day;
}

/** Europe/London's offset from UTC (ms) by UTC hour from 2000, filled on first use (offsets change on whole hours). */
const hourOffsets = new Float64Array(60 * 366 * 24).fill(NaN);
const offsetFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'longOffset' });

function londonOffsetMs(ms: number): number {
  const slot = Math.floor(ms / HOUR_MS) - BASE_HOUR;
  const cached = slot >= 0 && slot < hourOffsets.length ? (hourOffsets[slot] as number) : NaN;
  if (!Number.isNaN(cached)) return cached;
  // "GMT" or "GMT+01:00"
  const name = offsetFormat.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const offset = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
  if (slot >= 0 && slot < hourOffsets.length) hourOffsets[slot] = offset;
  return offset;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * `25/10/2026 01:30:00`: the Europe/London wall-clock time of `ms`, en-GB, for the CSV exports.
 * One Intl call per hour (cached), so a million rows format in well under a second.
 */
export function londonWallClock(ms: number): string {
  const d = new Date(ms + londonOffsetMs(ms));
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/** `YYYY-MM-DD` of a London day number. */
export function dayNumberDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
