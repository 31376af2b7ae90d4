/**
 * SQL of prices (issue 6 point 1: one home for the price): the price columns of products, price
 * observations (the price history) and the 30-day statistics. Everything in bulk: arrays go as
 * single parameters (`= any($1::bigint[])`, `unnest(...)`), never one statement per product.
 * Money in integer pence. Every function runs on the database or the caller's transaction.
 */
import { feedPriceMaxAgeDays } from './deal-basis.rules';
import { desc, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { priceObservations, products } from '../../db/schema/catalogue.schema';
import type { PriceBadge } from '../../../common/price-badges';

type Queryable = Db | Tx;

/** Rows per set-based UPDATE / INSERT statement. */
export const WRITE_BATCH = 1000;

/** A price observation to insert: what a source (an import, a price check) saw and when. */
export interface NewObservation {
  productId: number;
  asin: string;
  pricePence: number;
  listPricePence: number | null;
  source: string;
  observedAt: Date;
  /**
   * The last time the source saw this price still in effect (price_observations.confirmed_at; the
   * evidence of the reference-price rule). Absent or null: seen only at `observedAt`. Set by the
   * price-history import (issue 30), whose files say how long each price held.
   */
  confirmedAt?: Date | null;
}

/** A product's price columns as the price check reads them (pence). */
export type PricedProduct = Awaited<ReturnType<typeof loadPricedProducts>> extends Map<string, infer P> ? P : never;

/** Products by ASIN (the catalogue's current price, list price, as-of time, title and image). */
export async function loadPricedProducts(db: Db | Tx, asins: readonly string[]) {
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
  /** The source's name ('creators-api'), stored as `price_source`. */
  source: string;
}

/** Writes new prices (price, list price, basis, price_as_of, price_source, updated_at) in set-based batches. */
export async function updateProductPrices(tx: Queryable, updates: readonly ProductPriceUpdate[], now: Date): Promise<void> {
  for (let i = 0; i < updates.length; i += WRITE_BATCH) {
    const batch = updates.slice(i, i + WRITE_BATCH);
    await tx.execute(sql`
      update products as p set
        price_pence = v.price, list_price_pence = v.list, saving_basis_type = v.basis,
        price_as_of = v.observed_at, price_source = v.source, updated_at = ${now.toISOString()}::timestamptz
      from unnest(
        ${sql.param(batch.map((u) => u.productId))}::bigint[], ${sql.param(batch.map((u) => u.pricePence))}::int[],
        ${sql.param(batch.map((u) => u.listPricePence))}::int[], ${sql.param(batch.map((u) => u.savingBasisType))}::text[],
        ${sql.param(batch.map((u) => u.observedAt.toISOString()))}::timestamptz[], ${sql.param(batch.map((u) => u.source))}::text[]
      ) as v(id, price, list, basis, observed_at, source)
      where p.id = v.id`);
  }
}

/** A source re-asserted a product's price unchanged at `observedAt`. */
export interface PriceConfirmation {
  productId: number;
  observedAt: Date;
  /** The source's name ('creators-api'), stored as `price_source`: it now vouches for the price. */
  source: string;
}

/**
 * Moves `price_as_of` forward (never back) for products whose price a source confirmed unchanged
 * (DESIGN.md §4 "Honest prices": the "as of" time is when the price was last seen), and records
 * that source as the price's (`price_source`, decision 0014).
 */
export async function confirmPriceAsOf(tx: Queryable, touches: readonly PriceConfirmation[]): Promise<void> {
  for (let i = 0; i < touches.length; i += WRITE_BATCH) {
    const batch = touches.slice(i, i + WRITE_BATCH);
    await tx.execute(sql`
      update products as p set price_as_of = v.observed_at, price_source = v.source
      from unnest(
        ${sql.param(batch.map((t) => t.productId))}::bigint[], ${sql.param(batch.map((t) => t.observedAt.toISOString()))}::timestamptz[],
        ${sql.param(batch.map((t) => t.source))}::text[]
      ) as v(id, observed_at, source)
      where p.id = v.id and p.price_as_of < v.observed_at`);
    // The evidence of the price in effect (the reference-price rule reads it: deal-basis.rules.ts):
    // re-asserted within FEED_PRICE_MAX_AGE_DAYS of when it was last seen, its newest observation's
    // confirmed_at moves forward (never back); after a longer gap the time between is unknown, so
    // the price is observed anew instead of stretching the old evidence over it.
    await tx.execute(sql`
      with v as (
        select * from unnest(
          ${sql.param(batch.map((t) => t.productId))}::bigint[], ${sql.param(batch.map((t) => t.observedAt.toISOString()))}::timestamptz[],
          ${sql.param(batch.map((t) => t.source))}::text[]
        ) as v(id, observed_at, source)
      ),
      latest as (
        select v.id as product_id, v.observed_at as t, v.source, l.id as obs_id, l.observed_at as obs_at,
          greatest(l.observed_at, coalesce(l.confirmed_at, l.observed_at)) as seen
        from v cross join lateral (
          select o.id, o.observed_at, o.confirmed_at from price_observations o
          where o.product_id = v.id order by o.observed_at desc, o.id desc limit 1
        ) l
      ),
      extended as (
        update price_observations as o set confirmed_at = latest.t
        from latest
        where o.id = latest.obs_id and latest.obs_at <= latest.t and latest.seen < latest.t
          and latest.t - latest.seen <= ${sql.raw(`interval '${Math.trunc(feedPriceMaxAgeDays())} days'`)}
        returning o.id
      )
      insert into price_observations (product_id, asin, price_pence, list_price_pence, source, observed_at)
      select p.id, p.asin, p.price_pence, p.list_price_pence, latest.source, latest.t
      from latest join products p on p.id = latest.product_id
      where latest.t - latest.seen > ${sql.raw(`interval '${Math.trunc(feedPriceMaxAgeDays())} days'`)}`);
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

/** An ASIN whose price history does not back its price: its product (null: not in the catalogue) and latest observation (null: none). */
export interface PriceGap {
  asin: string;
  product: PricedProduct | null;
  latest: { pricePence: number; observedAt: Date } | null;
}

interface PriceGapRow {
  asin: string;
  id: number | string | null;
  title: string | null;
  image_url: string | null;
  price_pence: number | null;
  list_price_pence: number | null;
  saving_basis_type: string | null;
  price_as_of: string | Date | null;
  last_price_pence: number | null;
  last_observed_at: string | Date | null;
}

/**
 * Of `asins`, those whose price history does not back the price in effect: no product in the
 * catalogue (`product` null), no observation yet, or a latest observation (by observed time, then
 * id) at another price. One statement, whatever the count; usually answers nothing. Pence.
 */
export async function priceGaps(db: Db | Tx, asins: readonly string[]): Promise<PriceGap[]> {
  if (asins.length === 0) return [];
  const result = await db.execute(sql`
    select u.asin, p.id, p.title, p.image_url, p.price_pence, p.list_price_pence, p.saving_basis_type, p.price_as_of,
      o.price_pence as last_price_pence, o.observed_at as last_observed_at
    from unnest(${sql.param([...asins])}::text[]) as u(asin)
      left join ${products} p on p.asin = u.asin
      left join lateral (
        select po.price_pence, po.observed_at from ${priceObservations} po
        where po.product_id = p.id order by po.observed_at desc, po.id desc limit 1
      ) o on true
    where p.id is null or o.price_pence is null or o.price_pence <> p.price_pence`);
  // Raw SQL: node-postgres answers bigint as text; both drivers answer timestamps as text.
  return rowsOf<PriceGapRow>(result).map((r) => ({
    asin: r.asin,
    product:
      r.id === null
        ? null
        : {
            id: Number(r.id),
            asin: r.asin,
            title: r.title ?? '',
            imageUrl: r.image_url,
            pricePence: Number(r.price_pence),
            listPricePence: r.list_price_pence === null ? null : Number(r.list_price_pence),
            savingBasisType: r.saving_basis_type,
            priceAsOf: new Date(r.price_as_of as string | Date),
          },
    latest:
      r.last_price_pence === null
        ? null
        : { pricePence: Number(r.last_price_pence), observedAt: new Date(r.last_observed_at as string | Date) },
  }));
}

/**
 * Inserts observations in set-based batches (one array parameter per column, `unnest`); returns
 * product id → new observation id. Ids follow the order of `rows`.
 */
export async function insertObservations(tx: Queryable, rows: readonly NewObservation[]): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (let i = 0; i < rows.length; i += WRITE_BATCH) {
    const batch = rows.slice(i, i + WRITE_BATCH);
    const result = await tx.execute(sql`
      insert into ${priceObservations} (product_id, asin, price_pence, list_price_pence, source, observed_at, confirmed_at)
      select v.product_id, v.asin, v.price, v.list, v.source, v.observed_at, v.confirmed_at
      from unnest(
        ${sql.param(batch.map((r) => r.productId))}::int[], ${sql.param(batch.map((r) => r.asin))}::text[],
        ${sql.param(batch.map((r) => r.pricePence))}::int[], ${sql.param(batch.map((r) => r.listPricePence))}::int[],
        ${sql.param(batch.map((r) => r.source))}::text[], ${sql.param(batch.map((r) => r.observedAt.toISOString()))}::timestamptz[],
        ${sql.param(batch.map((r) => r.confirmedAt?.toISOString() ?? null))}::timestamptz[]
      ) as v(product_id, asin, price, list, source, observed_at, confirmed_at)
      returning id, product_id`);
    for (const r of rowsOf<{ id: number | string; product_id: number | string }>(result)) ids.set(Number(r.product_id), Number(r.id));
  }
  return ids;
}

/** A product's stored row plus its window statistics, as refreshProductStats needs them. Pence. */
export interface ProductStatsRow {
  id: number;
  pricePence: number;
  listPricePence: number | null;
  savingBasisType: string | null;
  reviewCount: number | null;
  boughtLastMonth: number | null;
  isBestSeller: boolean;
  rating: number | null;
  /** Max / min price in effect during the 30-day window; null without observations. */
  high30Pence: number | null;
  low30Pence: number | null;
  /** Max price in effect during the 7-day window. */
  high7Pence: number | null;
  /** When the current price was last observed or confirmed, and who vouches for it (products.price_as_of, price_source). */
  priceAsOf: Date;
  priceSource: string;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A PostgreSQL array literal of ids, passed as one parameter (works on PGlite and node-postgres alike). */
function idArray(ids: readonly number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
}

/**
 * Loads, for the products `ids`, the inputs of their statistics. "In effect during a window" =
 * observations inside (since, now] plus the last observation at or before `since` (the price the
 * window opened with). One query; the lateral look-ups use price_observations_product_idx.
 */
export async function loadStatsInputs(
  db: Queryable,
  ids: readonly number[],
  w: { now: Date; since30: Date; since7: Date },
): Promise<ProductStatsRow[]> {
  if (ids.length === 0) return [];
  const idList = idArray(ids);
  const now = w.now.toISOString();
  const since30 = w.since30.toISOString();
  const since7 = w.since7.toISOString();
  const result = await db.execute(sql`
    select p.id, p.price_pence, p.list_price_pence, p.saving_basis_type, p.review_count, p.bought_last_month, p.is_best_seller, p.rating,
      p.price_as_of, p.price_source,
      greatest(win.max30, open30.price_pence) as high30,
      least(win.min30, open30.price_pence) as low30,
      greatest(win.max7, open7.price_pence) as high7
    from products p
    left join (
      select o.product_id, max(o.price_pence) as max30, min(o.price_pence) as min30,
        max(o.price_pence) filter (where o.observed_at > ${since7}::timestamptz) as max7
      from price_observations o
      where o.product_id = any(${idList}::int[]) and o.observed_at > ${since30}::timestamptz and o.observed_at <= ${now}::timestamptz
      group by o.product_id
    ) win on win.product_id = p.id
    left join lateral (
      select o.price_pence from price_observations o
      where o.product_id = p.id and o.observed_at <= ${since30}::timestamptz
      order by o.observed_at desc, o.id desc limit 1
    ) open30 on true
    left join lateral (
      select o.price_pence from price_observations o
      where o.product_id = p.id and o.observed_at <= ${since7}::timestamptz
      order by o.observed_at desc, o.id desc limit 1
    ) open7 on true
    where p.id = any(${idList}::bigint[])`);
  const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: Number(r.id),
    pricePence: Number(r.price_pence),
    listPricePence: num(r.list_price_pence),
    savingBasisType: typeof r.saving_basis_type === 'string' ? r.saving_basis_type : null,
    reviewCount: num(r.review_count),
    boughtLastMonth: num(r.bought_last_month),
    isBestSeller: r.is_best_seller === true,
    rating: num(r.rating),
    high30Pence: num(r.high30),
    low30Pence: num(r.low30),
    high7Pence: num(r.high7),
    priceAsOf: new Date(r.price_as_of as string | Date),
    priceSource: String(r.price_source),
  }));
}

