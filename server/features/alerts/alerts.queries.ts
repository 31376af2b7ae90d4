/**
 * Queries on `deal_alerts` (shopper-screens §3 "Deal alert", §4 "Alert lifecycle"), joined with the
 * product's stored price for the honest `asOf` (DESIGN.md §4 "Honest prices"). Money in pence.
 */
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { dealAlerts } from '../../db/schema/alerts.schema';
import { products } from '../../db/schema/catalogue.schema';
import type { AlertProductPrice, AlertRow } from './alert-shape';

/** What alert creation needs of a product: identity, the stored price and its time, and display fields. */
export interface CatalogueProduct {
  id: number;
  asin: string;
  title: string;
  pricePence: number;
  priceAsOf: Date;
  imageUrl: string | null;
  sourceUrl: string | null;
}

/** The catalogue product with `asin`, or undefined. */
export async function findProductByAsin(db: Db | Tx, asin: string): Promise<CatalogueProduct | undefined> {
  const [row] = await db
    .select({
      id: products.id,
      asin: products.asin,
      title: products.title,
      pricePence: products.pricePence,
      priceAsOf: products.priceAsOf,
      imageUrl: products.imageUrl,
      sourceUrl: products.sourceUrl,
    })
    .from(products)
    .where(eq(products.asin, asin))
    .limit(1);
  return row;
}

export interface NewAlertValues {
  userEmail: string;
  productAsin: string;
  productId: number;
  productTitle: string;
  productImageUrl: string | null;
  productUrl: string | null;
  /** Our stored price at creation, pence. */
  currentPricePence: number;
  /** undefined: keep an existing alert's target; null: clear it. */
  targetPricePence: number | null | undefined;
  createdAt: Date;
}

/**
 * Inserts the alert, or — when the address already has one for this ASIN (unique index) —
 * reactivates it, refreshing the product fields and the target when one was given; its creation
 * price and history are kept. `created` says which happened (Postgres: `xmax = 0` only on insert).
 */
export async function upsertAlert(tx: Db | Tx, values: NewAlertValues): Promise<{ row: AlertRow; created: boolean }> {
  const { targetPricePence, ...rest } = values;
  const [result] = await tx
    .insert(dealAlerts)
    .values({ ...rest, targetPricePence: targetPricePence ?? null, isActive: true })
    .onConflictDoUpdate({
      target: [dealAlerts.userEmail, dealAlerts.productAsin],
      set: {
        isActive: true,
        productId: values.productId,
        productTitle: values.productTitle,
        productImageUrl: values.productImageUrl,
        productUrl: values.productUrl,
        ...(targetPricePence !== undefined ? { targetPricePence } : {}),
      },
    })
    .returning({ ...getTableColumns(dealAlerts), created: sql<boolean>`(xmax = 0)` });
  if (!result) throw new Error('upsertAlert returned no row');
  const { created, ...row } = result;
  return { row, created };
}

/** Alert columns plus the joined product's current price and its time (null when the product is gone). */
const alertWithPrice = {
  alert: dealAlerts,
  productPricePence: products.pricePence,
  productPriceAsOf: products.priceAsOf,
};

function toJoined(r: { alert: AlertRow; productPricePence: number | null; productPriceAsOf: Date | null }): {
  alert: AlertRow;
  product: AlertProductPrice | null;
} {
  return {
    alert: r.alert,
    product:
      r.productPricePence !== null && r.productPriceAsOf !== null
        ? { pricePence: r.productPricePence, priceAsOf: r.productPriceAsOf }
        : null,
  };
}

/** Every alert of `email` (lower-case), newest first, with its product's stored price. */
export async function listAlertsByEmail(
  db: Db | Tx,
  email: string,
): Promise<Array<{ alert: AlertRow; product: AlertProductPrice | null }>> {
  const rows = await db
    .select(alertWithPrice)
    .from(dealAlerts)
    .leftJoin(products, eq(products.asin, dealAlerts.productAsin))
    .where(eq(dealAlerts.userEmail, email))
    .orderBy(desc(dealAlerts.createdAt), desc(dealAlerts.id));
  return rows.map(toJoined);
}

/** The owner of alert `id`, or undefined when there is no such alert. */
export async function findAlertOwner(db: Db | Tx, id: number): Promise<string | undefined> {
  const [row] = await db.select({ userEmail: dealAlerts.userEmail }).from(dealAlerts).where(eq(dealAlerts.id, id)).limit(1);
  return row?.userEmail;
}

/** Deletes alert `id` only when it belongs to `email`; true when a row was deleted. */
export async function deleteAlertOwnedBy(db: Db | Tx, id: number, email: string): Promise<boolean> {
  const rows = await db
    .delete(dealAlerts)
    .where(and(eq(dealAlerts.id, id), eq(dealAlerts.userEmail, email)))
    .returning({ id: dealAlerts.id });
  return rows.length > 0;
}
