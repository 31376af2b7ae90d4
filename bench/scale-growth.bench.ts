/**
 * The growth curve and the cache-miss p99 (issue 31, "Ten times the work"; DESIGN.md §7 "Growth"):
 * `npm run bench -- scale` (with bench/scale-instances.bench.ts). Asserts nothing: every figure is
 * printed beside its budget with PASS/MISS, and the machine's load average beside every figure.
 *
 * Steps: BENCH_SCALE_STEPS products (default 10000,100000,1000000), on BENCH_SCALE_DATABASES
 * (`pglite`, `postgres` or `both`, the default), each step on a fresh database, the databases one
 * after the other (never at the same time). Per step and database:
 * 1. Data. The real catalogue (amazon-uk-2023/underpriced_and_overpriced_products.csv, 3,870 rows,
 *    read from ../shared/data, never copied) expanded to N rows in a temporary CSV of the same
 *    layout exactly as the load bench expands it (variants of the real titles, fake ASINs "X…",
 *    prices ±30 %: bench-data.ts), imported through the real importer CLI (`node
 *    dist/server/cli/import.cli.js --json`, load.bench.ts runImportCli: first on the header alone,
 *    which creates and migrates the database, then the N rows): **import rows/s** by the importer's
 *    own clock and by the whole command. Then generated in SQL after the import (`INSERT … SELECT`
 *    over products and generate_series, as analytics.bench.ts does): N/4 subscribers (90 %
 *    confirmed), **alerts = N** (one per product, the five kinds in turn as price-check.bench.ts),
 *    9 older price observations per product 35 days apart, so with the import's own one
 *    **observations = 10 × N**; then VACUUM ANALYZE of those tables.
 * 2. Judging: runPriceCheck over every alert as the scheduler runs it (no per-alert results), the
 *    prices in hand (the catalogue's, as price-check.bench.ts's timed rounds): a first look (every
 *    alert new), then half the prices 1.50 lower with a new observation dated now, then nothing new:
 *    **alerts judged/s** of each (the check's evaluation transaction). The e-mails it queued are
 *    deleted before the server starts, so the sender's work does not load the measurements; then
 *    VACUUM ANALYZE, so the server is measured in the steady state rather than during autovacuum.
 * 3. **Data size on disk**: the whole DATA_DIR on PGlite (after its CHECKPOINT), pg_database_size on
 *    PostgreSQL.
 * 4. The built server (`node dist/server/main.js`, NODE_ENV production, load.bench.ts's startServer):
 *    **start time** = spawn to the first 200 on /api/health (polled every 20 ms); **RSS idle** 10 s
 *    after it.
 * 5. Latency, uncached, one fresh server per step so nothing is cached beforehand; this process's
 *    fetch (keep-alive), BENCH_SCALE_SAMPLES requests of each (default 400), every one different:
 *    - **uncached search** at 10 connections (§7: p95 ≤ 50 ms): searches of two of the 401
 *      commonest real title words, no pair ever repeated (load.bench.ts uniqueSearches);
 *    - **listing** at 1 connection (§7: p95 ≤ 20 ms): keyword-less category listings (maxPrice 1500,
 *      no rating floor, 20 items; p95 also printed per order), each (category or All, discount-only or not, one of five orders, page
 *      1–25 of 20 items) used once in a seeded random order: the answer cache keys listings by
 *      filter + order + page, so none is answered from it, and pages reach items 481–500;
 *    - **product page** at 1 connection (§7 has no product-page figure: the listing's 20 ms is
 *      printed as the reference): distinct ASINs drawn in a seeded random order from every
 *      imported product.
 * 6. **The cache-miss mix at 200 connections**, closed loop (autocannon in a worker thread,
 *    load.bench.ts `load`), BENCH_SCALE_SECONDS (default 20): 80 % the load bench's shopper mix
 *    (its own first sightings miss as on a live site) and a stated 20 % that can never be cached:
 *    10 % unique searches (pairs the search step did not use) and 10 % product pages of products no
 *    earlier request asked for (reserved ASINs; a unique search instead when they run out, counted).
 *    Budget p99 ≤ 250 ms on PostgreSQL at the largest step, PGlite's figure beside it; the server's
 *    **RSS under load** is its peak VmRSS read every 200 ms during this step. With
 *    BENCH_SCALE_MISS_SHARES (e.g. `0.2,0.1,0.05`) one mix runs per share, on the same server one
 *    after the other, each with products and pairs no earlier request asked for and the shopper
 *    stream's next requests (so a later mix meets the cache the earlier ones left, as a running
 *    site does); the first share is the summary's. The shopper part's own product pages miss as well whenever their (ASIN, minute)
 *    was not asked for yet (products.routes.ts keys product pages by the minute), so the misses sent
 *    are at least the stated share.
 * 7. **Uncached by price**, after the mixes, at 1 connection: each query word once as a search
 *    sorted cheapest first (page size 12, which no mix uses, so none is cached), for decision 0048's
 *    keyword pages read from a window; printed beside the search budget, not in the growth table.
 *
 * Options for studying one step again: BENCH_SCALE_KEEP_POSTGRES=1 keeps each PostgreSQL step's
 * database; BENCH_SCALE_REUSE_POSTGRES=<name> serves and measures a kept one again (steps 4–7 only);
 * BENCH_SERVER_NODE_OPTIONS is the server's NODE_OPTIONS (e.g. `--require` of a script that starts an
 * inspector profile: Node refuses `--cpu-prof` in NODE_OPTIONS).
 *
 * Budgets: §7's absolute ones beside each figure (PGlite's memory budgets for 100k products printed
 * for every step and database), and the growth budget: every latency at the last step within 2× its
 * figure at the step before (at 1M: against 100k) on PostgreSQL, printed as a ratio with PASS/MISS
 * (PGlite's ratio beside it, no budget). A summary names the steps where PGlite stops meeting §7.
 */
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/db/client';
import { products } from '../server/db/schema/catalogue.schema';
import { testEnv } from '../server/env';
import { runPriceCheck } from '../server/features/price-checks/price-check.service';
import { seededRandom } from '../server/features/catalogue/demo/seeded-random';
import { createCatalogueSource } from '../server/sources/catalogue.source';
import type { PriceQuote } from '../server/sources/price-source';
import { SHOPPER_CATEGORIES } from '../common/categories';
import type { SearchCriteria } from '../common/api/products.schema';
import { freePort, startServer } from '../tests/e2e/support/server-process';
import { fakeAsin, variantSuffix } from './bench-data';
import { BENCH_POSTGRES_URL, dropPostgresDatabase, withScratchPostgres } from './bench-postgres';
import {
  dirBytes,
  load,
  loggedErrors,
  memorySampler,
  percentiles,
  procMemory,
  runImportCli,
  search,
  searchPage,
  shopperStream,
  uniqueSearches,
  waitUntilIdle,
  type Figures,
  type LoadRequest,
  type Target,
} from './load.bench';