/** One price observation as the history rules read it (deal-basis.rules.ts PricePoint). Pence. */
export interface HistoryPoint {
  pricePence: number;
  observedAt: Date;
  /** Last re-assertion while in effect; null = seen only at observedAt. */
  confirmedAt: Date | null;
}

/**
 * The price history the deal rule reads, per product id (with each observation's last confirmation): every observation in (since, now] plus the
 * last one at or before `since` (the price the window opened with), oldest first. One query; the
 * look-ups use price_observations_product_idx. Pence.
 */
export async function loadDealHistory(
  db: Queryable,
  ids: readonly number[],
  w: { now: Date; since: Date },
): Promise<Map<number, HistoryPoint[]>> {
  const history = new Map<number, HistoryPoint[]>();
  if (ids.length === 0) return history;
  const idList = idArray(ids);
  const now = w.now.toISOString();
  const since = w.since.toISOString();
  const result = await db.execute(sql`
    select h.product_id, h.price_pence, h.observed_at, h.confirmed_at from (
      select o.product_id, o.price_pence, o.observed_at, o.confirmed_at, o.id from price_observations o
      where o.product_id = any(${idList}::int[]) and o.observed_at > ${since}::timestamptz and o.observed_at <= ${now}::timestamptz
      union all
      select p.id, op.price_pence, op.observed_at, op.confirmed_at, op.id from unnest(${idList}::bigint[]) as p(id)
      cross join lateral (
        select o.price_pence, o.observed_at, o.confirmed_at, o.id from price_observations o
        where o.product_id = p.id and o.observed_at <= ${since}::timestamptz
        order by o.observed_at desc, o.id desc limit 1
      ) op
    ) h
    order by h.product_id, h.observed_at, h.id`);
  for (const r of rowsOf<Record<string, unknown>>(result)) {
    const id = Number(r.product_id);
    let points = history.get(id);
    if (!points) history.set(id, (points = []));
    points.push({
      pricePence: Number(r.price_pence),
      observedAt: new Date(r.observed_at as string | Date),
      confirmedAt: r.confirmed_at == null ? null : new Date(r.confirmed_at as string | Date),
    });
  }
  return history;
}

