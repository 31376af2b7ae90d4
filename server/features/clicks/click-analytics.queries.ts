/**
 * SQL of the owners' analytics (issue 13): the batches that fill the in-memory click index
 * (click-log-cache.ts), the rows behind the lists it picks (by id), one address's clicks, the
 * search counts, and the keyset batches the CSV exports stream. Every range is `[from, to)` in
 * instants; `null` is unbounded.
 */
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
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
 * Rows per JSON text of a click index batch. A batch comes as a few texts rather than one row per
 * event: PGlite turns each result row into a JavaScript object field by field in its worker thread,
 * and those objects then cross to the main thread by structured clone, which cost about 25 µs of
 * CPU per event (51.8 s of server CPU for the bench's 2,100,000 events); a few texts per batch cross
 * as they are. At 250 rows a text stays far below V8's large-object size (about 128 KB), so each
 * dies young in the new space instead of waiting in the old generation for a full collection.
 */
const LOG_CHUNK_ROWS = 250;

/**
 * `where id > afterId` or `where id = any(ids)`: the next batch by id, or the retried gaps. The
 * batches order by the table's column (`order by product_clicks.id`): a bare `order by id` named an
 * `id::float8` output column once, which no index serves, so each batch sorted the rest of the table
 * (EXPLAIN ANALYZE on PostgreSQL, 1,000,000 visits, 2,000 rows after id 500,000: 249 ms, against
 * 0.9 ms through the primary key).
 */
const batchWhere = (afterId: number, ids?: number[]) => (ids ? sql`id = any(${`{${ids.join(',')}}`}::bigint[])` : sql`id > ${afterId}`);

/**
 * One batch of a click index: at most `limit` rows of `table` matching `where`, oldest id first, as
 * JSON texts of at most {@link LOG_CHUNK_ROWS} rows each (`[[…fields], …]`, the texts in id order).
 * `fields` builds one row's JSON array (`json_build_array`): numbers as JSON numbers (a float8 as
 * PostgreSQL prints it, the shortest text that reads back as the same double; ±infinity as the
 * strings "Infinity"/"-Infinity"), text as JSON strings, null as null.
 */
async function logBatch(db: Db, table: SQL, fields: SQL, where: SQL, limit: number): Promise<string[]> {
  const result = await db.execute(
    sql`select json_agg(r order by id)::text as rows
        from (select id, r, (row_number() over (order by id) - 1) / ${sql.raw(String(LOG_CHUNK_ROWS))} as chunk
              from (select ${table}.id, json_build_array(${fields}) as r from ${table} where ${where} order by ${table}.id limit ${limit}) b) c
        group by chunk order by chunk`,
  );
  return rowsOf<{ rows: string }>(result).map((r) => r.rows);
}

/**
 * A product click in a batch: id, epoch ms (`date_part`, double precision, not `extract`, numeric
 * since PostgreSQL 14, which made each 10,000-row batch about 4 times slower on PGlite), e-mail, key
 * (the ASIN, or the deal id), title, category, utm_source, the id of the visit it names
 * (`visit_ref`; null when it names none, or no visit with that reference exists yet), and utm_medium
 * (with utm_source, whether the click came from an e-mail).
 */
export type ProductClickLogRow = [
  id: number,
  atMs: number | string,
  email: string | null,
  key: string | null,
  title: string | null,
  category: string | null,
  utmSource: string | null,
  visitId: number | null,
  utmMedium: string | null,
];

/**
 * Product clicks with id > `afterId` (or exactly `ids`), oldest id first, for the click index
 * ({@link logBatch}: JSON texts of {@link ProductClickLogRow}). The visit id is one probe of
 * `site_visits_ref_unique` per click that names a visit: marking visits as clicked this way holds
 * no memory in the database, where a semi-join of all visits with all clicks (a hash of every
 * clicked reference) grew PGlite's WebAssembly heap, which never shrinks, by 9 MB on the bench's data.
 */
export async function productClicksForLog(db: Db, afterId: number, limit: number, ids?: number[]): Promise<string[]> {
  return logBatch(
    db,
    sql`product_clicks`,
    sql`id, date_part('epoch', clicked_at) * 1000, email, coalesce(asin, deal_id), title, category, utm_source,
        case when visit_ref is not null then (select v.id from site_visits v where v.ref = product_clicks.visit_ref) end, utm_medium`,
    batchWhere(afterId, ids),
    limit,
  );
}

/** A category click in a batch: id, epoch ms, e-mail, category slug, category name. */
export type CategoryClickLogRow = [id: number, atMs: number | string, email: string | null, slug: string | null, name: string | null];

/** Category clicks with id > `afterId` (or exactly `ids`), oldest id first (JSON texts of {@link CategoryClickLogRow}). */
export async function categoryClicksForLog(db: Db, afterId: number, limit: number, ids?: number[]): Promise<string[]> {
  return logBatch(
    db,
    sql`category_clicks`,
    sql`id, date_part('epoch', clicked_at) * 1000, user_email, category_slug, category_name`,
    batchWhere(afterId, ids),
    limit,
  );
}

/**
 * A visit in a batch: id, epoch ms, whether it has a tracking e-mail (the index counts anonymous
 * visits and never needs the address), utm_source, utm_medium, utm_campaign, and whether a click
 * names it (false when not asked).
 */
export type VisitLogRow = [
  id: number,
  atMs: number | string,
  hasEmail: boolean,
  utmSource: string | null,
  utmMedium: string | null,
  utmCampaign: string | null,
  clicked: boolean,
];

/**
 * Visits with id > `afterId` (or exactly `ids`), oldest id first (JSON texts of {@link VisitLogRow}).
 * `withClicked`: whether a click names each visit (one probe of `product_clicks_visit_ref_idx` per
 * visit, about 5 µs on PGlite); without it every visit says false, for a caller that reads every
 * click afterwards ({@link productClicksForLog} names each click's visit).
 */
export async function visitsForLog(
  db: Db,
  afterId: number,
  limit: number,
  ids: number[] | undefined,
  withClicked: boolean,
): Promise<string[]> {
  const clicked = withClicked ? sql`exists (select 1 from product_clicks c where c.visit_ref = site_visits.ref)` : sql`false`;
  return logBatch(
    db,
    sql`site_visits`,
    sql`id, date_part('epoch', visited_at) * 1000, email is not null, utm_source, utm_medium, utm_campaign, ${clicked}`,
    batchWhere(afterId, ids),
    limit,
  );
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

/**
 * The keyset position after the last row of a batch: its `clicked_at` as PostgreSQL prints it (to
 * the microsecond; a JavaScript Date holds milliseconds, and a cursor rounded to them skipped the
 * rows of the same millisecond as a batch's last) and its id.
 */
export interface ExportCursor {
  clickedAt: string;
  id: number;
}

/**
 * A product click in an export batch: the Clicks tab's row without the affiliate tag, with
 * `clickedAt` as PostgreSQL prints it (microseconds; the keyset cursor, parsed to a Date by the
 * caller as drizzle parses a timestamptz). Prices in pence.
 */
export type ProductClickExportRow = Omit<ProductClickDbRow, 'affiliateTag' | 'clickedAt'> & { clickedAt: string };

/**
 * The next `limit` product clicks of an export, newest first, after `cursor` (keyset on
 * (clicked_at, id), index product_clicks_clicked_at_id_idx), so memory stays flat however many rows:
 * one JSON text of {@link ProductClickExportRow} objects (`[{…}, …]`, newest first; `[]` when none). One
 * text, not one object per row and field: on PGlite the rows are built in its worker thread and
 * cross to the main thread by structured clone, and those objects, in flight when the worker's
 * young generation is collected, filled its old generation (about 24 MB more during the
 * 1,000,000-row export) and cost about 40 µs of CPU a row (measured with bench/analytics.bench.ts).
 */
export async function productClickExportBatch(
  db: Db,
  range: InstantRange,
  audience: ClickAudience,
  cursor: ExportCursor | null,
  limit: number,
): Promise<string> {
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
    ? sql`(${productClicks.clickedAt}, ${productClicks.id}) < (${cursor.clickedAt}::timestamptz, ${cursor.id})`
    : undefined;
  const where = and(...within(productClicks.clickedAt, range), who, after) ?? sql`true`;
  const result = await db.execute(
    sql`select coalesce(json_agg(json_build_object('id', id, 'clickedAt', clicked_at::text, 'email', email, 'asin', asin,
               'dealId', deal_id, 'title', title, 'clickType', click_type, 'pricePence', price_pence,
               'originalPricePence', original_price_pence, 'referrer', referrer, 'category', category,
               'destinationUrl', destination_url, 'utmSource', utm_source, 'utmMedium', utm_medium, 'utmCampaign', utm_campaign)
             order by clicked_at desc nulls last, id desc nulls last), '[]')::text as rows
        from (select * from ${productClicks} where ${where} order by ${sql.join(newestClicksFirst, sql`, `)} limit ${limit}) b`,
  );
  return rowsOf<{ rows: string }>(result)[0]?.rows ?? '[]';
}
