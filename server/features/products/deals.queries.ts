/**
 * SQL of the deal listings (issue 8 part 2): today's deals, the popular products that follow them,
 * and trending. Every order is held by an index, so a page reads its rows and stops (migration
 * 0005: products_deals_idx, products_category_deals_idx, products_popular_idx,
 * products_category_popular_idx; 0004: products_trending_idx, products_category_idx). The
 * conditions `deal_kind is (not) null` are literal so the planner can use the partial indexes.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, shopperVisible } from '../../db/schema/catalogue.schema';
import type { ProductRow } from './product-shape';
import { countToSql, LISTING_COUNT_CAP, prepared, productColumns, UNNAMED } from './products.queries';

/** A product row with its stored deal basis (null columns when it is not a deal). */
export interface ListedRow extends ProductRow {
  dealKind: string | null;
  dealPercent: number | null;
  dealLabel: string | null;
}

const listedColumns = {
  ...productColumns,
  dealKind: products.dealKind,
  dealPercent: products.dealPercent,
  dealLabel: products.dealLabel,
};

/** Which rows a listing reads, in which order. */
export type ListingKind = 'deals' | 'popular' | 'trending';

const isDeal = sql`deal_kind is not null`;
const isNotDeal = sql`deal_kind is null`;

function conditionsOf(kind: ListingKind, byCategory: boolean): SQL | undefined {
  const conditions: SQL[] = [shopperVisible];
  if (byCategory) conditions.push(eq(products.category, sql.placeholder('category')));
  if (kind === 'deals') conditions.push(isDeal);
  if (kind === 'popular') conditions.push(isNotDeal);
  return and(...conditions);
}

function orderOf(kind: ListingKind): SQL[] {
  if (kind === 'deals') return [desc(products.dealPercent), desc(products.trendingScore), asc(products.id)];
  // Ties (a plain feed scores every product 0) go to the lowest price, never to import order.
  if (kind === 'popular') return [desc(products.popularityScore), desc(products.trendingScore), asc(products.pricePence), asc(products.id)];
  return [desc(products.trendingScore), asc(products.pricePence), asc(products.id)];
}

/**
 * One page of a listing: `offset`/`limit` count rows; `category` a stored key, or null for every
 * category. Deals: largest deal percent, then trending score, then id. Popular (the products that
 * are not deals): popularity, then trending score, then lowest price, then id. Trending: trending
 * score, then lowest price, then id.
 */
export async function findListingPage(
  db: Db,
  kind: ListingKind,
  category: string | null,
  offset: number,
  limit: number,
): Promise<ListedRow[]> {
  const byCategory = category !== null;
  const statement = prepared(db, `listing_${kind}_${byCategory ? 'category' : 'all'}`, () =>
    db
      .select(listedColumns)
      .from(products)
      .where(conditionsOf(kind, byCategory))
      .orderBy(...orderOf(kind))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(UNNAMED),
  );
  return statement.execute({ category, offset, limit });
}

/**
 * How many products a listing holds: deals only (`'deals'`, exact: the page says how many verified
 * deals there are), or every product (`'all'`, at most LISTING_COUNT_CAP + 1 counted: decision 0047),
 * in `category` or all.
 */
export async function countListing(db: Db, kind: 'deals' | 'all', category: string | null): Promise<number> {
  const byCategory = category !== null;
  const statement = prepared(db, `listing_count_${kind}_${byCategory ? 'category' : 'all'}`, () => {
    const where = conditionsOf(kind === 'deals' ? 'deals' : 'trending', byCategory);
    if (kind === 'deals')
      return db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(where)
        .prepare(UNNAMED);
    return db
      .select({ n: countToSql(db, where, LISTING_COUNT_CAP + 1).as('n') })
      .from(sql`(select 1) as one`)
      .prepare(UNNAMED);
  });
  const [row] = await statement.execute({ category });
  return Number(row?.n ?? 0);
}

/**
 * Whether a listing's orders mean something in `category` (or in all), for its `orderedBy` (issue
 * 27: a page names an order only when it orders something): `trending`, any shopper-visible product
 * with a trending score above 0; `popular`, any shopper-visible product that is not a deal with a
 * popularity score above 0 (reviews, bought last month, best seller, rating), since only those (the
 * "popular" section after the deals) are ordered by popularity. Read-only. Each is an EXISTS that
 * stops at the first such product, read from the top of products_listing_[category_]trending_idx
 * and products_[category_]popular_idx, so a catalogue with no signal at all (a plain feed) answers
 * as fast as one full of them. The counts it replaced read every row of the category: 0.38–0.42 s
 * each at 1M products on PostgreSQL, once per filter per catalogue write (decision 0044).
 */
export async function listingSignals(db: Db, category: string | null): Promise<{ trending: boolean; popular: boolean }> {
  const byCategory = category !== null;
  const statement = prepared(db, `listing_signals_${byCategory ? 'category' : 'all'}`, () => {
    const visible = byCategory ? and(eq(products.category, sql.placeholder('category')), shopperVisible) : shopperVisible;
    const any = (signal: SQL) =>
      sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(products)
        .where(and(visible, signal))})`;
    return db
      .select({
        trending: any(sql`${products.trendingScore} > 0`).as('trending'),
        popular: any(sql`${isNotDeal} and ${products.popularityScore} > 0`).as('popular'),
      })
      .from(sql`(select 1) as one`)
      .prepare(UNNAMED);
  });
  const [row] = await statement.execute({ category });
  return { trending: row?.trending === true, popular: row?.popular === true };
}

/**
 * When this site started tracking the catalogue: the `created_at` of the oldest product we hold (by
 * id, so one primary-key step at any size), or null with no product. Not a feed's observation time:
 * a 2023 crawl imported today was tracked from today.
 */
export async function trackingStartedAt(db: Db): Promise<Date | null> {
  const [row] = await db.select({ createdAt: products.createdAt }).from(products).orderBy(asc(products.id)).limit(1);
  return row?.createdAt ?? null;
}
