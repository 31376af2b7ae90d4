/**
 * SQL of the deleted-products archive (issue 29; docs/decisions/0027-product-archive.md): copying
 * products with their price history, category-page and Under £15 places into `deleted_products`
 * before they are deleted, putting them back, listing and purging. Every user value is a bound
 * parameter (drizzle's `sql` template); ASIN lists travel as one JSON parameter. Money in pence.
 *
 * The archived JSON uses the tables' column names as keys (`to_jsonb(row)`), and a restore reads it
 * back with `jsonb_populate_record(null::<table>, …)` into the columns the Drizzle schema names (the
 * generated search columns are left out and recomputed). Works on PostgreSQL 15+ and PGlite.
 */
import { and, asc, desc, getTableColumns, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { deletedProducts } from '../../db/schema/product-archive.schema';
import { priceObservations, products } from '../../db/schema/catalogue.schema';
import { categoryPageProducts } from '../../db/schema/category-pages.schema';

type Queryable = Db | Tx;

/** Which admin action deleted a product (stored as `deleted_products.reason`). */
export type DeletionReason = 'delete' | 'bulk-delete' | 'clear-all' | 'replace';

/** Who deleted and when, stored with each archived product. */
export interface ArchiveStamp {
  reason: DeletionReason;
  adminId: number | null;
  now: Date;
}

/** The stored (not generated) columns of `table`, as SQL identifiers joined by commas. */
function storedColumns(table: PgTable): SQL {
  const names = Object.values(getTableColumns(table))
    .filter((column) => !column.generated)
    .map((column) => sql.identifier(column.name));
  return sql.join(names, sql`, `);
}

/** Same, each prefixed with the record alias `r.`. */
function storedColumnsOf(table: PgTable, alias: string): SQL {
  const names = Object.values(getTableColumns(table))
    .filter((column) => !column.generated)
    .map((column) => sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`);
  return sql.join(names, sql`, `);
}

/** The generated columns of products, left out of the archived row. */
const GENERATED_PRODUCT_KEYS = Object.values(getTableColumns(products))
  .filter((column) => column.generated)
  .map((column) => column.name);

/** A JSON array parameter of `values` as a set of text rows (`select value from …`). */
const jsonSet = (values: readonly string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/**
 * Copies every product matching `where` (an SQL condition on the alias `p` of `products`) into the
 * archive with its price observations (oldest first), category-page entries and Under £15 place,
 * stamped with `stamp`. An older archive row of the same ASIN is replaced (one per ASIN: the newest
 * deletion wins). Run it in the deletion's transaction, just before the delete. Answers how many
 * products were archived.
 */
export async function archiveProductsWhere(tx: Queryable, where: SQL, stamp: ArchiveStamp): Promise<number> {
  await tx.execute(sql`delete from deleted_products d using products p where d.asin = p.asin and (${where})`);
  const dropKeys = sql.join(
    GENERATED_PRODUCT_KEYS.map((key) => sql`${key}::text`),
    sql` - `,
  );
  const result = await tx.execute(sql`
    with archived as (
      insert into deleted_products
        (product_id, asin, title, category, price_pence, product, price_observations, observation_count,
         category_page_entries, budget_deal, reason, deleted_at, deleted_by)
      select p.id, p.asin, p.title, p.category, p.price_pence,
        to_jsonb(p) - ${dropKeys},
        coalesce(o.rows, '[]'::jsonb), coalesce(o.n, 0),
        coalesce((select jsonb_agg(to_jsonb(c)) from category_page_products c where c.product_id = p.id), '[]'::jsonb),
        (select to_jsonb(b) from budget_deals b where b.product_id = p.id),
        ${stamp.reason}, ${stamp.now.toISOString()}::timestamptz, ${stamp.adminId}
      from products p
      left join lateral (
        select jsonb_agg(to_jsonb(po) order by po.observed_at, po.id) as rows, count(*)::int as n
        from price_observations po where po.product_id = p.id
      ) o on true
      where ${where}
      returning 1
    )
    select count(*)::int as n from archived`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** The condition of {@link archiveProductsWhere} for products with these ids. */
export const productIdIn = (ids: readonly number[]): SQL =>
  sql`p.id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::bigint)`;

/** The condition for every product. */
export const everyProduct: SQL = sql`true`;

/** The condition for products whose ASIN `keep` does not hold (Replace All; as catalogue.queries deleteProductsNotIn). */
export const asinNotIn = (keep: readonly string[]): SQL =>
  sql`not exists (select 1 from jsonb_array_elements_text(${JSON.stringify(keep)}::jsonb) k(asin) where k.asin = p.asin)`;

/** An archived product as the restore checks it. */
export interface ArchivedRef {
  asin: string;
  productId: number;
  deletedAt: Date;
}

/**
 * The archive rows of these ASINs (any order; ASINs never archived are absent), locked for the
 * caller's transaction: a second restore of the same ASIN waits, then finds it gone (404), never a
 * duplicate key.
 */
export async function findArchived(db: Queryable, asins: readonly string[]): Promise<ArchivedRef[]> {
  const result = await db.execute(sql`
    select asin, product_id as "productId", deleted_at as "deletedAt"
    from deleted_products where asin in ${jsonSet(asins)}
    for update`);
  return rowsOf<{ asin: string; productId: number | string; deletedAt: Date | string }>(result).map((r) => ({
    asin: r.asin,
    productId: Number(r.productId),
    deletedAt: new Date(r.deletedAt),
  }));
}

/** The ASINs of `refs` whose ASIN or product id is in the catalogue again (sorted). */
export async function findTakenAgain(db: Queryable, refs: readonly ArchivedRef[]): Promise<string[]> {
  if (refs.length === 0) return [];
  const result = await db.execute(sql`
    select d.asin from deleted_products d
    where d.asin in ${jsonSet(refs.map((r) => r.asin))}
      and exists (select 1 from products p where p.asin = d.asin or p.id = d.product_id)
    order by d.asin`);
  return rowsOf<{ asin: string }>(result).map((r) => r.asin);
}

/** What a restore put back. */
export interface RestoreCounts {
  restored: number;
  priceObservations: number;
  categoryPageEntries: number;
  /** Category-page places not put back because the page was deleted since. */
  categoryPageEntriesSkipped: number;
  budgetDealEntries: number;
  /** Alerts on these ASINs whose product link was put back. */
  alertsRelinked: number;
}

const countOf = async (tx: Tx, query: SQL): Promise<number> => Number(rowsOf<{ n: number }>(await tx.execute(query))[0]?.n ?? 0);

/**
 * Puts the archived products with these ASINs back under their old ids, with their price
 * observations (same ids), their places on category pages that still exist and their Under £15
 * place (unless the list holds the product already), re-links the alerts on their ASINs that lost
 * the link, and removes their archive rows. The caller has checked that none is in the catalogue
 * again ({@link findTakenAgain}); run it in one transaction with that check.
 */
export async function restoreArchived(tx: Tx, asins: readonly string[]): Promise<RestoreCounts> {
  const chosen = sql`d.asin in ${jsonSet(asins)}`;
  const restored = await countOf(
    tx,
    sql`with put as (
      insert into products (${storedColumns(products)})
      select ${storedColumnsOf(products, 'r')}
      from deleted_products d, jsonb_populate_record(null::products, d.product) r
      where ${chosen}
      returning 1)
    select count(*)::int as n from put`,
  );
  const observations = await countOf(
    tx,
    sql`with put as (
      insert into price_observations (${storedColumns(priceObservations)})
      select ${storedColumnsOf(priceObservations, 'r')}
      from deleted_products d, jsonb_populate_recordset(null::price_observations, d.price_observations) r
      where ${chosen}
      returning 1)
    select count(*)::int as n from put`,
  );
  const entriesArchived = await countOf(
    tx,
    sql`select coalesce(sum(jsonb_array_length(d.category_page_entries)), 0)::int as n from deleted_products d where ${chosen}`,
  );
  const entries = await countOf(
    tx,
    sql`with put as (
      insert into category_page_products (${storedColumns(categoryPageProducts)})
      select ${storedColumnsOf(categoryPageProducts, 'r')}
      from deleted_products d, jsonb_populate_recordset(null::category_page_products, d.category_page_entries) r
      where ${chosen} and exists (select 1 from category_pages cp where cp.id = r.category_page_id)
      on conflict do nothing
      returning 1)
    select count(*)::int as n from put`,
  );
  const budget = await countOf(
    tx,
    sql`with put as (
      insert into budget_deals (product_id, position, added_at, added_by)
      select r.product_id, r.position, r.added_at, (select a.id from admin_users a where a.id = r.added_by)
      from deleted_products d, jsonb_populate_record(null::budget_deals, d.budget_deal) r
      where ${chosen} and d.budget_deal is not null
      on conflict (product_id) do nothing
      returning 1)
    select count(*)::int as n from put`,
  );
  const relinked = await countOf(
    tx,
    sql`with linked as (
      update deal_alerts a set product_id = d.product_id
      from deleted_products d
      where ${chosen} and a.product_asin = d.asin and a.product_id is null
      returning 1)
    select count(*)::int as n from linked`,
  );
  await tx.execute(sql`delete from deleted_products d where ${chosen}`);
  return {
    restored,
    priceObservations: observations,
    categoryPageEntries: entries,
    categoryPageEntriesSkipped: entriesArchived - entries,
    budgetDealEntries: budget,
    alertsRelinked: relinked,
  };
}

/** Deletes the archive rows deleted before `cutoff`; answers how many went. */
export async function purgeArchivedBefore(db: Queryable, cutoff: Date): Promise<number> {
  const gone = await db.delete(deletedProducts).where(lt(deletedProducts.deletedAt, cutoff)).returning({ id: deletedProducts.id });
  return gone.length;
}

/** One archived product as the "Recently deleted" list shows it. */
export interface ArchivedListRow {
  asin: string;
  productId: number;
  title: string;
  category: string;
  pricePence: number;
  observationCount: number;
  categoryPageCount: number;
  onBudgetList: boolean;
  reason: string;
  deletedAt: Date;
  deletedBy: string | null;
}

function listWhere(since: Date, search: string | undefined): SQL | undefined {
  const recent = gte(deletedProducts.deletedAt, since);
  if (!search) return recent;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return and(recent, or(ilike(deletedProducts.title, pattern), ilike(deletedProducts.asin, pattern)));
}

/** How many products were deleted at or after `since` (and match `search`, title or ASIN contains it). */
export async function countArchived(db: Queryable, since: Date, search?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deletedProducts)
    .where(listWhere(since, search));
  return Number(row?.n ?? 0);
}

/** The ASINs deleted at or after `since` (matching `search`, as {@link countArchived}), sorted. */
export async function findArchivedAsins(db: Queryable, since: Date, search?: string): Promise<string[]> {
  const rows = await db
    .select({ asin: deletedProducts.asin })
    .from(deletedProducts)
    .where(listWhere(since, search))
    .orderBy(asc(deletedProducts.asin));
  return rows.map((r) => r.asin);
}

/** One page of them, newest deletion first. */
export async function findArchivedPage(
  db: Queryable,
  since: Date,
  search: string | undefined,
  offset: number,
  limit: number,
): Promise<ArchivedListRow[]> {
  const rows = await db
    .select({
      asin: deletedProducts.asin,
      productId: deletedProducts.productId,
      title: deletedProducts.title,
      category: deletedProducts.category,
      pricePence: deletedProducts.pricePence,
      observationCount: deletedProducts.observationCount,
      categoryPageCount: sql<number>`jsonb_array_length(${deletedProducts.categoryPageEntries})::int`,
      onBudgetList: sql<boolean>`${deletedProducts.budgetDeal} is not null`,
      reason: deletedProducts.reason,
      deletedAt: deletedProducts.deletedAt,
      deletedBy: sql<string | null>`(select a.email from admin_users a where a.id = ${deletedProducts.deletedBy})`,
    })
    .from(deletedProducts)
    .where(listWhere(since, search))
    .orderBy(desc(deletedProducts.deletedAt), asc(deletedProducts.asin))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ ...r, categoryPageCount: Number(r.categoryPageCount) }));
}
