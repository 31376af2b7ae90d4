/**
 * SQL of the owners' category-page writes and list (admin-area §3 "Category page", §7; issue 11
 * part 3). Every function takes the handle it runs on: the caller's transaction for writes.
 */
import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { products } from '../../db/schema/catalogue.schema';
import { categoryPageProducts, categoryPages } from '../../db/schema/category-pages.schema';

type Handle = Db | Tx;

/** A page row with its product count. */
export interface PageRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  affiliateTag: string;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
  productCount: number;
}

const pageColumns = {
  id: categoryPages.id,
  slug: categoryPages.slug,
  name: categoryPages.name,
  description: categoryPages.description,
  affiliateTag: categoryPages.affiliateTag,
  isActive: categoryPages.isActive,
  createdAt: categoryPages.createdAt,
  updatedAt: categoryPages.updatedAt,
};

/** Every page (active or not) with its product count, by name then id. */
export async function listPagesWithCounts(db: Handle): Promise<PageRow[]> {
  const counts = db
    .select({ pageId: categoryPageProducts.categoryPageId, n: count().as('n') })
    .from(categoryPageProducts)
    .groupBy(categoryPageProducts.categoryPageId)
    .as('counts');
  return db
    .select({ ...pageColumns, productCount: sql<number>`coalesce(${counts.n}, 0)::int` })
    .from(categoryPages)
    .leftJoin(counts, eq(counts.pageId, categoryPages.id))
    .orderBy(asc(sql`lower(${categoryPages.name})`), asc(categoryPages.id));
}

/** The page with this id or slug (active or not), with its product count; undefined when none. */
export async function findPage(db: Handle, where: { id: number } | { slug: string }): Promise<PageRow | undefined> {
  const [row] = await db
    .select(pageColumns)
    .from(categoryPages)
    .where('id' in where ? eq(categoryPages.id, where.id) : eq(categoryPages.slug, where.slug))
    .limit(1);
  if (!row) return undefined;
  return { ...row, productCount: await countPageProducts(db, row.id) };
}

/** Products on page `pageId`. */
export async function countPageProducts(db: Handle, pageId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(categoryPageProducts).where(eq(categoryPageProducts.categoryPageId, pageId));
  return Number(row?.n ?? 0);
}

/** Inserts a page; undefined when the slug is taken (unique constraint, no error raised). */
export async function insertPage(
  tx: Handle,
  page: { slug: string; name: string; description: string; affiliateTag: string; at: Date },
): Promise<PageRow | undefined> {
  const [row] = await tx
    .insert(categoryPages)
    .values({
      slug: page.slug,
      name: page.name,
      description: page.description,
      affiliateTag: page.affiliateTag,
      isActive: true,
      createdAt: page.at,
      updatedAt: page.at,
    })
    .onConflictDoNothing({ target: categoryPages.slug })
    .returning(pageColumns);
  return row ? { ...row, productCount: 0 } : undefined;
}

/** Updates the given fields of page `id`; false when there is no such page. */
export async function updatePage(
  tx: Handle,
  id: number,
  set: { name?: string; description?: string; affiliateTag?: string; updatedAt: Date },
): Promise<boolean> {
  const rows = await tx.update(categoryPages).set(set).where(eq(categoryPages.id, id)).returning({ id: categoryPages.id });
  return rows.length > 0;
}

/** Deletes page `id` (its product links go with it: ON DELETE CASCADE); false when there is none. */
export async function deletePage(tx: Handle, id: number): Promise<boolean> {
  const rows = await tx.delete(categoryPages).where(eq(categoryPages.id, id)).returning({ id: categoryPages.id });
  return rows.length > 0;
}

/** Marks page `id` as changed now (its public page and the sitemap's lastmod follow). */
export async function touchPage(tx: Handle, id: number, at: Date): Promise<void> {
  await tx.update(categoryPages).set({ updatedAt: at }).where(eq(categoryPages.id, id));
}

/** Catalogue product ids of these ASINs (those the catalogue holds). */
export async function productIdsByAsin(db: Handle, asins: readonly string[]): Promise<Map<string, number>> {
  if (asins.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, asin: products.asin })
    .from(products)
    .where(inArray(products.asin, [...asins]));
  return new Map(rows.map((r) => [r.asin, r.id]));
}

/** Which of `productIds` page `pageId` already shows. */
export async function productIdsOnPage(db: Handle, pageId: number, productIds: readonly number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .select({ productId: categoryPageProducts.productId })
    .from(categoryPageProducts)
    .where(and(eq(categoryPageProducts.categoryPageId, pageId), inArray(categoryPageProducts.productId, [...productIds])));
  return new Set(rows.map((r) => r.productId));
}

/** The highest position on page `pageId`, 0 when it has no products. */
export async function maxPosition(db: Handle, pageId: number): Promise<number> {
  const [row] = await db
    .select({ p: max(categoryPageProducts.position) })
    .from(categoryPageProducts)
    .where(eq(categoryPageProducts.categoryPageId, pageId));
  return Number(row?.p ?? 0);
}

/** Appends products to page `pageId` at the given positions; answers how many were new. */
export async function insertPageProducts(
  tx: Handle,
  pageId: number,
  entries: readonly { productId: number; position: number }[],
  at: Date,
): Promise<number> {
  let added = 0;
  // 500 rows (4 parameters each) per statement stays far below PostgreSQL's 65,535 parameters.
  for (let i = 0; i < entries.length; i += 500) {
    const rows = await tx
      .insert(categoryPageProducts)
      .values(entries.slice(i, i + 500).map((e) => ({ categoryPageId: pageId, productId: e.productId, position: e.position, addedAt: at })))
      .onConflictDoNothing()
      .returning({ productId: categoryPageProducts.productId });
    added += rows.length;
  }
  return added;
}

/** Removes the products with these ASINs from page `pageId`; answers how many were on it. */
export async function deletePageProductsByAsin(tx: Handle, pageId: number, asins: readonly string[]): Promise<number> {
  const ids = await productIdsByAsin(tx, asins);
  if (ids.size === 0) return 0;
  const rows = await tx
    .delete(categoryPageProducts)
    .where(and(eq(categoryPageProducts.categoryPageId, pageId), inArray(categoryPageProducts.productId, [...ids.values()])))
    .returning({ productId: categoryPageProducts.productId });
  return rows.length;
}