const ROOT = path.resolve(import.meta.dirname, '..');
const REAL_FILE = path.resolve(import.meta.dirname, '../../shared/data/amazon-uk-2023/underpriced_and_overpriced_products.csv');
/** BENCH_SCALE_STEPS: product counts, comma-separated (default 10k, 100k, 1M). */
const STEPS = (process.env.BENCH_SCALE_STEPS ?? '10000,100000,1000000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b);
/** BENCH_SCALE_DATABASES: pglite, postgres or both (default). */
const DATABASES = ((raw) => (raw === 'both' ? new Set(['pglite', 'postgres']) : new Set(raw.split(',').map((s) => s.trim()))))(
  process.env.BENCH_SCALE_DATABASES ?? 'both',
);
/** Requests of each uncached kind (search, listing, product page) per step. */
const SAMPLES = Math.max(50, Number(process.env.BENCH_SCALE_SAMPLES) || 400);
/** Seconds of the 200-connection cache-miss mix. */
const MIX_SECONDS = Math.max(2, Number(process.env.BENCH_SCALE_SECONDS) || 20);
const MIX_CONNECTIONS = 200;
/**
 * BENCH_SCALE_KEEP_POSTGRES=1: keep each PostgreSQL step's database as `bench_scale_keep_{N}` (an
 * existing one of that name is dropped first), so the served data can be studied after the run
 * (profiles, EXPLAIN). A step that fails is printed and its database kept as well.
 */
const KEEP_POSTGRES = process.env.BENCH_SCALE_KEEP_POSTGRES === '1';
const SEARCH_CONNECTIONS = 10;
/**
 * Shares of the mix's requests that can never be cached (half unique searches, half first-time
 * product pages), one mix each in this order: BENCH_SCALE_MISS_SHARES, comma-separated fractions
 * (default 0.2). The first is the step's headline figure (the summary's); the others show where the
 * p99 budget starts to hold.
 */
const MISS_SHARES = (process.env.BENCH_SCALE_MISS_SHARES ?? '0.2')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isFinite(n) && n >= 0 && n <= 1);
const MISS_SHARE = MISS_SHARES[0] ?? 0.2;
/** BENCH_SERVER_NODE_OPTIONS: NODE_OPTIONS for the served step's server (e.g. `--require` of a profiler script). */
const SERVER_NODE_OPTIONS = process.env.BENCH_SERVER_NODE_OPTIONS ?? '';
/**
 * BENCH_SCALE_REUSE_POSTGRES: the name of a database an earlier run kept (BENCH_SCALE_KEEP_POSTGRES)
 * holding the largest step: its data is served and measured again without the import, the generation
 * and the judging (printed as "-"), and it is never dropped. Only with one step and PostgreSQL alone.
 */
const REUSE_POSTGRES = process.env.BENCH_SCALE_REUSE_POSTGRES ?? '';
const IDLE_AFTER_MS = 10_000;
const MB = 1024 * 1024;
const OBSERVATIONS_PER_PRODUCT = 10;

/** DESIGN.md §7 and issue 31. */
const BUDGET = {
  searchP95: 50,
  listingP95: 20,
  productP95: 20,
  growthRatio: 2,
  missP99: 250,
  importRowsPerSecond: 2_000,
  judgingPerSecond: 50_000,
  idleRssMb: 300,
  loadRssMb: 400,
  startMs: 1_000,
};

const STOPWORDS = new Set(
  'and for with the from your you are not all this that can its into per pcs inc one two new use set pack'.split(' '),
);

const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-GB') : '-');
const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');
/** The 1-minute load average, printed beside every figure (the machine is shared). */
const la = () => `[load ${loadavg()[0]?.toFixed(2)}]`;
const machine = () =>
  `${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} (1/5/15 min)`;
const sizeLabel = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1_000 ? `${n / 1_000}k` : String(n));

interface Feed {
  file: string;
  headerOnly: string;
  rows: number;
  words: string[];
  asins: string[];
}

/**
 * Writes the real catalogue expanded to `rows` rows (load.bench.ts writeExpandedFeed's rows, streamed
 * so 1M rows fit) and its header alone; answers the files, every ASIN and the 401 commonest title words.
 */
