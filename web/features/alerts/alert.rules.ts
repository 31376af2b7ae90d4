/**
 * Display rules of deal alerts (shopper-screens §2 "Floating green bell", §9 "'9+' above 9";
 * alerts panel rows). Prices are pound strings; comparisons are in pence.
 */
import { priceStringToPence } from '../../../common/money';
import type { DealAlert } from '../../../common/api/alerts.schema';

/** The bell's count badge: the number, or '9+' above 9. */
export function bellCountLabel(count: number): string {
  return count > 9 ? '9+' : String(count);
}

/** The price to show on a row: the last checked price, else the price when the alert was set. */
export function alertShownPrice(alert: Pick<DealAlert, 'currentPrice' | 'lastCheckedPrice'>): string | null {
  return alert.lastCheckedPrice ?? alert.currentPrice;
}

/**
 * Whether a row is highlighted with 'PRICE DROP!': with a target price, the last checked price is
 * at or below the target; without one, it is below the price when the alert was set. Never before
 * a check has happened.
 */
export function isAlertPriceDrop(alert: Pick<DealAlert, 'currentPrice' | 'lastCheckedPrice' | 'targetPrice'>): boolean {
  const checked = priceStringToPence(alert.lastCheckedPrice);
  if (checked === null) return false;
  const target = priceStringToPence(alert.targetPrice);
  if (target !== null) return checked <= target;
  const atCreation = priceStringToPence(alert.currentPrice);
  return atCreation !== null && checked < atCreation;
}

export type TargetPriceParse = { ok: true; price: string | null } | { ok: false; message: string };

/**
 * Reads the optional target price field ("Alert me when it drops below £…"): blank is no target;
 * otherwise pounds such as "12", "12.5" or "£1,299.99", above zero, with at most two decimals.
 * Returns the pounds string to send ("12.50") or the message to show beside the field.
 */
export function parseTargetPrice(input: string): TargetPriceParse {
  const text = input.replace(/[£,\s]/g, '');
  if (text === '') return { ok: true, price: null };
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return { ok: false, message: 'Enter a price in pounds, such as 12.99' };
  const pence = priceStringToPence(text);
  if (pence === null) return { ok: false, message: 'Enter a price above £0' };
  return { ok: true, price: (pence / 100).toFixed(2) };
}
