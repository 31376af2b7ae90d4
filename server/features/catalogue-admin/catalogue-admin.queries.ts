/**
 * SQL of the admin catalogue tabs (issue 11 part 3): the filtered, sorted product list and its
 * count, products by id, deletions, the statistics and the top deals. Every user value is a bound
 * parameter (drizzle's `sql` template). Money in integer pence.
 */
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { originalPricePenceSql } from '../prices';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { products } from '../../db/schema/catalogue.schema';
import { PRICE_BAND_EDGES_PENCE, type AdminProductSortKey, type SortOrder } from '../../../common/admin-products';
import { productColumns, type ProductRow } from '../products';

/** A product row with what the admin tabs add: its stored deal basis and when the row changed. */
export interface AdminProductRow extends ProductRow {
  dealKind: string | null;
  dealPercent: number | null;
  dealLabel: string | null;
  updatedAt: Date;
  /** False when an owner took it off the shop (issue 29, decision 0034); admin reads show it anyway. */
  isActive: boolean;
}

const adminColumns = {
  ...productColumns,
  dealKind: products.dealKind,
  dealPercent: products.dealPercent,
  dealLabel: products.dealLabel,
  updatedAt: products.updatedAt,
  isActive: products.isActive,
};

/** What the list keeps (all AND-ed); null/undefined keeps everything. */
export interface AdminProductFilter {
  /** A stored category key (one of the ten or 'other'). */
  category?: string | undefined;
  /** Text the title, brand or ASIN must contain (case-insensitive). */
  search?: string | undefined;
  /** Exact ASIN. */
  asin?: string | undefined;
  /** Only active or only inactive products (decision 0034); undefined keeps both. */
  status?: 'active' | 'inactive' | undefined;
}

/** `text` for a LIKE pattern: `%`, `_` and `\` match themselves. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(filter: AdminProductFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.category) conditions.push(eq(products.category, filter.category));
  if (filter.asin) conditions.push(eq(products.asin, filter.asin));
  if (filter.status) conditions.push(eq(products.isActive, filter.status === 'active'));
  if (filter.search) {
    // "Contains" is what an owner expects of an admin search box (part of a title, a brand, an
    // ASIN), not the shoppers' stemmed full-text match; admin lists are rare, so a scan is fine.
    const pattern = likeContains(filter.search);
    conditions.push(or(ilike(products.title, pattern), ilike(products.brand, pattern), ilike(products.asin, pattern)) as SQL);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const SORT_COLUMNS = {
  id: products.id,
  title: products.title,
  price: products.pricePence,
  category: products.category,
} as const;

/** The order of the list: the chosen column, then id (so pages never overlap). */
function orderOf(sortBy: AdminProductSortKey, sortOrder: SortOrder): SQL[] {
  const direction = sortOrder === 'asc' ? asc : desc;
  if (sortBy === 'id') return [direction(products.id)];
  return [direction(SORT_COLUMNS[sortBy]), direction(products.id)];
}

/** One page of the list: `offset`/`limit` count rows. */
export async function findAdminProductPage(
  db: Db,
  filter: AdminProductFilter,
  sortBy: AdminProductSortKey,
  sortOrder: SortOrder,
  offset: number,
  limit: number,
): Promise<AdminProductRow[]> {
  return db
    .select(adminColumns)
    .from(products)
    .where(whereOf(filter))
    .orderBy(...orderOf(sortBy, sortOrder))
    .limit(limit)
    .offset(offset);
}

/** How many products match `filter`. */
export async function countAdminProducts(db: Db, filter: AdminProductFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(whereOf(filter));
  return Number(row?.n ?? 0);
}

/** The products with these ids (any order; unknown ids are simply absent). */
export async function findProductsByIds(db: Db, ids: readonly number[]): Promise<AdminProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(adminColumns)
    .from(products)
    .where(inArray(products.id, [...ids]));
}

/**
 * Deletes the products with these ids (their price observations and category-page entries go with
 * them by `on delete cascade`; alerts keep their ASIN and lose the link). Answers how many went.
 */
export async function deleteProductsByIds(tx: Tx, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await tx
    .delete(products)
    .where(inArray(products.id, [...ids]))
    .returning({ id: products.id });
  return deleted.length;
}

/** Deletes every product (as {@link deleteProductsByIds}). Answers how many went. */
export async function deleteAllProducts(tx: Tx): Promise<number> {
  // Counted in SQL: `returning id` would ship every id of a 100k catalogue back to count them.
  const result = await tx.execute(sql`with gone as (delete from ${products} returning 1) select count(*)::int as n from gone`);
  const [row] = rowsOf<{ n: number }>(result);
  return Number(row?.n ?? 0);
}

/** The original price the shopper is shown, in SQL: the pricing module's (prices/original-price.sql.ts). */
const originalPricePence = originalPricePenceSql;

