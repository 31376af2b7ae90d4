/**
 * Dates and times in UK time (Europe/London), en-GB, wherever they are formatted: the server's first
 * HTML and meta descriptions, and the web app's meta descriptions (common/page-meta.ts), so both
 * sides write the same words whatever the machine's time zone.
 *
 * Written out rather than with `Intl.DateTimeFormat`: the web app formats a product's "as of" time
 * in the first render of its page, and a page's first Intl formatter loads ICU's locale and zone
 * data, 85–110 ms of a phone's main thread (Chromium at 4× CPU slowdown, measured 2026-11-24).
 * UK time is GMT, or BST (GMT+1) from 01:00 GMT on the last Sunday of March to 01:00 GMT on the
 * last Sunday of October (The Summer Time Order 2002, the rule in force since 1981 in practice);
 * uk-time.test.ts compares every format with Intl's Europe/London for dates from 1996 to 2099.
 * Dates before 1996 follow the same rule, which is not what the UK's clocks did then.
 */

/** en-GB month names as CLDR has them ("Sept", not "Sep"). */
export const EN_GB_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
export const EN_GB_SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

const HOUR_MS = 60 * 60 * 1000;

/** 01:00 GMT on the last Sunday of `month` (0-based) of `year`, epoch ms. */
function lastSundayOneAm(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** The UK's clock time for `date`, as a Date whose UTC fields read it (GMT, or GMT+1 in summer time). */
function ukClock(date: Date): Date {
  const t = date.getTime();
  const year = date.getUTCFullYear();
  const summer = t >= lastSundayOneAm(year, 2) && t < lastSundayOneAm(year, 9);
  return new Date(summer ? t + HOUR_MS : t);
}

const two = (n: number) => String(n).padStart(2, '0');

/** "21 November 2026" in UK time. */
export function ukLongDate(date: Date): string {
  const uk = ukClock(date);
  return `${uk.getUTCDate()} ${EN_GB_MONTHS[uk.getUTCMonth()]} ${uk.getUTCFullYear()}`;
}

/** "21 Nov 2026, 14:05" (UK time, 24-hour) from an ISO string; the input itself when it is not a date. */
export function ukDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const uk = ukClock(date);
  return `${uk.getUTCDate()} ${EN_GB_SHORT_MONTHS[uk.getUTCMonth()]} ${uk.getUTCFullYear()}, ${two(uk.getUTCHours())}:${two(uk.getUTCMinutes())}`;
}
