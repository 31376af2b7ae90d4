/**
 * What a run reports (issue part 7 "Evaluation"; shopper-screens §3 "Price check result";
 * admin-area §3 "Price check log": one line per product). Pure: from the rows the judging statement
 * answers (price-check.queries.ts `judgeRun`, which also decided who is told) and the run's
 * failures, each alert's API result and each product's log line. Money in pence; API prices as
 * pound strings.
 */
import type { PriceCheckResult } from '../../../common/api/price-checks.schema';
import type { JudgedAlertRow, JudgedProduct, PriceCheckLogDetail } from './price-check.queries';
import type { PriceFailure } from './price-refresh.service';
import { priceChange, priceOrNull } from './price-drop.rules';

/** A product without a usable price that no failure explains (it vanished during the run). */
const NO_PRICE: PriceFailure = { apiWorking: true, error: 'no price' };

/** The API result of one alert (shopper-screens §3); `failures` by ASIN. */
export function resultOf(row: JudgedAlertRow, failures: ReadonlyMap<string, PriceFailure>): PriceCheckResult {
  if (row.pricePence === null) {
    return {
      alertId: row.alertId,
      asin: row.asin,
      productTitle: row.title,
      originalPrice: priceOrNull(row.previousPence),
      currentPrice: null,
      priceChange: null,
      priceChangePercent: null,
      isPriceDrop: false,
      apiWorking: (failures.get(row.asin) ?? NO_PRICE).apiWorking,
      status: 'failed',
      asOf: null,
    };
  }
  const change = priceChange(row.previousPence, row.pricePence);
  return {
    alertId: row.alertId,
    asin: row.asin,
    productTitle: row.title,
    originalPrice: priceOrNull(change.previousPence),
    currentPrice: priceOrNull(row.pricePence),
    priceChange: priceOrNull(change.changePence),
    priceChangePercent: change.changePercent,
    isPriceDrop: change.isPriceDrop,
    apiWorking: true,
    status: change.status,
    asOf: row.asOf?.toISOString() ?? null,
  };
}

/**
 * The log's line of one product (admin-area §3 "per-product results"). Several alerts may watch a
 * product; the line shows what the most recently checked of them saw before this run.
 */
export function logLine(product: JudgedProduct, failures: ReadonlyMap<string, PriceFailure>): PriceCheckLogDetail {
  if (product.pricePence === null) {
    return {
      productTitle: product.title,
      asin: product.asin,
      originalPrice: priceOrNull(product.previousPence),
      newPrice: null,
      priceChange: null,
      priceChangePercent: null,
      success: false,
      error: (failures.get(product.asin) ?? NO_PRICE).error,
    };
  }
  const change = priceChange(product.previousPence, product.pricePence);
  return {
    productTitle: product.title,
    asin: product.asin,
    originalPrice: priceOrNull(change.previousPence),
    newPrice: priceOrNull(product.pricePence),
    priceChange: priceOrNull(change.changePence),
    priceChangePercent: change.changePercent,
    success: true,
  };
}
