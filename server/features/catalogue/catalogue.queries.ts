/**
 * SQL of the catalogue feature: batched product upserts (issue part 3 "Import performance":
 * multi-row statements, never one query per row). Prices, observations and statistics are written
 * by the prices feature (server/features/prices).
 * Every function runs on whatever it is given: the database or the caller's transaction.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { priceObservations, products } from '../../db/schema/catalogue.schema';
import { rowsOf } from '../../db/rows';
import type { CatalogueRow } from './catalogue-row';
import type { ProductStatsValues } from '../prices';

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
  /** Whether the offer is in stock (issue 30); null when unknown. */
  inStock: boolean | null;
  /** When the stored price was observed: an older row does not replace it (issue 27 "True times"). */
  priceAsOf: Date;
}

/** Loads the products with these ASINs in one query (the ASINs as one array parameter), keyed by ASIN. */
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
      inStock: products.inStock,
      priceAsOf: products.priceAsOf,
    })
    .from(products)
    .where(sql`${products.asin} = any(${sql.param([...asins])}::text[])`);
  return new Map(rows.map((r) => [r.asin, r]));
}

/** An observation's identity for {@link recordedObservations}: product, time and price. */
export function observationKey(o: { productId: number; observedAt: Date; pricePence: number }): string {
  return `${o.productId}@${o.observedAt.getTime()}@${o.pricePence}`;
}

/**
 * Which of `candidates` the price history already holds (same product, observation time and price),
 * as {@link observationKey}s: an older file imported twice adds its prices to the history once. One
 * query (three array parameters), on the product-and-time index. Reads only; the prices feature
 * writes observations.
 */
export async function recordedObservations(
  db: Queryable,
  candidates: ReadonlyArray<{ productId: number; observedAt: Date; pricePence: number }>,
): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const result = await db.execute(sql`
    select o.product_id::int as product_id, o.observed_at, o.price_pence
    from unnest(
      ${sql.param(candidates.map((c) => c.productId))}::bigint[],
      ${sql.param(candidates.map((c) => c.observedAt.toISOString()))}::timestamptz[],
      ${sql.param(candidates.map((c) => c.pricePence))}::int[]
    ) as v(product_id, observed_at, price_pence)
    join ${priceObservations} o
      on o.product_id = v.product_id and o.observed_at = v.observed_at and o.price_pence = v.price_pence`);
  return new Set(
    rowsOf<{ product_id: number; observed_at: string | Date; price_pence: number }>(result).map((r) =>
      observationKey({ productId: Number(r.product_id), observedAt: new Date(r.observed_at), pricePence: Number(r.price_pence) }),
    ),
  );
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
  | 'isBestSeller'
  | 'inStock';

/**
 * How an optional column travels: its SQL name, the element type of its array parameter, how a
 * value is encoded into it, and the default a row without a value gets (`otherwise`; a nullable
 * column without one gets null, its default), as drizzle's `default` did for a missing value.
 */
const OPTIONAL_COLUMNS: Record<
  OptionalProductColumn,
  { name: string; type: string; cast?: string; encode?: (v: unknown) => unknown; otherwise?: string }
> = {
  listPricePence: { name: 'list_price_pence', type: 'int' },
  savingBasisType: { name: 'saving_basis_type', type: 'text' },
  rating: { name: 'rating', type: 'real' },
  reviewCount: { name: 'review_count', type: 'int' },
  imageUrl: { name: 'image_url', type: 'text' },
  sourceUrl: { name: 'source_url', type: 'text' },
  category: { name: 'category', type: 'text', otherwise: "'other'" },
  categoryName: { name: 'category_name', type: 'text' },
  brand: { name: 'brand', type: 'text' },
  // JSON text per row (an array of arrays would be read as a two-dimensional array).
  features: { name: 'features', type: 'text', cast: 'jsonb', encode: (v) => JSON.stringify(v), otherwise: "'[]'::jsonb" },
  boughtLastMonth: { name: 'bought_last_month', type: 'int' },
  isBestSeller: { name: 'is_best_seller', type: 'boolean', otherwise: 'false' },
  inStock: { name: 'in_stock', type: 'boolean' },
};

/** A new product's statistics columns, as the prices feature's statsOfNewProduct answers them. Pence. */
type NewProductStats = ProductStatsValues;

const STATS_COLUMNS: Array<{ name: string; type: string; value: (s: NewProductStats) => unknown }> = [
  { name: 'observed_high_30d_pence', type: 'int', value: (s) => s.high },
  { name: 'observed_low_30d_pence', type: 'int', value: (s) => s.low },
  { name: 'trending_score', type: 'real', value: (s) => s.score },
  { name: 'popularity_score', type: 'real', value: (s) => s.popularity },
  { name: 'deal_kind', type: 'text', value: (s) => s.dealKind },
  { name: 'deal_percent', type: 'smallint', value: (s) => s.dealPercent },
  { name: 'deal_label', type: 'text', value: (s) => s.dealLabel },
];

