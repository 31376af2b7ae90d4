/**
 * When a price check tells an alert's owner (issue part 7 "Evaluation"; shopper-screens §3 "Price
 * check result", §4 "Alert lifecycle"; admin-area §4 "Price check outcome: drop, increase or
 * unchanged"). Pure functions; money in integer pence, API prices as pound strings.
 */
import { penceToPriceString } from '../../../common/money';
import type { AlertType } from '../../../common/alert-kinds';

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
  /** The kind (issue 30; common/alert-kinds.ts). */
  alertType: AlertType;
  /** A 'percent_drop' alert's whole percent (1–90). */
  dropPercent: number | null;
  /** Whether the product was in stock when the alert last looked (null: unknown). */
  lastInStock: boolean | null;
}

/** What a check knows about the product besides its price (issue 30). */
export interface ProductFacts {
  /** The product's current price carries the "Lowest price we've recorded" badge (prices/price-badges.rules.ts). */
  lowestEver: boolean;
  /** Amazon's offer is in stock (null: unknown this run). */
  inStock: boolean | null;
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
 * Judges one alert against the product's current price and latest observation, by its kind
 * (issue 30). "previous" is the last price the alert saw (else the price when it was set):
 *
 * - any_drop: the price is below previous.
 * - target_price: the price is at or below the target, and either nothing was sent yet, or it is
 *   below the last price sent, or previous was above the target (it left the target and came back:
 *   re-armed).
 * - percent_drop: the same, with the threshold `price × 100 ≤ price-when-set × (100 − N)`.
 * - lowest_price: the price is below previous and carries the "lowest we've recorded" badge.
 * - back_in_stock: the product is in stock and the alert last saw it out of stock (the price-kind
 *   observation rule does not apply: stock comes back at the same price); a price is needed.
 *
 * Price kinds notify once per (alert, price observation): an observation the alert has already
 * evaluated never notifies again, so running the same check twice queues nothing. Inactive alerts
 * never notify.
 *
 * The price check applies this rule in SQL over a whole run at once (price-check.queries.ts
 * `NOTIFY_SQL`); price-drop.rules.test.ts proves both give the same answer on every case.
 */
export function judgeAlert(
  alert: AlertMemory,
  newPricePence: number,
  observationId: number,
  product: ProductFacts = { lowestEver: false, inStock: null },
): AlertVerdict {
  const previous = alert.lastCheckedPricePence ?? alert.currentPricePence;
  const change = priceChange(previous, newPricePence);
  const fresh = alert.lastObservationId !== observationId;
  /** At or below a threshold (as `price × 100 ≤ limit100`), once per entry into it or further fall. */
  const reached = (limit100: number) =>
    newPricePence * 100 <= limit100 &&
    (alert.lastNotifiedPricePence === null ||
      newPricePence < alert.lastNotifiedPricePence ||
      (previous !== null && previous * 100 > limit100));
  let fires: boolean;
  switch (alert.alertType) {
    case 'any_drop':
      fires = fresh && change.isPriceDrop;
      break;
    case 'target_price':
      fires = fresh && alert.targetPricePence !== null && reached(alert.targetPricePence * 100);
      break;
    case 'percent_drop':
      fires =
        fresh &&
        alert.dropPercent !== null &&
        alert.currentPricePence !== null &&
        reached(alert.currentPricePence * (100 - alert.dropPercent));
      break;
    case 'lowest_price':
      fires = fresh && product.lowestEver && change.isPriceDrop;
      break;
    case 'back_in_stock':
      fires = product.inStock === true && alert.lastInStock === false;
      break;
  }
  return { ...change, shouldNotify: alert.isActive && fires };
}

/** Pence to the API's pound string, keeping null. */
export function priceOrNull(pence: number | null | undefined): string | null {
  return pence === null || pence === undefined ? null : penceToPriceString(pence);
}
