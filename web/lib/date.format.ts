/**
 * Dates for people, in en-GB (shopper-screens §1: "Dates are shown in en-GB long format"), and the
 * "as of" rule for prices (DESIGN.md §4 "Honest prices": show the time when older than an hour).
 */

import { EN_GB_MONTHS as MONTHS, EN_GB_SHORT_MONTHS as SHORT_MONTHS } from '../../common/uk-time';

const two = (n: number) => String(n).padStart(2, '0');

// The three formats below are what en-GB `Intl.DateTimeFormat` prints in the browser's time zone
// (date.format.test.ts compares them), written out because a page's first `Intl` formatter loads
// ICU's locale data: 85–110 ms of a phone's main thread in the first render (Chromium at 4× CPU
// slowdown, 2026-11-24), and the home page's heading carries a date.

/** "21 November 2026", in the browser's time zone. */
export function formatLongDate(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** "21 Nov 2026, 14:05" (24-hour, browser's time zone) from an ISO string; the input itself when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatShort(date)}, ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** "21 Nov 2026" from an ISO string; the input itself when it is not a date. */
export function formatShortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatShort(date);
}

function formatShort(date: Date): string {
  return `${date.getDate()} ${SHORT_MONTHS[date.getMonth()]} ${date.getFullYear()}`;
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
