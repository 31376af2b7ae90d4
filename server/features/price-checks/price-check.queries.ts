/**
 * SQL of the price-check run (issue part 7; DESIGN.md §7: alert judging ≥ 50,000 alerts/s). The
 * alerts are judged, queued and written back by one statement ({@link judgeRun}); arrays go in as
 * single parameters, so a run over any number of alerts is a handful of statements and no alert
 * row travels to JavaScript unless per-alert results are asked for. Money in integer pence.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { dealAlerts, priceCheckLogs, priceCheckSweeps } from '../../db/schema/alerts.schema';
import { priceObservations, products } from '../../db/schema/catalogue.schema';
import { subscribers } from '../../db/schema/visitors.schema';
import { priceDropInsertSql } from '../../email/deferred-email';
import type { PriceGap } from '../prices';
import type { PriceFailure } from './price-refresh.service';
import { LOG_DETAILS_SHOWN } from '../../../common/api/price-checks.schema';

/**
 * Per-product lines a run's log keeps (decision 0041): the ones the history shows
 * (LOG_DETAILS_SHOWN: failures first, then the largest changes), never the whole catalogue. The
 * run's outcome counts per product are kept in columns beside them.
 */
export const LOG_LINES_KEPT = LOG_DETAILS_SHOWN;

/** Memory for each sort or hash of the judging statement on PostgreSQL (its work_mem, for that transaction only). */
export const JUDGING_WORK_MEM = '64MB';

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

/**
 * Whether an alert's owner is told about `price` (pence) of observation `observationId`: the rule of
 * price-drop.rules.ts `judgeAlert` (`shouldNotify`, by the alert's kind, issue 30) as one SQL
 * boolean over the `deal_alerts` row in scope, never null. `product.lowestEver` and
 * `product.inStock` are the product's facts (booleans; inStock may be null). price-drop.rules.test.ts
 * proves the two agree on every case.
 */
export function notifySql(
  price: SQL,
  observationId: SQL,
  product: { lowestEver: SQL; inStock: SQL } = { lowestEver: sql`false`, inStock: sql`null::boolean` },
): SQL {
  const previous = sql`coalesce(${dealAlerts.lastCheckedPricePence}, ${dealAlerts.currentPricePence})`;
  const fresh = sql`${dealAlerts.lastObservationId} is distinct from ${observationId}`;
  const reached = (limit100: SQL) => sql`(${price} * 100 <= ${limit100}
      and (${dealAlerts.lastNotifiedPricePence} is null or ${price} < ${dealAlerts.lastNotifiedPricePence} or ${previous} * 100 > ${limit100}))`;
  return sql`coalesce(${dealAlerts.isActive} and case ${dealAlerts.alertType}
      when 'any_drop' then ${fresh} and ${price} < ${previous}
      when 'target_price' then ${fresh} and ${reached(sql`${dealAlerts.targetPricePence} * 100`)}
      when 'percent_drop' then ${fresh} and ${reached(sql`${dealAlerts.currentPricePence} * (100 - ${dealAlerts.dropPercent})`)}
      when 'lowest_price' then ${fresh} and ${product.lowestEver} and ${price} < ${previous}
      when 'back_in_stock' then ${price} is not null and ${product.inStock} and ${dealAlerts.lastInStock} = false
      else false end, false)`;
}

/** One alert of a run, as {@link judgeRun} answers it when asked for per-alert results (pence). */
export interface JudgedAlertRow {
  alertId: number;
  asin: string;
  /** Last checked price, else the price at creation. */
  previousPence: number | null;
  /** The catalogue's title, else the alert's stored title. */
  title: string;
  /** The price judged; null when the product failed this run. */
  pricePence: number | null;
  asOf: Date | null;
}

export interface JudgedRun {
  /**
   * Alerted products whose price no observation backs yet (none, or the latest at another price):
   * when there are any, **nothing was written** — record them (prices.service) and judge again.
   */
  gaps: PriceGap[];
  /** The run's price_check_logs row (its duration still 0: {@link setLogDuration}); 0 with gaps. */
  logId: number;
  alertsChecked: number;
  /** Alerts whose product had a usable price. */
  successfulChecks: number;
  /** Alerts that saw a drop (the new price below the last price they saw). */
  drops: number;
  /** Price-drop e-mails queued (new dedupe keys only). */
  queued: number;
  /** One per alert in alert id order, when asked for; else empty. */
  alerts: JudgedAlertRow[];
}

