/**
 * When a price check tells an alert's owner (issue part 7 "Evaluation"; shopper-screens §3 "Price
 * check result", §4 "Alert lifecycle"; admin-area §4 "Price check outcome: drop, increase or
 * unchanged"). Pure functions; money in integer pence, API prices as pound strings.
 */
import { penceToPriceString } from '../../../common/money';

/** What an alert remembers between checks. */
export interface AlertMemory {
  /** Price when the alert was created, pence. */
  currentPricePence: number | null;
  /** Price the last check saw, pence (null: never checked). */
  lastCheckedPricePence: number | null;
  targetPricePence: number | null;
  lastNotifiedPricePence: number | null;
  /** The price observation the last check evaluated. */
  lastObservationId: number | null;
  isActive: boolean;
}

/** How a price moved since the last price an alert saw (shopper-screens §3 "Price check result"). */
export interface PriceChange {
  /** The last price the alert saw: last checked, else the price at creation; null when unknown. */
  previousPence: number | null;
  status: 'drop' | 'increase' | 'unchanged';
  isPriceDrop: boolean;
  /** new − previous, pence (negative for a drop); null without a previous price. */
  changePence: number | null;
  /** (new − previous) / previous × 100, two decimals; null without a previous price. */
  changePercent: number | null;
}

export interface AlertVerdict extends PriceChange {
  /** Queue a price-drop e-mail for this (alert, observation). */
  shouldNotify: boolean;
}

/** The move from `previousPence` (null: unknown) to `newPricePence`, both pence. */
export function priceChange(previousPence: number | null, newPricePence: number): PriceChange {
  const changePence = previousPence === null ? null : newPricePence - previousPence;
  const changePercent =
    previousPence === null || previousPence <= 0 || changePence === null ? null : Math.round((changePence / previousPence) * 10_000) / 100;
  const isPriceDrop = changePence !== null && changePence < 0;
  const status = changePence === null || changePence === 0 ? 'unchanged' : changePence < 0 ? 'drop' : 'increase';
  return { previousPence, status, isPriceDrop, changePence, changePercent };
}

/**
 * Judges one alert against the product's current price and latest observation.
 *
 * A drop is the new price below the last price the alert saw, or at/below the target when one is
 * set. One notification per (alert, price observation): an observation the alert has already
 * evaluated never notifies again, so running the same check twice queues nothing. The target rule
 * does not repeat at the same price — nor at a higher one still under the target (a rise is never
 * news); a fall below the last seen price is caught by the drop rule. Inactive alerts never notify.
 *
 * The price check applies this rule in SQL over a whole run at once (price-check.queries.ts
 * `NOTIFY_SQL`); price-drop.rules.test.ts proves both give the same answer on every case.
 */
export function judgeAlert(alert: AlertMemory, newPricePence: number, observationId: number): AlertVerdict {
  const change = priceChange(alert.lastCheckedPricePence ?? alert.currentPricePence, newPricePence);
  const targetReached =
    alert.targetPricePence !== null &&
    newPricePence <= alert.targetPricePence &&
    (alert.lastNotifiedPricePence === null || newPricePence < alert.lastNotifiedPricePence);
  const alreadyEvaluated = alert.lastObservationId === observationId;
  return { ...change, shouldNotify: alert.isActive && !alreadyEvaluated && (change.isPriceDrop || targetReached) };
}

/** Pence to the API's pound string, keeping null. */
export function priceOrNull(pence: number | null | undefined): string | null {
  return pence === null || pence === undefined ? null : penceToPriceString(pence);
}
