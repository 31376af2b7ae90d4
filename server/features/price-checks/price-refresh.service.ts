/**
 * The price half of a check (issue part 7; DESIGN.md §4 "Honest prices": price history, "as of"
 * times): decides which alerted products got a usable price from the source and why the others
 * failed, writes prices a non-catalogue source changed (product row, `price_as_of`), records a price
 * observation wherever the latest one does not match the current price, and refreshes the product
 * statistics of the products whose history grew. Runs inside the check's transaction; the alerts
 * themselves are judged in SQL afterwards (price-check.queries.ts `judgeRun`).
 */
import type { Tx } from '../../db/client';
import type { BatchLookupResult } from '../../sources/batched-source';
import { CATALOGUE_SOURCE_NAME } from '../../sources/catalogue.source';
import {
  confirmPrices,
  loadPricedProducts,
  priceGaps,
  recordPrices,
  setProductPrices,
  type NewObservation,
  type ProductPriceUpdate,
} from '../prices/prices.service';

/** Why a product has no price this run; `apiWorking` is false when the source call itself failed. */
export interface PriceFailure {
  apiWorking: boolean;
  error: string;
}

export interface RefreshedPrices {
  /** ASIN → why it has no price this run. */
  failures: Map<string, PriceFailure>;
  /**
   * The other ASINs, in the order given: each is in the catalogue and its latest price observation
   * (the cause an e-mail is keyed on) is at the price in effect, so a check judges them in SQL.
   */
  priced: string[];
}

/**
 * Applies `lookup` (what the source named `sourceName` answered) to the products of `alertedAsins`
 * (the ASINs the source was asked about; the freshness pass passes products nobody alerted too). A catalogue quote is the catalogue itself, so only
 * another source rewrites product rows (then they are loaded to compare); a source confirming an
 * unchanged price only moves `price_as_of` forward. Nothing else is loaded: one statement
 * (prices.service `priceGaps`) finds the ASINs without a product and those whose latest observation
 * does not match the price, which get one. Throws what the database throws.
 */
export async function refreshPrices(
  tx: Tx,
  ctx: { sourceName: string; lookup: BatchLookupResult; now: Date },
  alertedAsins: readonly string[],
): Promise<RefreshedPrices> {
  const { sourceName, lookup, now } = ctx;
  const asins = [...new Set(alertedAsins)];
  const failures = new Map<string, PriceFailure>();
  const answered = asins.filter((asin) => !lookup.failures.has(asin));
  if (sourceName !== CATALOGUE_SOURCE_NAME) await writeRemotePrices(tx, lookup, answered, now);

  const gaps = await priceGaps(tx, answered);
  const missing = new Set(gaps.filter((g) => !g.product).map((g) => g.asin));
  for (const asin of asins) {
    const failedCall = lookup.failures.get(asin);
    const quote = lookup.quotes.get(asin);
    if (failedCall !== undefined) failures.set(asin, { apiWorking: false, error: failedCall });
    else if (missing.has(asin)) failures.set(asin, { apiWorking: true, error: 'product is not in the catalogue' });
    else if (!quote) failures.set(asin, { apiWorking: true, error: `not found by the ${sourceName} source` });
    else if (quote.pricePence === null) failures.set(asin, { apiWorking: true, error: 'no current offer (out of stock or unavailable)' });
  }

  // Every price an alert is judged on must be a recorded observation: that id is the cause of the
  // e-mail (dedupe key). Missing or stale latest observations get a new row (one per change).
  const newObservations: NewObservation[] = [];
  for (const { asin, product, latest } of gaps) {
    if (!product || failures.has(asin)) continue;
    newObservations.push({
      productId: product.id,
      asin,
      pricePence: product.pricePence,
      listPricePence: product.listPricePence,
      source: sourceName,
      observedAt: latest && latest.observedAt > product.priceAsOf ? latest.observedAt : product.priceAsOf,
    });
  }
  await recordPrices(tx, newObservations, now);
  return { failures, priced: asins.filter((asin) => !failures.has(asin)) };
}

/**
 * A remote source's answers onto the product rows: a new price or list price rewrites them
 * (prices.service `setProductPrices`); the same price seen later moves `price_as_of` forward.
 */
async function writeRemotePrices(tx: Tx, lookup: BatchLookupResult, asins: readonly string[], now: Date): Promise<void> {
  const productsByAsin = await loadPricedProducts(tx, asins);
  const updates: ProductPriceUpdate[] = [];
  const touches: { productId: number; observedAt: Date }[] = [];
  for (const asin of asins) {
    const product = productsByAsin.get(asin);
    const quote = lookup.quotes.get(asin);
    if (!product || !quote || quote.pricePence === null) continue;
    if (quote.pricePence !== product.pricePence || quote.listPricePence !== product.listPricePence) {
      updates.push({
        productId: product.id,
        pricePence: quote.pricePence,
        listPricePence: quote.listPricePence,
        savingBasisType: quote.savingBasisType,
        observedAt: quote.observedAt,
      });
    } else if (quote.observedAt > product.priceAsOf) {
      touches.push({ productId: product.id, observedAt: quote.observedAt });
    }
  }
  await setProductPrices(tx, updates, now);
  await confirmPrices(tx, touches);
}
