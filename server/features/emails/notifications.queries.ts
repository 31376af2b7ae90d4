/**
 * SQL of owner-sent e-mail (issue 12 part 3): the alerts a notification names, alerts with price
 * drops, the last 24 hours' price drops, new deals by category, the subscriber audience, and the
 * notification stats. Money in pence.
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { originalPricePenceSql } from '../prices';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { dealAlertShown, dealAlerts } from '../../db/schema/alerts.schema';
import { priceObservations, products, shopperVisible, shopperVisibleAs } from '../../db/schema/catalogue.schema';
import { emailOutbox } from '../../db/schema/email.schema';
import { signups, userPreferences } from '../../db/schema/engagement.schema';
import { productClicks } from '../../db/schema/product-clicks.schema';
import { subscribers } from '../../db/schema/visitors.schema';

/** Outbox kinds that count as notifications in the stats (alerts and digests, not confirmations or tests). */
export const NOTIFICATION_KINDS = ['price-drop', 'deal-alert-notification', 'price-drop-summary', 'deal-digest'] as const;

/** The product a test e-mail shows: the biggest current deal, else any active product; undefined for an empty catalogue. */
export async function sampleProduct(
  db: Db | Tx,
): Promise<
  { asin: string; productTitle: string; productImageUrl: string | null; pricePence: number; wasPence: number | null } | undefined
> {
  const [row] = await db
    .select({
      asin: products.asin,
      productTitle: products.title,
      productImageUrl: products.imageUrl,
      pricePence: products.pricePence,
      wasPence: originalPricePenceSql,
    })
    .from(products)
    .where(shopperVisible)
    .orderBy(sql`${products.dealPercent} desc nulls last`, products.id)
    .limit(1);
  return row;
}

/** The newest price observation of each product: the cause a notification is about. */
const latestObservationId = sql<number | null>`(
  select o.id from ${priceObservations} o where o.product_id = ${products.id} order by o.observed_at desc, o.id desc limit 1)`;

/** An alert with what a notification needs from its product. */
export type AlertForNotification = Awaited<ReturnType<typeof alertsByIds>>[number];

/** The alerts of `ids` (unknown ids are simply missing), with the product's price, image and newest observation. */
export function alertsByIds(db: Db | Tx, ids: readonly number[]) {
  return db
    .select({
      alert: dealAlertShown,
      productPricePence: products.pricePence,
      productTitle: products.title,
      productImageUrl: products.imageUrl,
      productAsOf: products.priceAsOf,
      /** False when an owner made the product inactive (no e-mail about it, decision 0034); null without a product. */
      productActive: products.isActive,
      latestObservationId,
    })
    .from(dealAlerts)
    .leftJoin(products, eq(products.asin, dealAlerts.productAsin))
    .where(inArray(dealAlerts.id, [...ids]))
    .orderBy(dealAlerts.id);
}

/** Records a sent notification on each alert (the Notified badge, count and time; admin-area §2). */
export async function markAlertsNotified(tx: Tx, notified: ReadonlyArray<{ id: number; pricePence: number }>, now: Date): Promise<void> {
  if (notified.length === 0) return;
  await tx.execute(sql`
    update deal_alerts as a set
      last_notified_price_pence = v.price,
      last_notification_sent_at = ${now.toISOString()}::timestamptz,
      notifications_sent = a.notifications_sent + 1
    from unnest(${sql.param(notified.map((n) => n.id))}::bigint[], ${sql.param(notified.map((n) => n.pricePence))}::int[]) as v(id, price)
    where a.id = v.id`);
}

/** The alert's latest price (pence): last checked, else the product's. */
const latestAlertPrice = sql<number>`coalesce(${dealAlerts.lastCheckedPricePence}, ${products.pricePence})`;
const hasDrop = and(
  eq(dealAlerts.isActive, true),
  // An inactive product (decision 0034) is no drop to tell about; a deleted one keeps its last check.
  sql`coalesce(${products.isActive}, true)`,
  isNotNull(dealAlerts.currentPricePence),
  lt(latestAlertPrice, dealAlerts.currentPricePence),
);

