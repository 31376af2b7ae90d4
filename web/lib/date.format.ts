/**
 * Dates for people, in en-GB (shopper-screens §1: "Dates are shown in en-GB long format"), and the
 * "as of" rule for prices (DESIGN.md §4 "Honest prices": show the time when older than an hour).
 */

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const shortDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** "21 November 2026". */
export function formatLongDate(date: Date): string {
  return longDate.format(date);
}

/** "21 Nov 2026, 14:05" from an ISO string; the input itself when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** "21 Nov 2026" from an ISO string; the input itself when it is not a date. */
export function formatShortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : shortDate.format(date);
}

/** One hour in ms: prices observed longer ago than this show their "as of" time. */
export const PRICE_FRESH_MS = 60 * 60 * 1000;

/** True when a price observed at `asOfIso` is older than an hour at `nowMs` (unparsable: true). */
export function isPriceStale(asOfIso: string, nowMs: number): boolean {
  const t = Date.parse(asOfIso);
  return Number.isNaN(t) || nowMs - t > PRICE_FRESH_MS;
}

/** The Amazon Associates price disclaimer, with the observation time. */
export function priceDisclaimer(asOfIso: string): string {
  return `Price as of ${formatDateTime(asOfIso)}. Prices and availability are accurate as of the date and time indicated and are subject to change.`;
}