/** What refreshProductStats stores for one product (pence; the deal columns null when not a deal). */
export interface ProductStatsWrite {
  id: number;
  high: number | null;
  low: number | null;
  score: number;
  popularity: number;
  dealKind: string | null;
  dealPercent: number | null;
  dealLabel: string | null;
  /** The tracked reference price under the reference-price rule, pence; null when none. */
  reference: number | null;
  /** The "lowest in 30 days" flag under the same rule. */
  lowest30: boolean;
}

/** Stores high/low (pence), trending score, popularity, deal basis, tracked reference and low flag for many products in one statement. Returns rows updated. */
export async function writeProductStats(db: Queryable, rows: readonly ProductStatsWrite[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db.execute(sql`
    update products p set
      observed_high_30d_pence = v.high,
      observed_low_30d_pence = v.low,
      trending_score = v.score,
      popularity_score = v.popularity,
      deal_kind = v."dealKind",
      deal_percent = v."dealPercent",
      deal_label = v."dealLabel",
      reference_price_pence = v.reference,
      lowest_in_30_days = v.lowest30
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as v(id bigint, high integer, low integer, score real, popularity real, "dealKind" text, "dealPercent" smallint, "dealLabel" text,
        reference integer, lowest30 boolean)
    where p.id = v.id`);
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? rows.length;
}

/** Sets products.in_stock of each product whose stock differs (issue 30); one statement. */
export async function updateProductStock(db: Queryable, rows: ReadonlyArray<{ productId: number; inStock: boolean }>): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    update products p set in_stock = v.in_stock
    from unnest(${sql.param(rows.map((r) => r.productId))}::bigint[], ${sql.param(rows.map((r) => r.inStock))}::boolean[]) as v(id, in_stock)
    where p.id = v.id and p.in_stock is distinct from v.in_stock`);
}

/**
 * Stores each product's price badges (issue 30; price-badges.rules.ts), only where they changed:
 * one statement for the lot. Returns nothing; throws what the database throws.
 */
export async function writePriceBadges(db: Queryable, rows: ReadonlyArray<{ id: number; badges: PriceBadge[] }>): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    update products p set price_badges = v.badges
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id bigint, badges jsonb)
    where p.id = v.id and p.price_badges is distinct from v.badges`);
}

/** Ids of the products with a deal basis, a tracked reference price or the 30-day-low flag (claims that age). */
export async function productsWithTimeBoundClaims(db: Queryable): Promise<number[]> {
  const result = await db.execute(
    sql`select id from products where deal_kind is not null or reference_price_pence is not null or lowest_in_30_days or price_badges <> '[]'::jsonb`,
  );
  return rowsOf<{ id: number | string }>(result).map((r) => Number(r.id));
}