export interface JudgeRunInput {
  filter: AlertFilter;
  /** The ASINs the source was asked about (sorted, distinct): alerts on other ASINs wait for the next run. */
  asked: readonly string[];
  /**
   * Why the source gave no usable price for some of them (price-refresh.service.ts
   * `sourceFailures`): a failed call (`apiWorking` false) comes first, then "not in the catalogue"
   * (decided here), then the others. The rest are judged on the catalogue's price.
   */
  failures: ReadonlyMap<string, PriceFailure>;
  now: Date;
  /** Also answer one row per alert (the API's per-alert results). */
  perAlert: boolean;
  /**
   * The run covers every active alert and records a sweep (alerts.schema.ts `priceCheckSweeps`,
   * with the ASINs that got no price): alerts that saw nothing new (same price and observation, not
   * notified) are not written.
   */
  sweep: boolean;
  /**
   * Let the statement's sorts and hashes use up to {@link JUDGING_WORK_MEM} each (PostgreSQL only:
   * PGlite's heap never shrinks once grown, so it keeps its default of 4 MB).
   */
  roomySorts?: boolean;
  /** What the log row records besides the lines. */
  log: { trigger: 'cron' | 'manual' | 'shopper' | 'initial' | 'import'; sourceCalls: number };
}

/**
 * Judges, queues, writes back and logs every alert of a run in **one statement** (issue 7: alert
 * judging ≥ 50,000 alerts/s; docs/decisions/0004-jobs-and-outbox.md), so nothing per alert crosses
 * into JavaScript and every part reads the same snapshot:
 *
 * 0. `asked`: each ASIN with its product, its latest observation (one index look-up per product)
 *    and whether it is priced (no failure, in the catalogue and active — an owner's inactive product
 *    is judged on no price, so its alerts send nothing and keep their last price: decision 0034 —,
 *    observed at its price); a priced-to-be
 *    product without such an observation is a gap, and then no part below writes anything.
 * 1. `scope`: the alerts the filter covers on the `asked` ASINs, each with its product's price and
 *    observation when priced, its stock and "lowest we've recorded" badge (read once per product in
 *    `asked`), and {@link notifySql} by the alert's kind.
 * 2. `queued`: one deferred price-drop e-mail per alert to notify whose address is confirmed and
 *    subscribed (email/deferred-email.ts `priceDropInsertSql`); a dedupe key that already exists
 *    (an earlier or concurrent run, an owner's notification) is skipped and not counted.
 * 3. `written`: every alert with a price gets last_checked_price_pence, last_checked_at and
 *    last_observation_id, and every alert whose product's stock is known gets last_in_stock
 *    (issue 30: an out-of-stock product without a price still writes it, so its return is noticed) (in a `sweep`, only those whose price or observation changed: the others
 *    are covered by the sweep's row); those queued also last_notified_price_pence,
 *    last_notification_sent_at and notifications_sent + 1. Only columns without an index change, so
 *    with the table's fillfactor (migration 0013) PostgreSQL updates them in place (HOT).
 * 4. `logged`: the price_check_logs row: the run's counts per product (checked, price drops,
 *    increases, unchanged, failed) and at most {@link LOG_LINES_KEPT} per-product lines
 *    ({@link logLineSql}; "the alert checked most recently" goes by the alerts' own last_checked_at),
 *    those the history shows (`shown`: failures first, then the largest changes, then the lowest
 *    alert id), stored in order of their lowest alert id (decision 0041: a line per product of a
 *    1M catalogue was 248 MB of JSON per run, near jsonb's 256 MB limit); and `swept`, the sweep row
 *    of a `sweep`.
 * 5. The answer: the counts, the gaps and, when `perAlert`, one row per alert.
 *
 * `asked` and `priced` go in as two aligned arrays (`unnest`), never compared with `= any(…)` row by
 * row. Throws what the database throws.
 */
export async function judgeRun(tx: Tx, input: JudgeRunInput): Promise<JudgedRun> {
  // PostgreSQL cannot know how many rows the CTEs join (no statistics on them) and guesses high, so
  // its JIT would compile the statement for seconds (measured 1.9 s) to save nothing; PGlite has no JIT.
  await tx.execute(sql`set local jit = off`);
  // At 1M alerts the default 4 MB spilled its sorts and hashes to temporary files: 64 MB took the
  // quiet run's statement from 18.1–18.7 s to 14.9–15.2 s (decision 0041).
  if (input.roomySorts) await tx.execute(sql.raw(`set local work_mem = '${JUDGING_WORK_MEM}'`));
  const result = await tx.execute(judgeRunSql(input));
  return judgedRun(rowsOf<JudgeRow>(result));
}

