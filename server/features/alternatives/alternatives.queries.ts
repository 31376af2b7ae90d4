/**
 * SQL of cheaper alternatives: the source product by ASIN, the products naming its type (GIN index
 * products_search_idx; issue 28), its full-text neighbours, and which of Amazon's search results we
 * already hold. Every value is bound, never spliced.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, shopperVisible } from '../../db/schema/catalogue.schema';
import { productColumns, type ProductRow } from '../products';

/** The active product with this ASIN, or undefined (an inactive one has no alternatives: its page is a 404). */
export async function findSourceProduct(db: Db, asin: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.asin, asin), shopperVisible))
    .limit(1);
  return row;
}

/**
 * Product id by ASIN of those of `asins` in the catalogue (at most 10 look-ups by the unique index);
 * null for a product an owner made inactive (decision 0034: the caller leaves it out, Amazon's copy too).
 */
export async function catalogueIdsByAsin(db: Db, asins: readonly string[]): Promise<Map<string, number | null>> {
  if (asins.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, asin: products.asin, visible: shopperVisible })
    .from(products)
    .where(inArray(products.asin, [...asins]));
  return new Map(rows.map((r) => [r.asin, r.visible ? r.id : null]));
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
    .select({ ...productColumns, textRank: rank })
    .from(products)
    .where(
      and(
        sql`${products.searchVector} @@ ${query}`,
        ne(products.asin, opts.excludeAsin),
        sql`${products.pricePence} > 0`,
        shopperVisible,
        opts.category ? eq(products.category, opts.category) : undefined,
      ),
    )
    .orderBy(sql`${rank} desc`, products.id)
    .limit(opts.limit);
}

/**
 * Products ranked per look-up at most: of a broad type ("set", "printer": thousands at 100k products)
 * only the first this many, those in the source's category first, are ranked by text, so a look-up
 * never ranks every product of its type (DESIGN.md §2; bench/alternatives.bench.ts, p95 ≤ 30 ms).
 */
export const TYPE_MATCHES_RANKED = 300;

/**
 * Up to `limit` products other than `excludeAsin`, with a price, matching `typeTsquery` (to_tsquery
 * 'english' text naming the source's type, search-query.ts termQuery: the words are stemmed as the
 * search vector was), the closest titles first: of at most {@link TYPE_MATCHES_RANKED} matches (the
 * same Amazon category name first, then id), ts_rank against `rankTsquery` (the source's
 * distinctive words OR-ed), then the same category first, then id. Rows carry `textRank`.
 */
export async function findTypeCandidates(
  db: Db,
  opts: { typeTsquery: string; rankTsquery: string | null; categoryName: string | null; excludeAsin: string; limit: number },
): Promise<Array<ProductRow & { textRank: number }>> {
  const type = sql`to_tsquery('english', ${opts.typeTsquery})`;
  const sameCategory = opts.categoryName ? sql`(${products.categoryName} = ${opts.categoryName})` : null;
  const typed = db
    .select({ id: products.id })
    .from(products)
    .where(
      and(sql`${products.searchVector} @@ ${type}`, ne(products.asin, opts.excludeAsin), sql`${products.pricePence} > 0`, shopperVisible),
    )
    .orderBy(...(sameCategory ? [sql`${sameCategory} desc`, products.id] : [products.id]))
    .limit(TYPE_MATCHES_RANKED)
    .as('typed');
  const rank = opts.rankTsquery
    ? sql<number>`ts_rank(${products.searchVector}, to_tsquery('english', ${opts.rankTsquery}))`.mapWith(Number)
    : sql<number>`0`.mapWith(Number);
  const order = sameCategory ? [sql`${rank} desc`, sql`${sameCategory} desc`, products.id] : [sql`${rank} desc`, products.id];
  return db
    .select({ ...productColumns, textRank: rank })
    .from(products)
    .innerJoin(typed, eq(typed.id, products.id))
    .orderBy(...order)
    .limit(opts.limit);
}
