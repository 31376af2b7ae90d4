/**
 * SQL of the price-check run (issue part 7; DESIGN.md §7: alert evaluation ≥ 20,000 alerts/s).
 * Everything is loaded and written in bulk: arrays are passed as single parameters
 * (`= any($1::text[])`, `unnest(...)`) so a run over any number of alerts is a handful of
 * statements, never one per alert. Money in integer pence.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { dealAlerts, priceCheckLogs } from '../../db/schema/alerts.schema';
import { priceObservations, products } from '../../db/schema/catalogue.schema';

/** Rows per set-based UPDATE / INSERT statement. */
export const WRITE_BATCH = 1000;

/** Which alerts a run covers; the parts are combined with AND. */
export interface AlertFilter {
  /** Only alerts on these ASINs (an import's changed products). */
  asins?: readonly string[];
  /** Only this address's alerts (lower-cased). */
  email?: string;
  /** Only these alerts; inactive ones are included (checked, never notified). */
  alertIds?: readonly number[];
}

function alertWhere(filter: AlertFilter): SQL {
  const parts: SQL[] = [];
  if (filter.alertIds) parts.push(sql`${dealAlerts.id} = any(${sql.param([...filter.alertIds])}::bigint[])`);
  else parts.push(eq(dealAlerts.isActive, true));
  if (filter.asins) parts.push(sql`${dealAlerts.productAsin} = any(${sql.param([...filter.asins])}::text[])`);
  if (filter.email !== undefined) parts.push(eq(dealAlerts.userEmail, filter.email.trim().toLowerCase()));
  return and(...parts) as SQL;
}

/** Distinct ASINs of the alerts the filter covers (what the price source is asked for), sorted so runs are reproducible. */
export async function alertAsins(db: Db | Tx, filter: AlertFilter): Promise<string[]> {
  const rows = await db
    .selectDistinct({ asin: dealAlerts.productAsin })
    .from(dealAlerts)
    .where(alertWhere(filter))
    .orderBy(dealAlerts.productAsin);
  return rows.map((r) => r.asin);
}

export type AlertRow = Awaited<ReturnType<typeof loadAlerts>>[number];

/**
 * The alerts the filter covers, oldest first. Not locked (FOR UPDATE would write every row): two
 * overlapping runs are kept from double-notifying by the outbox's unique dedupe key instead, and
 * both write the same checked fields.
 */
export async function loadAlerts(tx: Tx, filter: AlertFilter) {
  return tx
    .select({
      id: dealAlerts.id,
      userEmail: dealAlerts.userEmail,
      productAsin: dealAlerts.productAsin,
      productTitle: dealAlerts.productTitle,
      productImageUrl: dealAlerts.productImageUrl,
      currentPricePence: dealAlerts.currentPricePence,
      lastCheckedPricePence: dealAlerts.lastCheckedPricePence,
      targetPricePence: dealAlerts.targetPricePence,
      lastNotifiedPricePence: dealAlerts.lastNotifiedPricePence,
      lastObservationId: dealAlerts.lastObservationId,
      lastCheckedAt: dealAlerts.lastCheckedAt,
      isActive: dealAlerts.isActive,
    })
    .from(dealAlerts)
    .where(alertWhere(filter))
    .orderBy(dealAlerts.id);
}

export type ProductRow = Awaited<ReturnType<typeof loadProducts>> extends Map<string, infer P> ? P : never;

/** Products by ASIN (the catalogue's current price, list price, as-of time, title and image). */
export async function loadProducts(db: Db | Tx, asins: readonly string[]) {
  const rows =
    asins.length === 0
      ? []
      : await db
          .select({
            id: products.id,
            asin: products.asin,
            title: products.title,
            imageUrl: products.imageUrl,
            pricePence: products.pricePence,
            listPricePence: products.listPricePence,
            savingBasisType: products.savingBasisType,
            priceAsOf: products.priceAsOf,
          })
          .from(products)
          .where(sql`${products.asin} = any(${sql.param([...asins])}::text[])`);
  return new Map(rows.map((r) => [r.asin, r]));
}