/** Catalogue-wide figures of the Statistics tab, in one pass over the products. */
export interface CatalogueTotals {
  total: number;
  minPence: number | null;
  maxPence: number | null;
  /** Mean whole discount percent of the discounted products (unrounded), or null. */
  avgDiscount: number | null;
  discountedCount: number;
  dealCount: number;
}

export async function catalogueTotals(db: Db): Promise<CatalogueTotals> {
  // The badge's own percent (round per product, as common/discount.ts), averaged.
  const percent = sql`round((${originalPricePence} - ${products.pricePence}) * 100.0 / ${originalPricePence})`;
  const discounted = sql`${products.pricePence} > 0 and ${originalPricePence} is not null`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      minPence: sql<number | null>`min(${products.pricePence})`,
      maxPence: sql<number | null>`max(${products.pricePence})`,
      avgDiscount: sql<string | null>`avg(${percent}) filter (where ${discounted})`,
      discountedCount: sql<number>`(count(*) filter (where ${discounted}))::int`,
      dealCount: sql<number>`(count(*) filter (where ${products.dealKind} is not null))::int`,
    })
    .from(products);
  return {
    total: Number(row?.total ?? 0),
    minPence: row?.minPence == null ? null : Number(row.minPence),
    maxPence: row?.maxPence == null ? null : Number(row.maxPence),
    avgDiscount: row?.avgDiscount == null ? null : Number(row.avgDiscount),
    discountedCount: Number(row?.discountedCount ?? 0),
    dealCount: Number(row?.dealCount ?? 0),
  };
}

/** Products per stored category (only categories that hold some). */
export async function countByCategory(db: Db): Promise<Array<{ category: string; count: number }>> {
  const rows = await db
    .select({ category: products.category, count: sql<number>`count(*)::int` })
    .from(products)
    .groupBy(products.category);
  return rows.map((r) => ({ category: r.category, count: Number(r.count) }));
}

/**
 * Products per price band: band 0 below the first edge, band i from edge i−1 (inclusive) to edge i
 * (exclusive), the last band from the last edge up (PostgreSQL `width_bucket` with an array of
 * thresholds). Only bands that hold some are answered.
 */
export async function countByPriceBand(db: Db): Promise<Array<{ band: number; count: number }>> {
  const edges = sql.raw(`array[${PRICE_BAND_EDGES_PENCE.join(',')}]::int[]`);
  const band = sql<number>`width_bucket(${products.pricePence}, ${edges})`;
  const rows = await db
    .select({ band, count: sql<number>`count(*)::int` })
    .from(products)
    .groupBy(band);
  return rows.map((r) => ({ band: Number(r.band), count: Number(r.count) }));
}

/**
 * The `limit` best deals (docs/decisions/0008): products with a stored deal basis, by largest deal
 * percent, then trending score, then id, the order of today's deals (index products_deals_idx).
 */
export async function findTopDeals(db: Db, limit: number): Promise<AdminProductRow[]> {
  return db
    .select(adminColumns)
    .from(products)
    .where(sql`deal_kind is not null`)
    .orderBy(desc(products.dealPercent), desc(products.trendingScore), asc(products.id))
    .limit(limit);
}

/** The product with this ASIN, or undefined. */
export async function findProductByAsin(db: Db | Tx, asin: string): Promise<AdminProductRow | undefined> {
  const [row] = await db.select(adminColumns).from(products).where(eq(products.asin, asin)).limit(1);
  return row;
}

/** The descriptive columns an owner may edit (issue 29); the price goes through the prices feature. */
export interface ProductDetailsUpdate {
  title?: string;
  imageUrl?: string | null;
  category?: string;
  /** Shown to shoppers or not (decision 0034). */
  isActive?: boolean;
}

/** Writes `update` onto product `id` and moves `updated_at` to `now`. No-op when `update` is empty. */
export async function updateProductDetails(tx: Tx, id: number, update: ProductDetailsUpdate, now: Date): Promise<void> {
  if (Object.keys(update).length === 0) return;
  await tx
    .update(products)
    .set({ ...update, updatedAt: now })
    .where(eq(products.id, id));
}

/** One product as the catalogue export writes it (pence, the stored columns). */
export interface CatalogueExportRow {
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
  priceAsOf: Date;
}

/** Every product, by id, with the columns the importer reads back (catalogue-layout.ts). */
export async function findCatalogueForExport(db: Db): Promise<CatalogueExportRow[]> {
  return db
    .select({
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
      priceAsOf: products.priceAsOf,
    })
    .from(products)
    .orderBy(asc(products.id));
}

/** The ids of every product matching `filter` (issue 29 "select all matching"), lowest first. */
export async function findAdminProductIds(db: Db, filter: AdminProductFilter): Promise<number[]> {
  const rows = await db.select({ id: products.id }).from(products).where(whereOf(filter)).orderBy(asc(products.id));
  return rows.map((r) => r.id);
}
