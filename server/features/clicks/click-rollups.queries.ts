/**
 * SQL of the Clicks tab's figures (issue 13; issue 31; decision 0028) from the database's roll-ups
 * (`analytics_daily`, migrations 0020 and 0025), so no server holds an index of events and every
 * instance answers the same numbers, exact for rows written by any instance, a bulk load or a
 * restore. A range `[from, to)` of instants is split ({@link splitRange}) into the whole London days
 * it covers, read from the roll-ups (month rows for whole months, day rows at the ends), and at
 * most two partial days at its ends (a date-time bound), counted from the raw rows through the
 * time indexes. The raw key expressions here are the triggers' own (migration 0025). Since
 * migration 0026 (decision 0035) the whole days are planned as slices (rollup-slices.rules.ts): a
 * range the roll-ups hold in one slice reads one row per key, ranked and counted through
 * analytics_daily_key_rank_idx.
 */
import { sql, type SQL } from 'drizzle-orm';
import { londonDate, londonDayEnd, londonDayStart } from '../../../common/analytics-dates';
import { runsOnPostgres, type Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { InstantRange } from './click-analytics.queries';
import { rollupPlan, type DimensionBounds } from './rollup-slices.rules';

/**
 * A range as roll-up days (`YYYY-MM-DD`, both inclusive, null unbounded; absent: no whole day) and
 * raw instant intervals `[from, to)`; `bounds` (from {@link rollupSpan}) holds each roll-up
 * dimension's first and last day, read once per request, so a figure's statement is planned
 * without a probe of its own.
 */
export interface RollupSpan {
  days: { from: string | null; to: string | null } | null;
  edges: Array<{ from: Date; to: Date }>;
  bounds?: Map<string, DimensionBounds>;
}

const dayBefore = (date: string) => londonDate(londonDayStart(date).getTime() - 1);

/** The whole London days of `[from, to)` and the partial days at its ends. */
export function splitRange(range: InstantRange): RollupSpan {
  let fromDay: string | null = null;
  let toDay: string | null = null;
  const edges: RollupSpan['edges'] = [];
  if (range.from) {
    fromDay = londonDate(range.from);
    const start = londonDayStart(fromDay);
    if (start.getTime() < range.from.getTime()) {
      const next = londonDayEnd(fromDay);
      fromDay = londonDate(next);
      edges.push({ from: range.from, to: range.to && range.to < next ? range.to : next });
    }
  }
  if (range.to) {
    const day = londonDate(range.to);
    const start = londonDayStart(day);
    toDay = dayBefore(day);
    if (start.getTime() < range.to.getTime()) {
      const from = range.from && range.from > start ? range.from : start;
      // Not when the first edge already holds this part (a range inside one day).
      if (!edges.some((e) => e.to.getTime() >= range.to!.getTime())) edges.push({ from, to: range.to });
    }
  }
  const days = fromDay !== null && toDay !== null && fromDay > toDay ? null : { from: fromDay, to: toDay };
  return { days, edges };
}

/** `column` within one of the edges (`false` for none). */
function inEdges(column: SQL, edges: RollupSpan['edges']): SQL {
  if (edges.length === 0) return sql`false`;
  return sql.join(
    edges.map((e) => sql`(${column} >= ${e.from.toISOString()}::timestamptz and ${column} < ${e.to.toISOString()}::timestamptz)`),
    sql` or `,
  );
}

const EMAIL_SOURCE = (source: SQL, medium: SQL) =>
  sql`(lower(btrim(${source}, E' \\t\\n\\r\\f\\x0B')) = 'email' or lower(btrim(${medium}, E' \\t\\n\\r\\f\\x0B')) = 'email')`;

/** The raw side of a dimension: its table, time column, key expression and measures (same order as the roll-up columns asked). */
interface RawSide {
  from: SQL;
  at: SQL;
  key: SQL;
  /** Extra condition (a dimension whose key is a flag). */
  where?: SQL;
  measures: SQL[];
}

const clicksRaw = (key: SQL, where?: SQL): RawSide => ({
  from: sql`product_clicks`,
  at: sql`clicked_at`,
  key,
  where,
  measures: [sql`count(*)`],
});
const visitsRaw = (key: SQL, where?: SQL): RawSide => ({
  from: sql`site_visits v`,
  at: sql`v.visited_at`,
  key,
  where,
  measures: [sql`count(*)`, sql`count(*) filter (where exists (select 1 from product_clicks c where c.visit_ref = v.ref))`],
});

/** The raw sides of the dimensions the Clicks tab reads (migration 0025's keys). */
export const DIMENSIONS = {
  clicks: clicksRaw(sql`''`),
  product: clicksRaw(sql`coalesce(asin, deal_id)`),
  click_category: clicksRaw(sql`coalesce(category, '')`),
  click_email: clicksRaw(sql`email`),
  click_anonymous: clicksRaw(sql`'anonymous'`, sql`email is null`),
  click_email_source: clicksRaw(sql`'email_source'`, EMAIL_SOURCE(sql`utm_source`, sql`utm_medium`)),
  visits: visitsRaw(sql`''`),
  campaign: visitsRaw(
    sql`case when v.utm_source is not null or v.utm_medium is not null or v.utm_campaign is not null
             then coalesce(v.utm_source, '') || chr(1) || coalesce(v.utm_medium, '') || chr(1) || coalesce(v.utm_campaign, '') end`,
  ),
  visit_anonymous: visitsRaw(sql`'anonymous'`, sql`v.email is null`),
  visit_email_source: visitsRaw(sql`'email_source'`, EMAIL_SOURCE(sql`v.utm_source`, sql`v.utm_medium`)),
  category_button: {
    from: sql`category_clicks`,
    at: sql`clicked_at`,
    key: sql`category_slug || chr(1) || coalesce(category_name, '')`,
    measures: [sql`count(*)`],
  },
  category_button_user: { from: sql`category_clicks`, at: sql`clicked_at`, key: sql`user_email`, measures: [sql`count(*)`] },
} satisfies Record<string, RawSide>;
export type Dimension = keyof typeof DIMENSIONS;

/** The roll-up dimension and columns of each read dimension (flags are keys of one dimension). */
const ROLLUP: Record<Dimension, { dimension: string; key?: string; columns: string[] }> = {
  clicks: { dimension: 'total', columns: ['clicks'] },
  product: { dimension: 'product', columns: ['clicks'] },
  click_category: { dimension: 'click_category', columns: ['clicks'] },
  click_email: { dimension: 'click_email', columns: ['clicks'] },
  click_anonymous: { dimension: 'click_kind', key: 'anonymous', columns: ['clicks'] },
  click_email_source: { dimension: 'click_kind', key: 'email_source', columns: ['clicks'] },
  visits: { dimension: 'total', columns: ['visits', 'clicked_visits'] },
  campaign: { dimension: 'campaign', columns: ['visits', 'clicked_visits'] },
  visit_anonymous: { dimension: 'visit_kind', key: 'anonymous', columns: ['visits', 'clicked_visits'] },
  visit_email_source: { dimension: 'visit_kind', key: 'email_source', columns: ['visits', 'clicked_visits'] },
  category_button: { dimension: 'category_button', columns: ['clicks'] },
  category_button_user: { dimension: 'category_button_user', columns: ['clicks'] },
};

/** A key's sums: `n` the first measure (clicks or visits), `m` the second (clicked-through visits; 0 for clicks). */
export interface KeySums {
  key: string;
  n: number;
  m: number;
}

/** The roll-up dimensions the Clicks tab reads (each {@link ROLLUP} entry's). */
const ROLLUP_DIMENSIONS = [...new Set(Object.values(ROLLUP).map((r) => r.dimension))];

/**
 * First and last day with a day row of each of `dimensions`, in one statement (two probes of the
 * primary key each).
 */
async function readBounds(db: Db, dimensions: string[]): Promise<Map<string, DimensionBounds>> {
  const result = await db.execute(
    sql`select d.dimension,
               (select to_char(min(day), 'YYYY-MM-DD') from analytics_daily a where a.dimension = d.dimension) as first,
               (select to_char(max(day), 'YYYY-MM-DD') from analytics_daily a where a.dimension = d.dimension) as last
        from unnest(${`{${dimensions.join(',')}}`}::text[]) as d(dimension)`,
  );
  return new Map(
    rowsOf<{ dimension: string; first: string | null; last: string | null }>(result).map((r) => [
      r.dimension,
      r.first && r.last ? { first: r.first, last: r.last } : null,
    ]),
  );
}

/**
 * {@link splitRange} with the bounds of every roll-up dimension the Clicks tab reads (one
 * statement), for the figures of one request.
 */
export async function rollupSpan(db: Db, range: InstantRange): Promise<RollupSpan> {
  const span = splitRange(range);
  return span.days ? { ...span, bounds: await readBounds(db, ROLLUP_DIMENSIONS) } : span;
}

/** The per-key dimensions whose rows analytics_daily_key_rank_idx covers (migration 0026). */
const RANKED = new Set(['product', 'click_email', 'category_button_user']);

/**
 * A dimension's rows for a span: `rows`, the grouped union of roll-up rows and raw edge rows
 * (`key, n, m` with n > 0); and `slice`, the condition of the one slice (one row per key) that holds
 * the whole span when there is one (a range of whole days: All Time, a year, a month, a day;
 * rollup-slices.rules.ts), then `rows` reads it without grouping. The slice's dimension is written
 * as a literal so the planner can use the partial index of migration 0026.
 */
async function dimensionRows(db: Db, dimension: Dimension, span: RollupSpan): Promise<{ rows: SQL; slice: SQL | null }> {
  const rollup = ROLLUP[dimension];
  const raw: RawSide = DIMENSIONS[dimension];
  const n = sql.raw(rollup.columns[0]!);
  const m = rollup.columns[1] ? sql.raw(rollup.columns[1]) : sql`0`;
  // A key's count in one row fits an int (unlike a total's over all time), and sum(int) adds in
  // int8 where sum(bigint) adds in numeric, about a third slower on PGlite.
  const summed = RANKED.has(rollup.dimension) ? sql`${n}::int` : n;
  const keyWhere = rollup.key !== undefined ? sql` and key = ${rollup.key}` : sql``;
  const parts: SQL[] = [];
  if (span.days) {
    const bounds = span.bounds?.get(rollup.dimension) ?? (await readBounds(db, [rollup.dimension])).get(rollup.dimension) ?? null;
    const plan = rollupPlan(rollup.dimension, span.days.from, span.days.to, bounds);
    const [only] = plan.parts;
    if (plan.slices === 1 && only && span.edges.length === 0) {
      const slice = sql`dimension = ${sql.raw(`'${only.dimension.replace(/'/g, "''")}'`)} and day = ${only.from}::date${keyWhere} and ${n} > 0`;
      return { rows: sql`select key, ${n} as n, ${m} as m from analytics_daily where ${slice}`, slice };
    }
    // One select per run (not one OR), so each can be a range of analytics_daily_key_rank_idx; day
    // rows a month row stands in for are taken away from it (rollup-slices.rules.ts `subtract`).
    for (const p of plan.parts) {
      const [pn, pm] = p.subtract ? [sql`-(${summed})`, sql`-(${m})`] : [summed, m];
      parts.push(
        sql`select key, ${pn} as n, ${pm} as m from analytics_daily
            where dimension = ${sql.raw(`'${p.dimension.replace(/'/g, "''")}'`)} and day >= ${p.from}::date and day <= ${p.to}::date${keyWhere}`,
      );
    }
  }
  if (span.edges.length > 0) {
    parts.push(
      sql`select ${raw.key} as key, ${raw.measures[0]!} as n, ${raw.measures[1] ?? sql`0`} as m from ${raw.from}
          where (${inEdges(raw.at, span.edges)}) and ${raw.key} is not null ${raw.where ? sql`and ${raw.where}` : sql``}
          group by 1`,
    );
  }
  if (parts.length === 0) parts.push(sql`select ''::text as key, 0::bigint as n, 0::bigint as m where false`);
  return {
    rows: sql`select key, sum(n) as n, sum(m) as m from (${sql.join(parts, sql` union all `)}) u group by key having sum(n) > 0`,
    slice: null,
  };
}

