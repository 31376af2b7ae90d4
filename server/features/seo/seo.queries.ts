/**
 * SQL of the sitemap and feeds (issue 10 part 2): product ASINs in id order, page by page, and the
 * owners' active category pages. Read-only.
 */
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, shopperVisible } from '../../db/schema/catalogue.schema';
import { categoryPages } from '../../db/schema/category-pages.schema';

/** How many products shoppers may see (inactive ones left out: decision 0034). */
export async function countProducts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(shopperVisible);
  return row?.n ?? 0;
}

/**
 * Up to `limit` active products with id above `afterId`, by id (keyset paging over the primary key):
 * ASIN, id and when the row last changed.
 */
export async function findProductAsins(db: Db, afterId: number, limit: number): Promise<{ id: number; asin: string; updatedAt: Date }[]> {
  return db
    .select({ id: products.id, asin: products.asin, updatedAt: products.updatedAt })
    .from(products)
    .where(and(gt(products.id, afterId), shopperVisible))
    .orderBy(asc(products.id))
    .limit(limit);
}

/** The id of the `offset`-th active product by id (0-based), or null past the end: where a sitemap part starts. */
export async function findProductIdAt(db: Db, offset: number): Promise<number | null> {
  const [row] = await db.select({ id: products.id }).from(products).where(shopperVisible).orderBy(asc(products.id)).offset(offset).limit(1);
  return row?.id ?? null;
}

/** Every active category page the owners made: slug, name and last change. */
export async function findActiveCategoryPages(db: Db): Promise<{ slug: string; name: string; updatedAt: Date }[]> {
  return db
    .select({ slug: categoryPages.slug, name: categoryPages.name, updatedAt: categoryPages.updatedAt })
    .from(categoryPages)
    .where(eq(categoryPages.isActive, true))
    .orderBy(asc(categoryPages.slug));
}
