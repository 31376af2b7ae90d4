/**
 * Pure rules of owner-sent e-mail (issue 12 part 3): UK calendar periods for the dedupe keys, the
 * survey categories' product categories, a deal alert's price drop, and the template values of one
 * message. No I/O.
 */
import type { CategoryKey } from '../../../common/categories';
import { millisecondsInDay as DAY_MS } from 'date-fns/constants';
import { discountPercent } from '../../../common/discount';

const ukDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });
const ukHour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' });

/** The UK calendar day of `at` (Europe/London, so BST is honoured): "2026-11-23". */
export function ukDay(at: Date): string {
  return ukDate.format(at);
}

/** The hour of `at` on a UK clock, 0–23. */
export function ukHourOf(at: Date): number {
  return Number(ukHour.format(at));
}

/** ISO 8601 week of a calendar date ("2026-11-23" → "2026-W48"): weeks start on Monday, week 1 holds the first Thursday. */
export function isoWeekOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday); // the Thursday of this week decides the year
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

export type DigestFrequency = 'daily' | 'weekly' | 'monthly';

/** The UK period `at` falls in for a frequency: "2026-11-23" (day), "2026-W48" (ISO week), "2026-11" (month). */
export function digestPeriod(frequency: DigestFrequency, at: Date): string {
  const day = ukDay(at);
  if (frequency === 'daily') return day;
  if (frequency === 'weekly') return isoWeekOf(day);
  return day.slice(0, 7);
}

/** How far back a digest looks for new deals: 1, 7 or 30 days before `at`. */
export function digestWindowStart(frequency: DigestFrequency, at: Date): Date {
  const days = frequency === 'daily' ? 1 : frequency === 'weekly' ? 7 : 30;
  return new Date(at.getTime() - days * DAY_MS);
}

/** Digests go out from this UK hour on (not at midnight), on the first run of each period. */
export const DIGEST_EARLIEST_UK_HOUR = 8;

/**
 * The product categories (common/categories.ts) each survey category (shopper-screens §3 "Survey
 * categories") stands for. A person with no survey categories gets every category.
 */
export const SURVEY_TO_PRODUCT_CATEGORIES: Readonly<Record<string, readonly CategoryKey[]>> = {
  kitchen: ['home-kitchen'],
  electronics: ['electronics', 'gaming'],
  fashion: ['fashion', 'health-beauty'],
  sports: ['sports-outdoors'],
  books: ['books', 'music'],
  health: ['health-beauty', 'baby'],
  garden: ['home-kitchen'],
  toys: ['gaming', 'baby'],
};

/** The product categories of a person's survey answer, sorted; null for "every category" (none chosen or no answer). */
export function productCategoriesFor(surveyCategories: readonly string[] | null | undefined): string[] | null {
  const keys = new Set<string>();
  for (const value of surveyCategories ?? []) for (const key of SURVEY_TO_PRODUCT_CATEGORIES[value] ?? []) keys.add(key);
  return keys.size === 0 ? null : [...keys].sort();
}

/** A deal alert as the notification rules read it (money in pence). */
export interface AlertPrices {
  /** Price when the alert was created. */
  currentPricePence: number | null;
  /** Price the last check saw. */
  lastCheckedPricePence: number | null;
  /** The product's stored price, when the product is still in the catalogue. */
  productPricePence: number | null;
}

/**
 * The alert's drop, as the admin list shows it (server/features/alerts/alert-shape.ts): from the
 * price when the alert was created to the last checked price (else the product's price); null when
 * the price did not fall (admin-area §4: a drop exists when priceChange is below zero).
 */
export function alertDrop(alert: AlertPrices): { beforePence: number; afterPence: number } | null {
  const before = alert.currentPricePence;
  const after = alert.lastCheckedPricePence ?? alert.productPricePence;
  if (before === null || after === null || !(after < before)) return null;
  return { beforePence: before, afterPence: after };
}

/** Whole percent of a drop from `before` to `after` pence. */
export function dropPercent(beforePence: number, afterPence: number): number {
  return discountPercent(beforePence, afterPence) ?? 0;
}

/**
 * The nine placeholder values of one message: moved to server/email/template-values.ts (issue 29), which
 * the sender also uses to compose automatic price-drop alerts with the owner's template; re-exported here.
 */
export { templateValuesFor } from '../../email/template-values';
