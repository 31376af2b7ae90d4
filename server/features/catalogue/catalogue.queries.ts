/**
 * SQL of the catalogue feature: batched product upserts (issue part 3 "Import performance":
 * multi-row statements, never one query per row). Prices, observations and statistics are written
 * by the prices feature (server/features/prices).
 * Every function runs on whatever it is given: the database or the caller's transaction.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { products } from '../../db/schema/catalogue.schema';
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
 * Every row's price becomes the feed's (`price_source` = `source`): it is no longer Amazon's data,
 * so the licence's 24 hours stop applying to it (decision 0014).
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
      priceSource: opts.source,
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
    priceSource: sql`excluded.price_source`,
    updatedAt: sql`excluded.updated_at`,
  };
  for (const column of columns) set[column] = EXCLUDED[column];
  return db
    .insert(products)
    .values(values)
    .onConflictDoUpdate({ target: products.asin, set })
    .returning({ id: products.id, asin: products.asin });
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
