/**
 * Deal alerts and price-check logs (shopper-screens §3; admin-area §3 "Deal alert", "Price check log").
 * Money in integer pence; times in UTC timestamptz.
 */
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { products } from './catalogue.schema';

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
  },
  (t) => [uniqueIndex('deal_alerts_email_asin_idx').on(t.userEmail, t.productAsin), index('deal_alerts_asin_idx').on(t.productAsin)],
);

export const priceCheckLogs = pgTable('price_check_logs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** 'cron' | 'manual' | 'initial' | 'import' */
  triggerType: text('trigger_type').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  alertsChecked: integer('alerts_checked').notNull().default(0),
  successfulChecks: integer('successful_checks').notNull().default(0),
  failedChecks: integer('failed_checks').notNull().default(0),
  /** Calls made to the price source (⌈unique ASINs / 10⌉ when all succeed). */
  sourceCalls: integer('source_calls').notNull().default(0),
  durationMs: integer('duration_ms').notNull().default(0),
  /** Per-product results: [{ productTitle, asin, originalPrice, newPrice, priceChange, priceChangePercent, success }]. */
  details: jsonb('details').$type<unknown>().notNull(),
});
