/**
 * Display rules of deal alerts (shopper-screens §2 "Floating green bell", §9 "'9+' above 9";
 * alerts panel rows and their 'Check price' outcome, §3 "Price check result", §8). Prices are pound strings; comparisons are in pence.
 */
import { formatPriceString, priceStringToPence } from '../../../common/money';
import type { DealAlert } from '../../../common/api/alerts.schema';
import type { PriceCheckResult } from '../../../common/api/price-checks.schema';
import { ApiError } from '../../lib/http.client';

// The bell's badge rule sits in its own module: the shell's bell is in the first-load chunk (§7).
export { bellCountLabel } from './bell.rules';

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

export type DropPercentParse = { ok: true; percent: number } | { ok: false; message: string };

/** Reads the "drops by" field of a percentage alert (issue 30): a whole number from 1 to 90, "%" allowed. */
export function parseDropPercent(input: string): DropPercentParse {
  const text = input.replace(/[%\s]/g, '');
  if (text === '') return { ok: false, message: 'Enter a percentage from 1 to 90' };
  if (!/^\d+$/.test(text)) return { ok: false, message: 'Enter a whole number from 1 to 90, such as 10' };
  const percent = Number(text);
  if (percent < 1 || percent > 90) return { ok: false, message: 'Enter a whole number from 1 to 90, such as 10' };
  return { ok: true, percent };
}

/** What a row says after 'Check price': its tone (the row's colour) and the sentence announced. */
export interface PriceCheckOutcome {
  tone: 'drop' | 'increase' | 'unchanged' | 'not-checked';
  text: string;
}

/**
 * The sentence for one alert's check (POST /api/deal-alerts/{id}/check-price, shopper-screens §3
 * "Price check result"; prices are pound strings, `priceChangePercent` is (new − previous) /
 * previous × 100): "Price dropped to £X (was £Y, 10% lower)", "Price went up to £X (was £Y)",
 * "Unchanged at £X", or "Not checked: {reason}" when the run found no price: the price service did
 * not answer (`apiWorking` false) or Amazon shows no price now. `asOf` (ISO 8601), when known, is
 * said as the time the price was seen.
 */
export function describePriceCheck(
  result: Pick<PriceCheckResult, 'status' | 'currentPrice' | 'originalPrice' | 'priceChangePercent' | 'apiWorking' | 'asOf'>,
  formatTime: (iso: string) => string,
): PriceCheckOutcome {
  if (result.status === 'failed' || result.currentPrice === null) {
    return {
      tone: 'not-checked',
      text: result.apiWorking
        ? 'Not checked: Amazon shows no price for this product right now.'
        : "Not checked: Amazon's price service did not answer. Please try again later.",
    };
  }
  const now = formatPriceString(result.currentPrice);
  const was = result.originalPrice ? formatPriceString(result.originalPrice) : null;
  const seen = result.asOf ? ` Price as of ${formatTime(result.asOf)}.` : '';
  if (result.status === 'drop') {
    const percent = result.priceChangePercent === null ? null : Math.round(Math.abs(result.priceChangePercent));
    const detail = was ? ` (was ${was}${percent ? `, ${percent}% lower` : ''})` : '';
    return { tone: 'drop', text: `Price dropped to ${now}${detail}.${seen}` };
  }
  if (result.status === 'increase') return { tone: 'increase', text: `Price went up to ${now}${was ? ` (was ${was})` : ''}.${seen}` };
  return { tone: 'unchanged', text: `Unchanged at ${now}.${seen}` };
}

/**
 * The sentence for a check the server refused or never answered: "Not checked: " and the reason
 * the endpoint gave (its JSON `message`, without the leading "field: " it names), else the spec's
 * 'Failed to check price' (shopper-screens §8).
 */
export function priceCheckFailure(error: unknown): PriceCheckOutcome {
  const message = error instanceof ApiError ? error.serverMessage : null;
  const reason = message ? message.replace(/^[a-zA-Z]+: /, '') : 'Failed to check price. Please try again.';
  return { tone: 'not-checked', text: `Not checked: ${reason.charAt(0).toUpperCase()}${reason.slice(1)}` };
}