/** The statement of {@link judgeRun}. */
export function judgeRunSql(input: JudgeRunInput): SQL {
  const now = input.now.toISOString();
  const failure = (asin: string, byCall: boolean) => {
    const f = input.failures.get(asin);
    return f && !f.apiWorking === byCall ? f.error : null;
  };
  /** Whether no gap stops this run's writes. */
  const clear = sql`(select not exists (select 1 from asked where gap))`;
  const queue = priceDropInsertSql(
    {
      alertId: sql`s.id`,
      observationId: sql`s.observation_id`,
      recipient: sql`s.user_email`,
      asin: sql`s.product_asin`,
      productTitle: sql`s.title`,
      productImageUrl: sql`coalesce(s.image_url, s.product_image_url)`,
      oldPricePence: sql`coalesce(s.previous, s.price)`,
      newPricePence: sql`s.price`,
      targetPricePence: sql`s.target_price_pence`,
      asOf: sql`s.price_as_of`,
      alertType: sql`s.alert_type`,
      dropPercent: sql`s.drop_percent`,
      // A back-in-stock alert may fire again at the same observation (out of stock and back at one price).
      dedupeSuffix: sql`case when s.alert_type = 'back_in_stock' then ':stock:' || s.notifications_sent end`,
    },
    sql`from scope s join ${subscribers} m on m.email = s.user_email and m.confirmed_at is not null and m.unsubscribed_at is null
      where s.notify and ${clear}`,
    input.now,
  );
  return sql`
    with asked as materialized (
      select u.asin, p.id as product_id, p.title, p.image_url, p.list_price_pence, o.id as observation_id,
        o.observed_at as last_observed_at, o.price_pence as last_price_pence,
        u.call_error is null and u.quote_error is null and coalesce(p.is_active, false) and o.price_pence is not distinct from p.price_pence as priced,
        u.call_error is null and u.quote_error is null and coalesce(p.is_active, false) and o.price_pence is distinct from p.price_pence as gap,
        coalesce(u.call_error, case when p.id is null then 'product is not in the catalogue'
          when not p.is_active then 'product is inactive' end, u.quote_error) as error,
        p.price_pence as catalogue_price, p.price_as_of as catalogue_as_of,
        case when u.call_error is null and coalesce(p.is_active, false) then p.in_stock end as in_stock,
        coalesce(p.price_badges @> '[{"kind":"lowest_ever"}]'::jsonb, false) as lowest_ever
      from unnest(
          ${sql.param([...input.asked])}::text[],
          ${sql.param(input.asked.map((a) => failure(a, true)))}::text[],
          ${sql.param(input.asked.map((a) => failure(a, false)))}::text[]
        ) as u(asin, call_error, quote_error)
        left join ${products} p on p.asin = u.asin
        left join lateral (
          select po.id, po.price_pence, po.observed_at from ${priceObservations} po
          where u.call_error is null and u.quote_error is null and po.product_id = p.id
          order by po.observed_at desc, po.id desc limit 1
        ) o on true
    ),
    scope as materialized (
      select ${dealAlerts.id} as id, ${dealAlerts.userEmail} as user_email, ${dealAlerts.productAsin} as product_asin,
        ${dealAlerts.productImageUrl} as product_image_url, ${dealAlerts.targetPricePence} as target_price_pence,
        ${dealAlerts.lastCheckedAt} as last_checked_at,
        ${dealAlerts.alertType} as alert_type, ${dealAlerts.dropPercent} as drop_percent,
        ${dealAlerts.notificationsSent} as notifications_sent, k.in_stock,
        coalesce(k.in_stock is distinct from ${dealAlerts.lastInStock} and k.in_stock is not null, false) as stock_changed,
        coalesce(${dealAlerts.lastCheckedPricePence}, ${dealAlerts.currentPricePence}) as previous,
        coalesce(k.title, ${dealAlerts.productTitle}) as title, k.image_url, k.error,
        k.price, k.price_as_of, k.observation_id,
        coalesce(${dealAlerts.lastCheckedPricePence} = k.price and ${dealAlerts.lastObservationId} = k.observation_id, false) as unchanged,
        ${notifySql(sql`k.price`, sql`k.observation_id`, { lowestEver: sql`k.lowest_ever`, inStock: sql`k.in_stock` })} as notify
      from ${dealAlerts}
        join (
          select a.*, case when a.priced then a.catalogue_price end as price, case when a.priced then a.catalogue_as_of end as price_as_of
          from asked a
        ) k on k.asin = ${dealAlerts.productAsin}
      where ${alertWhere({ ...input.filter, asins: undefined })}
    ),
    queued as (${queue}),
    written as (
      update ${dealAlerts} as a set
        last_checked_price_pence = coalesce(s.price, a.last_checked_price_pence),
        last_checked_at = case when s.price is null then a.last_checked_at else ${now}::timestamptz end,
        last_observation_id = case when s.price is null then a.last_observation_id else s.observation_id end,
        last_in_stock = coalesce(s.in_stock, a.last_in_stock),
        last_notified_price_pence = case when q.alert_id is null then a.last_notified_price_pence else s.price end,
        last_notification_sent_at = case when q.alert_id is null then a.last_notification_sent_at else ${now}::timestamptz end,
        notifications_sent = a.notifications_sent + case when q.alert_id is null then 0 else 1 end
      from scope s left join queued q on q.alert_id = s.id
      where a.id = s.id and (s.price is not null or s.stock_changed) and ${clear}${input.sweep ? sql` and (not s.unchanged or s.stock_changed or q.alert_id is not null)` : sql``}
    ),
    lines as (
      select s.product_asin as asin, min(s.id) as first_id, count(*) as alerts,
        count(*) filter (where s.price < s.previous) as drops,
        (array_agg(s.previous order by s.last_checked_at desc nulls last, s.id))[1] as previous,
        (array_agg(s.title order by s.last_checked_at desc nulls last, s.id))[1] as title,
        min(s.price) as price, min(s.error) as error
      from scope s group by s.product_asin
    ),
    shown as (
      select l.* from lines l
      order by l.price is null desc, abs(${percentChangeSql(sql`l.price`, sql`l.previous`)}) desc nulls last, l.first_id
      limit ${sql.raw(String(LOG_LINES_KEPT))}
    ),
    totals as (
      select coalesce(sum(l.alerts), 0) as alerts, coalesce(sum(l.alerts) filter (where l.price is not null), 0) as successful,
        coalesce(sum(l.drops), 0) as drops, count(*) as products,
        count(*) filter (where l.price is null) as products_failed,
        count(*) filter (where l.price < l.previous) as price_drops,
        count(*) filter (where l.price > l.previous) as price_increases,
        (select coalesce(jsonb_agg(${logLineSql({ title: sql`k.title`, asin: sql`k.asin`, previous: sql`k.previous`, price: sql`k.price`, error: sql`coalesce(k.error, 'no price')` })} order by k.first_id), '[]'::jsonb)
          from shown k) as details
      from lines l
    ),
    logged as (
      insert into ${priceCheckLogs} (trigger_type, checked_at, alerts_checked, successful_checks, failed_checks, source_calls, duration_ms,
        details, products_checked, price_drops, price_increases, prices_unchanged, products_failed)
      select ${input.log.trigger}, ${now}::timestamptz, t.alerts, t.successful, t.alerts - t.successful, ${input.log.sourceCalls}::int, 0,
        t.details, t.products, t.price_drops, t.price_increases, t.products - t.products_failed - t.price_drops - t.price_increases, t.products_failed
      from totals t where ${clear}
      returning id
    ),
    swept as (
      insert into ${priceCheckSweeps} (checked_at, failed_asins)
      select ${now}::timestamptz, coalesce(array_agg(k.asin) filter (where not k.priced), '{}')
      from asked k
      having ${input.sweep} and count(*) > 0 and ${clear}
    )
    select 'run' as kind, (select id from logged) as id, null::text as asin, null::int as previous, null::text as title,
      null::int as price, null::int as list_price, null::timestamptz as as_of, null::timestamptz as last_at, null::int as last_price,
      t.alerts, t.successful, t.drops, (select count(*) from queued) as queued
    from totals t
    union all
    select 'gap', k.product_id, k.asin, null, null, k.catalogue_price, k.list_price_pence, k.catalogue_as_of, k.last_observed_at,
      k.last_price_pence, null, null, null, null
    from asked k where k.gap
    union all
    select 'alert', s.id, s.product_asin, s.previous, s.title, s.price, null, s.price_as_of, null, null, null, null, null, null
    from scope s where ${input.perAlert} and ${clear}
    order by 1 desc, 2`;
}

