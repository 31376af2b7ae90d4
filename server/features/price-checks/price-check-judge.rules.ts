/**
 * What a run answers per alert (issue part 7 "Evaluation"; shopper-screens §3 "Price check result").
 * Pure: from the rows the judging statement answers (price-check.queries.ts `judgeRun`, which also
 * decided who is told and wrote the log's lines, `logLineSql`, by the same rules) and the run's
 * failures. Money in pence; API prices as pound strings.
 */
import type { PriceCheckResult } from '../../../common/api/price-checks.schema';
import type { JudgedAlertRow } from './price-check.queries';
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
