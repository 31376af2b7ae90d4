/**
 * SQL of the catalogue feature: batched product upserts, price observations and per-product
 * statistics (issue part 3 "Import performance": multi-row statements, never one query per row).
 * Every function runs on whatever it is given: the database or the caller's transaction.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { priceObservations, products } from '../../db/schema/catalogue.schema';
import type { CatalogueRow } from './catalogue-row';

type Queryable = Db | Tx;

/** The stored values an import compares a row with. Money in pence. */
export interface ExistingProduct {
  id: number;
  asin: string;
  title: string;
  pricePence: number;
  listPricePence: number | null;
  savingBasisType: string | null;
  rating: number | null;
  reviewCount: number | null;
  imageUrl: string | null;
  sourceUrl: string | null;
  category: string;
  categoryName: string | null;
  brand: string | null;
  features: string[];
  boughtLastMonth: number | null;
  isBestSeller: boolean;
}

/** Loads the products with these ASINs in one query, keyed by ASIN. */
export async function loadExistingProducts(db: Queryable, asins: readonly string[]): Promise<Map<string, ExistingProduct>> {
  if (asins.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      asin: products.asin,
      title: products.title,
      pricePence: products.pricePence,
      listPricePence: products.listPricePence,
      savingBasisType: products.savingBasisType,
      rating: products.rating,
      reviewCount: products.reviewCount,
      imageUrl: products.imageUrl,
      sourceUrl: products.sourceUrl,
      category: products.category,
      categoryName: products.categoryName,
      brand: products.brand,
      features: products.features,
      boughtLastMonth: products.boughtLastMonth,
      isBestSeller: products.isBestSeller,
    })
    .from(products)
    .where(inArray(products.asin, [...asins]));
  return new Map(rows.map((r) => [r.asin, r]));
}

/** Optional product columns a CSV may carry; only those present in the file are written on update. */
export type OptionalProductColumn =
  | 'listPricePence'
  | 'savingBasisType'
  | 'rating'
  | 'reviewCount'
  | 'imageUrl'
  | 'sourceUrl'
  | 'category'
  | 'categoryName'
  | 'brand'
  | 'features'
  | 'boughtLastMonth'
  | 'isBestSeller';

const EXCLUDED: Record<OptionalProductColumn, SQL> = {
  listPricePence: sql`excluded.list_price_pence`,
  savingBasisType: sql`excluded.saving_basis_type`,
  rating: sql`excluded.rating`,
  reviewCount: sql`excluded.review_count`,
  imageUrl: sql`excluded.image_url`,
  sourceUrl: sql`excluded.source_url`,
  category: sql`excluded.category`,
  categoryName: sql`excluded.category_name`,
  brand: sql`excluded.brand`,
  features: sql`excluded.features`,
  boughtLastMonth: sql`excluded.bought_last_month`,
  isBestSeller: sql`excluded.is_best_seller`,
};

/**
 * `insert … on conflict (asin) do update` of `rows` in one statement. New products get `source`
 * and defaults for absent columns; existing ones get the title, price and the `columns` the file
 * carries (absent columns keep their stored values), with `price_as_of` and `updated_at` = `now`.
 * Returns each row's product id. Keep batches ≤ ~2,000 rows (PostgreSQL allows 65,535 parameters).
 */
export async function upsertProducts(
  db: Queryable,
  rows: readonly CatalogueRow[],
  columns: readonly OptionalProductColumn[],
  opts: { now: Date; source: string },
): Promise<Array<{ id: number; asin: string }>> {
  if (rows.length === 0) return [];
  const values = rows.map((r) => {
    const value: typeof products.$inferInsert = {
      asin: r.asin,
      title: r.title,
      pricePence: r.pricePence,
      source: opts.source,
      priceAsOf: opts.now,
      createdAt: opts.now,
      updatedAt: opts.now,
    };
    for (const column of columns) {
      const v = r[column];
      if (v !== undefined) (value as Record<string, unknown>)[column] = v;
    }
    return value;
  });
  const set: Record<string, SQL> = {
    title: sql`excluded.title`,
    pricePence: sql`excluded.price_pence`,
    priceAsOf: sql`excluded.price_as_of`,
    updatedAt: sql`excluded.updated_at`,
  };
  for (const column of columns) set[column] = EXCLUDED[column];
  return db
    .insert(products)
    .values(values)
    .onConflictDoUpdate({ target: products.asin, set })
    .returning({ id: products.id, asin: products.asin });
}

/** Marks the prices of unchanged products as seen again at `now` (the feed re-asserts them). */
export async function touchPriceAsOf(db: Queryable, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(products)
    .set({ priceAsOf: now })
    .where(inArray(products.id, [...ids]));
}

export interface NewObservation {
  productId: number;
  asin: string;
  pricePence: number;
  listPricePence: number | null;
  source: string;
  observedAt: Date;
}

/** Inserts price observations in multi-row statements of 1,000. */
export async function insertObservations(db: Queryable, rows: readonly NewObservation[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(priceObservations).values(rows.slice(i, i + 1000));
  }
}

/** A product's stored row plus its window statistics, as refreshProductStats needs them. Pence. */
export interface ProductStatsRow {
  id: number;
  pricePence: number;
  listPricePence: number | null;
  reviewCount: number | null;
  boughtLastMonth: number | null;
  isBestSeller: boolean;
  rating: number | null;
  /** Max / min price in effect during the 30-day window; null without observations. */
  high30Pence: number | null;
  low30Pence: number | null;
  /** Max price in effect during the 7-day window. */
  high7Pence: number | null;
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
    select p.id, p.price_pence, p.list_price_pence, p.review_count, p.bought_last_month, p.is_best_seller, p.rating,
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
    reviewCount: num(r.review_count),
    boughtLastMonth: num(r.bought_last_month),
    isBestSeller: r.is_best_seller === true,
    rating: num(r.rating),
    high30Pence: num(r.high30),
    low30Pence: num(r.low30),
    high7Pence: num(r.high7),
  }));
}

/** Stores high/low (pence) and trending score for many products in one statement. Returns rows updated. */
export async function writeProductStats(
  db: Queryable,
  rows: ReadonlyArray<{ id: number; high: number | null; low: number | null; score: number }>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db.execute(sql`
    update products p set
      observed_high_30d_pence = v.high,
      observed_low_30d_pence = v.low,
      trending_score = v.score
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id bigint, high integer, low integer, score real)
    where p.id = v.id`);
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? rows.length;
}