/**
 * How the importer writes rows: its clock `now` (`created_at`, `updated_at`), the `source` of new
 * products and of the prices, and `priceAsOf(row)`, when the row's price was observed (its
 * `price_as_of`; issue 27 "True times"), default `now`.
 */
export interface ProductWriteOptions {
  now: Date;
  source: string;
  priceAsOf?: (row: CatalogueRow) => Date;
}

/**
 * `insert into products … select … from unnest(…)` of `rows`: one array parameter per column, so
 * the statement text and its parameter count do not grow with the rows (no 65,535-parameter limit,
 * no thousands of parameters to bind and parse).
 * Writes asin, title, price, `source` and `price_source` = `opts.source`, `price_as_of` =
 * `opts.priceAsOf(row)` (one array parameter), `created_at` and `updated_at` = `now`, the `columns`
 * the file carries (a row without a value gets the column's default), and with `stats` (one per row)
 * the statistics columns.
 */
function insertProductsSql(
  rows: readonly CatalogueRow[],
  columns: readonly OptionalProductColumn[],
  opts: ProductWriteOptions,
  stats: readonly NewProductStats[] | undefined,
  onConflict: SQL,
): SQL {
  const target: SQL[] = [
    sql`asin`,
    sql`title`,
    sql`price_pence`,
    sql`source`,
    sql`price_source`,
    sql`price_as_of`,
    sql`created_at`,
    sql`updated_at`,
  ];
  const now = opts.now.toISOString();
  const priceAsOf = opts.priceAsOf ?? (() => opts.now);
  const select: SQL[] = [
    sql`v.asin`,
    sql`v.title`,
    sql`v.price_pence`,
    sql`${opts.source}`,
    sql`${opts.source}`,
    sql`v.price_as_of`,
    sql`${now}::timestamptz`,
    sql`${now}::timestamptz`,
  ];
  const arrays: SQL[] = [
    sql`${sql.param(rows.map((r) => r.asin))}::text[]`,
    sql`${sql.param(rows.map((r) => r.title))}::text[]`,
    sql`${sql.param(rows.map((r) => r.pricePence))}::int[]`,
    sql`${sql.param(rows.map((r) => priceAsOf(r).toISOString()))}::timestamptz[]`,
  ];
  const aliases: SQL[] = [sql`asin`, sql`title`, sql`price_pence`, sql`price_as_of`];
  for (const column of new Set(columns)) {
    const spec = OPTIONAL_COLUMNS[column];
    const name = sql.raw(spec.name);
    const encode = spec.encode;
    const values = rows.map((r) => {
      const v = r[column];
      return v === undefined || v === null ? null : encode ? encode(v) : v;
    });
    target.push(name);
    aliases.push(name);
    arrays.push(sql`${sql.param(values)}::${sql.raw(spec.type)}[]`);
    const value = spec.cast ? sql`v.${name}::${sql.raw(spec.cast)}` : sql`v.${name}`;
    select.push(spec.otherwise ? sql`coalesce(${value}, ${sql.raw(spec.otherwise)})` : value);
  }
  if (stats) {
    for (const spec of STATS_COLUMNS) {
      const name = sql.raw(spec.name);
      target.push(name);
      aliases.push(name);
      arrays.push(sql`${sql.param(stats.map(spec.value))}::${sql.raw(spec.type)}[]`);
      select.push(sql`v.${name}`);
    }
  }
  return sql`
    insert into ${products} (${sql.join(target, sql`, `)})
    select ${sql.join(select, sql`, `)}
    from unnest(${sql.join(arrays, sql`, `)}) as v(${sql.join(aliases, sql`, `)})
    ${onConflict}
    returning id, asin`;
}

function idsOf(result: unknown): Array<{ id: number; asin: string }> {
  // Both drivers answer `{ rows }`; node-postgres answers bigint as text.
  return (result as { rows: Array<{ id: number | string; asin: string }> }).rows.map((r) => ({ id: Number(r.id), asin: r.asin }));
}

/**
 * Inserts new products with their statistics (`stats[i]` for `rows[i]`, from the prices feature's
 * statsOfNewProduct) in one statement, so a new product is written once. A row whose ASIN exists
 * by then (another writer inserted it since the caller looked) is skipped, not overwritten: it is
 * missing from the answer, and the caller writes it with {@link upsertProducts} instead. Otherwise
 * as upsertProducts. Returns the inserted rows' product ids.
 */
export async function insertNewProducts(
  db: Queryable,
  rows: readonly CatalogueRow[],
  stats: readonly NewProductStats[],
  columns: readonly OptionalProductColumn[],
  opts: ProductWriteOptions,
): Promise<Array<{ id: number; asin: string }>> {
  if (rows.length === 0) return [];
  return idsOf(await db.execute(insertProductsSql(rows, columns, opts, stats, sql`on conflict (asin) do nothing`)));
}