/** A product's new price as a (non-catalogue) source reported it. */
export interface ProductPriceUpdate {
  productId: number;
  pricePence: number;
  listPricePence: number | null;
  savingBasisType: string | null;
  observedAt: Date;
}

/** Writes new prices (price, list price, basis, price_as_of, updated_at) in set-based batches. */
export async function updateProductPrices(tx: Tx, updates: readonly ProductPriceUpdate[], now: Date): Promise<void> {
  for (let i = 0; i < updates.length; i += WRITE_BATCH) {
    const batch = updates.slice(i, i + WRITE_BATCH);
    await tx.execute(sql`
      update products as p set
        price_pence = v.price, list_price_pence = v.list, saving_basis_type = v.basis,
        price_as_of = v.observed_at, updated_at = ${now.toISOString()}::timestamptz
      from unnest(
        ${sql.param(batch.map((u) => u.productId))}::bigint[], ${sql.param(batch.map((u) => u.pricePence))}::int[],
        ${sql.param(batch.map((u) => u.listPricePence))}::int[], ${sql.param(batch.map((u) => u.savingBasisType))}::text[],
        ${sql.param(batch.map((u) => u.observedAt.toISOString()))}::timestamptz[]
      ) as v(id, price, list, basis, observed_at)
      where p.id = v.id`);
  }
}

/** Moves `price_as_of` forward for products whose price a source confirmed unchanged (honest "as of"). */
export async function touchPriceAsOf(tx: Tx, touches: readonly { productId: number; observedAt: Date }[]): Promise<void> {
  for (let i = 0; i < touches.length; i += WRITE_BATCH) {
    const batch = touches.slice(i, i + WRITE_BATCH);
    await tx.execute(sql`
      update products as p set price_as_of = v.observed_at
      from unnest(${sql.param(batch.map((t) => t.productId))}::bigint[], ${sql.param(batch.map((t) => t.observedAt.toISOString()))}::timestamptz[])
        as v(id, observed_at)
      where p.id = v.id and p.price_as_of < v.observed_at`);
  }
}

export interface LatestObservation {
  id: number;
  pricePence: number;
  observedAt: Date;
}

/** The newest observation (by observed time, then id) of each product. */
export async function latestObservations(db: Db | Tx, productIds: readonly number[]): Promise<Map<number, LatestObservation>> {
  const found = new Map<number, LatestObservation>();
  if (productIds.length === 0) return found;
  const rows = await db
    .selectDistinctOn([priceObservations.productId], {
      productId: priceObservations.productId,
      id: priceObservations.id,
      pricePence: priceObservations.pricePence,
      observedAt: priceObservations.observedAt,
    })
    .from(priceObservations)
    .where(sql`${priceObservations.productId} = any(${sql.param([...productIds])}::bigint[])`)
    .orderBy(priceObservations.productId, desc(priceObservations.observedAt), desc(priceObservations.id));
  for (const row of rows) found.set(row.productId, { id: row.id, pricePence: row.pricePence, observedAt: row.observedAt });
  return found;
}

/** A price observation to insert (the catalogue importer writes the same shape). */
import type { NewObservation } from '../catalogue/catalogue.queries';
export type { NewObservation };

/** Inserts observations in batches; returns product id → new observation id. */
export async function insertObservations(tx: Tx, rows: readonly NewObservation[]): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (let i = 0; i < rows.length; i += WRITE_BATCH) {
    const inserted = await tx
      .insert(priceObservations)
      .values(rows.slice(i, i + WRITE_BATCH).map((r) => ({ ...r })))
      .returning({ id: priceObservations.id, productId: priceObservations.productId });
    for (const r of inserted) ids.set(r.productId, r.id);
  }
  return ids;
}

