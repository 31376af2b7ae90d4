/**
 * Many shoppers at once (issue 7, "The bench tells the truth"): the app exactly as `npm start` runs
 * it, on on-disk PGlite, then the same app on PostgreSQL, side by side in one run. Asserts nothing:
 * every figure is printed beside its budget with PASS or MISS, and a miss never throws.
 *
 * Three processes, so each figure belongs to one of them: the import CLI and the server are child
 * processes of their own, run from the build as `npm run import` and `npm start` run them (the web
 * app and the server are built first when stale: scripts/ensure-web-build.mjs and
 * ensure-server-build.mjs, as `npm start` does); the load generator (autocannon) runs in a worker
 * thread of this process, so it never counts toward the server's memory or shares its event loop
 * (it does share the machine's CPUs with the server, as before).
 *
 * Data: the real file amazon-uk-2023/underpriced_and_overpriced_products.csv (3,870 rows, read from
 * ../shared/data) expanded to 100,000 rows in a temporary CSV of the same layout: the real rows
 * first, then variants of them (the real title plus a colour, size or pack, bench-data.ts's
 * variantSuffix; a fake ASIN "X…", fakeAsin; the real category; the price varied by ±30 % with the
 * seeded PRNG). The file has no trending column, so every product's trending score is 0, as after a
 * real CSV import.
 *
 * Per database:
 * 1. Import: `node --enable-source-maps dist/server/cli/import.cli.js <file> --json` (`npm run
 *    import`; --json only changes what it prints), with DATA_DIR a temporary directory (PGlite in
 *    DATA_DIR/db) or DATABASE_URL a scratch PostgreSQL database, run twice:
 *    - on the feed's header line alone, which creates the database (PGlite: initdb in a worker of
 *      its own) and migrates it, accepts no row and exits with 1: its time and peak RSS are printed
 *      without a budget (one-time; a first import into an empty DATA_DIR does this and the import in
 *      one process, so its peak is the higher of the two);
 *    - on the 100k-row feed, into that empty database: imported, the alerts evaluated and, on
 *      PGlite, CHECKPOINTed by the CLI. Prints rows/s by the importer's own clock (its report's
 *      durationMs) and by the whole command's wall time (spawn to exit: start, migration check,
 *      alert step, checkpoint, close), and the process's peak RSS: VmHWM of /proc/<pid>/status, read
 *      every 100 ms until it exits (so at most the last 100 ms can be missed), with the highest VmRSS
 *      read and how many seconds into the command it was.
 *    Then, on PGlite, the size of DATA_DIR/db/pg_wal and of the whole DATA_DIR (bytes of every
 *    file); on PostgreSQL the database's size (pg_database_size), the WAL written during the import
 *    (pg_current_wal_lsn before and after: server-wide, so other clients' writes count too) and the
 *    server's pg_wal (pg_ls_waldir).
 * 2. Server: `node --enable-source-maps dist/server/main.js` (startServer of
 *    tests/e2e/support/server-process.ts, runner "built"), NODE_ENV production, LOG_LEVEL info (npm
 *    start's default; its lines go to a log file in the temporary directory, as `npm start > file`),
 *    on 127.0.0.1 and a free port, on that DATA_DIR (or DATABASE_URL; the app's pool of 10
 *    connections). Its idle RSS is VmRSS 10 s after its first 200 on /api/health.
 * 3. Load: a 2 s warm-up at 10 connections, then 1, 10, 50 and 200 connections, BENCH_LOAD_SECONDS
 *    each (default 10), each as fast as the server answers (a closed loop: capacity, and at
 *    saturation a p99 that is the length of the one PGlite queue); then 200 shoppers sending the
 *    budget's 500 requests/s between them, arriving at random (a Poisson process over 200 keep-alive
 *    sockets, open loop, latency counted from when each request was due: POISSON_WORKER_CODE), the
 *    latency shoppers see at that rate; both are printed against the p99 budget. Before every step the bench waits until the server is idle (an /api/health
 *    answer, which queues behind every pending statement, within 100 ms, and the server process
 *    under 30 % of a CPU for the next 300 ms; at most 120 s): autocannon abandons the requests still
 *    unanswered when a step ends, but the server still runs them, and without this wait the next
 *    step measured that backlog instead of its own load (an earlier run printed "0/s" for unique
 *    searches that way: no answer within the 5 s step, no error because autocannon's 10 s timeout
 *    never fired). The wait is printed when over 1 s. During the 200-connection step the server's
 *    VmRSS is sampled every 200 ms. Requests carry `accept-encoding: gzip, br`, as a browser's do.
 *    Every connection takes the next request of one shared list (setupRequest): the steps take
 *    successive slices of one seeded stream (the warm-up first), so the mix is deterministic, the
 *    same on both databases, and no step replays requests an earlier step sent (until 2026-11-23 a
 *    list of 5,000 was replayed by every step, so the 50- and 200-connection steps were answered
 *    almost wholly from the answer cache: every kind had the same latency). Repeats within a step
 *    are printed (none unless a step gets through 15,000 requests/s):
 *    - 20 % home "Trending" (POST /api/products/search, category trending, no keywords; pages 1–3);
 *    - 5 % GET /api/amazon/top-discounted;
 *    - 10 % category listings as the home buttons send them (category key, discount-only, and "Show
 *      all" without it; pages 1–2);
 *    - 5 % deal listings (GET /api/deals or /api/deals/trending, a category key or all; pages 1–2);
 *    - 25 % searches as the search page sends them, of one or two words drawn from a Zipf law
 *      (s = 1) over the 400 commonest words of the real titles; 1 in 5 on page 2 or with a price sort;
 *    - 20 % suggestions (GET /api/products/suggestions?q=) for a typed prefix (2–5 letters) of a
 *      Zipf-drawn word;
 *    - 15 % product pages (GET /api/products/:asin) of the feed's ASINs (less any row the import
 *      rejected), drawn from a Zipf law (s = 1) over them in a seeded random order: the 1,000 most
 *      viewed get about 62 % of the views, and the long tail is met as on a real site.
 *    Then unique searches at 10 connections: every request a different pair of words (80,200 pairs;
 *    no pair repeats, so no cache of any kind answers twice); the number of repeats is printed (0
 *    unless the list ran out).
 *
 * Prints, per database and connection count: req/s (2xx answers per second), p50/p95/p99 latency
 * (ms, 2xx answers only), errors (socket errors and timeouts, of which timeouts), non-2xx answers and
 * requests still unanswered when the step ended; a step with no 2xx answer says why (nothing sent,
 * or what became of what was sent); per kind of request p50/p95 at 50 and 200 connections; the
 * server's RSS idle, peak during the 200 step and at its end, and its VmHWM since start; the errors
 * the server logged; the PostgreSQL/PGlite throughput ratio; the load average and CPU count at the
 * start, before each database and at the end. BENCH_LOAD_RATE caps the offered load of the mix steps; BENCH_LOAD_DATABASES (pglite, postgres or both, the default) picks the databases; MALLOC_TRIM_INTERVAL_SECONDS, when set, reaches the server through startServer (0: no malloc_trim).
 *
 * Budgets (issue 7), on PGlite: at 200 connections 0 errors and 0 non-2xx, p99 ≤ 250 ms, ≥ 500 req/s
 * (the closed loop for the rate; the p99 printed for both the closed loop and the 500 req/s step);
 * unique searches at 10 connections ≥ 100/s with p95 ≤ 50 ms; server RSS ≤ 300 MB idle and ≤ 400 MB
 * (peak) under the 200-connection load; import ≥ 2,000 rows/s, its peak RSS ≤ 500 MB, ≤ 50 MB of WAL
 * left after it. PostgreSQL ≥ 2× PGlite's req/s at 50 connections. PostgreSQL's own figures are
 * printed beside "(budget on PGlite only)".
 */
