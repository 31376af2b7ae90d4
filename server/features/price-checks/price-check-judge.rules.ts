/**
 * Judging a run's alerts (issue part 7 "Evaluation"; shopper-screens §3 "Price check result";
 * admin-area §3 "Price check log": one line per product). Pure: from the alerts and the prices the
 * run holds, each alert's verdict, its API result and its log line. Money in pence; API prices as
 * pound strings.
 */
import type { PriceCheckResult } from '../../../common/api/price-checks.schema';
import type { LatestObservation, PricedProduct } from '../prices/prices.service';
import type { AlertRow, PriceCheckLogDetail } from './price-check.queries';
import type { PriceFailure } from './price-refresh.service';
import { judgeAlert, priceOrNull, type AlertVerdict } from './price-drop.rules';

/** One alert judged: a verdict when its product has a usable price and observation, else why not. */
export type JudgedAlert =
  | { alert: AlertRow; ok: true; product: PricedProduct; observationId: number; verdict: AlertVerdict }
  | { alert: AlertRow; ok: false; failure: PriceFailure; product?: PricedProduct };

/** What a run knows about prices (price-refresh.service.ts). */
export interface RunPrices {
  productsByAsin: ReadonlyMap<string, PricedProduct>;
  failures: ReadonlyMap<string, PriceFailure>;
  latest: ReadonlyMap<number, LatestObservation>;
}

/** Judges every alert against its product's price and latest observation (price-drop.rules.ts). */
export function judgeAlerts(alerts: readonly AlertRow[], prices: RunPrices): JudgedAlert[] {
  return alerts.map((alert) => {
    const product = prices.productsByAsin.get(alert.productAsin);
    const observation = product ? prices.latest.get(product.id) : undefined;
    const failure = prices.failures.get(alert.productAsin);
    if (!product || !observation || failure)
      return { alert, ok: false, product, failure: failure ?? { apiWorking: true, error: 'no price' } };
    return { alert, ok: true, product, observationId: observation.id, verdict: judgeAlert(alert, product.pricePence, observation.id) };
  });
}

/** The API result of one judged alert (shopper-screens §3). */
export function resultOf(judged: JudgedAlert): PriceCheckResult {
  const { alert } = judged;
  if (!judged.ok) {
    return {
      alertId: alert.id,
      asin: alert.productAsin,
      productTitle: judged.product?.title ?? alert.productTitle,
      originalPrice: priceOrNull(alert.lastCheckedPricePence ?? alert.currentPricePence),
      currentPrice: null,
      priceChange: null,
      priceChangePercent: null,
      isPriceDrop: false,
      apiWorking: judged.failure.apiWorking,
      status: 'failed',
      asOf: null,
    };
  }
  const { product, verdict } = judged;
  return {
    alertId: alert.id,
    asin: product.asin,
    productTitle: product.title,
    originalPrice: priceOrNull(verdict.previousPence),
    currentPrice: priceOrNull(product.pricePence),
    priceChange: priceOrNull(verdict.changePence),
    priceChangePercent: verdict.changePercent,
    isPriceDrop: verdict.isPriceDrop,
    apiWorking: true,
    status: verdict.status,
    asOf: product.priceAsOf.toISOString(),
  };
}

/**
 * The log's lines, one per product (admin-area §3 "per-product results"). Several alerts may watch
 * a product; its line shows what the most recently checked of them saw before this run.
 */
export function logDetails(judged: readonly JudgedAlert[], results: readonly PriceCheckResult[]): PriceCheckLogDetail[] {
  const lines = new Map<string, { detail: PriceCheckLogDetail; checkedAt: number }>();
  judged.forEach((entry, i) => {
    const result = results[i] as PriceCheckResult;
    const detail: PriceCheckLogDetail = {
      productTitle: result.productTitle,
      asin: result.asin,
      originalPrice: result.originalPrice,
      newPrice: result.currentPrice,
      priceChange: result.priceChange,
      priceChangePercent: result.priceChangePercent,
      success: entry.ok,
      ...(entry.ok ? {} : { error: entry.failure.error }),
    };
    const checkedAt = entry.alert.lastCheckedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    const existing = lines.get(entry.alert.productAsin);
    if (!existing || checkedAt > existing.checkedAt) lines.set(entry.alert.productAsin, { detail, checkedAt });
  });
  return [...lines.values()].map((line) => line.detail);
}
