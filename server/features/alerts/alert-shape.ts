/**
 * Database row → API shape of a deal alert (common/api/alerts.schema.ts `dealAlertSchema`;
 * shopper-screens §3 "Deal alert"). Pence become pound strings ("12.99"); times ISO 8601 (UTC).
 */
import type { DealAlert } from '../../../common/api/alerts.schema';
import { penceToPriceString } from '../../../common/money';
import { alertKindWords } from '../../../common/alert-kinds';
import type { dealAlerts } from '../../db/schema/alerts.schema';

export type AlertRow = typeof dealAlerts.$inferSelect;

/** The product's stored price (pence) and when it was observed, joined on the alert's ASIN. */
export interface AlertProductPrice {
  pricePence: number;
  priceAsOf: Date;
}

const pounds = (pence: number | null): string | null => (pence === null ? null : penceToPriceString(pence));

/**
 * Percent change of `changePence` over `basePence`, rounded to one decimal place half away from zero
 * (so a drop and a rise of the same size show the same number); null when the base is not positive.
 */
export function changePercent(changePence: number, basePence: number): number | null {
  if (basePence <= 0) return null;
  const tenths = Math.round((Math.abs(changePence) * 1000) / basePence);
  const signed = (Math.sign(changePence) * tenths) / 10;
  return signed === 0 ? 0 : signed;
}

/**
 * The API shape of an alert. `priceChange` = (last checked price, or else the product's current stored
 * price) − the price when the alert was created, in pounds, negative for a drop; null when either is
 * unknown. `asOf` is the product's `price_as_of` (DESIGN.md §4 "Honest prices"), null when the
 * product is no longer in the catalogue.
 */
export function toDealAlert(alert: AlertRow, product: AlertProductPrice | null): DealAlert {
  const created = alert.currentPricePence;
  const latest = alert.lastCheckedPricePence ?? product?.pricePence ?? null;
  const change = created !== null && latest !== null ? latest - created : null;
  return {
    id: alert.id,
    productAsin: alert.productAsin,
    productTitle: alert.productTitle,
    currentPrice: pounds(alert.currentPricePence),
    lastCheckedPrice: pounds(alert.lastCheckedPricePence),
    targetPrice: pounds(alert.targetPricePence),
    productImageUrl: alert.productImageUrl,
    productUrl: alert.productUrl,
    userEmail: alert.userEmail,
    isActive: alert.isActive,
    awaitingConfirmation: alert.awaitingProof,
    lastCheckedAt: alert.lastCheckedAt?.toISOString() ?? null,
    lastNotificationSentAt: alert.lastNotificationSentAt?.toISOString() ?? null,
    notificationsSent: alert.notificationsSent,
    priceChange: change === null ? null : penceToPriceString(change),
    priceChangePercent: change === null || created === null ? null : changePercent(change, created),
    createdAt: alert.createdAt.toISOString(),
    asOf: product?.priceAsOf.toISOString() ?? null,
    alertType: alert.alertType,
    dropPercent: alert.dropPercent,
    alertKind: alertKindWords(alert),
  };
}
