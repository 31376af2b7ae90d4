/**
 * Search benchmark (DESIGN.md §7): 100,000 products on in-memory PGlite (the real 2023 catalogue
 * expanded by bench-data.ts), served by the real app on 127.0.0.1 and loaded with autocannon from a
 * worker thread (so the load generator does not share the server's event loop). Prints p50/p95
 * latency and requests/s per scenario beside the budgets, the same search statements run straight
 * on PGlite for the throughput comparison, and EXPLAIN ANALYZE of the hot queries. Never throws on
 * a missed budget: the bench prints, it does not fail the build.
 */
import { cpus, loadavg } from 'node:os';
import { buildApp } from '../server/app';
import { testEnv } from '../server/env';
import type { Database } from '../server/db/client';
import { createCatalogueSource } from '../server/sources/catalogue.source';
import { SHOPPER_CATEGORIES } from '../common/categories';
import { searchCriteriaSchema, type SearchCriteria } from '../common/api/products.schema';
import { planSearch, totalFromPage } from '../server/features/products/products.service';
import { RERANK_WINDOW } from '../server/features/products/search-rank';
import { fillPlaceholders, type Query } from 'drizzle-orm';
import {
  keywordCandidatesStatement,
  productsByIdsStatement,
  searchCountStatement,
  searchPageStatement,
  searchValues,
  suggestionsStatement,
  selectTopDiscounted,
} from '../server/features/products/products.queries';
import { buildBenchCatalogue } from './bench-data';
import { loadWithAutocannon, percentile, post, type LoadRequest } from './load-generator';

const PRODUCTS = 100_000;
const DURATION_S = 5;
const WARMUP_S = 1;
const CONNECTIONS = 10;

/** Realistic shopper searches (words that occur in the real titles), as the search page sends them. */
const SEARCH_TERMS = [
  'headphones',
  'printer',
  'coffee',
  'guitar strings',
  'lego',
  'samsung',
  'kettle',
  'vacuum cleaner',
  'toner cartridge',
  'laptop',
  'camera',
  'usb cable',
  'piano',
  'knife set',
  'drill',
  'baby',
];
/** Search-box prefixes of 2–5 letters. */
const PREFIXES = [
  'sa',
  'he',
  'pr',
  'ca',
  'ba',
  'sam',
  'hea',
  'key',
  'usb',
  'lap',
  'sams',
  'head',
  'guit',
  'coff',
  'kett',
  'print',
  'ninte',
  'bosch',
];

const searchBodies: SearchCriteria[] = SEARCH_TERMS.map((keywords) => ({
  keywords,
  maxPrice: 99999,
  minRating: 1,
  category: 'All',
  itemCount: 10,
  sortBy: 'Featured',
  page: 1,
}));
const trendingBodies: SearchCriteria[] = [1, 2, 3, 4, 5].map((page) => ({
  keywords: '',
  maxPrice: 1500,
  minRating: 4,
  category: 'trending',
  discountOnly: false,
  itemCount: 20,
  page,
}));
const categoryBodies: SearchCriteria[] = SHOPPER_CATEGORIES.flatMap((c) =>
  [1, 2].map((page) => ({
    keywords: c.keywords,
    maxPrice: 1500,
    minRating: 4,
    category: c.key,
    searchIndex: c.searchIndex,
    discountOnly: true,
    itemCount: 12,
    page,
  })),
);

interface Figures {
  p50: number;
  p95: number;
  rps: number;
  requests: number;
  failures: number;
}

function figuresOf(times: number[], seconds: number, failures: number): Figures {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), rps: times.length / seconds, requests: times.length, failures };
}

/** Loads `url` with `requests` (each connection cycles through them) for `duration` seconds. */
async function load(url: string, requests: LoadRequest[], duration: number, connections: number): Promise<Figures> {
  const result = await loadWithAutocannon(url, requests, connections, duration);
  return figuresOf(result.times, result.seconds, result.failures);
}

/** The SQL and bound values of a prepared statement, as the app sends them to PGlite. */
function statementOf(prepared: { getQuery(): Query }, values: Record<string, unknown>): Query {
  const query = prepared.getQuery();
  return { sql: query.sql, params: fillPlaceholders(query.params, values) };
}