async function writeFeed(dir: string, rows: number): Promise<Feed> {
  const real = parse(readFileSync(REAL_FILE), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const header = Object.keys(real[0] as Record<string, string>);
  const random = seededRandom(2023);
  const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
  const file = path.join(dir, `feed-${rows}.csv`);
  const out = createWriteStream(file);
  const asins: string[] = [];
  let chunk = `${header.map(quote).join(',')}\n`;
  for (let i = 0; i < rows; i += 1) {
    const base = real[i % real.length] as Record<string, string>;
    const variant = Math.floor(i / real.length);
    const row = { ...base };
    if (variant > 0) {
      row.ASIN = fakeAsin(i);
      row.Title = `${base.Title} ${variantSuffix(variant)}`;
      row.Price = Math.max(0.5, Number(base.Price) * (0.7 + 0.6 * random())).toFixed(2);
    }
    chunk += `${header.map((h) => quote(row[h] ?? '')).join(',')}\n`;
    if (row.ASIN) asins.push(row.ASIN);
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
  const headerOnly = path.join(dir, 'feed-header-only.csv');
  writeFileSync(headerOnly, `${header.map(quote).join(',')}\n`);
  const titlesHolding = new Map<string, number>();
  for (const row of real)
    for (const word of new Set((row.Title ?? '').toLowerCase().match(/[a-z]{3,}/g) ?? []))
      if (!STOPWORDS.has(word)) titlesHolding.set(word, (titlesHolding.get(word) ?? 0) + 1);
  const words = [...titlesHolding.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 401)
    .map(([w]) => w);
  return { file, headerOnly, rows, words, asins: [...new Set(asins)] };
}

/** Seeded Fisher–Yates shuffle (a copy). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Every keyword-less listing key (category or All × discount-only × order × page 1–25), in a seeded random order. */
function uncachedListings(): LoadRequest[] {
  const sorts: SearchCriteria['sortBy'][] = ['Featured', 'Price:LowToHigh', 'Price:HighToLow', 'AvgCustomerReviews', 'Discount:HighToLow'];
  const out: LoadRequest[] = [];
  for (const category of [...SHOPPER_CATEGORIES.map((c) => c.key), 'All'])
    for (const discountOnly of [false, true])
      for (const sortBy of sorts)
        for (let page = 1; page <= 25; page += 1)
          out.push(
            search(`listing ${sortBy}${discountOnly ? ' discount-only' : ''}` as LoadRequest['kind'], {
              keywords: '',
              maxPrice: 1500,
              minRating: 0,
              category: category as SearchCriteria['category'],
              discountOnly,
              page,
              itemCount: 20,
              sortBy,
            }),
          );
  return shuffled(out, 31);
}

interface Latency {
  p50: number;
  p95: number;
  p99: number;
  ok: number;
  failed: number;
  seconds: number;
  load: string;
  /** p95 (ms) and answers per request kind. */
  byKind: Record<string, { p95: number; ok: number }>;
}

/**
 * Sends every request of `list` once over `connections` concurrent keep-alive loops (this process's
 * fetch, bodies read in full); latencies (ms) of the 2xx answers.
 */
async function timeEach(url: string, list: LoadRequest[], connections: number): Promise<Latency> {
  const times: number[] = [];
  const byKind = new Map<string, number[]>();
  let failed = 0;
  let next = 0;
  const began = performance.now();
  const loop = async () => {
    while (next < list.length) {
      const r = list[next++] as LoadRequest;
      const t0 = performance.now();
      try {
        const res = await fetch(`${url}${r.path}`, {
          method: r.method,
          headers: { accept: 'application/json', 'accept-encoding': 'gzip, br', ...(r.body ? { 'content-type': 'application/json' } : {}) },
          body: r.body,
        });
        await res.arrayBuffer();
        if (res.ok) {
          const ms = performance.now() - t0;
          times.push(ms);
          byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), ms]);
        } else failed += 1;
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const kinds = Object.fromEntries([...byKind].map(([k, ms]) => [k, { p95: percentiles(ms).p95, ok: ms.length }]));
  return { ...percentiles(times), ok: times.length, failed, seconds: (performance.now() - began) / 1000, load: la(), byKind: kinds };
}

/** One step's figures on one database (NaN when not measured). */
interface StepFigures {
  products: number;
  importRowsPerSecond: number;
  importWallRowsPerSecond: number;
  importPeakMb: number;
  generateSeconds: number;
  observations: number;
  alerts: number;
  judgeFirst: number;
  judgeDrop: number;
  judgeQuiet: number;
  dataMb: number;
  startMs: number;
  idleRssMb: number;
  loadRssMb: number;
  search: Latency;
  listing: Latency;
  product: Latency;
  mix: Figures & { load: string; missRequests: number };
  stepSeconds: number;
}

/** Adds subscribers, alerts = products and observations to 10 × products, in SQL; answers the counts. */
async function generate(database: Database): Promise<{ alerts: number; observations: number; seconds: number }> {
  const t = performance.now();
  const q = (text: string) => database.query(text);
  const productCount = Number((await database.query<{ n: number }>('select count(*)::int as n from products')).rows[0]?.n ?? 0);
  const people = Math.max(1_000, Math.floor(productCount / 4));
  await q(`insert into subscribers (email, consent_source, confirmed_at)
    select 'person' || g || '@bench.example', 'deal_alert', case when g % 10 = 9 then null else now() - interval '2 days' end
    from generate_series(0, ${people - 1}) g`);
  await q(`insert into deal_alerts (user_email, product_asin, product_id, product_title, current_price_pence, alert_type, target_price_pence, drop_percent, last_in_stock)
    select 'person' || (p.id % ${people}) || '@bench.example', p.asin, p.id, p.title, p.price_pence,
      (array['any_drop','target_price','percent_drop','lowest_price','back_in_stock'])[1 + p.id % 5],
      case when p.id % 5 = 1 then greatest(1, p.price_pence - 100) end,
      case when p.id % 5 = 2 then 10 end,
      case when p.id % 5 = 4 then false end
    from products p`);
  // Older observations in id ranges of 100k products, so no one statement holds millions of rows.
  const range = (await database.query<{ lo: number; hi: number }>('select min(id)::int as lo, max(id)::int as hi from products')).rows[0];
  const lo = Number(range?.lo ?? 0);
  const hi = Number(range?.hi ?? 0);
  for (let from = lo; from <= hi; from += 100_000)
    await q(`insert into price_observations (product_id, asin, price_pence, source, observed_at)
      select p.id, p.asin, greatest(1, round(p.price_pence * (0.85 + 0.3 * random())))::int, 'csv-import',
             now() - g * interval '35 days' - (p.id % 24) * interval '1 hour'
      from products p, generate_series(1, ${OBSERVATIONS_PER_PRODUCT - 1}) g where p.id between ${from} and ${from + 99_999}`);
  for (const table of ['products', 'price_observations', 'deal_alerts', 'subscribers']) await q(`vacuum analyze ${table}`);
  const counts = (
    await database.query<{ alerts: number; observations: number }>(
      'select (select count(*)::int from deal_alerts) as alerts, (select count(*)::int from price_observations) as observations',
    )
  ).rows[0];
  return { alerts: counts?.alerts ?? NaN, observations: counts?.observations ?? NaN, seconds: (performance.now() - t) / 1000 };
}

/** The catalogue's current prices as quotes (price-check.bench.ts catalogueQuotes). */
async function catalogueQuotes(database: Database): Promise<Map<string, PriceQuote>> {
  const rows = await database.db
    .select({
      asin: products.asin,
      pricePence: products.pricePence,
      listPricePence: products.listPricePence,
      priceAsOf: products.priceAsOf,
    })
    .from(products);
  return new Map(rows.map((r) => [r.asin, { ...r, savingBasisType: null, observedAt: r.priceAsOf }]));
}

/** A first look, half the prices dropped, nothing new: alerts judged per second of each run's evaluation. */
async function judge(database: Database): Promise<{ first: number; drop: number; quiet: number }> {
  const db = database.db;
  const env = { ...testEnv({ PUBLIC_URL: 'https://deals.example' }), PRICE_SOURCE_RATE_PER_SECOND: 1_000 };
  const deps = { db, source: createCatalogueSource(db), clock: () => new Date(), env };
  const timed = async () => {
    const r = await runPriceCheck(deps, { trigger: 'cron', results: false, quotes: await catalogueQuotes(database) });
    return r.alertsChecked / (r.evaluationMs / 1000);
  };
  const first = await timed();
  // Dated now, as an import records it: the newest observation of each product it changes. (Dated an
  // hour back, it was older than the import's own minutes before, so every dropped price was a gap
  // the check had to record before judging again: two statements instead of one.)
  const droppedAt = new Date().toISOString();
  await db.execute(
    sql`update products set price_pence = greatest(1, price_pence - 150), price_as_of = ${droppedAt}::timestamptz where id % 2 = 0`,
  );
  await db.execute(sql`insert into price_observations (product_id, asin, price_pence, source, observed_at)
    select id, asin, price_pence, 'csv-import', price_as_of from products where id % 2 = 0`);
  const drop = await timed();
  const quiet = await timed();
  // The queued e-mails are the sender's work, not what this bench measures: gone before the server starts.
  await db.execute(sql`delete from email_outbox`);
  return { first, drop, quiet };
}

/** The cache-miss mix: the shopper stream with `share` of it replaced by unique searches and first-time product pages. */
function missMix(shopper: (n: number) => LoadRequest[], uniques: LoadRequest[], freshAsins: string[], count: number, share: number) {
  const random = seededRandom(31_031);
  const base = shopper(count);
  let u = 0;
  let a = 0;
  let missRequests = 0;
  const list = base.map((r) => {
    const x = random();
    if (x >= share) return r;
    missRequests += 1;
    if (x < share / 2 && a < freshAsins.length)
      return { kind: 'miss-product' as LoadRequest['kind'], method: 'GET' as const, path: `/api/products/${freshAsins[a++]}` };
    return { ...(uniques[u++ % uniques.length] as LoadRequest), kind: 'miss-search' as LoadRequest['kind'] };
  });
  return { list, missRequests, freshProductPages: a, uniqueSearches: u };
}

/** What a step's data preparation measured (NaN when the data was reused). */
type Prepared = Pick<
  StepFigures,
  | 'products'
  | 'importRowsPerSecond'
  | 'importWallRowsPerSecond'
  | 'importPeakMb'
  | 'generateSeconds'
  | 'observations'
  | 'alerts'
  | 'judgeFirst'
  | 'judgeDrop'
  | 'judgeQuiet'
  | 'dataMb'
> & { asins: string[] };

/** One step on one database: import, generate, judge, serve, measure. Prints as it goes. */
async function measureStep(
  feed: Feed,
  target: Target,
  scratch: string,
  openForWork: () => Promise<Database>,
  closeAfter: boolean,
): Promise<StepFigures> {
  const began = performance.now();
  const prepared = await prepareStep(feed, target, openForWork, closeAfter);
  return serveStep(feed, target, scratch, prepared, began);
}

/** A step's data: import, generate, judge, then its size on disk. Prints as it goes. */
async function prepareStep(feed: Feed, target: Target, openForWork: () => Promise<Database>, closeAfter: boolean): Promise<Prepared> {
  const onPglite = target.kind === 'pglite';
  const created = await runImportCli(feed.headerOnly, target, 1);
  const { report, wallSeconds, memory } = await runImportCli(feed.file, target);
  const importRate = report.totalRows / (report.durationMs / 1000);
  const wallRate = report.totalRows / wallSeconds;
  console.log(
    `    import (CLI, its own process; database created first in ${f1(created.wallSeconds)} s): ${int(report.totalRows)} rows, ${int(report.imported)} new, ${report.rejected.length} rejected; importer's clock ${int(importRate)} rows/s, whole command ${int(wallRate)} rows/s (${f1(wallSeconds)} s) (budget ≥ ${int(BUDGET.importRowsPerSecond)}) ${mark(wallRate >= BUDGET.importRowsPerSecond)}; peak RSS ${f0(memory?.hwmMb ?? NaN)} MB ${la()}`,
  );
  const rejected = new Set(report.rejected.flatMap((r) => (r.asin ? [r.asin] : [])));
  const asins = feed.asins.filter((a) => !rejected.has(a));

  const database = await openForWork();
  let generated: Awaited<ReturnType<typeof generate>>;
  let judged: Awaited<ReturnType<typeof judge>>;
  try {
    generated = await generate(database);
    console.log(
      `    generated in SQL after the import: ${int(generated.alerts)} alerts, ${int(generated.observations)} price observations (${f1(generated.observations / report.imported)} per product), N/4 subscribers; ${f1(generated.seconds)} s with VACUUM ANALYZE ${la()}`,
    );
    const t = performance.now();
    judged = await judge(database);
    const passMark = (r: number) => `${int(r)}/s ${mark(r >= BUDGET.judgingPerSecond)}`;
    console.log(
      `    judging ${int(generated.alerts)} alerts (runPriceCheck, prices in hand; budget ≥ ${int(BUDGET.judgingPerSecond)}/s): first look ${passMark(judged.first)}, half dropped ${passMark(judged.drop)}, nothing new ${passMark(judged.quiet)}; ${f1((performance.now() - t) / 1000)} s for the three ${la()}`,
    );
    // The judging rewrote half the prices and every alert three times: the server is measured in the
    // steady state, not while autovacuum catches up with those millions of dead rows.
    const vacuumStarted = performance.now();
    await database.query('vacuum analyze');
    console.log(`    VACUUM ANALYZE after the judging: ${f1((performance.now() - vacuumStarted) / 1000)} s ${la()}`);
    if (onPglite) await database.query('checkpoint');
  } finally {
    if (closeAfter) await database.close();
  }
  let dataMb: number;
  if (onPglite) dataMb = dirBytes(target.dataDir) / MB;
  else
    dataMb =
      Number(
        (await (target.database as Database).query<{ b: string }>('select pg_database_size(current_database())::text as b')).rows[0]?.b,
      ) / MB;
  console.log(`    data on disk: ${f1(dataMb)} MB (${onPglite ? 'the whole DATA_DIR' : 'pg_database_size'})`);
  return {
    asins,
    products: report.imported,
    importRowsPerSecond: importRate,
    importWallRowsPerSecond: wallRate,
    importPeakMb: memory?.hwmMb ?? NaN,
    generateSeconds: generated.seconds,
    observations: generated.observations,
    alerts: generated.alerts,
    judgeFirst: judged.first,
    judgeDrop: judged.drop,
    judgeQuiet: judged.quiet,
    dataMb,
  };
}

/**
 * A step's served figures on prepared data: start, idle RSS, the uncached latencies and the
 * cache-miss mix (at each of MISS_SHARES). `began` is when the step began (performance.now()).
 */
async function serveStep(feed: Feed, target: Target, scratch: string, prepared: Prepared, began: number): Promise<StepFigures> {
  const { asins } = prepared;
  const logFile = path.join(scratch, `server-${target.kind}-${feed.rows}.log`);
  const spawnedAt = performance.now();
  const server = await startServer(
    {
      PORT: String(await freePort()),
      DATA_DIR: target.dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      ...(SERVER_NODE_OPTIONS ? { NODE_OPTIONS: SERVER_NODE_OPTIONS } : {}),
    },
    [],
    { runner: 'built', logFile, pollMs: 20 },
  );
  const startMs = performance.now() - spawnedAt;
  try {
    console.log(
      `    start: spawn to the first 200 on /api/health ${f0(startMs)} ms (budget ≤ ${BUDGET.startMs}) ${mark(startMs <= BUDGET.startMs)} ${la()}`,
    );
    await sleep(IDLE_AFTER_MS);
    const idleRssMb = procMemory(server.pid)?.rssMb ?? NaN;
    console.log(
      `    server RSS idle ${IDLE_AFTER_MS / 1000} s after: ${f0(idleRssMb)} MB (budget ≤ ${BUDGET.idleRssMb}, §7 at 100k on PGlite) ${mark(idleRssMb <= BUDGET.idleRssMb)} ${la()}`,
    );
    const line = (name: string, l: Latency, budget: number, conns: number, note: string) =>
      console.log(
        `    ${name.padEnd(17)} p50 ${f1(l.p50).padStart(6)}  p95 ${f1(l.p95).padStart(6)}  p99 ${f1(l.p99).padStart(6)} ms  (budget p95 ≤ ${budget} ms) ${mark(l.p95 <= budget)}  ${l.ok} answered, ${l.failed} failed, ${conns} conn., ${f1(l.ok / l.seconds)}/s ${l.load}  ${note}`,
      );
    const uniques = uniqueSearches(feed.words);
    await waitUntilIdle(server);
    const searchL = await timeEach(server.url, uniques.slice(0, SAMPLES), SEARCH_CONNECTIONS);
    line('uncached search', searchL, BUDGET.searchP95, SEARCH_CONNECTIONS, '(unique word pairs)');
    await waitUntilIdle(server);
    const listingL = await timeEach(server.url, uncachedListings().slice(0, SAMPLES), 1);
    line('listing', listingL, BUDGET.listingP95, 1, '(unique category/order/page keys, pages 1–25)');
    console.log(
      `      listing p95 by order: ${Object.entries(listingL.byKind)
        .sort()
        .map(([k, v]) => `${k.replace('listing ', '')} ${f1(v.p95)} (${v.ok})`)
        .join(', ')}`,
    );
    const byOrder = shuffled(asins, 3131);
    await waitUntilIdle(server);
    const productL = await timeEach(
      server.url,
      byOrder.slice(0, SAMPLES).map((a) => ({ kind: 'product', method: 'GET', path: `/api/products/${a}` })),
      1,
    );
    line('product page', productL, BUDGET.productP95, 1, '(distinct ASINs; §7 has no product-page figure: the listing budget)');

    const mixCount = Math.min(600_000, MIX_SECONDS * 15_000);
    let uniquesUsed = SAMPLES;
    let asinsUsed = SAMPLES;
    let mix: StepFigures['mix'] | undefined;
    let loadRssMb = 0;
    // One shopper stream for every mix: each mix sends the site's next requests, not the first mix's again.
    const shopper = shopperStream(asins, feed.words);
    for (const share of MISS_SHARES) {
      const {
        list,
        missRequests,
        freshProductPages,
        uniqueSearches: missSearches,
      } = missMix(shopper, uniques.slice(uniquesUsed), byOrder.slice(asinsUsed), mixCount, share);
      await waitUntilIdle(server);
      const sampler = memorySampler(server.pid, 200);
      const mixFigures = await load(server.url, list, MIX_CONNECTIONS, MIX_SECONDS);
      const mem = sampler.stop();
      const figures = { ...mixFigures, load: la(), missRequests };
      mix ??= figures;
      loadRssMb = Math.max(loadRssMb, mem.peakRssMb);
      const sent = Math.min(mixFigures.sent, list.length);
      const sentList = list.slice(0, sent);
      const missShare = sent > 0 ? sentList.filter((r) => String(r.kind).startsWith('miss-')).length / sent : NaN;
      // What was sent is what was used: the next mix's misses are products and pairs no request asked for.
      uniquesUsed += sentList.filter((r) => String(r.kind) === 'miss-search').length;
      asinsUsed += sentList.filter((r) => String(r.kind) === 'miss-product').length;
      console.log(
        `    cache-miss mix at ${f1(share * 100)} % uncacheable, ${MIX_CONNECTIONS} conn. closed loop, ${MIX_SECONDS} s: ${f0(figures.rps)} req/s, p50 ${f0(figures.p50)}, p95 ${f0(figures.p95)}, p99 ${f0(figures.p99)} ms (budget p99 ≤ ${BUDGET.missP99} ms) ${mark(figures.p99 <= BUDGET.missP99)}; ${f1(missShare * 100)} % of the sent uncacheable (${int(freshProductPages)} fresh product pages and ${int(missSearches)} unique searches in the list of ${int(list.length)}); errors ${figures.errors}, non-2xx ${figures.non2xx}, repeats ${figures.repeats} ${figures.load}`,
      );
      const kinds = Object.entries(figures.byKind)
        .sort()
        .map(([k, v]) => `${k} ${f0(v.p50)}/${f0(v.p99)}`)
        .join(', ');
      console.log(`      by kind p50/p99 ms: ${kinds}`);
      console.log(
        `      server RSS under this mix: peak ${f0(mem.peakRssMb)} MB (budget ≤ ${BUDGET.loadRssMb}, §7 at 100k on PGlite) ${mark(mem.peakRssMb <= BUDGET.loadRssMb)}, ${mem.samples} reads ${la()}`,
      );
    }
    if (!mix) throw new Error('BENCH_SCALE_MISS_SHARES holds no share between 0 and 1');
    // Keyword pages in an order of their own (decision 0048): each query word once, cheapest first,
    // one at a time, after the mixes, with a page size of their own (12) so no mix cached them.
    await waitUntilIdle(server);
    const byPrice = feed.words.slice(0, SAMPLES).map((w) => search('unique', { ...searchPage(w, 1, 'Price:LowToHigh'), itemCount: 12 }));
    const byPriceL = await timeEach(server.url, byPrice, 1);
    line(
      'uncached by price',
      byPriceL,
      BUDGET.searchP95,
      1,
      '(each query word once, Price:LowToHigh; no growth budget, printed for decision 0048)',
    );
    const { asins: _asins, ...figures } = prepared;
    return {
      ...figures,
      startMs,
      idleRssMb,
      loadRssMb,
      search: searchL,
      listing: listingL,
      product: productL,
      mix,
      stepSeconds: (performance.now() - began) / 1000,
    };
  } finally {
    const code = await server.stop();
    const errors = await loggedErrors(logFile);
    console.log(
      `    server stopped (exit code ${code}); ${errors} error line${errors === 1 ? '' : 's'} logged${errors > 0 ? ` (messages: ${errorMessages(logFile)})` : ''}; step took ${f1((performance.now() - began) / 1000)} s ${la()}`,
    );
  }
}

/** The distinct `msg` fields with their error's type, code and message (no stack, no data) of a pino log's error and fatal lines, for the step's line. */
function errorMessages(file: string): string {
  const messages = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n'))
    if (/"level":(50|60)\b/.test(line))
      try {
        {
          // errorSummary's fields (server/http/log-redaction.ts): type, SQLSTATE, a non-database message's
          // first line, and the type and safe message of the error it wraps.
          const entry = JSON.parse(line) as {
            msg?: unknown;
            err?: { type?: unknown; code?: unknown; message?: unknown; cause?: unknown; causeMessage?: unknown };
          };
          const cause = [entry.err?.cause, entry.err?.causeMessage].filter(Boolean).join(': ');
          const kind = [entry.err?.type, entry.err?.code, entry.err?.message, cause && `caused by ${cause}`].filter(Boolean).join(' ');
          messages.add(`${String(entry.msg ?? '?').slice(0, 120)}${kind ? ` (${kind})` : ''}`);
        }
      } catch {
        messages.add('(unparsed line)');
      }
  return [...messages].slice(0, 5).join(' | ');
}

/** {@link serveStep} on the kept database `name` (BENCH_SCALE_REUSE_POSTGRES): no import, generation or judging. */
async function reuseStep(feed: Feed, scratch: string, name: string, results: Map<string, Map<number, StepFigures>>): Promise<void> {
  const began = performance.now();
  const url = new URL(BENCH_POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  let prepared: Prepared;
  try {
    const row = (
      await database.query<{ n: number; b: string }>(
        'select (select count(*)::int from products) as n, pg_database_size(current_database())::text as b',
      )
    ).rows[0];
    const present = new Set((await database.query<{ asin: string }>('select asin from products')).rows.map((r) => r.asin));
    const none = NaN;
    prepared = {
      asins: feed.asins.filter((a) => present.has(a)),
      products: Number(row?.n),
      importRowsPerSecond: none,
      importWallRowsPerSecond: none,
      importPeakMb: none,
      generateSeconds: none,
      observations: none,
      alerts: none,
      judgeFirst: none,
      judgeDrop: none,
      judgeQuiet: none,
      dataMb: Number(row?.b) / MB,
    };
  } finally {
    await database.close();
  }
  console.log(
    `\n   PostgreSQL database ${name} reused (BENCH_SCALE_REUSE_POSTGRES): ${int(prepared.products)} products, ${int(prepared.asins.length)} of the feed's ASINs present, ${f1(prepared.dataMb)} MB — ${machine()}`,
  );
  const dataDir = path.join(scratch, 'data-postgres');
  mkdirSync(dataDir, { recursive: true });
  const figures = await serveStep(feed, { kind: 'postgres', dataDir, databaseUrl: url.toString() }, scratch, prepared, began);
  results.get('postgres')?.set(feed.rows, figures);
}

/** The summary: one table per database, the growth ratios, where PGlite stops meeting §7. */
function summarise(results: Map<string, Map<number, StepFigures>>): void {
  console.log('\n  Summary (latencies p95 ms; the last column: last step ÷ the step before, growth budget ≤ 2× on PostgreSQL)');
  for (const [kind, byStep] of results) {
    const steps = [...byStep.keys()].sort((a, b) => a - b);
    if (steps.length === 0) continue;
    const rows: Array<[string, (s: StepFigures) => number, string, boolean]> = [
      ['uncached search p95 ms', (s) => s.search.p95, `≤ ${BUDGET.searchP95}`, true],
      ['listing p95 ms', (s) => s.listing.p95, `≤ ${BUDGET.listingP95}`, true],
      ['product page p95 ms', (s) => s.product.p95, `(≤ ${BUDGET.productP95})`, true],
      ['miss mix p99 ms (200 conn.)', (s) => s.mix.p99, `≤ ${BUDGET.missP99}`, true],
      ['miss mix req/s', (s) => s.mix.rps, '', false],
      ['import rows/s (whole command)', (s) => s.importWallRowsPerSecond, `≥ ${int(BUDGET.importRowsPerSecond)}`, false],
      ['judging alerts/s (half dropped)', (s) => s.judgeDrop, `≥ ${int(BUDGET.judgingPerSecond)}`, false],
      ['judging alerts/s (nothing new)', (s) => s.judgeQuiet, `≥ ${int(BUDGET.judgingPerSecond)}`, false],
      ['server RSS idle MB', (s) => s.idleRssMb, `≤ ${BUDGET.idleRssMb}`, false],
      ['server RSS under load MB', (s) => s.loadRssMb, `≤ ${BUDGET.loadRssMb}`, false],
      ['data on disk MB', (s) => s.dataMb, '', false],
      ['start ms', (s) => s.startMs, `≤ ${BUDGET.startMs}`, false],
      ['step took s', (s) => s.stepSeconds, '', false],
    ];
    console.log(`\n    ${kind}`);
    console.log(`    ${'figure'.padEnd(34)}${steps.map((n) => sizeLabel(n).padStart(10)).join('')}   budget        growth`);
    for (const [name, get, budget, isLatency] of rows) {
      const values = steps.map((n) => get(byStep.get(n) as StepFigures));
      let growth = '';
      if (isLatency && values.length >= 2) {
        const ratio = (values.at(-1) as number) / (values.at(-2) as number);
        growth = `${ratio.toFixed(2)}× ${kind === 'postgres' ? mark(ratio <= BUDGET.growthRatio) : '(no budget)'}`;
      }
      console.log(`    ${name.padEnd(34)}${values.map((v) => f1(v).padStart(10)).join('')}   ${budget.padEnd(12)}  ${growth}`);
    }
    const loads = steps.map((n) => byStep.get(n)?.mix.load ?? '').join(', ');
    console.log(`    load average during each step's mix: ${loads}`);
  }
  const pglite = results.get('pglite');
  if (pglite) {
    const misses: string[] = [];
    for (const [n, s] of [...pglite.entries()].sort((a, b) => a[0] - b[0])) {
      const missed = [
        s.search.p95 > BUDGET.searchP95 && `uncached search p95 ${f1(s.search.p95)} ms`,
        s.listing.p95 > BUDGET.listingP95 && `listing p95 ${f1(s.listing.p95)} ms`,
        s.product.p95 > BUDGET.productP95 && `product page p95 ${f1(s.product.p95)} ms`,
        s.mix.p99 > BUDGET.missP99 && `miss mix p99 ${f0(s.mix.p99)} ms`,
        s.importWallRowsPerSecond < BUDGET.importRowsPerSecond && `import ${int(s.importWallRowsPerSecond)} rows/s`,
        s.judgeDrop < BUDGET.judgingPerSecond && `judging ${int(s.judgeDrop)} alerts/s`,
        s.idleRssMb > BUDGET.idleRssMb && `RSS idle ${f0(s.idleRssMb)} MB`,
        s.loadRssMb > BUDGET.loadRssMb && `RSS under load ${f0(s.loadRssMb)} MB`,
        s.startMs > BUDGET.startMs && `start ${f0(s.startMs)} ms`,
      ].filter(Boolean);
      misses.push(`${sizeLabel(n)}: ${missed.length ? missed.join(', ') : 'every §7 budget met'}`);
    }
    console.log(`\n  Where PGlite stops meeting §7: ${misses.join('; ')}`);
  }
  const pg = results.get('postgres');
  if (pg && pg.size > 0) {
    const largest = Math.max(...pg.keys());
    const s = pg.get(largest) as StepFigures;
    const beside = pglite?.get(largest);
    console.log(
      `  Cache-miss p99 at ${MIX_CONNECTIONS} connections, ${sizeLabel(largest)} products, ${MISS_SHARE * 100} % uncacheable: PostgreSQL ${f0(s.mix.p99)} ms (budget ≤ ${BUDGET.missP99}) ${mark(s.mix.p99 <= BUDGET.missP99)} ${s.mix.load}; PGlite ${beside ? `${f0(beside.mix.p99)} ms ${beside.mix.load}` : 'not measured at this step'}`,
    );
  }
}

export async function run(): Promise<void> {
  console.log(`  machine at start: ${machine()}; Node ${process.version}`);
  console.log(
    `  steps ${STEPS.map(sizeLabel).join(', ')} products (BENCH_SCALE_STEPS); databases ${[...DATABASES].join(', ')} (BENCH_SCALE_DATABASES); ${SAMPLES} requests of each uncached kind (BENCH_SCALE_SAMPLES); mix ${MIX_SECONDS} s at ${MIX_CONNECTIONS} connections (BENCH_SCALE_SECONDS), ${MISS_SHARE * 100} % uncacheable`,
  );
  if (REUSE_POSTGRES && (STEPS.length !== 1 || DATABASES.has('pglite') || !DATABASES.has('postgres')))
    throw new Error('BENCH_SCALE_REUSE_POSTGRES needs one step (BENCH_SCALE_STEPS) and BENCH_SCALE_DATABASES=postgres');
  if (!existsSync(REAL_FILE)) {
    console.log(`  skipped: real data not found at ${REAL_FILE}`);
    return;
  }
  execSync('node scripts/ensure-web-build.mjs && node scripts/ensure-server-build.mjs', { cwd: ROOT, stdio: 'inherit' });
  const results = new Map<string, Map<number, StepFigures>>();
  for (const kind of ['pglite', 'postgres']) if (DATABASES.has(kind)) results.set(kind, new Map());
  for (const rows of STEPS) {
    const scratch = mkdtempSync(path.join(tmpdir(), 'bench-scale-'));
    try {
      const t = performance.now();
      const feed = await writeFeed(scratch, rows);
      console.log(
        `\n  ${sizeLabel(rows)} products: feed of ${int(feed.rows)} rows written in ${f1((performance.now() - t) / 1000)} s ${la()}`,
      );
      if (DATABASES.has('pglite')) {
        const dataDir = path.join(scratch, 'data-pglite');
        mkdirSync(dataDir, { recursive: true });
        console.log(`\n   PGlite on disk (DATA_DIR ${dataDir}; the server runs it in a worker thread) — ${machine()}`);
        try {
          const figures = await measureStep(
            feed,
            { kind: 'pglite', dataDir },
            scratch,
            () => openDatabase({ dataDir: path.join(dataDir, 'db') }),
            true,
          );
          results.get('pglite')?.set(rows, figures);
        } catch (error) {
          console.log(`    PGlite at ${sizeLabel(rows)} failed: ${error instanceof Error ? error.message.slice(0, 2000) : String(error)}`);
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
      if (DATABASES.has('postgres') && REUSE_POSTGRES) await reuseStep(feed, scratch, REUSE_POSTGRES, results);
      else if (DATABASES.has('postgres')) {
        const keepAs = KEEP_POSTGRES ? `bench_scale_keep_${rows}` : undefined;
        if (keepAs) await dropPostgresDatabase(keepAs);
        await withScratchPostgres(
          'bench_scale',
          async (database, host, databaseUrl) => {
            const dataDir = path.join(scratch, 'data-postgres');
            mkdirSync(dataDir, { recursive: true });
            const version = (await database.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v;
            console.log(`\n   PostgreSQL ${version ?? ''} at ${host} (scratch database; app pool of 10) — ${machine()}`);
            try {
              const figures = await measureStep(
                feed,
                { kind: 'postgres', dataDir, databaseUrl, database },
                scratch,
                async () => database,
                false,
              );
              results.get('postgres')?.set(rows, figures);
            } catch (error) {
              console.log(
                `    PostgreSQL at ${sizeLabel(rows)} failed: ${error instanceof Error ? error.message.slice(0, 2000) : String(error)}`,
              );
            }
          },
          { keepAs },
        );
        if (keepAs) console.log(`   PostgreSQL database kept as ${keepAs} (BENCH_SCALE_KEEP_POSTGRES)`);
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  summarise(results);
  console.log(`  machine at end: ${machine()}`);
}