/**
 * Runs one roll-up read and answers the driver's result. A read of one slice (`slice` non-null: one
 * row per key, read in index order) is a plain statement. A grouped read (a union of slices and raw
 * edge rows, grouped by key) runs on PostgreSQL in a read-only transaction of its own with parallel
 * workers off (`SET LOCAL max_parallel_workers_per_gather = 0`): the planner cannot estimate how many
 * keys such a union holds (it guessed 67 groups for 20,000), and the parallel plans it chose took
 * 63–69 ms median for "2nd–27th of last month" at 10M clicks on 2 CPUs against 32–36 ms serially
 * (bench/README.md, 29 November 2026). Each read keeps a connection of its own, so a request's
 * figures still run side by side. On PGlite (no parallel workers) always a plain statement. Throws
 * what the database throws.
 */
export async function readRollups(db: Db, query: SQL, slice: SQL | null = null): Promise<unknown> {
  if (slice !== null || !runsOnPostgres(db)) return db.execute(query);
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      return tx.execute(query);
    },
    { accessMode: 'read only' },
  );
}

type Row = { key: string; n: string | number; m: string | number; keys?: string | number };
const toSums = (r: Row): KeySums => ({ key: r.key, n: Number(r.n), m: Number(r.m) });

/** Every key of `dimension` with a count in the span (n > 0), unordered. */
export async function keySums(db: Db, dimension: Dimension, span: RollupSpan): Promise<KeySums[]> {
  const { rows, slice } = await dimensionRows(db, dimension, span);
  return rowsOf<Row>(await readRollups(db, rows, slice)).map(toSums);
}

