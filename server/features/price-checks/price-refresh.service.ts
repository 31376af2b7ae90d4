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
  setProductStock,
  type NewObservation,
  type PriceConfirmation,
  type PriceGap,
  type ProductPriceUpdate,
} from '../prices';

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
   * (the cause an e-mail is keyed on) is at the price in effect.
   */
  priced: string[];
}

/**
 * Why the source gave no usable price for some of `asins`, from its answers alone (no database):
 * a failed call (`apiWorking` false), not found, or found without a current offer. Whether the
 * product is in the catalogue is the database's to say (it comes between the two in precedence).
 */
export function sourceFailures(lookup: BatchLookupResult, asins: readonly string[], sourceName: string): Map<string, PriceFailure> {
  const failures = new Map<string, PriceFailure>();
  for (const asin of asins) {
    const failedCall = lookup.failures.get(asin);
    const quote = lookup.quotes.get(asin);
    if (failedCall !== undefined) failures.set(asin, { apiWorking: false, error: failedCall });
    else if (!quote) failures.set(asin, { apiWorking: true, error: `not found by the ${sourceName} source` });
    else if (quote.pricePence === null) failures.set(asin, { apiWorking: true, error: 'no current offer (out of stock or unavailable)' });
  }
  return failures;
}

/**
 * A remote source's answers (`sourceName` not the catalogue, whose quotes are the catalogue itself)
 * onto the product rows of `asins`: a new price or list price rewrites them (prices.service
 * `setProductPrices`); the same price seen later moves `price_as_of` forward. Either way the source
 * becomes the price's `price_source` (decision 0014). Loads those products
 * to compare. Throws what the database throws.
 */
export async function applyRemotePrices(
  tx: Tx,
  ctx: { sourceName: string; lookup: BatchLookupResult; now: Date },
  asins: readonly string[],
): Promise<void> {
  if (ctx.sourceName === CATALOGUE_SOURCE_NAME) return;
  const answered = asins.filter((asin) => !ctx.lookup.failures.has(asin));
  const productsByAsin = await loadPricedProducts(tx, answered);
  const updates: ProductPriceUpdate[] = [];
  const touches: PriceConfirmation[] = [];
  const stock: Array<{ productId: number; inStock: boolean }> = [];
  for (const asin of answered) {
    const product = productsByAsin.get(asin);
    const quote = ctx.lookup.quotes.get(asin);
    // Issue 30: what the source says about stock, whether or not it offers a price.
    if (product && quote && typeof quote.inStock === 'boolean') stock.push({ productId: product.id, inStock: quote.inStock });
    if (!product || !quote || quote.pricePence === null) continue;
    if (quote.pricePence !== product.pricePence || quote.listPricePence !== product.listPricePence) {
      updates.push({
        productId: product.id,
        pricePence: quote.pricePence,
        listPricePence: quote.listPricePence,
        savingBasisType: quote.savingBasisType,
        observedAt: quote.observedAt,
        source: ctx.sourceName,
      });
    } else if (quote.observedAt > product.priceAsOf) {
      touches.push({ productId: product.id, observedAt: quote.observedAt, source: ctx.sourceName });
    }
  }
  await setProductPrices(tx, updates, ctx.now);
  await confirmPrices(tx, touches);
  await setProductStock(tx, stock);
}

/**
 * Every price an alert is judged on must be a recorded observation: that id is the cause of the
 * e-mail (dedupe key). Records one for each of `gaps` in the catalogue (observed at its `price_as_of`,
 * or at the latest observation's time when that is later) through prices.service `recordPrices`.
 */
export async function recordGapObservations(tx: Tx, gaps: readonly PriceGap[], sourceName: string, now: Date): Promise<void> {
  const newObservations: NewObservation[] = [];
  for (const { asin, product, latest } of gaps) {
    if (!product) continue;
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
}

/**
 * Applies `lookup` (what the source named `sourceName` answered) to the products of `alertedAsins`
 * and makes every usable price a recorded observation, for callers that judge nothing (the
 * freshness pass): {@link applyRemotePrices}, then prices.service `priceGaps` (the ASINs without a
 * product and those whose latest observation does not match the price) and
 * {@link recordGapObservations}. The price check does the same inside its judging statement.
 * Throws what the database throws.
 */
export async function refreshPrices(
  tx: Tx,
  ctx: { sourceName: string; lookup: BatchLookupResult; now: Date },
  alertedAsins: readonly string[],
): Promise<RefreshedPrices> {
  const asins = [...new Set(alertedAsins)];
  await applyRemotePrices(tx, ctx, asins);
  const failures = sourceFailures(ctx.lookup, asins, ctx.sourceName);
  const gaps = await priceGaps(
    tx,
    asins.filter((asin) => !ctx.lookup.failures.has(asin)),
  );
  for (const gap of gaps) {
    if (!gap.product && failures.get(gap.asin)?.apiWorking !== false)
      failures.set(gap.asin, { apiWorking: true, error: 'product is not in the catalogue' });
  }
  await recordGapObservations(
    tx,
    gaps.filter((g) => !failures.has(g.asin)),
    ctx.sourceName,
    ctx.now,
  );
  return { failures, priced: asins.filter((asin) => !failures.has(asin)) };
}