/**
 * `insert … on conflict (asin) do update` of `rows` in one statement. New products get `source`
 * and defaults for absent columns; existing ones get the title, price and the `columns` the file
 * carries (absent columns keep their stored values), with `price_as_of` = `opts.priceAsOf(row)`
 * and `updated_at` = `now`. The caller passes no row older than the stored price (the importer
 * keeps those in the price history only).
 * Every row's price becomes the feed's (`price_source` = `source`): it is no longer Amazon's data,
 * so the licence's 24 hours stop applying to it (decision 0014).
 * Returns each row's product id. Any number of rows (one array parameter per column).
 */
export async function upsertProducts(
  db: Queryable,
  rows: readonly CatalogueRow[],
  columns: readonly OptionalProductColumn[],
  opts: ProductWriteOptions,
): Promise<Array<{ id: number; asin: string }>> {
  if (rows.length === 0) return [];
  const set = [
    'title',
    'price_pence',
    'price_as_of',
    'price_source',
    'updated_at',
    ...new Set(columns.map((c) => OPTIONAL_COLUMNS[c].name)),
  ].map((name) => sql.raw(`${name} = excluded.${name}`));
  return idsOf(
    await db.execute(insertProductsSql(rows, columns, opts, undefined, sql`on conflict (asin) do update set ${sql.join(set, sql`, `)}`)),
  );
}

/**
 * Deletes every product whose ASIN is not in `keep` (Replace All, issue 11 part 3) and returns how
 * many went. `keep` travels as one JSON parameter and is joined as a set (a hash anti-join), so
 * 300,000 ASINs cost one statement, not one comparison per pair. Rows that reference a product
 * follow the schema: price observations and category-page entries go with it, alerts keep their
 * ASIN with `product_id` set to null.
 */
export async function deleteProductsNotIn(db: Queryable, keep: readonly string[]): Promise<number> {
  const deleted = await db.execute(sql`
    with gone as (
      delete from products p
      where not exists (select 1 from jsonb_array_elements_text(${JSON.stringify(keep)}::jsonb) k(asin) where k.asin = p.asin)
      returning 1
    )
    select count(*)::int as n from gone`);
  // Both drivers answer `{ rows }` (PGlite and node-postgres).
  return Number((deleted as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
}

/** What a Replace All keeping `keep` would delete (issue 29): products, and what goes with them. */
export interface ReplaceImpact {
  deleteCount: number;
  /** Their price observations (deleted with them). */
  priceObservationCount: number;
  /** Their places on category pages (deleted with them). */
  categoryPageEntryCount: number;
  /** Their places on the Under £15 list (deleted with them). */
  budgetDealEntryCount: number;
  /** Alerts on them: these keep their ASIN and lose the product link. */
  alertCount: number;
}

/**
 * Counts, without changing anything, what {@link deleteProductsNotIn}`(keep)` would delete: the
 * products the ASINs `keep` do not name, their price observations, category-page and Under £15
 * places, and the alerts that would lose their link. Run it in the same transaction, just before.
 */
export async function replaceImpact(db: Queryable, keep: readonly string[]): Promise<ReplaceImpact> {
  const result = await db.execute(sql`
    with gone as (
      select p.id from products p
      where not exists (select 1 from jsonb_array_elements_text(${JSON.stringify(keep)}::jsonb) k(asin) where k.asin = p.asin)
    )
    select
      (select count(*)::int from gone) as "deleteCount",
      (select count(*)::int from price_observations o where o.product_id in (select id from gone)) as "priceObservationCount",
      (select count(*)::int from category_page_products c where c.product_id in (select id from gone)) as "categoryPageEntryCount",
      (select count(*)::int from budget_deals b where b.product_id in (select id from gone)) as "budgetDealEntryCount",
      (select count(*)::int from deal_alerts a where a.product_id in (select id from gone)) as "alertCount"`);
  const row = (result as unknown as { rows: Array<Record<keyof ReplaceImpact, number>> }).rows[0];
  return {
    deleteCount: Number(row?.deleteCount ?? 0),
    priceObservationCount: Number(row?.priceObservationCount ?? 0),
    categoryPageEntryCount: Number(row?.categoryPageEntryCount ?? 0),
    budgetDealEntryCount: Number(row?.budgetDealEntryCount ?? 0),
    alertCount: Number(row?.alertCount ?? 0),
  };
}

/**
 * The ASINs {@link deleteProductsNotIn}`(keep)` would delete, sorted, at most `limit` (issue 29: the
 * audit entry of a Replace All lists what went). Run it in the same transaction, just before.
 */
export async function asinsNotIn(db: Queryable, keep: readonly string[], limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    select p.asin from products p
    where not exists (select 1 from jsonb_array_elements_text(${JSON.stringify(keep)}::jsonb) k(asin) where k.asin = p.asin)
    order by p.asin limit ${limit}`);
  return rowsOf<{ asin: string }>(result).map((r) => r.asin);
}