/**
 * The app's statements for a search body: with keywords, the statement that answers the re-ranking
 * window of candidates with the totals (keywordCandidatesStatement, decisions 0017 and 0026;
 * `withTotal`), then the page's products by id (`byIds`); without, the page and the count.
 */
function searchStatements(database: Database, body: SearchCriteria) {
  const criteria = searchCriteriaSchema.parse(body);
  const { filter, order } = planSearch(criteria);
  const offset = (criteria.page - 1) * criteria.itemCount;
  const values = searchValues(filter, offset, criteria.itemCount);
  return {
    offset,
    limit: criteria.itemCount,
    withTotal: filter.text !== null,
    page:
      filter.text === null
        ? statementOf(searchPageStatement(database.db, filter, order), values)
        : statementOf(keywordCandidatesStatement(database.db, filter), searchValues(filter, 0, RERANK_WINDOW)),
    byIds: filter.text === null ? null : productsByIdsStatement(database.db).getQuery().sql,
    count: statementOf(searchCountStatement(database.db, filter), values),
  };
}

/**
 * The same search statements the app runs, straight on PGlite, 10 at a time: the page (for
 * keywords the candidates, then the page's products by id, as products.service.ts does), then the
 * count unless the page proves the total or (keyword searches) carries it.
 */
async function direct(database: Database, bodies: SearchCriteria[], duration: number): Promise<Figures> {
  const statements = bodies.map((body) => searchStatements(database, body));
  const times: number[] = [];
  const until = performance.now() + duration * 1000;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const s = statements[next++ % statements.length] as (typeof statements)[number];
        const t = performance.now();
        const { rows } = await database.query<{ id: number }>(s.page.sql, s.page.params);
        if (s.byIds) await database.query(s.byIds, [rows.slice(s.offset, s.offset + s.limit).map((r) => r.id)]);
        const counted = s.withTotal ? rows.length > 0 || s.offset === 0 : totalFromPage(s.offset, s.limit, rows.length) !== null;
        if (!counted) await database.query(s.count.sql, s.count.params);
        times.push(performance.now() - t);
      }
    }),
  );
  return figuresOf(times, (performance.now() - started) / 1000, 0);
}