/** The one key's sums of a single-key dimension (totals, flags); zeros when none. */
export async function totalSums(db: Db, dimension: Dimension, span: RollupSpan): Promise<{ n: number; m: number }> {
  const rows = await keySums(db, dimension, span);
  return { n: rows.reduce((s, r) => s + r.n, 0), m: rows.reduce((s, r) => s + r.m, 0) };
}

/**
 * The keys of `dimension` ranked in the top `top` by count (ties at the last place all included,
 * so the caller can break them by name as the tab does), and how many keys have a count at all.
 */
export async function topKeySums(db: Db, dimension: Dimension, span: RollupSpan, top: number): Promise<{ rows: KeySums[]; keys: number }> {
  const { rows: source, slice } = await dimensionRows(db, dimension, span);
  // One slice of a ranked dimension: the top rows straight from analytics_daily_key_rank_idx in
  // count order (the window stops past the cut) and the key count from the same index.
  const query =
    slice && RANKED.has(ROLLUP[dimension].dimension)
      ? sql`select key, n, m, (select count(*) from analytics_daily where ${slice}) as keys from (
              select key, n, m, rank() over (order by n desc) as r from (${source} order by clicks desc) s
            ) t where r <= ${top}`
      : // Otherwise group once; the cut is the top-th count (a bounded sort; none when fewer keys), ties at it kept.
        sql`with g as materialized (${source})
            select key, n, m, (select count(*) from g) as keys from g
            where n >= coalesce((select n from g order by n desc offset ${top - 1} limit 1), 0)`;
  const rows = rowsOf<Row>(await readRollups(db, query, slice));
  return { rows: rows.map(toSums), keys: Number(rows[0]?.keys ?? 0) };
}

