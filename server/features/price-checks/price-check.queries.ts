/**
 * SQL of the price-check run (issue part 7; DESIGN.md §7: alert evaluation ≥ 50,000 alerts/s).
 * Everything is loaded and written in bulk: arrays are passed as single parameters
 * (`= any($1::text[])`, `unnest(...)`) so a run over any number of alerts is a handful of
 * statements, never one per alert. Money in integer pence.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { dealAlerts, priceCheckLogs } from '../../db/schema/alerts.schema';

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

/** What a check writes back to one alert. */
export interface AlertCheckWrite {
  alertId: number;
  /** The price this check saw, pence. */
  pricePence: number;
  observationId: number;
  /** True when a price-drop e-mail was queued for it in this transaction. */
  notified: boolean;
  /** True when the alert already holds this price and observation (only last_checked_at changes). */
  unchanged: boolean;
}

/**
 * Writes one check back to the alerts it judged.
 *
 * - Alerts whose checked price, observation and notification state are what they already hold get
 *   only `last_checked_at` (one `UPDATE … WHERE id = any($1)` per {@link WRITE_BATCH}): on a
 *   routine run most alerts saw nothing new, and a one-column update is far cheaper than the full
 *   write (issue 7: alert evaluation ≥ 50,000 alerts/s).
 * - The others get last_checked_price_pence, last_checked_at, last_observation_id and, when
 *   notified, last_notified_price_pence, last_notification_sent_at and notifications_sent + 1: one
 *   `UPDATE … FROM unnest(…)` per {@link WRITE_BATCH} alerts.
 */
export async function writeAlertChecks(tx: Tx, writes: readonly AlertCheckWrite[], now: Date): Promise<void> {
  const at = now.toISOString();
  const seenBefore = writes.filter((w) => w.unchanged && !w.notified).map((w) => w.alertId);
  const changed = writes.filter((w) => !w.unchanged || w.notified);
  for (let i = 0; i < seenBefore.length; i += WRITE_BATCH) {
    const ids = seenBefore.slice(i, i + WRITE_BATCH);
    await tx.execute(sql`update deal_alerts set last_checked_at = ${at}::timestamptz where id = any(${sql.param(ids)}::bigint[])`);
  }
  for (let i = 0; i < changed.length; i += WRITE_BATCH) {
    const batch = changed.slice(i, i + WRITE_BATCH);
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

/** Whether any active alert was never checked (the scheduler then runs an 'initial' check at start). */
export async function hasNeverCheckedAlerts(db: Db | Tx): Promise<boolean> {
  const rows = await db
    .select({ id: dealAlerts.id })
    .from(dealAlerts)
    .where(and(eq(dealAlerts.isActive, true), sql`${dealAlerts.lastCheckedAt} is null`))
    .limit(1);
  return rows.length > 0;
}