/** EXPLAIN ANALYZE of one statement of the app, condensed to its plan nodes and timings. */
async function explain(database: Database, label: string, statement: { sql: string; params: unknown[] }): Promise<void> {
  const { rows } = await database.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, COSTS OFF, BUFFERS OFF) ${statement.sql}`,
    statement.params,
  );
  const lines = rows
    .map((r) => r['QUERY PLAN'])
    .filter((l) => !/^\s*(Planning Time|Sort Key|Sort Method|Presorted Key|Full-sort)/.test(l) && !/Buckets|Memory Usage/.test(l));
  console.log(`\n  EXPLAIN ANALYZE ${label}`);
  for (const line of lines.slice(0, 14)) console.log(`    ${line.length > 150 ? `${line.slice(0, 147)}...` : line}`);
}

async function explainHotQueries(database: Database): Promise<void> {
  const search = searchStatements(database, searchBodies[0] as SearchCriteria);
  await explain(database, "search 'headphones' (re-ranking candidates with the totals, one statement)", search.page);
  const trending = searchStatements(database, trendingBodies[0] as SearchCriteria);
  await explain(database, 'trending page 1 (page)', trending.page);
  await explain(database, 'trending (count; cached 30 s by the app)', trending.count);
  const browse = searchStatements(database, categoryBodies[0] as SearchCriteria);
  await explain(database, 'category home-kitchen, discountOnly (page)', browse.page);
  await explain(database, 'category home-kitchen, discountOnly (count; cached 30 s by the app)', browse.count);
  for (const prefix of ['sa', 'sams', 'bosch']) {
    await explain(
      database,
      `suggestions '${prefix}'`,
      statementOf(suggestionsStatement(database.db), { prefixTsquery: `${prefix}:*`, limit: 6 }),
    );
  }
  await explain(
    database,
    'top discounted (cached 30 s by the app)',
    selectTopDiscounted(database.db, 20, new Date(Date.now() - 86_400_000)).toSQL(),
  );
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/** Builds the data, serves the app, measures every scenario and prints the table. */
export async function run(): Promise<void> {
  const now = new Date();
  console.log(`Building ${PRODUCTS.toLocaleString('en-GB')} products on in-memory PGlite...`);
  const catalogue = await buildBenchCatalogue({ target: PRODUCTS, now });
  const { database } = catalogue;
  console.log(
    `  real products imported: ${catalogue.realProducts} in ${fmt(catalogue.importMs / 1000)} s; expanded to ${catalogue.totalProducts} in ${fmt(catalogue.expandMs / 1000)} s; VACUUM ANALYZE ${fmt(catalogue.analyseMs / 1000)} s`,
  );
  const app = await buildApp({
    database,
    env: testEnv({ LOG_LEVEL: 'silent' }),
    clock: () => new Date(),
    priceSource: createCatalogueSource(database.db),
    notifyOutbox: () => {},
  });
  try {
    await explainHotQueries(database);
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const scenarios: Array<{ name: string; requests: LoadRequest[]; budgetP95: number }> = [
      { name: 'search (keywords)', requests: searchBodies.map((b) => post('/api/products/search', b)), budgetP95: 20 },
      { name: 'trending listing', requests: trendingBodies.map((b) => post('/api/products/search', b)), budgetP95: 20 },
      { name: 'category browse', requests: categoryBodies.map((b) => post('/api/products/search', b)), budgetP95: 20 },
      {
        name: 'suggestions',
        requests: PREFIXES.map((q) => ({ method: 'GET', path: `/api/products/suggestions?q=${encodeURIComponent(q)}` })),
        budgetP95: 5,
      },
      { name: 'top discounted (listing)', requests: [{ method: 'GET', path: '/api/amazon/top-discounted' }], budgetP95: 20 },
    ];
    const results: Array<{ name: string; single: Figures; loaded: Figures; budgetP95: number }> = [];
    for (const s of scenarios) {
      await load(url, s.requests, WARMUP_S, CONNECTIONS);
      const single = await load(url, s.requests, DURATION_S, 1);
      const loaded = await load(url, s.requests, DURATION_S, CONNECTIONS);
      console.log(`  measured ${s.name}: ${single.requests + loaded.requests} answers, ${single.failures + loaded.failures} failures`);
      results.push({ name: s.name, single, loaded, budgetP95: s.budgetP95 });
    }
    await direct(database, searchBodies, WARMUP_S);
    const straight = await direct(database, searchBodies, DURATION_S);
    const httpSearch = results[0]?.loaded as Figures;
    const share = (httpSearch.rps / straight.rps) * 100;

    console.log(
      `\n  ${PRODUCTS.toLocaleString('en-GB')} products, PGlite in memory, ${DURATION_S} s per measurement after ${WARMUP_S} s warm-up; latency in ms`,
    );
    console.log('  PGlite runs one statement at a time, so at 10 connections latency includes queueing behind 9 others.');
    console.log(
      `  Machine: ${cpus().length} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} (1/5/15 min) at the end of the run.\n`,
    );
    const header = ['Scenario', 'p50 @1', 'p95 @1', 'p50 @10', 'p95 @10', 'req/s @10', 'Budget (DESIGN.md §7)', '@1', '@10'];
    const ok = (f: Figures, budget: number) => verdict(f.p95 <= budget && f.failures === 0);
    const rows = results.map((r) => [
      r.name,
      fmt(r.single.p50, 2),
      fmt(r.single.p95, 2),
      fmt(r.loaded.p50, 2),
      fmt(r.loaded.p95, 2),
      fmt(r.loaded.rps, 0),
      `p95 ≤ ${r.budgetP95} ms`,
      ok(r.single, r.budgetP95),
      ok(r.loaded, r.budgetP95),
    ]);
    rows.push([
      'search, straight on PGlite',
      '',
      '',
      fmt(straight.p50, 2),
      fmt(straight.p95, 2),
      fmt(straight.rps, 0),
      '(reference)',
      '',
      '',
    ]);
    rows.push(['search HTTP / direct req/s', '', '', '', '', `${fmt(share, 0)} %`, '≥ 90 % of direct', '', verdict(share >= 90)]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (cells: string[]) =>
      `  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ')}`;
    console.log(line(header));
    console.log(line(widths.map((w) => '-'.repeat(w))));
    for (const r of rows) console.log(line(r));
  } finally {
    await app.close();
    await database.close();
  }
}