/** How many keys of `dimension` have a count in the span. */
export async function keyCount(db: Db, dimension: Dimension, span: RollupSpan): Promise<number> {
  const { rows, slice } = await dimensionRows(db, dimension, span);
  const result = await readRollups(db, sql`select count(*) as n from (${rows}) g`, slice);
  return Number(rowsOf<{ n: string | number }>(result)[0]?.n ?? 0);
}

/** Sum of the counts of the keys of `dimension` containing `needle` (as written: addresses are stored in lower case). */
export async function sumOfKeysContaining(db: Db, dimension: Dimension, span: RollupSpan, needle: string): Promise<number> {
  const { rows, slice } = await dimensionRows(db, dimension, span);
  const result = await readRollups(db, sql`select coalesce(sum(n), 0) as n from (${rows}) g where strpos(key, ${needle}) > 0`, slice);
  return Number(rowsOf<{ n: string | number }>(result)[0]?.n ?? 0);
}

/** Product clicks per London day of the span (days with clicks only), oldest first. */
export async function clicksPerDay(db: Db, span: RollupSpan): Promise<Array<{ date: string; clicks: number }>> {
  const parts: SQL[] = [];
  if (span.days) {
    const from = span.days.from ? sql`and day >= ${span.days.from}::date` : sql``;
    const to = span.days.to ? sql`and day <= ${span.days.to}::date` : sql``;
    parts.push(sql`select day, clicks from analytics_daily where dimension = 'total' ${from} ${to}`);
  }
  if (span.edges.length > 0) {
    parts.push(
      sql`select (clicked_at at time zone 'Europe/London')::date as day, count(*) as clicks from product_clicks
          where ${inEdges(sql`clicked_at`, span.edges)} group by 1`,
    );
  }
  if (parts.length === 0) return [];
  const result = await db.execute(
    sql`select to_char(day, 'YYYY-MM-DD') as date, sum(clicks) as clicks from (${sql.join(parts, sql` union all `)}) u
        group by day having sum(clicks) > 0 order by day`,
  );
  return rowsOf<{ date: string; clicks: string | number }>(result).map((r) => ({ date: r.date, clicks: Number(r.clicks) }));
}

