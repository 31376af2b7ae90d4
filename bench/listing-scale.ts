/**
 * Uncached listings at scale (issue 31; docs/decisions/0039-listing-indexes.md): how long a
 * keyword-less listing page and its total take at N products on PostgreSQL (or PGlite), per order.
 *
 * Run: `npx tsx bench/listing-scale.ts [N…]` (default 100000). Environment:
 * - LISTING_DB=pglite runs on an in-memory PGlite instead of the scratch PostgreSQL database;
 * - LISTING_PAGES (default "1,13,25") the pages of 20 asked, LISTING_CATEGORIES ("sample": All and
 *   three categories, or "all": All and the ten) which categories;
 * - LISTING_BEFORE=1 also measures with migration 0028's indexes dropped (the "before" figures),
 *   then builds them again, timing each build and printing its size (LISTING_BEFORE_INDEXES, a LIKE
 *   pattern of index names, picks which: default every `products_listing_%`; e.g.
 *   `products\\_listing\\_discounted\\_idx` for migration 0029's alone);
 * - LISTING_INSERT=N (default 0) times inserting N more variants in a rolled-back transaction with
 *   and without the 0028 indexes (their import cost);
 * - LISTING_TRENDING_ZERO=1 gives every product trending score 0 (a plain feed without ratings,
 *   reviews or savings: "Featured" is then all ties, ordered by id);
 * - LISTING_LIST_SHARE (default 0.2) the share of variants with a labelled list price, so a
 *   "Deals only" listing is dense (0.2) or sparse (0.002, as on a real feed; migration 0029);
 * - LISTING_EXPLAIN=1 prints the plan's first lines (EXPLAIN ANALYZE) of page 25 of every order.
 *
 * Data: the real 2023 catalogue imported with the importer (bench-data.ts importRealCatalogue), then
 * expanded in one SQL INSERT … SELECT to N products (unlike bench-data.ts expandCatalogue's batches
 * from JS, which take ≈ 25 min at 1M): variants of the real titles with the same shape (price ±30 %,
 * a fifth with a labelled list price, half rated with 10^(0–4.5) reviews, 30 % bought-last-month,
 * 1 % best sellers, the trending formula's review/bought/rating/discount terms), plus 0.5 % inactive
 * (decision 0034). The search GIN indexes and search_words trigger are dropped before the expansion
 * (they do not serve listings and dominate its time). Listings go through the app's own statements
 * (products.queries.ts findSearchPage / countSearch); the count is timed apart (the service caches
 * it per filter and catalogue version, listing-cache.ts).
 *
 * Prints p50/p95 per order in ms, the load average at start and end. Never asserts.
 */
import os from 'node:os';
import { openDatabase, type Database } from '../server/db/client';
import { SHOPPER_CATEGORIES } from '../common/categories';
import {
  countSearch,
  findSearchPage,
  searchPageStatement,
  searchValues,
  type SearchFilter,
  type SearchOrder,
} from '../server/features/products/products.queries';
import { withScratchPostgres } from './bench-postgres';
import { importRealCatalogue } from './bench-data';

const ORDERS: SearchOrder[] = ['trending', 'price-asc', 'price-desc', 'rating', 'discount'];
const PAGE_SIZE = 20;
const MAX_PRICE_PENCE = 150_000;
/** Share of the variants given a labelled list price (LISTING_LIST_SHARE, default 0.2; a real feed without list prices is near 0). */
const LIST_SHARE = Number(process.env.LISTING_LIST_SHARE ?? 0.2);

