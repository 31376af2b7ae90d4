/**
 * SQL of the Under £15 list (server/db/schema/budget-deals.schema.ts). Every function runs on
 * whatever it is given: the database or the caller's transaction.
 */
import { and, asc, count, lte, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { budgetDeals } from '../../db/schema/budget-deals.schema';
import { products, shopperVisible } from '../../db/schema/catalogue.schema';
import { priceShowableSql, productColumns, type ProductRow } from '../products';

type Queryable = Db | Tx;

/**
 * Makes the list exactly the products with these ASINs, in this order (one statement to empty it,
 * one to fill it from the products table). Returns how many are on the list.
 */
export async function replaceBudgetDeals(db: Queryable, asins: readonly string[], addedBy: number, at: Date): Promise<number> {
  await db.delete(budgetDeals);
  const inserted = await db.execute(sql`
    insert into budget_deals (product_id, position, added_at, added_by)
    select p.id, k.position::int, ${at.toISOString()}::timestamptz, ${addedBy}
    from jsonb_array_elements_text(${JSON.stringify(asins)}::jsonb) with ordinality as k(asin, position)
    join products p on p.asin = k.asin
    on conflict (product_id) do nothing
    returning 1`);
  return rowsOf(inserted).length;
}

/**
 * The listed products priced at most `maxPence` whose price may be shown (a feed's, or Amazon's
 * observed after `freshSince`), in list order, at most `limit`.
 */
export async function findBudgetDeals(db: Db, maxPence: number, limit: number, freshSince: Date): Promise<ProductRow[]> {
  return db
    .select(productColumns)
    .from(budgetDeals)
    .innerJoin(products, sql`${products.id} = ${budgetDeals.productId}`)
    .where(and(lte(products.pricePence, maxPence), priceShowableSql(freshSince), shopperVisible))
    .orderBy(asc(budgetDeals.position), asc(budgetDeals.productId))
    .limit(limit);
}

/**
 * How many products are on the list, how many of them are priced at most `maxPence` now with a
 * price that may be shown (see {@link findBudgetDeals}), and when the list was last uploaded (null
 * when empty).
 */
export async function budgetDealsSummary(
  db: Db,
  maxPence: number,
  freshSince: Date,
): Promise<{ listed: number; available: number; updatedAt: Date | null }> {
  const [row] = await db
    .select({
      listed: count(),
      available:
        sql<number>`count(*) filter (where ${products.pricePence} <= ${maxPence} and ${priceShowableSql(freshSince)} and ${shopperVisible})`.mapWith(
          Number,
        ),
      updatedAt: max(budgetDeals.addedAt),
    })
    .from(budgetDeals)
    .innerJoin(products, sql`${products.id} = ${budgetDeals.productId}`);
  return { listed: Number(row?.listed ?? 0), available: Number(row?.available ?? 0), updatedAt: row?.updatedAt ?? null };
}
