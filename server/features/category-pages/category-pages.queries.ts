/**
 * SQL of the public category pages (admin-area §3 "Category page", §7; issue 8 part 3): a page by
 * its slug and the catalogue products it shows, in the owners' order
 * (category_page_products_order_idx).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, shopperVisible } from '../../db/schema/catalogue.schema';
import { categoryPageProducts, categoryPages } from '../../db/schema/category-pages.schema';
import { productColumns, type ProductRow } from '../products';

/** The active page with this slug, or undefined (inactive pages are not public). */
export async function findActivePage(db: Db, slug: string) {
  const [row] = await db
    .select({
      id: categoryPages.id,
      name: categoryPages.name,
      slug: categoryPages.slug,
      description: categoryPages.description,
      affiliateTag: categoryPages.affiliateTag,
      isActive: categoryPages.isActive,
    })
    .from(categoryPages)
    .where(and(eq(categoryPages.slug, slug), eq(categoryPages.isActive, true)))
    .limit(1);
  return row;
}

/**
 * The products of page `pageId` by position, then product id; at most `limit`. Two index look-ups
 * (the page's ids by category_page_products_order_idx, then the products by primary key) rather than
 * one join, so the plan never depends on statistics of a small, seldom-analysed table.
 */
export async function findPageProducts(db: Db, pageId: number, limit: number): Promise<ProductRow[]> {
  const entries = await db
    .select({ productId: categoryPageProducts.productId })
    .from(categoryPageProducts)
    .where(eq(categoryPageProducts.categoryPageId, pageId))
    .orderBy(asc(categoryPageProducts.position), asc(categoryPageProducts.productId))
    .limit(limit);
  if (entries.length === 0) return [];
  const ids = entries.map((e) => e.productId);
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(sql`${products.id} = any(${sql.param(ids)}::bigint[])`, shopperVisible));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
