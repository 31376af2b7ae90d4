/**
 * The price half of a check (issue part 7; DESIGN.md §4 "Honest prices": price history, "as of"
 * times): decides which alerted products got a usable price from the source and why the others
 * failed, writes prices a non-catalogue source changed (product row, `price_as_of`), records a price
 * observation wherever the latest one does not match the current price, and refreshes the product
 * statistics of the products whose history grew. Runs inside the check's transaction.
 */
import type { Tx } from '../../db/client';
import type { BatchLookupResult } from '../../sources/batched-source';
import { CATALOGUE_SOURCE_NAME } from '../../sources/catalogue.source';
import {
  confirmPrices,
  latestObservations,
  loadPricedProducts,
  recordPrices,
  setProductPrices,
  type LatestObservation,
  type NewObservation,
  type PriceConfirmation,
  type PricedProduct,
  type ProductPriceUpdate,
} from '../prices/prices.service';

/** Why a product has no price this run; `apiWorking` is false when the source call itself failed. */
export interface PriceFailure {
  apiWorking: boolean;
  error: string;
}

export interface RefreshedPrices {
  /** The alerted products in the catalogue, by ASIN, with the prices now in effect. */
  productsByAsin: Map<string, PricedProduct>;
  /** ASIN → why it has no price this run. */
  failures: Map<string, PriceFailure>;
  /** Product id → its latest observation (the cause an e-mail is keyed on). */
  latest: Map<number, LatestObservation>;
}

/**
 * Applies `lookup` (what the source named `sourceName` answered) to the products the `alerts` watch. A catalogue
 * quote is the catalogue itself, so only another source rewrites product rows; a source confirming
 * an unchanged price only moves `price_as_of` forward. Throws what the database throws.
 */
export async function refreshPrices(
  tx: Tx,
  ctx: { sourceName: string; lookup: BatchLookupResult; now: Date },
  alerts: readonly { productAsin: string }[],
): Promise<RefreshedPrices> {
  const { sourceName, lookup, now } = ctx;
  const fromCatalogue = sourceName === CATALOGUE_SOURCE_NAME;
  const productsByAsin = await loadPricedProducts(tx, [...new Set(alerts.map((a) => a.productAsin))]);

  // Which products have a usable price, and why the others failed.
  const failures = new Map<string, PriceFailure>();
  const updates: ProductPriceUpdate[] = [];
  const touches: PriceConfirmation[] = [];
  for (const asin of new Set(alerts.map((a) => a.productAsin))) {
    const product = productsByAsin.get(asin);
    const failedCall = lookup.failures.get(asin);
    const quote = lookup.quotes.get(asin);
    if (failedCall !== undefined) failures.set(asin, { apiWorking: false, error: failedCall });
    else if (!product) failures.set(asin, { apiWorking: true, error: 'product is not in the catalogue' });
    else if (!quote) failures.set(asin, { apiWorking: true, error: `not found by the ${sourceName} source` });
    else if (quote.pricePence === null) failures.set(asin, { apiWorking: true, error: 'no current offer (out of stock or unavailable)' });
    else if (!fromCatalogue) {
      // A catalogue quote is the catalogue itself; only another source may rewrite it.
      if (quote.pricePence !== product.pricePence || quote.listPricePence !== product.listPricePence) {
        const update = {
          productId: product.id,
          pricePence: quote.pricePence,
          listPricePence: quote.listPricePence,
          savingBasisType: quote.savingBasisType,
          observedAt: quote.observedAt,
          source: sourceName,
        };
        updates.push(update);
        Object.assign(product, {
          pricePence: update.pricePence,
          listPricePence: update.listPricePence,
          savingBasisType: update.savingBasisType,
          priceAsOf: update.observedAt,
        });
      } else if (quote.observedAt > product.priceAsOf) {
        touches.push({ productId: product.id, observedAt: quote.observedAt, source: sourceName });
        product.priceAsOf = quote.observedAt;
      }
    }
  }
  await setProductPrices(tx, updates, now);
  await confirmPrices(tx, touches);

  // Every price an alert is judged on must be a recorded observation: that id is the cause of the
  // e-mail (dedupe key). Missing or stale latest observations get a new row (one per change).
  const priced = [...productsByAsin.values()].filter((p) => !failures.has(p.asin));
  const latest = await latestObservations(
    tx,
    priced.map((p) => p.id),
  );
  const newObservations: NewObservation[] = [];
  for (const product of priced) {
    const last = latest.get(product.id);
    if (last && last.pricePence === product.pricePence) continue;
    const observedAt = last && last.observedAt > product.priceAsOf ? last.observedAt : product.priceAsOf;
    newObservations.push({
      productId: product.id,
      asin: product.asin,
      pricePence: product.pricePence,
      listPricePence: product.listPricePence,
      source: sourceName,
      observedAt,
    });
  }
  const insertedIds = await recordPrices(tx, newObservations, now);
  for (const observation of newObservations) {
    const id = insertedIds.get(observation.productId);
    if (id !== undefined) latest.set(observation.productId, { id, pricePence: observation.pricePence, observedAt: observation.observedAt });
  }
  return { productsByAsin, failures, latest };
}
