/**
 * SQL of cheaper alternatives: the source product by ASIN, its full-text neighbours in the
 * catalogue (GIN index products_search_idx; every user value bound, never spliced), and which of
 * Amazon's search results we already hold.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/catalogue.schema';
import type { ProductRow } from '../products/product-shape';

const columns = {
  id: products.id,
  asin: products.asin,
  title: products.title,
  pricePence: products.pricePence,
  listPricePence: products.listPricePence,
  savingBasisType: products.savingBasisType,
  observedHigh30dPence: products.observedHigh30dPence,
  observedLow30dPence: products.observedLow30dPence,
  imageUrl: products.imageUrl,
  rating: products.rating,
  reviewCount: products.reviewCount,
  category: products.category,
  categoryName: products.categoryName,
  brand: products.brand,
  features: products.features,
  priceAsOf: products.priceAsOf,
  priceSource: products.priceSource,
};

/** The product with this ASIN, or undefined. */
export async function findSourceProduct(db: Db, asin: string): Promise<ProductRow | undefined> {
  const [row] = await db.select(columns).from(products).where(eq(products.asin, asin)).limit(1);
  return row;
}

/** Product id by ASIN of those of `asins` in the catalogue (at most 10 look-ups by the unique index). */
export async function catalogueIdsByAsin(db: Db, asins: readonly string[]): Promise<Map<string, number>> {
  if (asins.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, asin: products.asin })
    .from(products)
    .where(inArray(products.asin, [...asins]));
  return new Map(rows.map((r) => [r.asin, r.id]));
}

/**
 * Up to `limit` products other than `excludeAsin` matching the tsquery text `tsquery` (to_tsquery
 * syntax, English stemming), in `category` when given, best text rank first. Rows carry `textRank`.
 */
export async function findTextNeighbours(
  db: Db,
  opts: { tsquery: string; excludeAsin: string; category: string | null; limit: number },
): Promise<Array<ProductRow & { textRank: number }>> {
  const query = sql`to_tsquery('english', ${opts.tsquery})`;
  const rank = sql<number>`ts_rank(${products.searchVector}, ${query})`.mapWith(Number);
  return db
    .select({ ...columns, textRank: rank })
    .from(products)
    .where(
      and(
        sql`${products.searchVector} @@ ${query}`,
        ne(products.asin, opts.excludeAsin),
        sql`${products.pricePence} > 0`,
        opts.category ? eq(products.category, opts.category) : undefined,
      ),
    )
    .orderBy(sql`${rank} desc`, products.id)
    .limit(opts.limit);
}
