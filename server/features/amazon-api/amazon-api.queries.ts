/**
 * SQL of the Amazon API feature (issue 14): the admin tab's quota and freshness figures, the ASINs
 * the freshness pass refreshes next, and the product upsert of an import (prices and observations
 * are written through the prices feature). Runs on the database or the caller's transaction.
 */
import { count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { dealAlerts } from '../../db/schema/alerts.schema';
import { amazonApiCalls, amazonApiState, amazonItems } from '../../db/schema/amazon-api.schema';
import { products } from '../../db/schema/catalogue.schema';
import type { AmazonProduct } from '../../sources/creators-api/creators-api-item';

type Queryable = Db | Tx;

/** Requests sent since `since`. */
export async function callsSince(db: Queryable, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(amazonApiCalls).where(gte(amazonApiCalls.at, since));
  return Number(row?.n ?? 0);
}

/** Requests per hour since `since` (hour start, calls, error answers: no answer or 4xx/5xx other than 404). */
export async function callsPerHour(db: Queryable, since: Date): Promise<Array<{ hour: Date; calls: number; errors: number }>> {
  const hour = sql<Date>`date_trunc('hour', ${amazonApiCalls.at})`;
  const rows = await db
    .select({
      hour: sql<string>`${hour}`,
      calls: count(),
      // 404 means "nothing found", not a failure.
      errors: sql<number>`count(*) filter (where (${amazonApiCalls.status} >= 400 and ${amazonApiCalls.status} <> 404) or ${amazonApiCalls.status} = 0)`,
    })
    .from(amazonApiCalls)
    .where(gte(amazonApiCalls.at, since))
    .groupBy(hour)
    .orderBy(hour);
  return rows.map((r) => ({ hour: new Date(r.hour), calls: Number(r.calls), errors: Number(r.errors) }));
}

/**
 * The oldest `price_as_of` among products whose current price is Amazon's (`price_source`
 * creators-api; public pages hide it once it is 24 hours old, decision 0014), or null.
 */
export async function oldestAmazonPriceAsOf(db: Queryable): Promise<Date | null> {
  const [row] = await db
    .select({ oldest: sql<string | null>`min(${products.priceAsOf})` })
    .from(products)
    .where(eq(products.priceSource, 'creators-api'));
  return row?.oldest ? new Date(row.oldest) : null;
}

/** Products by tier: with an active alert; with Amazon data and no alert; the rest (one pass over the products). */
export async function freshnessCounts(db: Queryable): Promise<{ alerted: number; shownAmazon: number; other: number }> {
  const result = await db.execute(sql`
    with alerted as (select distinct ${dealAlerts.productAsin} as asin from ${dealAlerts} where ${dealAlerts.isActive})
    select
      (select count(*) from alerted)::int as alerted,
      (count(*) filter (where a.asin is not null and al.asin is null))::int as shown_amazon,
      (count(*) filter (where a.asin is null and al.asin is null))::int as other
    from ${products} p
    left join ${amazonItems} a on a.asin = p.asin
    left join alerted al on al.asin = p.asin
  `);
  const [row] = rowsOf<{ alerted: number; shown_amazon: number; other: number }>(result);
  return { alerted: Number(row?.alerted ?? 0), shownAmazon: Number(row?.shown_amazon ?? 0), other: Number(row?.other ?? 0) };
}

/**
 * Up to `limit` catalogue ASINs the freshness pass should refresh, most urgent first: products with
 * Amazon data fetched before `staleBefore` (oldest first), then products never fetched, most
 * clicked in the last 30 days first, then by popularity. Alerted products are left to the price
 * check, which refreshes them on its own schedule.
 */
export async function dueAsins(db: Queryable, opts: { staleBefore: Date; clicksSince: Date; limit: number }): Promise<string[]> {
  const result = await db.execute(sql`
    select p.asin
    from ${products} p
    left join ${amazonItems} a on a.asin = p.asin
    left join (
      select asin, count(*) as clicks from product_clicks where clicked_at >= ${opts.clicksSince.toISOString()}::timestamptz group by asin
    ) c on c.asin = p.asin
    where (a.fetched_at is null or a.fetched_at < ${opts.staleBefore.toISOString()}::timestamptz)
      and not exists (select 1 from ${dealAlerts} d where d.product_asin = p.asin and d.is_active)
      and p.is_demo = false
      and p.is_active -- an owner's inactive product (decision 0034) spends no quota
    order by (a.asin is not null) desc, a.fetched_at asc nulls last, coalesce(c.clicks, 0) desc, p.popularity_score desc, p.id
    limit ${opts.limit}
  `);
  return rowsOf<{ asin: string }>(result).map((r) => r.asin);
}

/** ASINs of `asins` already in the catalogue. */
export async function knownAsins(db: Queryable, asins: readonly string[]): Promise<Set<string>> {
  if (asins.length === 0) return new Set();
  const rows = await db
    .select({ asin: products.asin })
    .from(products)
    .where(inArray(products.asin, [...asins]));
  return new Set(rows.map((r) => r.asin));
}

/**
 * Inserts or updates the products Amazon described (each must have a price), with source
 * `creators-api`, their title, price, labelled saving basis, image link, product page, category,
 * brand and features, `price_as_of` = the fetch time and `price_source` creators-api (the licence's
 * 24 hours then apply to the price on public pages, decision 0014). Answers each row's id and whether it was new.
 */
export async function upsertAmazonProducts(
  tx: Queryable,
  items: readonly (AmazonProduct & { pricePence: number; title: string })[],
  now: Date,
): Promise<Array<{ id: number; asin: string; created: boolean }>> {
  if (items.length === 0) return [];
  const rows = await tx
    .insert(products)
    .values(
      items.map((p) => ({
        asin: p.asin,
        title: p.title,
        pricePence: p.pricePence,
        listPricePence: p.listPricePence,
        savingBasisType: p.savingBasisType,
        imageUrl: p.imageUrl,
        sourceUrl: p.detailPageUrl,
        category: p.category,
        categoryName: p.categoryName,
        brand: p.brand,
        features: p.features,
        source: 'creators-api',
        priceSource: 'creators-api',
        priceAsOf: p.fetchedAt,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: products.asin,
      set: {
        title: sql`excluded.title`,
        pricePence: sql`excluded.price_pence`,
        listPricePence: sql`excluded.list_price_pence`,
        savingBasisType: sql`excluded.saving_basis_type`,
        imageUrl: sql`coalesce(excluded.image_url, ${products.imageUrl})`,
        sourceUrl: sql`coalesce(excluded.source_url, ${products.sourceUrl})`,
        category: sql`case when excluded.category = 'other' then ${products.category} else excluded.category end`,
        categoryName: sql`coalesce(excluded.category_name, ${products.categoryName})`,
        brand: sql`coalesce(excluded.brand, ${products.brand})`,
        features: sql`case when jsonb_array_length(excluded.features) > 0 then excluded.features else ${products.features} end`,
        priceAsOf: sql`excluded.price_as_of`,
        priceSource: sql`excluded.price_source`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({ id: products.id, asin: products.asin, created: sql<boolean>`(xmax = 0)` });
  return rows.map((r) => ({ id: r.id, asin: r.asin, created: Boolean(r.created) }));
}

/**
 * Takes the freshness pass's lease until `until` when no other instance holds it at `now`; answers
 * whether it was taken (one UPDATE, so two instances never both take it).
 */
export async function takeFreshnessLease(db: Queryable, now: Date, until: Date): Promise<boolean> {
  await db.insert(amazonApiState).values({ id: 1 }).onConflictDoNothing();
  const rows = await db
    .update(amazonApiState)
    .set({ freshnessLeaseUntil: until })
    .where(
      sql`${amazonApiState.id} = 1 and (${amazonApiState.freshnessLeaseUntil} is null or ${amazonApiState.freshnessLeaseUntil} < ${now.toISOString()}::timestamptz)`,
    )
    .returning({ id: amazonApiState.id });
  return rows.length > 0;
}
