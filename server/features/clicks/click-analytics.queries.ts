/**
 * SQL of the owners' analytics lists (issue 13): the newest rows of a range (product clicks, category
 * button clicks, e-mail visits) through the (time, id) indexes, one address's clicks, the search
 * counts, and the keyset batches the CSV exports stream. The counts come from the roll-ups
 * (click-rollups.queries.ts). Every range is `[from, to)` in instants; `null` is unbounded.
 */
import { and, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { products } from '../../db/schema/catalogue.schema';
import { categoryClicks } from '../../db/schema/category-clicks.schema';
import { productClicks } from '../../db/schema/product-clicks.schema';
import { searchCounts, siteVisits } from '../../db/schema/site-visits.schema';

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
export type ProductClickDbRow = Awaited<ReturnType<typeof newestProductClicks>>[number];

/**
 * The newest `limit` product clicks of `range`, newest first (time, then id), whose address contains
 * `needle` (as written; addresses are stored in lower case) or all of them, anonymous included,
 * without one. Read through product_clicks_clicked_at_id_idx.
 */
export async function newestProductClicks(db: Db, range: InstantRange, needle: string, limit: number) {
  const who = needle ? sql`strpos(${productClicks.email}, ${needle}) > 0` : undefined;
  return db
    .select(productClickRowColumns)
    .from(productClicks)
    .where(and(...within(productClicks.clickedAt, range), who))
    .orderBy(...newestClicksFirst)
    .limit(limit);
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

/** The newest `limit` category button clicks of `range`, newest first (category_clicks_clicked_at_idx). */
export async function newestCategoryClicks(db: Db, range: InstantRange, limit: number) {
  return db
    .select()
    .from(categoryClicks)
    .where(and(...within(categoryClicks.clickedAt, range)))
    .orderBy(sql`${categoryClicks.clickedAt} desc nulls last`, sql`${categoryClicks.id} desc nulls last`)
    .limit(limit);
}

/**
 * The newest `limit` visits of `range` from e-mail links (utm_source=email or utm_medium=email, case
 * and surrounding spaces ignored), newest first (site_visits_visited_at_idx), with the product's
 * title (catalogue) and whether a click came from each.
 */
export async function newestEmailVisits(db: Db, range: InstantRange, limit: number) {
  const fromEmail = sql`(lower(btrim(${siteVisits.utmSource}, E' \\t\\n\\r\\f\\x0B')) = 'email' or lower(btrim(${siteVisits.utmMedium}, E' \\t\\n\\r\\f\\x0B')) = 'email')`;
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
    .where(and(...within(siteVisits.visitedAt, range), fromEmail))
    .orderBy(sql`${siteVisits.visitedAt} desc nulls last`, sql`${siteVisits.id} desc nulls last`)
    .limit(limit);
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
