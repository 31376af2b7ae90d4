/**
 * Deal alerts and price-check logs (shopper-screens §3; admin-area §3 "Deal alert", "Price check log").
 * Money in integer pence; times in UTC timestamptz.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { AlertType } from '../../../common/alert-kinds';
import { products } from './catalogue.schema';

/**
 * Stored with `fillfactor = 50` (hand-written in migration 0013: Drizzle's schema cannot express
 * it): a price check rewrites the checked columns of the alerts whose price or observation changed,
 * none of them indexed, so half-empty pages let PostgreSQL update them in place (HOT) instead of
 * touching the three indexes (issue 7).
 *
 * `last_checked_at` is the last check that wrote the alert; a sweep (below) may have checked it
 * since: read {@link dealAlertLastCheckedAt}.
 */
export const dealAlerts = pgTable(
  'deal_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Lower-cased e-mail of the visitor. */
    userEmail: text('user_email').notNull(),
    productAsin: varchar('product_asin', { length: 10 }).notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productTitle: text('product_title').notNull(),
    productImageUrl: text('product_image_url'),
    productUrl: text('product_url'),
    /** Price when the alert was created, pence. */
    currentPricePence: integer('current_price_pence'),
    /** Price the last check saw, pence. */
    lastCheckedPricePence: integer('last_checked_price_pence'),
    /** Optional target: notify when the price is at or below it, pence. */
    targetPricePence: integer('target_price_pence'),
    lastNotifiedPricePence: integer('last_notified_price_pence'),
    lastNotificationSentAt: timestamp('last_notification_sent_at', { withTimezone: true }),
    notificationsSent: integer('notifications_sent').notNull().default(0),
    /** The newest price observation this alert has evaluated (one notification per alert and observation). */
    lastObservationId: integer('last_observation_id'),
    isActive: boolean('is_active').notNull().default(true),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The visitor token that created the alert (visitor_tokens.id): a device token reaches only its own alerts. */
    createdByTokenId: integer('created_by_token_id'),
    /**
     * True while the alert waits for its address's owner to prove the mailbox (issue 25: "only the
     * mailbox's owner adds to a confirmed address"): it was created without a mailbox token, so it
     * stays inactive (never judged, never mailed) until a confirmation or sign-in link of the
     * address is opened (subscriptions.service `confirmSubscriber`, alerts.service `approveAlerts`).
     */
    awaitingProof: boolean('awaiting_proof').notNull().default(false),
    /**
     * What the alert waits for (issue 30; common/alert-kinds.ts): 'target_price' (at or below
     * `target_price_pence`), 'percent_drop' (`drop_percent` % under `current_price_pence`),
     * 'any_drop', 'lowest_price' (a new lowest recorded price) or 'back_in_stock'. Check constraint
     * in migration 0021.
     */
    alertType: text('alert_type').$type<AlertType>().notNull().default('any_drop'),
    /** For 'percent_drop': the whole percent (1–90) under the price when the alert was set. */
    dropPercent: smallint('drop_percent'),
    /** Whether the product was in stock when the alert last looked (null: unknown); 'back_in_stock' fires on false → true. */
    lastInStock: boolean('last_in_stock'),
  },
  (t) => [uniqueIndex('deal_alerts_email_asin_idx').on(t.userEmail, t.productAsin), index('deal_alerts_asin_idx').on(t.productAsin)],
);

/**
 * One row per check run over **every** active alert (the scheduled, initial and owners' runs; issue
 * 7): such a run writes only the alerts whose price or observation changed (or that it notified)
 * and records here when it ran and which ASINs got no price, instead of rewriting `last_checked_at`
 * of every other alert (10,000 row updates a run for nothing new).
 */
export const priceCheckSweeps = pgTable(
  'price_check_sweeps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The run's time (the last_checked_at it would have written). */
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    /** ASINs without a usable price in this run: their alerts were not checked. */
    failedAsins: text('failed_asins')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [index('price_check_sweeps_checked_idx').on(t.checkedAt)],
);

/**
 * When the `deal_alerts` row in scope was last checked (timestamptz, null: never): its own
 * `last_checked_at`, or the latest later sweep that priced its product, while the alert is active.
 * Only an alert a check has written once can be swept (a sweep writes every alert it sees for the
 * first time, since it has no observation yet). One index look-up on price_check_sweeps, usually
 * one row. Select it in place of the column wherever an alert is shown.
 */
export const dealAlertLastCheckedAt: SQL<Date | null> = sql<Date | null>`(case
    when ${dealAlerts.isActive} and ${dealAlerts.lastCheckedAt} is not null then coalesce((
      select s.checked_at from ${priceCheckSweeps} s
      where s.checked_at > ${dealAlerts.lastCheckedAt} and not (${dealAlerts.productAsin} = any(s.failed_asins))
      order by s.checked_at desc limit 1), ${dealAlerts.lastCheckedAt})
    else ${dealAlerts.lastCheckedAt} end)`.mapWith(dealAlerts.lastCheckedAt);

/** Every column of an alert as shown (a select or returning object): the table's, with {@link dealAlertLastCheckedAt}. */
export const dealAlertShown = { ...getTableColumns(dealAlerts), lastCheckedAt: dealAlertLastCheckedAt };

export const priceCheckLogs = pgTable('price_check_logs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** 'cron' | 'manual' (an owner) | 'shopper' (a shopper's own alerts) | 'initial' | 'import' */
  triggerType: text('trigger_type').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  alertsChecked: integer('alerts_checked').notNull().default(0),
  successfulChecks: integer('successful_checks').notNull().default(0),
  failedChecks: integer('failed_checks').notNull().default(0),
  /** Calls made to the price source (⌈unique ASINs / 10⌉ when all succeed). */
  sourceCalls: integer('source_calls').notNull().default(0),
  durationMs: integer('duration_ms').notNull().default(0),
  /**
   * Per-product results: [{ productTitle, asin, originalPrice, newPrice, priceChange, priceChangePercent, success }],
   * at most price-check.queries.ts LOG_LINES_KEPT of them since migration 0030 (failures first, then
   * the largest changes; decision 0041). The counts below cover every product of the run.
   */
  details: jsonb('details').$type<unknown>().notNull(),
  /** Products the run judged (one per-product line each, whether kept in `details` or not). */
  productsChecked: integer('products_checked').notNull().default(0),
  /** Products whose price fell below the last price their alerts saw (a line's priceChange < 0). */
  priceDrops: integer('price_drops').notNull().default(0),
  /** Products whose price rose (priceChange > 0). */
  priceIncreases: integer('price_increases').notNull().default(0),
  /** Products judged at the same price, or at a first price with nothing to compare. */
  pricesUnchanged: integer('prices_unchanged').notNull().default(0),
  /** Products the run could not price (a line with success false). */
  productsFailed: integer('products_failed').notNull().default(0),
});
