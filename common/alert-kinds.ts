/**
 * Deal alert kinds (issue 30): what each alert waits for, and how the site says it in words (bell
 * panel, owners' Alerts tab, e-mails). Pure; shared by the server and the web app. Money in pence.
 *
 * - `target_price`: the price is at or below the target (`targetPrice`).
 * - `percent_drop`: the price is at least `dropPercent` % (1–90) under the price when the alert was set.
 * - `any_drop`: the price falls below the last price the alert saw.
 * - `lowest_price`: the price falls to a new lowest price we have recorded (the pricing module's
 *   "lowest we've recorded" rule: docs/pricing/reference-prices.md).
 * - `back_in_stock`: Amazon's offer comes back after the alert saw the product out of stock.
 */
import { formatPence } from './money';

export const ALERT_TYPES = ['target_price', 'percent_drop', 'any_drop', 'lowest_price', 'back_in_stock'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** Smallest and largest `dropPercent` of a 'percent_drop' alert. */
export const DROP_PERCENT_RANGE = { min: 1, max: 90 } as const;

/** "£40" for whole pounds, else "£39.99". */
export function shortPounds(pence: number): string {
  const text = formatPence(pence);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/**
 * The kind in words: "Below £40", "Drops 10 %", "Any drop", "New lowest price", "Back in stock".
 * A target or percentage that is missing reads as the kind alone ("Target price", "Percentage drop").
 */
export function alertKindWords(alert: { alertType: AlertType; targetPricePence?: number | null; dropPercent?: number | null }): string {
  switch (alert.alertType) {
    case 'target_price':
      return alert.targetPricePence != null ? `Below ${shortPounds(alert.targetPricePence)}` : 'Target price';
    case 'percent_drop':
      return alert.dropPercent != null ? `Drops ${alert.dropPercent} %` : 'Percentage drop';
    case 'any_drop':
      return 'Any drop';
    case 'lowest_price':
      return 'New lowest price';
    case 'back_in_stock':
      return 'Back in stock';
  }
}

/** Whether `value` is one of {@link ALERT_TYPES}. */
export function isAlertType(value: unknown): value is AlertType {
  return typeof value === 'string' && (ALERT_TYPES as readonly string[]).includes(value);
}