function load(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Expands the stored catalogue to `target` products in one INSERT … SELECT (see the module comment). */
async function expand(database: Database, target: number): Promise<void> {
  await database.query('select setseed(0.2023)');
  await database.query(
    `
    with base as (select (row_number() over (order by id) - 1)::int as k, title, price_pence, category, category_name, brand, image_url from products),
         n as (select count(*)::int as c from base)
    insert into products (asin, title, price_pence, list_price_pence, saving_basis_type, image_url, rating, review_count, category,
                          category_name, brand, bought_last_month, is_best_seller, trending_score, popularity_score, deal_kind,
                          deal_percent, deal_label, source, is_active)
    select 'X' || lpad(upper(to_hex(g)), 9, '0'), b.title || ' - Variant ' || (g / n.c + 1), r.price, r.list, case when r.list is not null then 'LIST_PRICE' end,
           b.image_url, r.rating, r.reviews, b.category, b.category_name, b.brand, r.bought, r.best,
           round((0.6 * least(80, coalesce((r.list - r.price) * 100.0 / r.list, 0)) + 6 * log(1 + coalesce(r.reviews, 0)) + 5 * log(1 + coalesce(r.bought, 0))
                  + case when r.best then 8 else 0 end + case when r.rating is not null then 6 * (r.rating - 3.5) * least(1, coalesce(r.reviews, 0) / 25.0) else 0 end)::numeric, 2)::real,
           round((6 * log(1 + coalesce(r.reviews, 0)) + 5 * log(1 + coalesce(r.bought, 0)))::numeric, 2)::real,
           case when r.list is not null then 'LABELLED_SAVING' end, case when r.list is not null then floor((r.list - r.price) * 100.0 / r.list)::smallint end,
           case when r.list is not null then 'Save' end, 'bench', r.u > 0.005
    from n cross join generate_series(0, greatest(0, $1::int - n.c - 1)) g
    join base b on b.k = g % n.c
    cross join lateral (
      select x.price, case when x.r1 < $2::float8 then round(x.price * (1.1 + 0.7 * x.r2))::int end as list,
             case when x.r3 < 0.5 then round((3 + 2 * x.r4)::numeric, 1)::real end as rating,
             case when x.r3 < 0.5 then floor(10 ^ (x.r5 * 4.5))::int end as reviews,
             case when x.r6 < 0.3 then floor(10 ^ (x.r7 * 3))::int end as bought, x.r8 < 0.01 as best, x.u
      from (select greatest(1, round(b.price_pence * (0.7 + 0.6 * random())))::int as price, random() r1, random() r2, random() r3, random() r4,
                   random() r5, random() r6, random() r7, random() r8, random() u, g as keep) x
    ) r`,
    [target, LIST_SHARE],
  );
}

/** The 0028 index names and definitions as stored (pg_indexes), to drop and build them again. */
async function listingIndexes(database: Database): Promise<Array<{ name: string; def: string }>> {
  const { rows } = await database.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = 'products' and indexname like $1`,
    [process.env.LISTING_BEFORE_INDEXES ?? 'products\\_listing\\_%'],
  );
  return rows.map((r) => ({ name: r.indexname, def: r.indexdef }));
}

interface Case {
  filter: SearchFilter;
  order: SearchOrder;
  page: number;
}

function cases(categories: Array<string | null>, pages: number[]): Case[] {
  const out: Case[] = [];
  for (const category of categories)
    for (const discountOnly of [false, true])
      for (const order of ORDERS)
        for (const page of pages)
          out.push({ filter: { text: null, maxPricePence: MAX_PRICE_PENCE, minRating: 0, category, discountOnly }, order, page });
  return out;
}

/** Times every case once (after one warm-up pass over a few), prints p50/p95 per order and discount-only. */
async function measure(database: Database, label: string, all: Case[]): Promise<Map<string, number[]>> {
  for (const c of all.slice(0, 10)) await findSearchPage(database.db, c.filter, c.order, (c.page - 1) * PAGE_SIZE, PAGE_SIZE);
  const byKey = new Map<string, number[]>();
  const loadStart = load();
  for (const c of all) {
    const t = performance.now();
    await findSearchPage(database.db, c.filter, c.order, (c.page - 1) * PAGE_SIZE, PAGE_SIZE);
    const ms = performance.now() - t;
    for (const key of [`${c.order}${c.filter.discountOnly ? ' discount-only' : ''}`, 'ALL'])
      byKey.set(key, [...(byKey.get(key) ?? []), ms]);
  }
  console.log(`  ${label}: page p50/p95 ms per order (load ${loadStart} → ${load()})`);
  for (const [key, values] of byKey) {
    values.sort((a, b) => a - b);
    console.log(
      `    ${key.padEnd(26)} p50 ${pct(values, 50).toFixed(1).padStart(7)}  p95 ${pct(values, 95).toFixed(1).padStart(7)}  (n ${values.length})`,
    );
  }
  const counts: number[] = [];
  for (const category of [null, ...SHOPPER_CATEGORIES.map((c) => c.key)])
    for (const discountOnly of [false, true]) {
      const t = performance.now();
      await countSearch(database.db, { text: null, maxPricePence: MAX_PRICE_PENCE, minRating: 0, category, discountOnly });
      counts.push(performance.now() - t);
    }
  counts.sort((a, b) => a - b);
  console.log(
    `    count (22 filters)         p50 ${pct(counts, 50).toFixed(1).padStart(7)}  p95 ${pct(counts, 95).toFixed(1).padStart(7)}  max ${counts.at(-1)?.toFixed(1)}`,
  );
  return byKey;
}

async function explain(database: Database, all: Case[]): Promise<void> {
  const last = Math.max(...all.map((c) => c.page));
  for (const c of all.filter((x) => x.page === last && (x.filter.category === null || x.filter.category === 'electronics'))) {
    const q = searchPageStatement(database.db, c.filter, c.order).getQuery();
    const values = searchValues(c.filter, (c.page - 1) * PAGE_SIZE, PAGE_SIZE);
    const params = q.params.map((p) => (p && typeof p === 'object' && 'name' in p ? values[(p as { name: string }).name] : p));
    const { rows } = await database.query<Record<string, string>>(`explain (analyze, costs off) ${q.sql}`, params);
    const lines = rows.map((r) => Object.values(r)[0] as string);
    console.log(`    EXPLAIN ${c.order}${c.filter.discountOnly ? ' discount-only' : ''} ${c.filter.category ?? 'All'} page ${c.page}:`);
    for (const line of lines.filter((l) => /Scan|Sort|Limit|Execution|Rows Removed/.test(l)).slice(0, 6))
      console.log(`      ${line.trim()}`);
  }
}

async function run(database: Database, n: number): Promise<void> {
  const now = new Date();
  console.log(`\n${database.kind} ${n.toLocaleString('en-GB')} products — load at start ${load()}`);
  await database.migrate();
  await database.query('drop index if exists products_search_idx');
  await database.query('drop index if exists products_suggest_idx');
  const { rows: triggers } = await database.query<{ tgname: string }>(
    `select tgname from pg_trigger where tgrelid = 'products'::regclass and not tgisinternal`,
  );
  for (const t of triggers) await database.query(`alter table products disable trigger "${t.tgname}"`);
  let t = performance.now();
  const real = await importRealCatalogue(database.db, now);
  const indexes = await listingIndexes(database);
  // The expansion runs without the 0028 indexes; they are built afterwards and timed.
  for (const ix of indexes) await database.query(`drop index ${ix.name}`);
  t = performance.now();
  await expand(database, n);
  console.log(`  data: ${real} real products imported, expanded to ${n} in ${((performance.now() - t) / 1000).toFixed(1)} s (SQL)`);
  if (process.env.LISTING_TRENDING_ZERO === '1') await database.query('update products set trending_score = 0');
  await database.query('vacuum analyze products');
  const pageCases = cases(
    process.env.LISTING_CATEGORIES === 'all'
      ? [null, ...SHOPPER_CATEGORIES.map((c) => c.key)]
      : [null, 'home-kitchen', 'electronics', 'baby'],
    (process.env.LISTING_PAGES ?? '1,13,25').split(',').map(Number),
  );
  if (process.env.LISTING_BEFORE === '1') {
    await measure(database, 'without the 0028 indexes', pageCases);
    if (process.env.LISTING_EXPLAIN === '1') await explain(database, pageCases);
  }
  for (const ix of indexes) {
    t = performance.now();
    await database.query(ix.def);
    const ms = performance.now() - t;
    const { rows } = await database.query<{ size: string }>(`select pg_size_pretty(pg_relation_size($1::regclass)) as size`, [ix.name]);
    console.log(`  built ${ix.name} in ${(ms / 1000).toFixed(1)} s, ${rows[0]?.size} (load ${load()})`);
  }
  await database.query('analyze products');
  const { rows: sizes } = await database.query<{ t: string; i: string }>(
    `select pg_size_pretty(pg_table_size('products')) t, pg_size_pretty(pg_indexes_size('products')) i`,
  );
  console.log(`  products table ${sizes[0]?.t}, its indexes ${sizes[0]?.i} (search GIN indexes dropped)`);
  await measure(database, 'with the 0028 indexes', pageCases);
  if (process.env.LISTING_EXPLAIN === '1') await explain(database, pageCases);
  const extra = Number(process.env.LISTING_INSERT ?? 0);
  if (extra > 0) {
    for (const withIndexes of [false, true]) {
      await database.query('begin');
      if (!withIndexes) for (const ix of indexes) await database.query(`drop index ${ix.name}`);
      t = performance.now();
      await database.query(
        `insert into products (asin, title, price_pence, list_price_pence, rating, review_count, category, category_name, brand, trending_score, source)
         select 'Y' || lpad(upper(to_hex(g)), 9, '0'), title || ' - Extra', price_pence, list_price_pence, rating, review_count, category, category_name, brand, trending_score, 'bench'
         from products join generate_series(1, $1::int) g on products.id = g`,
        [extra],
      );
      console.log(
        `  insert ${extra} more ${withIndexes ? 'with' : 'without'} the 0028 indexes: ${((performance.now() - t) / 1000).toFixed(2)} s (load ${load()})`,
      );
      await database.query('rollback');
    }
  }
  console.log(`  load at end ${load()}`);
}

async function main(): Promise<void> {
  const sizes = process.argv.slice(2).map(Number);
  console.log(`listing-scale: ${os.cpus().length} CPUs, 1 connection, pages of ${PAGE_SIZE}, maxPrice £${MAX_PRICE_PENCE / 100}`);
  for (const n of sizes.length > 0 ? sizes : [100_000]) {
    if (process.env.LISTING_DB === 'pglite') {
      const database = await openDatabase({});
      try {
        await run(database, n);
      } finally {
        await database.close();
      }
    } else await withScratchPostgres('listing_scale', (database) => run(database, n));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
