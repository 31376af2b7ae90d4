/**
 * SQL of the owners' analytics (issue 13): the batches that fill the in-memory click index
 * (click-log-cache.ts), the rows behind the lists it picks (by id), one address's clicks, the
 * search counts, and the keyset batches the CSV exports stream. Every range is `[from, to)` in
 * instants; `null` is unbounded.
 */
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/catalogue.schema';
import { categoryClicks } from '../../db/schema/category-clicks.schema';
import { productClicks } from '../../db/schema/product-clicks.schema';
import { analyticsChanges, searchCounts, siteVisits } from '../../db/schema/site-visits.schema';

/**
 * Newest first, in the order of the (clicked_at DESC NULLS LAST, id DESC NULLS LAST) indexes that
 * drizzle's `.desc()` creates: a plain `desc` means NULLS FIRST, which those indexes cannot serve,
 * so PostgreSQL would sort the whole table for every batch.
 */
const newestClicksFirst = [sql`${productClicks.clickedAt} desc nulls last`, sql`${productClicks.id} desc nulls last`];

/** An instant range `[from, to)`; null bounds are open. */
export interface InstantRange {
  from: Date | null;
  to: Date | null;
}

function within(
  column: typeof productClicks.clickedAt | typeof categoryClicks.clickedAt | typeof siteVisits.visitedAt,
  range: InstantRange,
) {
  return [range.from ? gte(column, range.from) : undefined, range.to ? lt(column, range.to) : undefined];
}

/** Where each analytics table stands: its highest id, and the statements that changed or deleted rows (analytics_changes, kept by triggers). */
export interface AnalyticsTablesState {
  maxIds: Map<string, number>;
  changes: Map<string, number>;
}

/** One round trip (each max(id) is one step down its primary key): the state of the three analytics tables. */
export async function analyticsTablesState(db: Db): Promise<AnalyticsTablesState> {
  const [row] = await db
    .select({
      product: sql<string | number>`(select coalesce(max(${productClicks.id}), 0) from ${productClicks})`,
      category: sql<string | number>`(select coalesce(max(${categoryClicks.id}), 0) from ${categoryClicks})`,
      visits: sql<string | number>`(select coalesce(max(${siteVisits.id}), 0) from ${siteVisits})`,
      changes: sql<string>`(select coalesce(json_object_agg(${analyticsChanges.tableName}, ${analyticsChanges.changes}), '{}')::text from ${analyticsChanges})`,
    })
    .from(sql`(select 1) as one`);
  const changes = JSON.parse(row?.changes ?? '{}') as Record<string, number>;
  return {
    maxIds: new Map([
      ['product_clicks', Number(row?.product ?? 0)],
      ['category_clicks', Number(row?.category ?? 0)],
      ['site_visits', Number(row?.visits ?? 0)],
    ]),
    changes: new Map(Object.entries(changes).map(([k, v]) => [k, Number(v)])),
  };
}

/**
 * A row of a click index batch: numbers already as numbers (ids and epoch ms as float8), no Date
 * objects. `date_part` (double precision), not `extract` (numeric since PostgreSQL 14): numeric
 * arithmetic made each 10,000-row batch about 4 times slower on PGlite.
 */
export interface LogRow {
  id: number;
  t: number;
  email: string | null;
  k: string | null;
  label: string | null;
  grp: string | null;
  src: string | null;
  med: string | null;
  cmp: string | null;
  ref: string | null;
  clicked: boolean | null;
}

/**
 * `where id > afterId` or `where id = any(ids)`: the next batch by id, or the retried gaps. The
 * batches order by the table's column (`order by product_clicks.id`): a bare `order by id` names the
 * `id::float8` output column, which no index serves, so each batch sorted the rest of the table
 * (EXPLAIN ANALYZE on PostgreSQL, 1,000,000 visits, 2,000 rows after id 500,000: 249 ms, against
 * 0.9 ms through the primary key).
 */
const batchWhere = (afterId: number, ids?: number[]) => (ids ? sql`id = any(${`{${ids.join(',')}}`}::bigint[])` : sql`id > ${afterId}`);

async function rows(db: Db, query: SQL): Promise<LogRow[]> {
  const result = (await db.execute(query)) as unknown as { rows: LogRow[] };
  return result.rows;
}

/** Product clicks with id > `afterId` (or exactly `ids`), oldest id first, for the click index. */
export async function productClicksForLog(db: Db, afterId: number, limit: number, ids?: number[]): Promise<LogRow[]> {
  return rows(
    db,
    sql`select id::float8 as id, date_part('epoch', clicked_at) * 1000 as t, email, coalesce(asin, deal_id) as k,
          title as label, category as grp, utm_source as src, utm_medium as med, utm_campaign as cmp, visit_ref as ref, null as clicked
        from product_clicks where ${batchWhere(afterId, ids)} order by product_clicks.id limit ${limit}`,
  );
}

/** Category clicks with id > `afterId` (or exactly `ids`), oldest id first. */
export async function categoryClicksForLog(db: Db, afterId: number, limit: number, ids?: number[]): Promise<LogRow[]> {
  return rows(
    db,
    sql`select id::float8 as id, date_part('epoch', clicked_at) * 1000 as t, user_email as email, category_slug as k,
          category_name as label, null as grp, null as src, null as med, null as cmp, null as ref, null as clicked
        from category_clicks where ${batchWhere(afterId, ids)} order by category_clicks.id limit ${limit}`,
  );
}

/**
 * Visits with id > `afterId` (or exactly `ids`), oldest id first (whether a click came from each:
 * {@link clickedVisitIds}). `email` is only whether there is one ('' or null): the index counts
 * anonymous visits and never needs the address.
 */
