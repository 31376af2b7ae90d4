/** SQL of outbound clicks: the product facts a click records, and the click row itself. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/catalogue.schema';
import { productClicks } from '../../db/schema/product-clicks.schema';
import { categoryClicks } from '../../db/schema/category-clicks.schema';

/** The columns a click copies from the catalogue, or undefined for an ASIN we do not hold. */
export async function findClickedProduct(db: Db, asin: string) {
  const [row] = await db
    .select({
      title: products.title,
      pricePence: products.pricePence,
      listPricePence: products.listPricePence,
      savingBasisType: products.savingBasisType,
      referencePricePence: products.referencePricePence,
      category: products.category,
    })
    .from(products)
    .where(eq(products.asin, asin))
    .limit(1);
  return row;
}

export type NewProductClick = typeof productClicks.$inferInsert;

/** Inserts one click; returns its id. */
export async function insertProductClick(db: Db, click: NewProductClick): Promise<number> {
  const [row] = await db.insert(productClicks).values(click).returning({ id: productClicks.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export type NewCategoryClick = typeof categoryClicks.$inferInsert;

/** Inserts one category button click; returns its id. */
export async function insertCategoryClick(db: Db, click: NewCategoryClick): Promise<number> {
  const [row] = await db.insert(categoryClicks).values(click).returning({ id: categoryClicks.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