/** Active alerts with a price drop, biggest drop (percent) first, at most `limit`, and how many there are. */
export async function activeAlertsWithDrops(db: Db | Tx, limit: number) {
  const rows = await db
    .select({ alert: dealAlertShown, pricePence: products.pricePence, priceAsOf: products.priceAsOf })
    .from(dealAlerts)
    .leftJoin(products, eq(products.asin, dealAlerts.productAsin))
    .where(hasDrop)
    .orderBy(
      sql`(${dealAlerts.currentPricePence} - ${latestAlertPrice})::float / ${dealAlerts.currentPricePence} desc`,
      desc(dealAlerts.id),
    )
    .limit(limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(dealAlerts)
    .leftJoin(products, eq(products.asin, dealAlerts.productAsin))
    .where(hasDrop);
  return { rows, total: count?.n ?? 0 };
}

/** One product whose price fell within the window. */
export interface PriceDropRow {
  asin: string;
  title: string;
  imageUrl: string | null;
  category: string;
  beforePence: number;
  nowPence: number;
  observedAt: Date;
}

/**
 * Products whose current price is below their price at the start of the window (`since` to
 * `until`, the last 24 hours) and that were observed at a new price within it, biggest drop
 * (percent) first; only `categories` when given. The price at the start is the last observation
 * before `since`, or, for a product first seen within the window, its first observation.
 */
export async function priceDropsBetween(
  db: Db | Tx,
  since: Date,
  until: Date,
  categories?: readonly string[] | null,
): Promise<PriceDropRow[]> {
  const from = since.toISOString();
  const to = until.toISOString();
  const result = await db.execute(sql`
    select p.asin, p.title, p.image_url, p.category, r.before_pence, p.price_pence as now_pence, m.last_at
    from (
      select product_id, min(observed_at) as first_at, max(observed_at) as last_at from price_observations
      where observed_at >= ${from}::timestamptz and observed_at <= ${to}::timestamptz
      group by product_id
    ) m
    join products p on p.id = m.product_id
    cross join lateral (
      select coalesce(
        (select o.price_pence from price_observations o
          where o.product_id = m.product_id and o.observed_at < ${from}::timestamptz
          order by o.observed_at desc, o.id desc limit 1),
        (select o.price_pence from price_observations o
          where o.product_id = m.product_id and o.observed_at = m.first_at
          order by o.id limit 1)
      ) as before_pence
    ) r
    where p.price_pence < r.before_pence and p.price_pence > 0 and ${shopperVisibleAs('p')}
      ${categories ? sql`and p.category = any(${sql.param([...categories])}::text[])` : sql``}
    order by (r.before_pence - p.price_pence)::float / r.before_pence desc, p.id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    asin: String(r.asin),
    title: String(r.title),
    imageUrl: (r.image_url as string | null) ?? null,
    category: String(r.category),
    beforePence: Number(r.before_pence),
    nowPence: Number(r.now_pence),
    observedAt: new Date(r.last_at as string | Date),
  }));
}

/** Current deals (deal_kind set) whose price was observed since `since` (new or repriced), in `categories` when given, best saving first. */
export async function newDealsSince(db: Db | Tx, since: Date, categories: readonly string[] | null, limit: number) {
  return db
    .select({
      asin: products.asin,
      title: products.title,
      imageUrl: products.imageUrl,
      pricePence: products.pricePence,
      dealPercent: products.dealPercent,
      dealLabel: products.dealLabel,
    })
    .from(products)
    .where(
      and(
        isNotNull(products.dealKind),
        shopperVisible,
        // A new or repriced product's price is observed when it is imported: its "as of" time says it is new.
        gt(products.priceAsOf, since),
        categories ? inArray(products.category, [...categories]) : undefined,
      ),
    )
    .orderBy(sql`${products.dealPercent} desc nulls last`, sql`${products.trendingScore} desc`, products.id)
    .limit(limit);
}

/** Everyone who might get a summary: each subscriber row, with their survey answer when they gave one. */
export async function subscriberAudience(db: Db | Tx) {
  return db
    .select({
      id: subscribers.id,
      email: subscribers.email,
      confirmed: sql<boolean>`${subscribers.confirmedAt} is not null`,
      unsubscribed: sql<boolean>`${subscribers.unsubscribedAt} is not null`,
      categories: userPreferences.preferredCategories,
    })
    .from(subscribers)
    .leftJoin(userPreferences, eq(userPreferences.email, subscribers.email))
    .orderBy(subscribers.id);
}

/**
 * Confirmed, subscribed addresses due a scheduled digest: those with a survey answer (its
 * frequency and categories) and those who signed up without one (weekly, every category; the
 * spec's default frequency), whose digest for their current period is not in the outbox yet.
 * `periodKeyOf` gives the dedupe key per frequency.
 */
export async function digestAudience(db: Db | Tx, keys: Readonly<Record<'daily' | 'weekly' | 'monthly', (id: number) => string>>) {
  const frequency = sql<string>`coalesce(${userPreferences.emailFrequency}, 'weekly')`;
  const rows = await db
    .select({ id: subscribers.id, email: subscribers.email, frequency, categories: userPreferences.preferredCategories })
    .from(subscribers)
    .leftJoin(userPreferences, eq(userPreferences.email, subscribers.email))
    .where(
      and(
        isNotNull(subscribers.confirmedAt),
        isNull(subscribers.unsubscribedAt),
        or(isNotNull(userPreferences.id), sql`exists (select 1 from ${signups} s where s.email = ${subscribers.email})`),
      ),
    )
    .orderBy(subscribers.id);
  const candidates = rows.map((r) => {
    const f = (['daily', 'weekly', 'monthly'].includes(r.frequency) ? r.frequency : 'weekly') as 'daily' | 'weekly' | 'monthly';
    return { ...r, frequency: f, dedupeKey: keys[f](r.id) };
  });
  if (candidates.length === 0) return candidates;
  const sent = await db
    .select({ key: emailOutbox.dedupeKey })
    .from(emailOutbox)
    .where(sql`${emailOutbox.dedupeKey} = any(${sql.param(candidates.map((c) => c.dedupeKey))}::text[])`);
  const done = new Set(sent.map((s) => s.key));
  return candidates.filter((c) => !done.has(c.dedupeKey));
}

/** Notification stats (admin-area §3): see dealAlertStatsResponseSchema for each figure. */
export async function notificationStats(db: Db | Tx) {
  const [subs] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscribers)
    .where(and(isNotNull(subscribers.confirmedAt), isNull(subscribers.unsubscribedAt)));
  const [mail] = await db
    .select({
      total: sql<number>`count(*)::int`,
      sent: sql<number>`(count(*) filter (where ${emailOutbox.status} in ('sent', 'written')))::int`,
    })
    .from(emailOutbox)
    .where(inArray(emailOutbox.kind, [...NOTIFICATION_KINDS]));
  const [clicks] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productClicks)
    .where(eq(productClicks.utmSource, 'email'));
  const [active] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(dealAlerts)
    .where(and(eq(dealAlerts.isActive, true), gt(dealAlerts.notificationsSent, 0)));
  return {
    subscriberCount: subs?.n ?? 0,
    totalNotifications: mail?.total ?? 0,
    totalEmailsSent: mail?.sent ?? 0,
    totalClicks: clicks?.n ?? 0,
    activeNotifications: active?.n ?? 0,
  };
}

/** The double opt-in state of each of `emails` (lower-cased); addresses not in the list are missing. */
export async function subscriberStates(
  db: Db | Tx,
  emails: readonly string[],
): Promise<Map<string, { confirmed: boolean; unsubscribed: boolean }>> {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ email: subscribers.email, confirmedAt: subscribers.confirmedAt, unsubscribedAt: subscribers.unsubscribedAt })
    .from(subscribers)
    .where(sql`${subscribers.email} = any(${sql.param(wanted)}::text[])`);
  return new Map(rows.map((r) => [r.email, { confirmed: r.confirmedAt !== null, unsubscribed: r.unsubscribedAt !== null }]));
}
