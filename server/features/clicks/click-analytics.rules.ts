/**
 * Pure rules of the click analytics (issue 13): London day numbers, ranking counts, and picking
 * the newest events of an in-memory click index.
 */
import { londonDate } from '../../../common/analytics-dates';
import { Dictionary, nameCollator, type ClickLog } from './click-log';
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

/**
 * Indexes with a count above 0, most first; ties by name A→Z (as `localeCompare`), so lists are
 * stable. Names are `nameOf(i)`, or a dictionary's values (ordered once, {@link Dictionary.collationRanks}).
 */
export function rankCounts(counts: Int32Array, names: ((i: number) => string) | Dictionary): number[] {
  const present: number[] = [];
  for (let i = 0; i < counts.length; i++) if ((counts[i] as number) > 0) present.push(i);
  if (names instanceof Dictionary) {
    const ranks = names.collationRanks();
    return present.sort((a, b) => (counts[b] as number) - (counts[a] as number) || (ranks[a] as number) - (ranks[b] as number));
  }
  return present.sort((a, b) => (counts[b] as number) - (counts[a] as number) || nameCollator.compare(names(a), names(b)));
}

/**
 * The positions of the `limit` newest events (by time, then id) for which `keep` is true, newest
 * first, and how many events `keep` accepts (`total`; only with `count`, else -1). Scans from the
 * end, where the newest rows usually are; without `count`, once `limit` events are kept, it skips
 * every block (`ClickLog.blockMaxAt`) whose events are all older than the oldest kept, so the
 * answer is the same whatever the order of the events.
 */
export function newestPositions(
  log: ClickLog,
  limit: number,
  keep: (i: number) => boolean,
  count = true,
): { positions: number[]; total: number } {
  const kept: number[] = [];
  const newer = (a: number, b: number) => {
    const d = (log.atMs[a] as number) - (log.atMs[b] as number);
    return d !== 0 ? d > 0 : log.idAt(a) > log.idAt(b);
  };
  const size = 2 ** log.blockBits;
  let total = 0;
  for (let block = Math.ceil(log.length / size) - 1; block >= 0; block--) {
    // Skip a block when all of it is older than the oldest kept.
    if (!count && kept.length === limit && (log.blockMaxAt[block] as number) < (log.atMs[kept[limit - 1] as number] as number)) continue;
    const start = block * size;
    for (let i = Math.min(log.length, start + size) - 1; i >= start; i--) {
      if (!keep(i)) continue;
      total++;
      if (kept.length === limit && !newer(i, kept[limit - 1] as number)) continue;
      let at = kept.length === limit ? limit - 1 : kept.length;
      while (at > 0 && newer(i, kept[at - 1] as number)) at--;
      kept.splice(at, 0, i);
      if (kept.length > limit) kept.pop();
    }
  }
  return { positions: kept, total: count ? total : -1 };
}
