/**
 * Many shoppers at once (issue 7, "The bench tells the truth"): the app as `npm start` runs it, on
 * on-disk PGlite, then the same app on PostgreSQL, side by side in one run. Asserts nothing: every
 * figure is printed beside its budget with PASS or MISS, and a miss never throws.
 *
 * Data: the real file amazon-uk-2023/underpriced_and_overpriced_products.csv (3,870 rows, read from
 * ../shared/data) expanded to 100,000 rows in a temporary CSV of the same layout: the real rows
 * first, then variants of them (the real title plus a colour, size or pack, bench-data.ts's
 * variantSuffix; a fake ASIN "X…", fakeAsin; the real category; the price varied by ±30 % with the
 * seeded PRNG). The CSV goes through the real importer (importCatalogueAndCheckAlerts, as `npm run
 * import` and the admin upload run it), so trending scores and statistics are what an import makes;
 * on PGlite it is followed by a CHECKPOINT, as the CLI does. PGlite lives in a temporary directory
 * (openDatabase({ dataDir })), in a worker thread as npm start runs it (PGLITE_WORKER=0: on the
 * server's thread, for comparison; docs/decisions/0007-pglite-worker.md); PostgreSQL is BENCH_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres, in a scratch database bench_load_<pid> created and
 * dropped here (skipped with a message when the server is unreachable).
 *
 * Server: buildApp (server/app.ts) without the web build, NODE_ENV production, LOG_LEVEL info with
 * the per-request log lines serialised but discarded (npm start writes them to stdout), listening on
 * 127.0.0.1, port 0. Load: autocannon in a worker thread (the load generator shares this process
 * but not the server's event loop) at 1, 10, 50 and 200 connections, BENCH_LOAD_SECONDS each
 * (default 10) after a 2 s warm-up at 10 connections. Requests carry `accept-encoding: gzip, br`, as
 * a browser's do. Every connection takes the next request of one shared, seeded list of 5,000
 * (setupRequest), so the mix is deterministic and connections do not replay each other:
 * - 20 % home "Trending" (POST /api/products/search, category trending, no keywords; pages 1–3);
 * - 5 % GET /api/amazon/top-discounted;
 * - 10 % category listings as the home buttons send them (category key, discount-only, and "Show
 *   all" without it; pages 1–2);
 * - 5 % deal listings (GET /api/deals or /api/deals/trending, a category key or all; pages 1–2);
 * - 25 % searches as the search page sends them, of one or two words drawn from a Zipf law (s = 1)
 *   over the 400 commonest words of the real titles; 1 in 5 on page 2 or with a price sort;
 * - 20 % suggestions (GET /api/products/suggestions?q=) for a typed prefix (2–5 letters) of a
 *   Zipf-drawn word;
 * - 15 % product pages (GET /api/products/:asin) of ASINs read back from the database.
 * Then unique searches at 10 connections: every request a different pair of words (no pair repeats,
 * so no cache of any kind answers twice); the number of repeats is printed (0 unless the list ran out).
 *
 * Prints, per database and connection count: req/s, p50/p95/p99 latency (ms, 2xx answers only),
 * errors (socket errors and timeouts) and non-2xx answers; per kind of request p50/p95 at 50 and
 * 200 connections; the PostgreSQL/PGlite throughput ratio; the import's rows/s and duration; this
 * process's RSS (it hosts the server and the load generator's worker) after the import and at the
 * end of the 200-connection step; the load average and CPU count at the start and at the end.
 *
 * Budgets (issue 7): at 200 connections on PGlite 0 errors and 0 non-2xx, p99 ≤ 250 ms, ≥ 500 req/s;
 * unique searches at 10 connections ≥ 100/s with p95 ≤ 50 ms; PostgreSQL ≥ 2× PGlite's req/s at 50
 * connections; RSS ≤ 400 MB under load; import ≥ 2,000 rows/s on PGlite.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { parse } from 'csv-parse/sync';
import { asc } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { openDatabase, pgliteWorkerSetting, type Database } from '../server/db/client';
import { products } from '../server/db/schema/catalogue.schema';
import { testEnv } from '../server/env';
import { importCatalogueAndCheckAlerts } from '../server/features/catalogue/catalogue-update.service';
import { seededRandom } from '../server/features/catalogue/demo/seeded-random';
import { createCatalogueSource } from '../server/sources/catalogue.source';
import { SHOPPER_CATEGORIES } from '../common/categories';
import type { SearchCriteria } from '../common/api/products.schema';
import { fakeAsin, variantSuffix } from './bench-data';
import { withScratchPostgres } from './bench-postgres';

const REAL_FILE = path.resolve(import.meta.dirname, '../../shared/data/amazon-uk-2023/underpriced_and_overpriced_products.csv');
const TARGET_ROWS = 100_000;
const SECONDS = Math.max(1, Number(process.env.BENCH_LOAD_SECONDS ?? 10) || 10);
const WARMUP_SECONDS = 2;
/** BENCH_LOAD_RATE: caps the offered load at this many requests/s over all connections (autocannon overallRate); unset: as fast as answered. */
const RATE = Number(process.env.BENCH_LOAD_RATE) > 0 ? Number(process.env.BENCH_LOAD_RATE) : undefined;
const CONNECTIONS = [1, 10, 50, 200] as const;
const UNIQUE_CONNECTIONS = 10;
const MIX_SIZE = 5_000;
const QUERY_WORDS = 401; // odd, so the unordered pairs (i, i + d) for d ≤ 200 are all distinct
const MB = 1024 * 1024;

