/**
 * One home for prices (issue 6 point 1; DESIGN.md §4 "Honest prices"): the only writer of price
 * observations (the price history) and of the 30-day statistics derived from them. The catalogue
 * import and the price check both record what they saw through here, inside their own transaction.
 * Money in integer pence; times are the caller's clock.
 *
 * Every writer here notes the write for the catalogue version (server/catalogue-version.ts), naming
 * the products it writes, so cached answers that can hold them are dropped and the others kept
 * (decision 0046): run them inside `catalogueTransaction`. A price write changes no product's words.
 */
import type { Db, Tx } from '../../db/client';
import { catalogueTransaction, noteCatalogueWrite } from '../../catalogue-version';
import { DEAL_KINDS, type DealKind } from './deal-basis.rules';
import { refreshProductStats as refreshStats, statsOfNewProduct, type NewProductValues, type ProductStatsValues } from './price-stats';
import {
  confirmPriceAsOf,
  productsWithTimeBoundClaims,
  insertObservations,
  latestObservations,
  loadPricedProducts,
  priceGaps,
  updateProductPrices,
  updateProductStock,
  type LatestObservation,
  type NewObservation,
  type PriceConfirmation,
  type PriceGap,
  type PricedProduct,
  type ProductPriceUpdate,
} from './prices.queries';

export type { LatestObservation, NewObservation, PriceConfirmation, PriceGap, PricedProduct, ProductPriceUpdate };
export { latestObservations, loadPricedProducts, priceGaps };
/** A new product's statistics, for the importer to store with its row (see recordPrices' `statsStored`). */
export { statsOfNewProduct, type NewProductValues, type ProductStatsValues };
/** The deal kinds of docs/decisions/0008-deal-definition.md (stored in products.deal_kind). */
export { DEAL_KINDS, type DealKind };

/**
 * Records price observations (`changes`: one per product whose price or list price changed, or
 * that is new) and refreshes those products' observed 30-day high/low and trending score as of
 * `now`. Returns product id → the new observation's id (the cause a price-drop e-mail is keyed on).
 * `statsStored` names new products whose row was inserted in this transaction with
 * {@link statsOfNewProduct}`(values, now)` and whose only observation is the one recorded here at
 * `now`: their statistics are already what a refresh would store, so they are not refreshed (the
 * importer writes a new product once). Throws what the database throws; run it inside the caller's
 * transaction.
 */
export async function recordPrices(
  tx: Db | Tx,
  changes: readonly NewObservation[],
  now: Date,
  opts: { statsStored?: ReadonlySet<number> } = {},
): Promise<Map<number, number>> {
  if (changes.length === 0) return new Map();
  await noteCatalogueWrite(
    tx,
    changes.map((c) => c.productId),
  );
  const ids = await insertObservations(tx, changes);
  const stored = opts.statsStored;
  const stale = stored ? [...ids.keys()].filter((id) => !stored.has(id)) : [...ids.keys()];
  if (stale.length > 0) await refreshProductStats(tx, stale, now);
  return ids;
}

/**
 * Recomputes the observed 30-day high/low and trending score of `productIds` as of `now`
 * (price-stats.ts) and notes the catalogue write. Answers the number of products updated.
 */
export async function refreshProductStats(tx: Db | Tx, productIds: readonly number[], now: Date): Promise<number> {
  if (productIds.length === 0) return 0;
  await noteCatalogueWrite(tx, productIds);
  return refreshStats(tx, productIds, now);
}

/**
 * A source re-asserted these products' prices unchanged at `observedAt`: moves `price_as_of`
 * forward (never back) and makes that source the price's (`price_source`), so the page's "as of"
 * time stays honest and the licence's 24 hours follow Amazon's confirmations (decision 0014). No
 * observation is written.
 */
export async function confirmPrices(tx: Db | Tx, touches: readonly PriceConfirmation[]): Promise<void> {
  if (touches.length === 0) return;
  await noteCatalogueWrite(
    tx,
    touches.map((t) => t.productId),
  );
  await confirmPriceAsOf(tx, touches);
}

/**
 * Stores whether each product's offer is in stock (issue 30: back-in-stock alerts), from a source's
 * answers or a feed's `availability` column; only rows that change are written. Money-free; throws
 * what the database throws.
 */
export async function setProductStock(tx: Db | Tx, rows: ReadonlyArray<{ productId: number; inStock: boolean }>): Promise<void> {
  if (rows.length === 0) return;
  await updateProductStock(tx, rows);
}

/**
 * Writes prices a remote source (not the catalogue) reported onto the product rows: price, list
 * price, saving basis, `price_as_of` and `price_source` (the source's name). Record the matching
 * observations with {@link recordPrices}.
 */
export async function setProductPrices(tx: Db | Tx, updates: readonly ProductPriceUpdate[], now: Date): Promise<void> {
  if (updates.length === 0) return;
  await noteCatalogueWrite(
    tx,
    updates.map((u) => u.productId),
  );
  await updateProductPrices(tx, updates, now);
}

/**
 * Re-judges, as of `now`, every product whose stored claims depend on time passing: a deal basis,
 * a tracked reference price or the "lowest in 30 days" flag (windows slide, a feed's price goes
 * stale after FEED_PRICE_MAX_AGE_DAYS, a reduced price outlasts its reference). Runs nightly from
 * the maintenance job (server/jobs/scheduler.ts), in one catalogue transaction so cached answers
 * drop. Returns the number of products re-judged. Throws what the database throws.
 */
export async function rejudgeTimeBoundClaims(db: Db, now: Date): Promise<number> {
  const ids = await productsWithTimeBoundClaims(db);
  if (ids.length === 0) return 0;
  return catalogueTransaction(db, (tx) => refreshProductStats(tx, ids, now));
}