import { createReadStream, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { parse } from 'csv-parse/sync';
import type { Database } from '../server/db/client';
import { seededRandom } from '../server/features/catalogue/demo/seeded-random';
import { SHOPPER_CATEGORIES } from '../common/categories';
import type { SearchCriteria } from '../common/api/products.schema';
import { freePort, runImport, startServer, type RunningServer } from '../tests/e2e/support/server-process';
import { fakeAsin, variantSuffix } from './bench-data';
import { withScratchPostgres } from './bench-postgres';

const ROOT = path.resolve(import.meta.dirname, '..');
const REAL_FILE = path.resolve(import.meta.dirname, '../../shared/data/amazon-uk-2023/underpriced_and_overpriced_products.csv');
const TARGET_ROWS = 100_000;
const SECONDS = Math.max(1, Number(process.env.BENCH_LOAD_SECONDS ?? 10) || 10);
/** BENCH_LOAD_DATABASES: `pglite`, `postgres` or both (default), comma-separated: which databases to measure. */
const DATABASES = new Set((process.env.BENCH_LOAD_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim()));
const WARMUP_SECONDS = 2;
/** BENCH_LOAD_RATE: caps the offered load at this many requests/s over all connections (autocannon overallRate); unset: as fast as answered. */
const RATE = Number(process.env.BENCH_LOAD_RATE) > 0 ? Number(process.env.BENCH_LOAD_RATE) : undefined;
const CONNECTIONS = [1, 10, 50, 200] as const;
const UNIQUE_CONNECTIONS = 10;
/**
 * Requests generated for each step of the shopper mix (the stream continues from step to step, so no
 * step replays what an earlier one sent): enough for 15,000 requests/s over the step; a step that
 * gets through its list wraps round and the repeats are printed.
 */
const STEP_REQUESTS = (seconds: number) => Math.min(600_000, Math.max(20_000, seconds * 15_000));
const QUERY_WORDS = 401; // odd, so the unordered pairs (i, i + d) for d ≤ 200 are all distinct
const MB = 1024 * 1024;
/** How long after the first 200 on /api/health the idle RSS is read (issue 7: "RSS idle"). */
const IDLE_AFTER_MS = 10_000;
/** How often the import CLI's and the loaded server's memory is read from /proc. */
const IMPORT_SAMPLE_MS = 100;
const LOAD_SAMPLE_MS = 200;
/** Idle before a step: /api/health within this many ms, and the server under this share of one CPU. */
const IDLE_HEALTH_MS = 100;
const IDLE_CPU_SHARE = 0.3;
const IDLE_MAX_WAIT_MS = 120_000;
const AUTOCANNON_TIMEOUT_S = 10;

const BUDGET = {
  rps200: 500,
  p99At200: 250,
  uniqueRps: 100,
  uniqueP95: 50,
  postgresRatioAt50: 2,
  idleRssMb: 300,
  loadRssMb: 400,
  importRowsPerSecond: 2_000,
  importPeakMb: 500,
  walMb: 50,
};

/** Words too common to be searched for on their own. */
const STOPWORDS = new Set(
  'and for with the from your you are not all this that can its into per pcs inc one two new use set pack'.split(' '),
);

type Kind = 'trending' | 'top-discounted' | 'category' | 'deals' | 'search' | 'suggestions' | 'product';
const KINDS: readonly Kind[] = ['trending', 'top-discounted', 'category', 'deals', 'search', 'suggestions', 'product'];

export interface LoadRequest {
  kind: Kind | 'unique';
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}
/** One load step's figures. Latencies in ms over 2xx answers; NaN when there was none. */
export interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** 2xx answers. */
  answers: number;
  /** Requests written to a socket (autocannon's totalRequests). */
  sent: number;
  /** Socket errors and timeouts (autocannon's errors, which include its timeouts). */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Sent but neither answered nor failed when the step ended: autocannon drops them. */
  unanswered: number;
  repeats: number;
  seconds: number;
  byKind: Record<string, { p50: number; p95: number; p99: number; answers: number }>;
}
interface Feed {
  file: string;
  /** The feed's header line alone: the CLI on it creates and migrates the database and imports nothing. */
  headerOnly: string;
  rows: number;
  words: string[];
  asins: string[];
}

