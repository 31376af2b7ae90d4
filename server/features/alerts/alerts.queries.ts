/**
 * Queries on `deal_alerts` (shopper-screens §3 "Deal alert", §4 "Alert lifecycle"), joined with the
 * product's stored price for the honest `asOf` (DESIGN.md §4 "Honest prices"). Money in pence.
 */
import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { dealAlertShown, dealAlerts } from '../../db/schema/alerts.schema';
import { products, shopperVisible } from '../../db/schema/catalogue.schema';
import type { Visitor } from '../visitors';
import type { AlertProductPrice, AlertRow } from './alert-shape';
import type { AlertType } from '../../../common/alert-kinds';

/** What alert creation needs of a product: identity, the stored price and its time, and display fields. */
export interface CatalogueProduct {
  id: number;
  asin: string;
  title: string;
  pricePence: number;
  priceAsOf: Date;
  imageUrl: string | null;
  sourceUrl: string | null;
  /** Whether Amazon's offer is in stock; null when unknown (issue 30). */
  inStock: boolean | null;
}

/** The active catalogue product with `asin` (an owner's inactive one takes no new alerts: decision 0034), or undefined. */
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
      inStock: products.inStock,
    })
    .from(products)
    .where(and(eq(products.asin, asin), shopperVisible))
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
  /** The visitor token creating the alert; an existing alert keeps its creator. */
  createdByTokenId: number;
  /** Asked for without the address's mailbox token: the alert waits, inactive, until the mailbox is proved (issue 25). */
  awaitingProof: boolean;
  /** The kind (issue 30); undefined: 'any_drop' for a new alert, an existing one keeps its kind (with its target and percentage). */
  alertType: AlertType | undefined;
  /** For 'percent_drop'; null otherwise (undefined with `alertType` undefined). */
  dropPercent: number | null | undefined;
  /** Whether the product is in stock now (null: unknown): what a 'back_in_stock' alert compares with. */
  lastInStock: boolean | null;
}

/**
 * Inserts the alert, or — when the address already has one for this ASIN (unique index) —
 * reactivates it, refreshing the product fields and the target when one was given; its creation
 * price and history are kept. `created` says which happened (Postgres: `xmax = 0` only on insert).
 * An alert `awaitingProof` is stored inactive; asked for again with proof it starts, without proof
 * an existing alert keeps its state (an approved one is reactivated, a waiting one keeps waiting).
 */
export async function upsertAlert(tx: Db | Tx, values: NewAlertValues): Promise<{ row: AlertRow; created: boolean }> {
  const { targetPricePence, alertType, dropPercent, ...rest } = values;
  const [result] = await tx
    .insert(dealAlerts)
    .values({
      ...rest,
      targetPricePence: targetPricePence ?? null,
      alertType: alertType ?? 'any_drop',
      dropPercent: dropPercent ?? null,
      isActive: !values.awaitingProof,
    })
    .onConflictDoUpdate({
      target: [dealAlerts.userEmail, dealAlerts.productAsin],
      set: {
        isActive: values.awaitingProof ? sql`not ${dealAlerts.awaitingProof}` : true,
        awaitingProof: values.awaitingProof ? sql`${dealAlerts.awaitingProof}` : false,
        productId: values.productId,
        productTitle: values.productTitle,
        productImageUrl: values.productImageUrl,
        productUrl: values.productUrl,
        ...(targetPricePence !== undefined ? { targetPricePence } : {}),
        // A new kind starts afresh: its own notifications, and the stock it sees now.
        ...(alertType !== undefined
          ? {
              alertType,
              dropPercent: dropPercent ?? null,
              lastInStock: values.lastInStock,
              lastNotifiedPricePence: sql`case when ${dealAlerts.alertType} = ${alertType} then ${dealAlerts.lastNotifiedPricePence} end`,
            }
          : {}),
      },
    })
    .returning({ ...dealAlertShown, created: sql<boolean>`(xmax = 0)` });
  if (!result) throw new Error('upsertAlert returned no row');
  const { created, ...row } = result;
  return { row, created };
}