const BUDGET = {
  rps200: 500,
  p99At200: 250,
  uniqueRps: 100,
  uniqueP95: 50,
  postgresRatioAt50: 2,
  rssMb: 400,
  importRowsPerSecond: 2_000,
};

/** Words too common to be searched for on their own. */
const STOPWORDS = new Set(
  'and for with the from your you are not all this that can its into per pcs inc one two new use set pack'.split(' '),
);

type Kind = 'trending' | 'top-discounted' | 'category' | 'deals' | 'search' | 'suggestions' | 'product';
const KINDS: readonly Kind[] = ['trending', 'top-discounted', 'category', 'deals', 'search', 'suggestions', 'product'];

interface LoadRequest {
  kind: Kind | 'unique';
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}
interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  answers: number;
  errors: number;
  non2xx: number;
  repeats: number;
  byKind: Record<string, { p50: number; p95: number; answers: number }>;
}
interface Feed {
  file: string;
  rows: number;
  words: string[];
}

/** Writes the 100k-row feed in the real file's layout; answers its path and the query words. */
function writeExpandedFeed(dir: string): Feed {
  const real = parse(readFileSync(REAL_FILE), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const header = Object.keys(real[0] as Record<string, string>);
  const random = seededRandom(2023);
  const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
  const lines = [header.map(quote).join(',')];
  for (let i = 0; i < TARGET_ROWS; i += 1) {
    const base = real[i % real.length] as Record<string, string>;
    const variant = Math.floor(i / real.length);
    const row = { ...base };
    if (variant > 0) {
      row.ASIN = fakeAsin(i);
      row.Title = `${base.Title} ${variantSuffix(variant)}`;
      row.Price = Math.max(0.5, Number(base.Price) * (0.7 + 0.6 * random())).toFixed(2);
    }
    lines.push(header.map((h) => quote(row[h] ?? '')).join(','));
  }
  const file = path.join(dir, 'feed-100k.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  // Query words: by the number of real titles holding them, commonest first.
  const titlesHolding = new Map<string, number>();
  for (const row of real)
    for (const word of new Set((row.Title ?? '').toLowerCase().match(/[a-z]{3,}/g) ?? []))
      if (!STOPWORDS.has(word)) titlesHolding.set(word, (titlesHolding.get(word) ?? 0) + 1);
  const words = [...titlesHolding.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, QUERY_WORDS)
    .map(([w]) => w);
  return { file, rows: TARGET_ROWS, words };
}

/** Draws ranks 0…n-1 from a Zipf law with exponent 1. */
function zipfSampler(n: number, random: () => number): () => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (let i = 0; i < n; i += 1) cumulative.push((sum += 1 / (i + 1)));
  return () => {
    const target = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const search = (kind: LoadRequest['kind'], criteria: SearchCriteria): LoadRequest => ({
  kind,
  method: 'POST',
  path: '/api/products/search',
  body: JSON.stringify(criteria),
});

/** The search page's criteria (web/features/products/search-criteria.ts searchPageCriteria). */
const searchPage = (keywords: string, page = 1, sortBy: SearchCriteria['sortBy'] = 'Featured'): SearchCriteria => ({
  keywords,
  maxPrice: 99999,
  minRating: 1,
  category: 'All',
  discountOnly: false,
  page,
  itemCount: 10,
  sortBy,
});

/** The shopper mix: MIX_SIZE requests, seeded; the connections share one cursor over them. */
function shopperMix(asins: string[], words: string[]): LoadRequest[] {
  const random = seededRandom(7);
  const zipf = zipfSampler(words.length, random);
  const word = () => words[zipf()] as string;
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const out: LoadRequest[] = [];
  for (let i = 0; i < MIX_SIZE; i += 1) {
    const r = random();
    if (r < 0.2) {
      // Home, Trending (web homeCategoryCriteria('trending')).
      const page = random() < 0.7 ? 1 : random() < 0.7 ? 2 : 3;
      out.push(
        search('trending', {
          keywords: '',
          maxPrice: 1500,
          minRating: 4,
          category: 'trending',
          discountOnly: false,
          page,
          itemCount: 20,
          sortBy: 'Featured',
        }),
      );
    } else if (r < 0.25) {
      out.push({ kind: 'top-discounted', method: 'GET', path: '/api/amazon/top-discounted' });
    } else if (r < 0.3) {
      // Today's deals or trending (issue 8), all or one category.
      const base = random() < 0.6 ? '/api/deals' : '/api/deals/trending';
      const category = random() < 0.3 ? '' : `category=${pick(SHOPPER_CATEGORIES).key}&`;
      out.push({ kind: 'deals', method: 'GET', path: `${base}?${category}page=${random() < 0.8 ? 1 : 2}&itemCount=20` });
    } else if (r < 0.4) {
      // A home category button (its keywords are the category's own, which the server drops).
      const category = pick(SHOPPER_CATEGORIES);
      out.push(
        search('category', {
          keywords: category.keywords,
          maxPrice: 1500,
          minRating: 4,
          category: category.key,
          searchIndex: category.searchIndex,
          discountOnly: random() < 0.6,
          page: random() < 0.8 ? 1 : 2,
          itemCount: 20,
          sortBy: 'Featured',
        }),
      );
    } else if (r < 0.65) {
      const keywords = random() < 0.7 ? word() : `${word()} ${word()}`;
      const variant = random();
      out.push(
        search(
          'search',
          variant < 0.1 ? searchPage(keywords, 2) : variant < 0.2 ? searchPage(keywords, 1, 'Price:LowToHigh') : searchPage(keywords),
        ),
      );
    } else if (r < 0.85) {
      const typed = word().slice(0, 2 + Math.floor(random() * 4));
      out.push({ kind: 'suggestions', method: 'GET', path: `/api/products/suggestions?q=${encodeURIComponent(typed)}` });
    } else {
      out.push({ kind: 'product', method: 'GET', path: `/api/products/${pick(asins)}` });
    }
  }
  return out;
}

/** Searches no two alike: every unordered pair of the query words, the commonest mixed in early. */
function uniqueSearches(words: string[]): LoadRequest[] {
  const n = words.length;
  const out: LoadRequest[] = [];
  for (let d = 1; d <= (n - 1) / 2; d += 1)
    for (let i = 0; i < n; i += 1) out.push(search('unique', searchPage(`${words[i]} ${words[(i + d) % n]}`)));
  return out;
}

/**
 * autocannon in a worker thread. One request template whose setupRequest takes the next entry of the
 * shared list; the kind rides in the connection's context to the 'response' event (emitted before
 * the connection builds its next request). Keeps every 2xx latency, so the percentiles are exact.
 */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const autocannon = require(workerData.autocannonPath);
const list = workerData.list;
let next = 0;
const times = [];
const byKind = {};
let non2xx = 0;
const setupRequest = (req, context) => {
  const r = list[next % list.length];
  next += 1;
  context.kind = r.kind;
  const headers = { 'accept-encoding': 'gzip, br', accept: 'application/json' };
  if (r.body === undefined) return { ...req, method: r.method, path: r.path, body: Buffer.alloc(0), headers };
  return { ...req, method: r.method, path: r.path, body: r.body, headers: { ...headers, 'content-type': 'application/json' } };
};
const instance = autocannon(
  { url: workerData.url, connections: workerData.connections, duration: workerData.duration, timeout: 10, requests: [{ setupRequest }], ...(workerData.rate ? { overallRate: workerData.rate } : {}) },
  (error, result) => {
    parentPort.postMessage({
      error: error ? String(error) : null,
      times,
      byKind,
      non2xx,
      errors: result ? result.errors + result.timeouts : 0,
      issued: next,
      duration: result ? result.duration : 0,
    });
  },
);
instance.on('response', (client, status, _bytes, ms) => {
  if (status < 200 || status >= 300) { non2xx += 1; return; }
  times.push(ms);
  const kind = client.requestIterator.context.kind;
  (byKind[kind] ??= []).push(ms);
});
`;

interface WorkerAnswer {
  error: string | null;
  times: number[];
  byKind: Record<string, number[]>;
  non2xx: number;
  errors: number;
  issued: number;
  duration: number;
}

function percentiles(values: number[]): { p50: number; p95: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => (sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number) : NaN);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

function load(url: string, list: LoadRequest[], connections: number, duration: number, rate?: number): Promise<Figures> {
  const autocannonPath = createRequire(import.meta.url).resolve('autocannon');
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_CODE, { eval: true, workerData: { url, list, duration, connections, autocannonPath, rate } });
    worker.once('message', (m: WorkerAnswer) => {
      void worker.terminate();
      if (m.error) return reject(new Error(m.error));
      const byKind: Figures['byKind'] = {};
      for (const [kind, times] of Object.entries(m.byKind)) byKind[kind] = { ...percentiles(times), answers: times.length };
      resolve({
        rps: m.times.length / (m.duration || duration),
        ...percentiles(m.times),
        answers: m.times.length,
        errors: m.errors,
        non2xx: m.non2xx,
        repeats: Math.max(0, m.issued - list.length),
        byKind,
      });
    });
    worker.once('error', reject);
  });
}

const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const rssMb = () => process.memoryUsage().rss / MB;
const machine = () =>
  `${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} (1/5/15 min)`;

interface Measured {
  label: string;
  kind: Database['kind'];
  importRowsPerSecond: number;
  importSeconds: number;
  steps: Map<number, Figures>;
  unique: Figures;
  rssAfterImport: number;
  rssAfter200: number;
  rssPeak200: number;
}

/** Imports the feed into `database`, serves it and loads it; prints as it goes. */
async function measure(label: string, database: Database, feed: Feed): Promise<Measured> {
  console.log(`\n  ${label}`);
  await database.migrate();
  const env = testEnv({ NODE_ENV: 'production', LOG_LEVEL: 'info' });
  const started = performance.now();
  const { report } = await importCatalogueAndCheckAlerts({ db: database.db, env, clock: () => new Date() }, { filePath: feed.file });
  if (database.kind === 'pglite') await database.query('checkpoint');
  const wallSeconds = (performance.now() - started) / 1000;
  if (report.fatalError) throw new Error(`import failed: ${report.fatalError}`);
  const importSeconds = report.durationMs / 1000;
  const importRowsPerSecond = report.totalRows / importSeconds;
  const budget =
    database.kind === 'pglite'
      ? ` (budget ≥ ${BUDGET.importRowsPerSecond.toLocaleString('en-GB')}) ${mark(importRowsPerSecond >= BUDGET.importRowsPerSecond)}`
      : ' (budget on PGlite only)';
  console.log(
    `    import: ${report.totalRows.toLocaleString('en-GB')} rows (${report.imported.toLocaleString('en-GB')} new, ${report.rejected.length} rejected) in ${f1(importSeconds)} s = ${f0(importRowsPerSecond)} rows/s${budget}; ${f1(wallSeconds)} s with the alert step${database.kind === 'pglite' ? ' and checkpoint' : ''}`,
  );
  const rssAfterImport = rssMb();
  console.log(`    RSS after import: ${f0(rssAfterImport)} MB`);

  const asins = (await database.db.select({ asin: products.asin }).from(products).orderBy(asc(products.asin))).map((r) => r.asin);
  const mix = shopperMix(asins, feed.words);
  const app = await buildApp({
    database,
    env,
    clock: () => new Date(),
    priceSource: createCatalogueSource(database.db),
    notifyOutbox: () => {},
    logStream: { write: () => {} },
    serveWeb: false,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const steps = new Map<number, Figures>();
  let rssAfter200 = NaN;
  let rssPeak200 = 0;
  try {
    await load(url, mix, 10, WARMUP_SECONDS);
    console.log(`    connections    req/s    p50    p95    p99  errors  non-2xx   (latency in ms, 2xx answers)`);
    for (const connections of CONNECTIONS) {
      const sampler = connections === 200 ? setInterval(() => (rssPeak200 = Math.max(rssPeak200, rssMb())), 200) : undefined;
      const f = await load(url, mix, connections, SECONDS, RATE);
      if (sampler) {
        clearInterval(sampler);
        rssAfter200 = rssMb();
        rssPeak200 = Math.max(rssPeak200, rssAfter200);
      }
      steps.set(connections, f);
      const budget =
        connections === 200 && database.kind === 'pglite'
          ? `   budget ≥ ${BUDGET.rps200} req/s ${mark(f.rps >= BUDGET.rps200)}, p99 ≤ ${BUDGET.p99At200} ms ${mark(f.p99 <= BUDGET.p99At200)}, 0 errors/non-2xx ${mark(f.errors + f.non2xx === 0)}`
          : '';
      console.log(
        `    ${String(connections).padStart(11)}  ${f0(f.rps).padStart(7)}  ${f0(f.p50).padStart(5)}  ${f0(f.p95).padStart(5)}  ${f0(f.p99).padStart(5)}  ${String(f.errors).padStart(6)}  ${String(f.non2xx).padStart(7)}${budget}`,
      );
    }
    for (const connections of [50, 200]) {
      const f = steps.get(connections);
      if (!f) continue;
      const parts = KINDS.map((k) => {
        const s = f.byKind[k];
        return s ? `${k} ${f0(s.p50)}/${f0(s.p95)}` : `${k} -`;
      });
      console.log(`    by kind at ${connections} connections, p50/p95 ms: ${parts.join(', ')}`);
    }
    console.log(
      `    RSS at the end of the 200-connection step: ${f0(rssAfter200)} MB (peak sampled ${f0(rssPeak200)} MB; budget ≤ ${BUDGET.rssMb} MB) ${mark(rssAfter200 <= BUDGET.rssMb)}`,
    );
    const unique = await load(url, uniqueSearches(feed.words), UNIQUE_CONNECTIONS, SECONDS);
    console.log(
      `    unique searches at ${UNIQUE_CONNECTIONS} connections: ${f0(unique.rps)}/s (budget ≥ ${BUDGET.uniqueRps}) ${mark(unique.rps >= BUDGET.uniqueRps)}, p95 ${f0(unique.p95)} ms (budget ≤ ${BUDGET.uniqueP95}) ${mark(unique.p95 <= BUDGET.uniqueP95)}, p50 ${f0(unique.p50)} ms, p99 ${f0(unique.p99)} ms; errors ${unique.errors}, non-2xx ${unique.non2xx}, repeated queries ${unique.repeats}`,
    );
    return {
      label,
      kind: database.kind,
      importRowsPerSecond,
      importSeconds,
      steps,
      unique,
      rssAfterImport,
      rssAfter200,
      rssPeak200,
    };
  } finally {
    await app.close();
  }
}

/** Measures the app on a scratch PostgreSQL database (bench-postgres.ts); null when unreachable. */
async function measurePostgres(feed: Feed): Promise<Measured | null> {
  const measured = await withScratchPostgres('bench_load', async (database, host) => {
    const { rows } = await database.query<{ server_version: string }>('show server_version');
    return measure(`PostgreSQL ${rows[0]?.server_version ?? '?'} at ${host} (app pool of 10 connections)`, database, feed);
  });
  return measured ?? null;
}

export async function run(): Promise<void> {
  console.log(`  machine at start: ${machine()}; Node ${process.version}`);
  console.log(`  ${SECONDS} s per step (BENCH_LOAD_SECONDS), ${WARMUP_SECONDS} s warm-up at 10 connections`);
  if (RATE) console.log(`  offered load capped at ${RATE} requests/s over all connections (BENCH_LOAD_RATE; the mix steps only)`);
  if (!existsSync(REAL_FILE)) {
    console.log(`  skipped: real data not found at ${REAL_FILE}`);
    return;
  }
  const scratch = mkdtempSync(path.join(tmpdir(), 'bench-load-'));
  try {
    const feed = writeExpandedFeed(scratch);
    console.log(
      `  feed: ${feed.rows.toLocaleString('en-GB')} rows written to a temporary CSV from ${path.basename(REAL_FILE)}; query words (Zipf, commonest first): ${feed.words.slice(0, 12).join(', ')}, …`,
    );
    // As npm start opens it (a worker thread on disk); PGLITE_WORKER=0 measures the same thread.
    const worker = pgliteWorkerSetting(process.env.PGLITE_WORKER) ?? true;
    const pglite = await openDatabase({ dataDir: path.join(scratch, 'db'), worker });
    let embedded: Measured;
    try {
      embedded = await measure(
        `PGlite on disk (${path.join(scratch, 'db')}), ${worker ? 'in a worker thread' : "on the server's thread (PGLITE_WORKER=0)"}`,
        pglite,
        feed,
      );
    } finally {
      await pglite.close();
    }
    const server = await measurePostgres(feed);

    console.log('\n  Summary');
    if (server) {
      for (const connections of CONNECTIONS) {
        const a = embedded.steps.get(connections);
        const b = server.steps.get(connections);
        if (!a || !b) continue;
        const ratio = b.rps / a.rps;
        const budget =
          connections === 50 ? `   (budget ≥ ${BUDGET.postgresRatioAt50}× at 50) ${mark(ratio >= BUDGET.postgresRatioAt50)}` : '';
        console.log(
          `    ${String(connections).padStart(3)} connections: PGlite ${f0(a.rps)} req/s, PostgreSQL ${f0(b.rps)} req/s, PostgreSQL/PGlite ${ratio.toFixed(2)}×${budget}`,
        );
      }
      console.log(
        `    unique searches: PGlite ${f0(embedded.unique.rps)}/s p95 ${f0(embedded.unique.p95)} ms, PostgreSQL ${f0(server.unique.rps)}/s p95 ${f0(server.unique.p95)} ms; PostgreSQL/PGlite ${(server.unique.rps / embedded.unique.rps).toFixed(2)}×`,
      );
      console.log(
        `    import: PGlite ${f0(embedded.importRowsPerSecond)} rows/s (${f1(embedded.importSeconds)} s), PostgreSQL ${f0(server.importRowsPerSecond)} rows/s (${f1(server.importSeconds)} s)`,
      );
    } else {
      console.log('    PostgreSQL not measured: no throughput ratio.');
    }
    console.log(
      `    RSS (this process: server and load generator): PGlite after import ${f0(embedded.rssAfterImport)} MB, end of 200 step ${f0(embedded.rssAfter200)} MB${server ? `; PostgreSQL run after import ${f0(server.rssAfterImport)} MB, end of 200 step ${f0(server.rssAfter200)} MB (the closed PGlite's memory may not all be returned)` : ''}`,
    );
    console.log(`  machine at end: ${machine()}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