/** Writes the 100k-row feed in the real file's layout; answers its path, its ASINs and the query words. */
export function writeExpandedFeed(dir: string): Feed {
  const real = parse(readFileSync(REAL_FILE), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const header = Object.keys(real[0] as Record<string, string>);
  const random = seededRandom(2023);
  const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
  const lines = [header.map(quote).join(',')];
  const asins = new Set<string>();
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
    if (row.ASIN) asins.add(row.ASIN);
  }
  const file = path.join(dir, 'feed-100k.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const headerOnly = path.join(dir, 'feed-header-only.csv');
  writeFileSync(headerOnly, `${lines[0]}\n`);
  // Query words: by the number of real titles holding them, commonest first.
  const titlesHolding = new Map<string, number>();
  for (const row of real)
    for (const word of new Set((row.Title ?? '').toLowerCase().match(/[a-z]{3,}/g) ?? []))
      if (!STOPWORDS.has(word)) titlesHolding.set(word, (titlesHolding.get(word) ?? 0) + 1);
  const words = [...titlesHolding.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, QUERY_WORDS)
    .map(([w]) => w);
  return { file, headerOnly, rows: TARGET_ROWS, words, asins: [...asins].sort() };
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

export const search = (kind: LoadRequest['kind'], criteria: SearchCriteria): LoadRequest => ({
  kind,
  method: 'POST',
  path: '/api/products/search',
  body: JSON.stringify(criteria),
});

/** The search page's criteria (web/features/products/search-criteria.ts searchPageCriteria). */
export const searchPage = (keywords: string, page = 1, sortBy: SearchCriteria['sortBy'] = 'Featured'): SearchCriteria => ({
  keywords,
  maxPrice: 99999,
  minRating: 1,
  category: 'All',
  discountOnly: false,
  page,
  itemCount: 10,
  sortBy,
});

/**
 * The shopper mix as one seeded stream: each call answers the next `count` requests (the
 * connections of a step share one cursor over them). Product pages are drawn from a Zipf law over
 * every imported ASIN in a seeded random order (popular products most, any product possible), so
 * a step meets product pages no earlier step asked for, as a real site does.
 */
export function shopperStream(asins: string[], words: string[]): (count: number) => LoadRequest[] {
  const random = seededRandom(7);
  const zipf = zipfSampler(words.length, random);
  const word = () => words[zipf()] as string;
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const byPopularity = [...asins];
  for (let i = byPopularity.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [byPopularity[i], byPopularity[j]] = [byPopularity[j] as string, byPopularity[i] as string];
  }
  const productZipf = zipfSampler(byPopularity.length, random);
  return (count) => {
    const out: LoadRequest[] = [];
    for (let i = 0; i < count; i += 1) {
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
        out.push({ kind: 'product', method: 'GET', path: `/api/products/${byPopularity[productZipf()]}` });
      }
    }
    return out;
  };
}

/** Searches no two alike: every unordered pair of the query words, the commonest mixed in early. */
export function uniqueSearches(words: string[]): LoadRequest[] {
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
  { url: workerData.url, connections: workerData.connections, duration: workerData.duration, timeout: workerData.timeout, requests: [{ setupRequest }], ...(workerData.rate ? { overallRate: workerData.rate } : {}) },
  (error, result) => {
    parentPort.postMessage({
      error: error ? String(error) : null,
      times,
      byKind,
      non2xx,
      sent: result ? result.totalRequests : 0,
      errors: result ? result.errors : 0,
      timeouts: result ? result.timeouts : 0,
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

/**
 * The open-loop generator of the "200 shoppers at 500 req/s" step: requests arrive as a Poisson
 * process at `rate` a second (exponential gaps drawn from a seeded PRNG, so runs repeat), each sent
 * on the first free one of `connections` keep-alive sockets (node:http's Agent queues it while all
 * are busy), and its latency is counted from the moment it was due to be sent, so time spent
 * waiting for a socket counts too (no coordinated omission). autocannon's `overallRate` is not used
 * for this: it gives each connection its share of the rate and lets it send that share back to
 * back at the start of every second, so all 200 connections fire together and the step measured
 * how long a 500-request burst takes to drain (at 500 req/s the server's threads were 25 % and
 * 11 % busy over the step, yet p95 was 188 ms). Answers as the autocannon worker does.
 */
const POISSON_WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, list, connections, duration, rate, timeout } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
let seed = 20261126;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const times = [];
const byKind = {};
let next = 0, sent = 0, errors = 0, timeouts = 0, non2xx = 0, outstanding = 0, scheduling = true, finished = false;
const started = performance.now();
const end = started + duration * 1000;
let due = started;
function finish() {
  if (finished) return;
  finished = true;
  agent.destroy();
  parentPort.postMessage({ error: null, times, byKind, non2xx, sent, errors, timeouts, issued: next, duration, unanswered: outstanding });
}
function fire(scheduledAt) {
  const r = list[next % list.length];
  next += 1;
  sent += 1;
  outstanding += 1;
  let settled = false;
  const settle = (ms, ok) => {
    if (settled) return;
    settled = true;
    outstanding -= 1;
    if (ok === true) {
      times.push(ms);
      (byKind[r.kind] ??= []).push(ms);
    } else if (ok === 'non2xx') non2xx += 1;
    if (!scheduling && outstanding === 0) finish();
  };
  const headers = { 'accept-encoding': 'gzip, br', accept: 'application/json' };
  if (r.body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(r.body) });
  const req = http.request({ host: target.hostname, port: target.port, path: r.path, method: r.method, headers, agent }, (res) => {
    res.resume();
    res.on('end', () => settle(performance.now() - scheduledAt, res.statusCode >= 200 && res.statusCode < 300 ? true : 'non2xx'));
  });
  req.setTimeout(timeout * 1000, () => { timeouts += 1; req.destroy(new Error('timeout')); });
  req.on('error', () => { if (!settled) errors += 1; settle(0, false); });
  req.end(r.body);
}
function tick() {
  const now = performance.now();
  while (due <= now && due < end) {
    fire(due);
    due += (-Math.log(1 - random()) * 1000) / rate;
  }
  if (due < end) setTimeout(tick, Math.max(0, due - performance.now()));
  else {
    scheduling = false;
    if (outstanding === 0) finish();
    // Requests still unanswered 5 s after the last one was due are counted as unanswered.
    setTimeout(finish, 5000);
  }
}
tick();
`;

/** One open-loop step (POISSON_WORKER_CODE): `rate` requests/s arriving at random over `connections` sockets. */
function poissonLoad(url: string, list: LoadRequest[], connections: number, duration: number, rate: number): Promise<Figures> {
  return new Promise((resolve, reject) => {
    if (list.length === 0) return reject(new Error('poissonLoad: the request list is empty'));
    const worker = new Worker(POISSON_WORKER_CODE, {
      eval: true,
      workerData: { url, list, duration, connections, rate, timeout: AUTOCANNON_TIMEOUT_S },
    });
    worker.once('message', (m: WorkerAnswer & { unanswered: number }) => {
      void worker.terminate();
      resolve(figuresOf(m, list.length, duration, m.unanswered));
    });
    worker.once('error', reject);
  });
}

interface WorkerAnswer {
  error: string | null;
  times: number[];
  byKind: Record<string, number[]>;
  non2xx: number;
  sent: number;
  errors: number;
  timeouts: number;
  issued: number;
  duration: number;
}

/**
 * A load worker's answer as a step's figures: `listLength` requests were in its list (repeats are
 * those issued beyond it), over `seconds`; `unanswered` = sent with no answer when the step ended.
 */
function figuresOf(m: WorkerAnswer, listLength: number, seconds: number, unanswered: number): Figures {
  const byKind: Figures['byKind'] = {};
  for (const [kind, times] of Object.entries(m.byKind)) byKind[kind] = { ...percentiles(times), answers: times.length };
  return {
    rps: m.times.length / seconds,
    ...percentiles(m.times),
    answers: m.times.length,
    sent: m.sent,
    errors: m.errors,
    timeouts: m.timeouts,
    non2xx: m.non2xx,
    unanswered,
    repeats: Math.max(0, m.issued - listLength),
    seconds,
    byKind,
  };
}

export function percentiles(values: number[]): { p50: number; p95: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => (sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number) : NaN);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

export function load(url: string, list: LoadRequest[], connections: number, duration: number, rate?: number): Promise<Figures> {
  const autocannonPath = createRequire(import.meta.url).resolve('autocannon');
  return new Promise((resolve, reject) => {
    if (list.length === 0) return reject(new Error('load: the request list is empty'));
    const worker = new Worker(WORKER_CODE, {
      eval: true,
      workerData: { url, list, duration, connections, autocannonPath, rate, timeout: AUTOCANNON_TIMEOUT_S },
    });
    worker.once('message', (m: WorkerAnswer) => {
      void worker.terminate();
      if (m.error) return reject(new Error(m.error));
      const seconds = m.duration || duration;
      resolve(figuresOf(m, list.length, seconds, Math.max(0, m.sent - m.times.length - m.non2xx - m.errors)));
    });
    worker.once('error', reject);
  });
}

/** Why a step has no 2xx answer (so "0/s" is never printed alone); undefined when it has some. */
function noAnswerReason(f: Figures): string | undefined {
  if (f.answers > 0) return undefined;
  if (f.sent === 0) return 'no request was sent (no connection was made)';
  return `none of the ${f.sent.toLocaleString('en-GB')} requests sent got a 2xx answer within the ${f1(f.seconds)} s step: ${f.non2xx} non-2xx, ${f.errors} errors (${f.timeouts} timeouts after ${AUTOCANNON_TIMEOUT_S} s), ${f.unanswered} still unanswered when the step ended`;
}

const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-GB') : '-');
const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');
export const machine = () =>
  `${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} (1/5/15 min)`;

/** VmRSS and VmHWM (MB) of a live process from /proc/<pid>/status; undefined once it has gone. */
export function procMemory(pid: number): { rssMb: number; hwmMb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    const rss = kb('VmRSS');
    // A process that has exited but not yet been reaped has no memory lines.
    return Number.isFinite(rss) ? { rssMb: rss / 1024, hwmMb: kb('VmHWM') / 1024 } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a process's memory every `everyMs` ms until stop(): the highest VmRSS read and when (ms after
 * the first read), the last VmHWM read (the kernel's peak RSS since the process started) and the last
 * VmRSS read (MB).
 */
export function memorySampler(pid: number, everyMs: number) {
  const began = performance.now();
  let peakRssMb = NaN;
  let peakAtMs = NaN;
  let hwmMb = NaN;
  let lastRssMb = NaN;
  let samples = 0;
  const read = () => {
    const m = procMemory(pid);
    if (!m) return;
    samples += 1;
    if (Number.isNaN(peakRssMb) || m.rssMb > peakRssMb) {
      peakRssMb = m.rssMb;
      peakAtMs = performance.now() - began;
    }
    hwmMb = m.hwmMb;
    lastRssMb = m.rssMb;
  };
  read();
  const timer = setInterval(read, everyMs);
  return {
    stop() {
      clearInterval(timer);
      read();
      return { peakRssMb, peakAtMs, hwmMb, lastRssMb, samples };
    },
  };
}

/** CPU time (user + system, ms) a process has used, all its threads (USER_HZ 100 on Linux). */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Bytes of every file under `dir` (apparent sizes, as `du -sb`); 0 when it does not exist. */
export function dirBytes(dir: string): number {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += dirBytes(full);
    else total += lstatSync(full).size;
  }
  return total;
}

/** Lines of a pino log file at level error (50) or fatal (60). */
export async function loggedErrors(file: string): Promise<number> {
  if (!existsSync(file)) return 0;
  let n = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity }))
    if (/"level":(50|60)\b/.test(line)) n += 1;
  return n;
}

/**
 * Waits until the server has finished what earlier steps left it (see the file's doc): /api/health
 * (a `select 1` and a count through the database, so it queues behind every pending statement)
 * answers 200 within IDLE_HEALTH_MS and the server process then uses under IDLE_CPU_SHARE of a CPU
 * for 300 ms. Answers the ms waited and whether it became idle within IDLE_MAX_WAIT_MS.
 */
export async function waitUntilIdle(server: RunningServer): Promise<{ ms: number; idle: boolean }> {
  const began = performance.now();
  for (;;) {
    const cpu0 = processCpuMs(server.pid);
    const t0 = performance.now();
    let ok = false;
    try {
      ok = (await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(IDLE_MAX_WAIT_MS) })).ok;
    } catch {
      // not answered in time: still busy (or gone, which the caller finds out)
    }
    const healthMs = performance.now() - t0;
    await sleep(300);
    const share = (processCpuMs(server.pid) - cpu0) / (performance.now() - t0);
    if (ok && healthMs <= IDLE_HEALTH_MS && share < IDLE_CPU_SHARE) return { ms: performance.now() - began, idle: true };
    if (performance.now() - began > IDLE_MAX_WAIT_MS) return { ms: performance.now() - began, idle: false };
  }
}

function alive(pid: number): boolean {
  return procMemory(pid) !== undefined;
}

interface ImportFigures {
  rows: number;
  imported: number;
  rejected: number;
  rejectedAsins: Set<string>;
  importerSeconds: number;
  wallSeconds: number;
  /** VmHWM of the CLI process, last read before it exited (MB). */
  peakMb: number;
  /** The same for the CLI run that created the database (MB). */
  creationPeakMb: number;
  walMb: number;
  dataMb: number;
}

interface Measured {
  label: string;
  kind: Database['kind'];
  imported: ImportFigures;
  steps: Map<number, Figures>;
  unique: Figures;
  idleRssMb: number;
  peakRss200Mb: number;
  rssAfter200Mb: number;
  /** The 200-connection step offering 500 requests/s (undefined when BENCH_LOAD_RATE caps every step). */
  rated200?: Figures;
}

/** Where one database's run lives: DATA_DIR always; DATABASE_URL and a connection of our own for PostgreSQL. */
export interface Target {
  kind: Database['kind'];
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL only: the bench's own connection, for sizes and WAL positions. */
  database?: Database;
}

interface CliReport {
  totalRows: number;
  imported: number;
  durationMs: number;
  rejected: Array<{ asin?: string }>;
  fatalError?: string;
}

/**
 * `node dist/server/cli/import.cli.js <file> --json` on the target, its memory read from /proc every
 * IMPORT_SAMPLE_MS ms. Answers its report, wall seconds (spawn to exit) and memory; throws when it
 * prints no report or fails (exit code other than `expectedCode`, or a fatal error).
 */
export async function runImportCli(file: string, target: Target, expectedCode = 0) {
  let sampler: ReturnType<typeof memorySampler> | undefined;
  const began = performance.now();
  const result = await runImport(
    file,
    { DATA_DIR: target.dataDir, LOG_LEVEL: 'info', ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}) },
    ['--json'],
    (pid) => (sampler = memorySampler(pid, IMPORT_SAMPLE_MS)),
  );
  const wallSeconds = (performance.now() - began) / 1000;
  const memory = sampler?.stop();
  let report: CliReport;
  try {
    report = JSON.parse(result.output.slice(result.output.indexOf('{'), result.output.lastIndexOf('}') + 1)) as CliReport;
  } catch {
    throw new Error(`the import CLI exited with ${result.code} and printed no report:\n${result.output.slice(-4000)}`);
  }
  if (result.code !== expectedCode || report.fatalError)
    throw new Error(`the import CLI exited with ${result.code}: ${report.fatalError ?? result.output.slice(-4000)}`);
  return { report, wallSeconds, memory };
}

/**
 * Creates the database with the import CLI on the feed's header alone (new database: initdb on
 * PGlite, migrations; it accepts no row, so it exits with 1), then imports the feed with it into
 * that empty database; prints and answers the import's figures. The two are separate so the
 * import's peak is the rows' own, not the one-time creation's (a first import into an empty
 * DATA_DIR does both in one process: its peak is the higher of the two).
 */
async function importFeed(feed: Feed, target: Target): Promise<ImportFigures> {
  const onPglite = target.kind === 'pglite';
  const created = await runImportCli(feed.headerOnly, target, 1);
  console.log(
    `    database created by the import CLI on the feed's header alone (${onPglite ? 'initdb, ' : ''}migrations, no row): ${f1(created.wallSeconds)} s, peak RSS ${f0(created.memory?.hwmMb ?? NaN)} MB (VmHWM; one-time, so no budget: a first import into an empty DATA_DIR peaks at the higher of this and the import's peak)`,
  );
  const pg = target.kind === 'postgres' ? target.database : undefined;
  const lsnBefore = pg ? (await pg.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]?.lsn : undefined;
  const { report, wallSeconds, memory } = await runImportCli(feed.file, target);
  const importerSeconds = report.durationMs / 1000;
  const figures: ImportFigures = {
    rows: report.totalRows,
    imported: report.imported,
    rejected: report.rejected.length,
    rejectedAsins: new Set(report.rejected.flatMap((r) => (r.asin ? [r.asin] : []))),
    importerSeconds,
    wallSeconds,
    peakMb: memory?.hwmMb ?? NaN,
    creationPeakMb: created.memory?.hwmMb ?? NaN,
    walMb: NaN,
    dataMb: NaN,
  };
  const budget = (ok: boolean, text: string) => (onPglite ? `(budget ${text}) ${mark(ok)}` : '(budget on PGlite only)');
  const importerRate = figures.rows / importerSeconds;
  const wallRate = figures.rows / wallSeconds;
  console.log(
    `    import into it (node dist/server/cli/import.cli.js --json, its own process): ${int(figures.rows)} rows (${int(figures.imported)} new, ${figures.rejected} rejected)`,
  );
  console.log(
    `      importer's clock ${f1(importerSeconds)} s = ${int(importerRate)} rows/s ${budget(importerRate >= BUDGET.importRowsPerSecond, `≥ ${int(BUDGET.importRowsPerSecond)}`)}; whole command ${f1(wallSeconds)} s = ${int(wallRate)} rows/s ${budget(wallRate >= BUDGET.importRowsPerSecond, `≥ ${int(BUDGET.importRowsPerSecond)}`)} (start, migration check, alert step${onPglite ? ', checkpoint' : ''}, exit)`,
  );
  console.log(
    `      peak RSS of the import process ${f0(figures.peakMb)} MB (VmHWM, read every ${IMPORT_SAMPLE_MS} ms until exit, ${memory?.samples ?? 0} reads) ${budget(figures.peakMb <= BUDGET.importPeakMb, `≤ ${BUDGET.importPeakMb} MB`)}; highest VmRSS read ${f0(memory?.peakRssMb ?? NaN)} MB, ${f1((memory?.peakAtMs ?? NaN) / 1000)} s into the command`,
  );
  if (onPglite) {
    figures.walMb = dirBytes(path.join(target.dataDir, 'db', 'pg_wal')) / MB;
    figures.dataMb = dirBytes(target.dataDir) / MB;
    console.log(
      `      after the import: pg_wal ${f1(figures.walMb)} MB ${budget(figures.walMb <= BUDGET.walMb, `≤ ${BUDGET.walMb} MB`)}; whole DATA_DIR ${f1(figures.dataMb)} MB`,
    );
  } else if (pg) {
    const { rows } = await pg.query<{ written: string; db: string; wal: string }>(
      `select pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::text as written, pg_database_size(current_database())::text as db,
              (select coalesce(sum(size), 0) from pg_ls_waldir())::text as wal`,
      [lsnBefore],
    );
    const row = rows[0];
    figures.walMb = Number(row?.wal) / MB;
    figures.dataMb = Number(row?.db) / MB;
    console.log(
      `      after the import: database ${f1(figures.dataMb)} MB (pg_database_size); WAL written during the import ${f1(Number(row?.written) / MB)} MB (server-wide: other clients' writes count too); the server's pg_wal ${f1(figures.walMb)} MB (budget on PGlite only)`,
    );
  }
  return figures;
}