/** Alert columns plus the joined product's current price and its time (null when the product is gone). */
const alertWithPrice = {
  alert: dealAlertShown,
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

/**
 * The alerts of `visitor`'s address it may reach (DESIGN.md §4 "Visitors"): every alert of the
 * address for a mailbox token, only those its token created for a device token.
 */
function reachableBy(visitor: Visitor): SQL {
  const own = eq(dealAlerts.userEmail, visitor.email);
  return visitor.proof === 'mailbox' ? own : (and(own, eq(dealAlerts.createdByTokenId, visitor.tokenId)) as SQL);
}

/** The alerts `visitor` may reach, newest first, with their products' stored prices. */
export async function listReachableAlerts(
  db: Db | Tx,
  visitor: Visitor,
): Promise<Array<{ alert: AlertRow; product: AlertProductPrice | null }>> {
  const rows = await db
    .select(alertWithPrice)
    .from(dealAlerts)
    .leftJoin(products, eq(products.asin, dealAlerts.productAsin))
    .where(reachableBy(visitor))
    .orderBy(desc(dealAlerts.createdAt), desc(dealAlerts.id));
  return rows.map(toJoined);
}

/** The ids of the alerts `visitor` may reach, optionally only alert `id` (then at most one). */
export async function reachableAlertIds(db: Db | Tx, visitor: Visitor, id?: number): Promise<number[]> {
  const rows = await db
    .select({ id: dealAlerts.id })
    .from(dealAlerts)
    .where(id === undefined ? reachableBy(visitor) : and(eq(dealAlerts.id, id), reachableBy(visitor)));
  return rows.map((r) => r.id);
}

/** The alert of `email` on `asin`, or undefined (one alert per address and ASIN). */
export async function findAlert(db: Db | Tx, email: string, asin: string): Promise<AlertRow | undefined> {
  const [row] = await db
    .select(dealAlertShown)
    .from(dealAlerts)
    .where(and(eq(dealAlerts.userEmail, email), eq(dealAlerts.productAsin, asin)))
    .limit(1);
  return row;
}

/** Deletes alert `id` when `visitor` may reach it; true when a row was deleted. */
export async function deleteReachableAlert(db: Db | Tx, id: number, visitor: Visitor): Promise<boolean> {
  const rows = await db
    .delete(dealAlerts)
    .where(and(eq(dealAlerts.id, id), reachableBy(visitor)))
    .returning({ id: dealAlerts.id });
  return rows.length > 0;
}

/** Titles of the alerts of `email` (lower-cased) that wait for the mailbox's proof, oldest first (at most 50). */
export async function pendingAlertTitles(db: Db | Tx, email: string): Promise<string[]> {
  const rows = await db
    .select({ title: dealAlerts.productTitle })
    .from(dealAlerts)
    .where(and(eq(dealAlerts.userEmail, email), eq(dealAlerts.awaitingProof, true)))
    .orderBy(dealAlerts.createdAt, dealAlerts.id)
    .limit(50);
  return rows.map((r) => r.title);
}

/**
 * Starts the waiting alerts of `email` that a link proved (issue 25): those created before the end of
 * the second the link was issued in (`issuedBefore`: what its e-mail listed), and those created by
 * `deviceTokenId` (the browser that opened it asked for them). Returns how many started.
 */
export async function startProvedAlerts(
  tx: Db | Tx,
  proof: { email: string; issuedBefore: Date; deviceTokenId: number | null },
): Promise<number> {
  const byDevice = proof.deviceTokenId === null ? sql`false` : eq(dealAlerts.createdByTokenId, proof.deviceTokenId);
  const rows = await tx
    .update(dealAlerts)
    .set({ awaitingProof: false, isActive: true })
    .where(
      and(
        eq(dealAlerts.userEmail, proof.email),
        eq(dealAlerts.awaitingProof, true),
        or(lt(dealAlerts.createdAt, proof.issuedBefore), byDevice),
      ),
    )
    .returning({ id: dealAlerts.id });
  return rows.length;
}