export async function visitsForLog(db: Db, afterId: number, limit: number, ids?: number[]): Promise<LogRow[]> {
  return rows(
    db,
    sql`select id::float8 as id, date_part('epoch', visited_at) * 1000 as t, case when email is not null then '' end as email, null as k, null as label,
          null as grp, utm_source as src, utm_medium as med, utm_campaign as cmp, null as ref, null as clicked
        from site_visits where ${batchWhere(afterId, ids)} order by site_visits.id limit ${limit}`,
  );
}

/**
 * Ids of the visits with id > `afterId` from which a click was made (a semi-join the planner runs
 * as one hash join, instead of one index probe per visit).
 */
export async function clickedVisitIds(db: Db, afterId: number): Promise<number[]> {
  const result = await rows(
    db,
    sql`select v.id::float8 as id from site_visits v
        where v.id > ${afterId} and exists (select 1 from product_clicks c where c.visit_ref = v.ref)`,
  );
  return result.map((r) => r.id);
}

/** Ids of the visits with these references. */
export async function visitIdsOfRefs(db: Db, refs: string[]): Promise<number[]> {
  if (refs.length === 0) return [];
  const rows = await db.select({ id: siteVisits.id }).from(siteVisits).where(inArray(siteVisits.ref, refs));
  return rows.map((r) => r.id);
}

const productClickRowColumns = {
  id: productClicks.id,
  email: productClicks.email,
  asin: productClicks.asin,
  dealId: productClicks.dealId,
  title: productClicks.title,
  clickType: productClicks.clickType,
  pricePence: productClicks.pricePence,
  originalPricePence: productClicks.originalPricePence,
  referrer: productClicks.referrer,
  category: productClicks.category,
  destinationUrl: productClicks.destinationUrl,
  affiliateTag: productClicks.affiliateTag,
  utmSource: productClicks.utmSource,
  utmMedium: productClicks.utmMedium,
  utmCampaign: productClicks.utmCampaign,
  clickedAt: productClicks.clickedAt,
};
export type ProductClickDbRow = Awaited<ReturnType<typeof productClicksByIds>>[number];

/** Full product click rows by id, newest first. */
export async function productClicksByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(productClickRowColumns)
    .from(productClicks)
    .where(inArray(productClicks.id, ids))
    .orderBy(desc(productClicks.clickedAt), desc(productClicks.id));
}

/** One address's clicks in `range`, newest first, at most `limit`, and how many there are. */
export async function clicksOfEmail(db: Db, email: string, range: InstantRange, limit: number) {
  const where = and(eq(productClicks.email, email), ...within(productClicks.clickedAt, range));
  const [rows, [count]] = await Promise.all([
    db
      .select(productClickRowColumns)
      .from(productClicks)
      .where(where)
      .orderBy(...newestClicksFirst)
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(productClicks)
      .where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Category click rows by id, newest first. */
export async function categoryClicksByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(categoryClicks)
    .where(inArray(categoryClicks.id, ids))
    .orderBy(desc(categoryClicks.clickedAt), desc(categoryClicks.id));
}

/** Visit rows by id, newest first, with the product's title (catalogue) and whether a click came from it. */
export async function visitsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: siteVisits.id,
      path: siteVisits.path,
      asin: siteVisits.asin,
      title: products.title,
      email: siteVisits.email,
      utmCampaign: siteVisits.utmCampaign,
      visitedAt: siteVisits.visitedAt,
      clicked: sql<boolean>`exists (select 1 from ${productClicks} where ${productClicks.visitRef} = ${siteVisits.ref})`,
    })
    .from(siteVisits)
    .leftJoin(products, eq(products.asin, siteVisits.asin))
    .where(inArray(siteVisits.id, ids))
    .orderBy(desc(siteVisits.visitedAt), desc(siteVisits.id));
}

/** Keyword searches counted in the hours of `range` (whole hours: a London day is whole UTC hours). */
export async function searchesIn(db: Db, range: InstantRange): Promise<number> {
  const conditions = [range.from ? gte(searchCounts.hour, range.from) : undefined, range.to ? lt(searchCounts.hour, range.to) : undefined];
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${searchCounts.searches}), 0)` })
    .from(searchCounts)
    .where(and(...conditions));
  return Number(row?.n ?? 0);
}

/** Which product clicks an export holds: all, those with an e-mail (signed-up users) or those without. */
export type ClickAudience = 'all' | 'signed-up' | 'anonymous' | { email: string };

/** The keyset position after the last row of a batch. */
export interface ExportCursor {
  clickedAt: Date;
  id: number;
}

/**
 * The next `limit` product clicks of an export, newest first, after `cursor` (keyset on
 * (clicked_at, id), index product_clicks_clicked_at_id_idx), so memory stays flat however many rows.
 */
export async function productClickExportBatch(
  db: Db,
  range: InstantRange,
  audience: ClickAudience,
  cursor: ExportCursor | null,
  limit: number,
) {
  const who: SQL | undefined =
    audience === 'all'
      ? undefined
      : audience === 'signed-up'
        ? isNotNull(productClicks.email)
        : audience === 'anonymous'
          ? isNull(productClicks.email)
          : eq(productClicks.email, audience.email);
  // A row comparison, so the (clicked_at, id) index serves the keyset directly.
  const after = cursor
    ? sql`(${productClicks.clickedAt}, ${productClicks.id}) < (${cursor.clickedAt.toISOString()}::timestamptz, ${cursor.id})`
    : undefined;
  return db
    .select(productClickRowColumns)
    .from(productClicks)
    .where(and(...within(productClicks.clickedAt, range), who, after))
    .orderBy(...newestClicksFirst)
    .limit(limit);
}