/** What a check writes back to one alert. */
export interface AlertCheckWrite {
  alertId: number;
  /** The price this check saw, pence. */
  pricePence: number;
  observationId: number;
  /** True when a price-drop e-mail was queued for it in this transaction. */
  notified: boolean;
}

/**
 * Writes last_checked_price_pence, last_checked_at, last_observation_id and, for notified alerts,
 * last_notified_price_pence, last_notification_sent_at and notifications_sent + 1 — one
 * `UPDATE … FROM unnest(…)` per {@link WRITE_BATCH} alerts.
 */
export async function writeAlertChecks(tx: Tx, writes: readonly AlertCheckWrite[], now: Date): Promise<void> {
  const at = now.toISOString();
  for (let i = 0; i < writes.length; i += WRITE_BATCH) {
    const batch = writes.slice(i, i + WRITE_BATCH);
    await tx.execute(sql`
      update deal_alerts as a set
        last_checked_price_pence = v.price,
        last_checked_at = ${at}::timestamptz,
        last_observation_id = v.observation_id,
        last_notified_price_pence = case when v.notified then v.price else a.last_notified_price_pence end,
        last_notification_sent_at = case when v.notified then ${at}::timestamptz else a.last_notification_sent_at end,
        notifications_sent = a.notifications_sent + case when v.notified then 1 else 0 end
      from unnest(
        ${sql.param(batch.map((w) => w.alertId))}::bigint[], ${sql.param(batch.map((w) => w.pricePence))}::int[],
        ${sql.param(batch.map((w) => w.observationId))}::int[], ${sql.param(batch.map((w) => w.notified))}::boolean[]
      ) as v(id, price, observation_id, notified)
      where a.id = v.id`);
  }
}

/** One product's line in a log's details (admin-area §3 "Price check log"); prices are pound strings. */
export interface PriceCheckLogDetail {
  productTitle: string;
  asin: string;
  originalPrice: string | null;
  newPrice: string | null;
  priceChange: string | null;
  priceChangePercent: number | null;
  success: boolean;
  /** Why the check failed (source error, unknown product, no offer). */
  error?: string;
}

export interface PriceCheckLogInsert {
  triggerType: 'cron' | 'manual' | 'initial' | 'import';
  checkedAt: Date;
  alertsChecked: number;
  successfulChecks: number;
  failedChecks: number;
  sourceCalls: number;
  durationMs: number;
  details: PriceCheckLogDetail[];
}

/** Inserts a price_check_logs row; returns its id. */
export async function insertPriceCheckLog(db: Db | Tx, log: PriceCheckLogInsert): Promise<number> {
  const [row] = await db.insert(priceCheckLogs).values(log).returning({ id: priceCheckLogs.id });
  if (!row) throw new Error('price_check_logs insert returned no row');
  return row.id;
}

/** The newest `limit` logs, newest first. */
export async function latestPriceCheckLogs(db: Db | Tx, limit: number) {
  return db.select().from(priceCheckLogs).orderBy(desc(priceCheckLogs.checkedAt), desc(priceCheckLogs.id)).limit(limit);
}

/** Whether any active alert was never checked (the scheduler then runs an 'initial' check at start). */
export async function hasNeverCheckedAlerts(db: Db | Tx): Promise<boolean> {
  const rows = await db
    .select({ id: dealAlerts.id })
    .from(dealAlerts)
    .where(and(eq(dealAlerts.isActive, true), sql`${dealAlerts.lastCheckedAt} is null`))
    .limit(1);
  return rows.length > 0;
}

/** An alert's owner address, or null for an unknown id (used by the routes to authorise). */
export async function alertOwner(db: Db | Tx, alertId: number): Promise<string | null> {
  const [row] = await db.select({ email: dealAlerts.userEmail }).from(dealAlerts).where(eq(dealAlerts.id, alertId)).limit(1);
  return row?.email ?? null;
}