/** Pence (an SQL integer) as the API's pound string ("12.99", "-3.00"), keeping null: common/money.ts `penceToPriceString`. */
function poundsSql(pence: SQL): SQL {
  return sql`((${pence})::numeric / 100)::numeric(20, 2)::text`;
}

/**
 * The change from `previous` to `price` (pence, SQL integers) in per cent, rounded half up to two
 * decimals in double precision as JavaScript's Math.round (price-check-judge.rules.ts `resultOf`);
 * null when either is null or `previous` is not above 0.
 */
function percentChangeSql(price: SQL, previous: SQL): SQL {
  return sql`(case when ${previous} is null or ${previous} <= 0 then null
    else floor(((${price} - ${previous})::float8 / (${previous})::float8) * 10000 + 0.5) / 100 end)`;
}

/**
 * One line of a log's details (admin-area §3 "per-product results") as jsonb, from a product's
 * title, ASIN, the previous price (pence, may be null), the price judged (pence; null: the product
 * failed, then `error` says why): what price-check-judge.rules.ts `resultOf` answers for an alert
 * in the same position (pound strings; the percentage rounded half up to two decimals, in double
 * precision as JavaScript's Math.round). price-check.log-lines.test.ts proves they agree.
 */
export function logLineSql(l: { title: SQL; asin: SQL; previous: SQL; price: SQL; error: SQL }): SQL {
  return sql`(case when ${l.price} is null then jsonb_build_object(
      'productTitle', ${l.title}, 'asin', ${l.asin}, 'originalPrice', ${poundsSql(l.previous)}, 'newPrice', null,
      'priceChange', null, 'priceChangePercent', null, 'success', false, 'error', ${l.error})
    else jsonb_build_object(
      'productTitle', ${l.title}, 'asin', ${l.asin}, 'originalPrice', ${poundsSql(l.previous)}, 'newPrice', ${poundsSql(l.price)},
      'priceChange', ${poundsSql(sql`${l.price} - ${l.previous}`)},
      'priceChangePercent', ${percentChangeSql(l.price, l.previous)},
      'success', true) end)`;
}