/**
 * The newest non-null title and category ever recorded for each product key (ASIN, else deal id),
 * one probe of product_clicks_key_id_idx each, as the in-memory index labelled them.
 */
export async function productLabels(db: Db, keys: string[]): Promise<Map<string, { title: string | null; category: string | null }>> {
  if (keys.length === 0) return new Map();
  const result = await db.execute(
    sql`select k.key,
               (select title from product_clicks where coalesce(asin, deal_id) = k.key and title is not null order by coalesce(asin, deal_id), id desc limit 1) as title,
               (select category from product_clicks where coalesce(asin, deal_id) = k.key and category is not null order by coalesce(asin, deal_id), id desc limit 1) as category
        from unnest(${`{${keys.map((k) => `"${k.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]) as k(key)`,
  );
  return new Map(rowsOf<{ key: string; title: string | null; category: string | null }>(result).map((r) => [r.key, r]));
}

/** Each address's last click in `range` (epoch ms), one probe of product_clicks_email_idx each. */
export async function lastClicks(db: Db, emails: string[], range: InstantRange): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const from = range.from ? sql`and clicked_at >= ${range.from.toISOString()}::timestamptz` : sql``;
  const to = range.to ? sql`and clicked_at < ${range.to.toISOString()}::timestamptz` : sql``;
  const result = await db.execute(
    sql`select e.email, (select date_part('epoch', clicked_at) * 1000 from product_clicks where email = e.email ${from} ${to}
                         order by email, clicked_at desc limit 1) as at
        from unnest(${`{${emails.map((k) => `"${k.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]) as e(email)`,
  );
  return new Map(rowsOf<{ email: string; at: string | number | null }>(result).map((r) => [r.email, Number(r.at ?? 0)]));
}
