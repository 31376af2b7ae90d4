/** Times in the admin analytics: en-GB, Europe/London (the owners' clock, whatever the browser's zone). */
import { ANALYTICS_TIME_ZONE } from '../../../../../common/analytics-dates';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: ANALYTICS_TIME_ZONE,
});

/** "25 Oct 2026, 01:30" in UK time. */
export function ukDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