/** Sets the duration of a run's log row, ms (known only after the statement that wrote it). */
export async function setLogDuration(tx: Tx, logId: number, durationMs: number): Promise<void> {
  await tx
    .update(priceCheckLogs)
    .set({ durationMs: Math.round(durationMs) })
    .where(eq(priceCheckLogs.id, logId));
}

interface JudgeRow {
  kind: 'run' | 'gap' | 'alert';
  id: number | string | null;
  asin: string | null;
  previous: number | null;
  title: string | null;
  price: number | null;
  list_price: number | null;
  as_of: string | Date | null;
  last_at: string | Date | null;
  last_price: number | null;
  alerts: number | string | null;
  successful: number | string | null;
  drops: number | string | null;
  queued: number | string | null;
}

/** Rows of {@link judgeRun} as plain values (node-postgres answers bigint as text; both drivers timestamps as text). */
function judgedRun(rows: JudgeRow[]): JudgedRun {
  const run = rows.find((r) => r.kind === 'run');
  if (!run) throw new Error('the judging statement answered no run row');
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  const date = (v: string | Date | null) => (v === null ? null : new Date(v));
  const gaps: PriceGap[] = rows
    .filter((r) => r.kind === 'gap')
    .map((r) => ({
      asin: r.asin ?? '',
      product: {
        id: Number(r.id),
        asin: r.asin ?? '',
        title: '',
        imageUrl: null,
        pricePence: Number(r.price),
        listPricePence: num(r.list_price),
        savingBasisType: null,
        priceAsOf: date(r.as_of) ?? new Date(0),
      },
      latest: r.last_price === null ? null : { pricePence: Number(r.last_price), observedAt: date(r.last_at) ?? new Date(0) },
    }));
  return {
    gaps,
    logId: Number(run.id ?? 0),
    alertsChecked: Number(run.alerts),
    successfulChecks: Number(run.successful),
    drops: Number(run.drops),
    queued: Number(run.queued),
    alerts: rows
      .filter((r) => r.kind === 'alert')
      .map((r) => ({
        alertId: Number(r.id),
        asin: r.asin ?? '',
        previousPence: num(r.previous),
        title: r.title ?? '',
        pricePence: num(r.price),
        asOf: date(r.as_of),
      })),
  };
}

/** One product's line in a log's details (admin-area §3 "Price check log"; built by {@link logLineSql}); prices are pound strings. */
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

/** Whether any active alert was never checked (the scheduler then runs an 'initial' check at start). */
export async function hasNeverCheckedAlerts(db: Db | Tx): Promise<boolean> {
  const rows = await db
    .select({ id: dealAlerts.id })
    .from(dealAlerts)
    .where(and(eq(dealAlerts.isActive, true), sql`${dealAlerts.lastCheckedAt} is null`))
    .limit(1);
  return rows.length > 0;
}