/** Imports the feed, starts the built server on it, loads it; prints as it goes. */
async function measure(label: string, target: Target, feed: Feed, scratch: string): Promise<Measured> {
  console.log(`\n  ${label}`);
  console.log(`    machine: ${machine()}`);
  const imported = await importFeed(feed, target);
  const onPglite = target.kind === 'pglite';

  const logFile = path.join(scratch, `server-${target.kind}.log`);
  const server = await startServer(
    {
      PORT: String(await freePort()),
      DATA_DIR: target.dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    },
    [],
    { runner: 'built', logFile },
  );
  const healthyAt = performance.now();
  const steps = new Map<number, Figures>();
  try {
    await sleep(Math.max(0, IDLE_AFTER_MS - (performance.now() - healthyAt)));
    const idle = procMemory(server.pid);
    const idleRssMb = idle?.rssMb ?? NaN;
    console.log(
      `    server (node dist/server/main.js, NODE_ENV production, pid ${server.pid}): RSS idle ${IDLE_AFTER_MS / 1000} s after its first 200 on /api/health ${f0(idleRssMb)} MB ${onPglite ? `(budget ≤ ${BUDGET.idleRssMb} MB) ${mark(idleRssMb <= BUDGET.idleRssMb)}` : '(budget on PGlite only)'}; peak since start (VmHWM) ${f0(idle?.hwmMb ?? NaN)} MB`,
    );

    const asins = feed.asins.filter((a) => !imported.rejectedAsins.has(a));
    const nextRequests = shopperStream(asins, feed.words);
    /** One step on an idle server; with `sampleMemory`, the server's VmRSS is read while it runs. */
    const step = async (
      list: LoadRequest[],
      connections: number,
      seconds: number,
      rate?: number,
      sampleMemory = false,
      openLoop = false,
    ) => {
      if (!alive(server.pid)) throw new Error(`the server process has gone:\n${server.output()}`);
      const waited = await waitUntilIdle(server);
      const note =
        waited.ms > 1000 || !waited.idle
          ? `   [waited ${f1(waited.ms / 1000)} s for the server to finish earlier requests${waited.idle ? '' : ', and it was still busy: this step started on a busy server'}]`
          : '';
      const sampler = sampleMemory ? memorySampler(server.pid, LOAD_SAMPLE_MS) : undefined;
      const figures =
        openLoop && rate !== undefined
          ? await poissonLoad(server.url, list, connections, seconds, rate)
          : await load(server.url, list, connections, seconds, rate);
      return { figures, note, memory: sampler?.stop() };
    };
    await step(nextRequests(STEP_REQUESTS(WARMUP_SECONDS)), 10, WARMUP_SECONDS);
    console.log(
      `    connections    req/s    p50    p95    p99  errors (timeouts)  non-2xx  unanswered   (latency in ms, 2xx answers; unanswered = sent, no answer when the step ended: up to one per connection)`,
    );
    let load200: ReturnType<ReturnType<typeof memorySampler>['stop']> | undefined;
    for (const connections of CONNECTIONS) {
      const list = nextRequests(STEP_REQUESTS(SECONDS));
      const { figures: f, note: idleNote, memory } = await step(list, connections, SECONDS, RATE, connections === 200);
      const note = `${idleNote}${f.repeats > 0 ? `   [the step's ${int(list.length)} requests ran out: ${int(f.repeats)} repeated]` : ''}`;
      if (connections === 200) load200 = memory;
      steps.set(connections, f);
      const budget =
        connections === 200 && onPglite
          ? `   budget ≥ ${BUDGET.rps200} req/s ${mark(f.rps >= BUDGET.rps200)}, p99 ≤ ${BUDGET.p99At200} ms ${mark(f.p99 <= BUDGET.p99At200)}, 0 errors/non-2xx ${mark(f.errors + f.non2xx === 0)}`
          : '';
      console.log(
        `    ${String(connections).padStart(11)}  ${f0(f.rps).padStart(7)}  ${f0(f.p50).padStart(5)}  ${f0(f.p95).padStart(5)}  ${f0(f.p99).padStart(5)}  ${`${f.errors} (${f.timeouts})`.padStart(17)}  ${String(f.non2xx).padStart(7)}  ${String(f.unanswered).padStart(10)}${budget}${note}`,
      );
      const why = noAnswerReason(f);
      if (why) console.log(`      no 2xx answer: ${why}`);
    }
    // The same 200 shoppers sending the budget's 500 requests/s between them, arriving at random
    // (POISSON_WORKER_CODE) instead of as fast as the server answers: the latency a shopper sees at
    // that rate. The closed-loop 200 step above measures capacity: at saturation each of its 200
    // connections waits behind the others' cache misses in the one PGlite queue, so its p99 is that
    // queue's length, printed against the same budget.
    let rated200: Figures | undefined;
    if (!RATE) {
      const list = nextRequests(STEP_REQUESTS(SECONDS));
      const { figures: f, note } = await step(list, 200, SECONDS, BUDGET.rps200, false, true);
      rated200 = f;
      // The step offers the budget's rate as a random stream: answering ≥ 95 % of it within the step is meeting it.
      const budget = onPglite
        ? `   budget ≥ ${BUDGET.rps200} req/s ${mark(f.rps >= BUDGET.rps200 * 0.95)}, p99 ≤ ${BUDGET.p99At200} ms ${mark(f.p99 <= BUDGET.p99At200)}, 0 errors/non-2xx ${mark(f.errors + f.non2xx === 0)}`
        : '';
      console.log(
        `    ${`200 @ ${BUDGET.rps200}/s`.padStart(11)}  ${f0(f.rps).padStart(7)}  ${f0(f.p50).padStart(5)}  ${f0(f.p95).padStart(5)}  ${f0(f.p99).padStart(5)}  ${`${f.errors} (${f.timeouts})`.padStart(17)}  ${String(f.non2xx).padStart(7)}  ${String(f.unanswered).padStart(10)}${budget}   (200 shoppers, ${BUDGET.rps200} requests/s arriving at random: Poisson, open loop; latency from when each was due)${note}`,
      );
      const parts = KINDS.map((k) => {
        const s = f.byKind[k];
        return s ? `${k} ${f0(s.p50)}/${f0(s.p95)}/${f0(s.p99)}` : `${k} -`;
      });
      console.log(`    by kind at 200 shoppers, ${BUDGET.rps200} req/s, p50/p95/p99 ms: ${parts.join(', ')}`);
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
    const peakRss200Mb = load200?.peakRssMb ?? NaN;
    const rssAfter200Mb = load200?.lastRssMb ?? NaN;
    console.log(
      `    server RSS during the 200-connection step: peak ${f0(peakRss200Mb)} MB (VmRSS read every ${LOAD_SAMPLE_MS} ms, ${load200?.samples ?? 0} reads) ${onPglite ? `(budget ≤ ${BUDGET.loadRssMb} MB) ${mark(peakRss200Mb <= BUDGET.loadRssMb)}` : '(budget on PGlite only)'}; at its end ${f0(rssAfter200Mb)} MB; peak since start (VmHWM) ${f0(load200?.hwmMb ?? NaN)} MB`,
    );

    const uniqueList = uniqueSearches(feed.words);
    const { figures: unique, note } = await step(uniqueList, UNIQUE_CONNECTIONS, SECONDS);
    const uniqueBudget = onPglite
      ? [
          ` (budget ≥ ${BUDGET.uniqueRps}) ${mark(unique.rps >= BUDGET.uniqueRps)}`,
          ` (budget ≤ ${BUDGET.uniqueP95}) ${mark(unique.p95 <= BUDGET.uniqueP95)}`,
        ]
      : [' (budget on PGlite only)', ''];
    console.log(
      `    unique searches at ${UNIQUE_CONNECTIONS} connections: ${f0(unique.rps)}/s${uniqueBudget[0]}, p95 ${f0(unique.p95)} ms${uniqueBudget[1]}, p50 ${f0(unique.p50)} ms, p99 ${f0(unique.p99)} ms; ${unique.answers} answered of ${unique.sent} sent, errors ${unique.errors} (timeouts ${unique.timeouts}), non-2xx ${unique.non2xx}, unanswered at the end ${unique.unanswered}, repeated queries ${unique.repeats}${unique.repeats > 0 ? ` (the list of ${int(uniqueList.length)} ran out)` : ''}${note}`,
    );
    const why = noAnswerReason(unique);
    if (why) console.log(`      no 2xx answer: ${why}`);
    return { label, kind: target.kind, imported, steps, unique, idleRssMb, peakRss200Mb, rssAfter200Mb, rated200 };
  } finally {
    const code = await server.stop();
    const errors = await loggedErrors(logFile);
    console.log(
      `    server stopped (exit code ${code}); it logged ${errors} error line${errors === 1 ? '' : 's'}${code === 0 ? '' : `:\n${server.output().slice(-4000)}`}`,
    );
  }
}

/** Measures the app on a scratch PostgreSQL database (bench-postgres.ts); null when unreachable. */
async function measurePostgres(feed: Feed, scratch: string): Promise<Measured | null> {
  const measured = await withScratchPostgres('bench_load', async (database, host, databaseUrl) => {
    const { rows } = await database.query<{ server_version: string }>('show server_version');
    const dataDir = path.join(scratch, 'data-postgres');
    mkdirSync(dataDir, { recursive: true });
    return measure(
      `PostgreSQL ${rows[0]?.server_version ?? '?'} at ${host} (scratch database; app pool of 10 connections; DATA_DIR ${dataDir} for the secret key and outbox)`,
      { kind: 'postgres', dataDir, databaseUrl, database },
      feed,
      scratch,
    );
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
  // As `npm start` and `npm run import` do: build the web app and the server when stale.
  execSync('node scripts/ensure-web-build.mjs && node scripts/ensure-server-build.mjs', { cwd: ROOT, stdio: 'inherit' });
  const scratch = mkdtempSync(path.join(tmpdir(), 'bench-load-'));
  try {
    const feed = writeExpandedFeed(scratch);
    console.log(
      `  feed: ${feed.rows.toLocaleString('en-GB')} rows (${feed.asins.length.toLocaleString('en-GB')} ASINs) written to a temporary CSV from ${path.basename(REAL_FILE)}; query words (Zipf, commonest first): ${feed.words.slice(0, 12).join(', ')}, …`,
    );
    const dataDir = path.join(scratch, 'data-pglite');
    const embedded = DATABASES.has('pglite')
      ? await measure(
          `PGlite on disk (DATA_DIR ${dataDir}, as npm start runs it: in a worker thread of the server)`,
          { kind: 'pglite', dataDir },
          feed,
          scratch,
        )
      : null;
    const server = DATABASES.has('postgres') ? await measurePostgres(feed, scratch) : null;
    if (!embedded) {
      console.log('\n  PGlite not measured (BENCH_LOAD_DATABASES): no summary or ratio.');
      console.log(`  machine at end: ${machine()}`);
      return;
    }

    console.log('\n  Summary');
    if (server) {
      for (const connections of CONNECTIONS) {
        const a = embedded.steps.get(connections);
        const b = server.steps.get(connections);
        if (!a || !b) continue;
        const ratio = a.rps > 0 ? b.rps / a.rps : NaN;
        const budget =
          connections === 50
            ? `   (budget ≥ ${BUDGET.postgresRatioAt50}× at 50) ${Number.isFinite(ratio) ? mark(ratio >= BUDGET.postgresRatioAt50) : 'no ratio: PGlite answered nothing'}`
            : '';
        console.log(
          `    ${String(connections).padStart(3)} connections: PGlite ${f0(a.rps)} req/s, PostgreSQL ${f0(b.rps)} req/s, PostgreSQL/PGlite ${Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '-'}${budget}`,
        );
      }
      if (embedded.rated200 && server.rated200) {
        console.log(
          `    200 connections offering ${BUDGET.rps200} req/s: PGlite p99 ${f0(embedded.rated200.p99)} ms (${f0(embedded.rated200.rps)} req/s), PostgreSQL p99 ${f0(server.rated200.p99)} ms (${f0(server.rated200.rps)} req/s)`,
        );
      }
      const uniqueRatio = embedded.unique.rps > 0 ? server.unique.rps / embedded.unique.rps : NaN;
      console.log(
        `    unique searches: PGlite ${f0(embedded.unique.rps)}/s p95 ${f0(embedded.unique.p95)} ms, PostgreSQL ${f0(server.unique.rps)}/s p95 ${f0(server.unique.p95)} ms; PostgreSQL/PGlite ${Number.isFinite(uniqueRatio) ? `${uniqueRatio.toFixed(2)}×` : '-'}`,
      );
      const rate = (m: Measured) =>
        `${int(m.imported.rows / m.imported.importerSeconds)} rows/s (${f1(m.imported.importerSeconds)} s; whole command ${f1(m.imported.wallSeconds)} s)`;
      console.log(`    import: PGlite ${rate(embedded)}, PostgreSQL ${rate(server)}`);
      console.log(
        `    import peak RSS: PGlite ${f0(embedded.imported.peakMb)} MB (creating the database ${f0(embedded.imported.creationPeakMb)} MB), PostgreSQL ${f0(server.imported.peakMb)} MB (${f0(server.imported.creationPeakMb)} MB); after it PGlite's pg_wal ${f1(embedded.imported.walMb)} MB and DATA_DIR ${f1(embedded.imported.dataMb)} MB, PostgreSQL's database ${f1(server.imported.dataMb)} MB and server pg_wal ${f1(server.imported.walMb)} MB`,
      );
      console.log(
        `    server RSS (its own process): PGlite idle ${f0(embedded.idleRssMb)} MB, peak at 200 connections ${f0(embedded.peakRss200Mb)} MB; PostgreSQL idle ${f0(server.idleRssMb)} MB, peak at 200 connections ${f0(server.peakRss200Mb)} MB`,
      );
    } else {
      console.log('    PostgreSQL not measured: no throughput ratio.');
      console.log(
        `    PGlite: import ${int(embedded.imported.rows / embedded.imported.importerSeconds)} rows/s, import peak RSS ${f0(embedded.imported.peakMb)} MB (creating the database ${f0(embedded.imported.creationPeakMb)} MB), pg_wal ${f1(embedded.imported.walMb)} MB; server RSS idle ${f0(embedded.idleRssMb)} MB, peak at 200 connections ${f0(embedded.peakRss200Mb)} MB`,
      );
    }
    console.log(`  machine at end: ${machine()}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
