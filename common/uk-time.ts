/**
 * Dates and times in UK time (Europe/London), en-GB, wherever they are formatted: the server's first
 * HTML and meta descriptions, and the web app's meta descriptions (common/page-meta.ts), so both
 * sides write the same words whatever the machine's time zone.
 */
const LONDON = 'Europe/London';
const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: LONDON });
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: LONDON,
});

/** "21 November 2026" in UK time. */
export function ukLongDate(date: Date): string {
  return longDate.format(date);
}

/** "21 Nov 2026, 14:05" (UK time) from an ISO string; the input itself when it is not a date. */
export function ukDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
