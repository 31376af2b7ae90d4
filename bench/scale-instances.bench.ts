/**
 * Several instances behind a real reverse proxy (issue 31 "Several machines";
 * docs/decisions/0038-several-instances.md; docs/deploy/). `npm run bench -- scale` (with
 * scale-growth.bench.ts) or `npm run bench -- scale-instances`. Asserts nothing: every figure is
 * printed beside its budget.
 *
 * Set-up: a scratch PostgreSQL database (bench-postgres.ts; BENCH_DATABASE_URL) with the load
 * bench's 100k expanded real catalogue (load.bench.ts writeExpandedFeed) imported by the import CLI
 * (`node dist/server/cli/import.cli.js`, as `npm run import`); the built server (`node
 * dist/server/main.js` with the server's Node flags, NODE_ENV production, its pool of 10
 * connections) as instance A and later instance B, each on 127.0.0.1 and its own port, sharing one
 * SECRET_KEY, PUBLIC_URL (the proxy's address), TRUST_PROXY=1 and PRICE_CHECK_CRON every minute;
 * Debian's nginx (/usr/sbin/nginx) on a configuration written to a temporary directory (`-p` prefix,
 * pid, error and access logs, temp paths all there; `daemon off`, BENCH_SCALE_NGINX_WORKERS worker
 * processes, default 1) with the upstream settings of docs/deploy/nginx.conf: one port proxies to A
 * alone, another to A and B (least_conn, keepalive 64). Its access log records only the upstream
 * that answered, so the share of each instance is counted.
 *
 * After the import the bench runs ANALYZE (what autovacuum does soon after a big import).
 *
 * Load: the load bench's shopper mix (same proportions: 20 % Trending pages, 5 % top discounted,
 * 5 % deal listings, 10 % category buttons, 25 % Zipf-drawn searches, 20 % typed suggestions, 15 %
 * Zipf-drawn product pages of all 100k), one seeded stream that never repeats a request between
 * steps, by autocannon in a worker thread with `accept-encoding: gzip, br`; a closed loop at 50 and
 * 200 connections, BENCH_SCALE_SECONDS each (default 10) after a 2 s warm-up at 10 connections, in
 * three set-ups: directly to A (no proxy: the proxy's cost), through nginx to A alone, through nginx
 * to A and B. Before each set-up the catalogue version is bumped in the database, so every instance
 * starts with empty answer caches (the same miss rate in each set-up). Prints req/s (2xx a second),
 * p50/p95/p99 (ms, 2xx), errors (of which timeouts), non-2xx, each instance's share of answers, its
 * VmRSS idle and peak during the 200-connection step, and the CPU seconds each process (A, B, nginx,
 * every PostgreSQL process) used in that step beside the whole machine's busy CPU seconds (/proc/stat),
 * so what the rest of the machine took is visible.
 *
 * Checks while both instances run (each printed with what was seen):
 * - a catalogue change through A (an owner renames a product: PATCH /api/admin/products/{asin},
 *   signed in on A) shows in B's search, which had cached the answer without it, within the
 *   budget of 2 s; made during the two-instance 200-connection step, so under load. Printed beside
 *   it, to say where the time goes: when B's product page of that ASIN (cached before, built outside
 *   the keyword-search lane) showed the new title, i.e. when B's caches moved to the new version, and
 *   how long one search nobody had asked before took on B at that moment (the wait of any uncached
 *   search in B's keyword-search lane under this load);
 * - the rate limit of POST /api/visits (30 a minute per client address) counts across both:
 *   32 visits through the proxy, spread over A and B by nginx, give 30 accepted then 429s; and a
 *   client from another address (127.0.0.2) is still accepted (the app sees the client's address
 *   from X-Forwarded-For, not the proxy's);
 * - the scheduled price check (cron every minute) ran once per minute while both ran
 *   (price_check_logs, trigger 'cron').
 *
 * Budgets (design §7; its load budgets are set for PGlite and one process, printed here for the
 * deployment they would have to hold for): at 200 connections ≥ 500 req/s, p99 ≤ 250 ms, 0 errors
 * and 0 non-2xx; each instance ≤ 300 MB RSS idle and ≤ 400 MB under load. No budget for the gain
 * from a second instance: on a machine with 2 CPUs both instances, nginx, PostgreSQL and the load
 * generator share the same 2 CPUs, so a second instance adds no CPU and the gain shown here is not
 * what two machines would give. Skips with a message when nginx, PostgreSQL or the real data is
 * missing. The machine's load average is printed at the start, before each set-up and at the end.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { Database } from '../server/db/client';
import { seededRandom } from '../server/features/catalogue/demo/seeded-random';
import { KEYWORD_SEARCH_CONCURRENCY } from '../server/features/products/products.routes';
import { PRICE_CHECK_QUEUE } from '../server/jobs/scheduler';
import { SHOPPER_CATEGORIES } from '../common/categories';
import type { SearchCriteria } from '../common/api/products.schema';
import { freePort, runImport, startServer, type RunningServer } from '../tests/e2e/support/server-process';
import { withScratchPostgres } from './bench-postgres';
import { writeExpandedFeed } from './load.bench';

const ROOT = path.resolve(import.meta.dirname, '..');
const REAL_FILE = path.resolve(ROOT, '../shared/data/amazon-uk-2023/underpriced_and_overpriced_products.csv');
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const SECONDS = Math.max(1, Number(process.env.BENCH_SCALE_SECONDS ?? 10) || 10);
const NGINX_WORKERS = Math.max(1, Number(process.env.BENCH_SCALE_NGINX_WORKERS ?? 1) || 1);
const WARMUP_SECONDS = 2;
const CONNECTIONS = [50, 200] as const;
const ADMIN = { email: 'owner@example.com', password: 'bench scale instances owner password' };
const VISITS_PER_MINUTE = 30;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const BUDGET = { rps200: 500, p99At200: 250, idleRssMb: 300, loadRssMb: 400, seenWithinMs: 2_000 };

type Kind = 'trending' | 'top-discounted' | 'category' | 'deals' | 'search' | 'suggestions' | 'product';
interface LoadRequest {
  kind: Kind;
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
  timeouts: number;
  non2xx: number;
}

const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '-');
const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} (1/5/15 min) on ${cpus().length} CPUs`;

/** Ranks 0…n-1 drawn from a Zipf law with exponent 1 (as load.bench.ts draws them). */
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

const search = (kind: Kind, criteria: SearchCriteria): LoadRequest => ({
  kind,
  method: 'POST',
  path: '/api/products/search',
  body: JSON.stringify(criteria),
});
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

/** The load bench's shopper mix as one seeded stream (load.bench.ts shopperStream's proportions). */
function shopperStream(asins: string[], words: string[]): (count: number) => LoadRequest[] {
  const random = seededRandom(31);
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
        const page = random() < 0.7 ? 1 : random() < 0.7 ? 2 : 3;
        const criteria: SearchCriteria = {
          keywords: '',
          maxPrice: 1500,
          minRating: 4,
          category: 'trending',
          discountOnly: false,
          page,
          itemCount: 20,
        };
        out.push(search('trending', { ...criteria, sortBy: 'Featured' }));
      } else if (r < 0.25) {
        out.push({ kind: 'top-discounted', method: 'GET', path: '/api/amazon/top-discounted' });
      } else if (r < 0.3) {
        const base = random() < 0.6 ? '/api/deals' : '/api/deals/trending';
        const category = random() < 0.3 ? '' : `category=${pick(SHOPPER_CATEGORIES).key}&`;
        out.push({ kind: 'deals', method: 'GET', path: `${base}?${category}page=${random() < 0.8 ? 1 : 2}&itemCount=20` });
      } else if (r < 0.4) {
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
        const v = random();
        out.push(
          search('search', v < 0.1 ? searchPage(keywords, 2) : v < 0.2 ? searchPage(keywords, 1, 'Price:LowToHigh') : searchPage(keywords)),
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

/** autocannon in a worker thread over a shared list (each request taken once), keeping every 2xx latency. */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const autocannon = require(workerData.autocannonPath);
const list = workerData.list;
let next = 0;
const times = [];
let non2xx = 0;
const setupRequest = (req) => {
  const r = list[next % list.length];
  next += 1;
  const headers = { 'accept-encoding': 'gzip, br', accept: 'application/json' };
  if (r.body === undefined) return { ...req, method: r.method, path: r.path, body: Buffer.alloc(0), headers };
  return { ...req, method: r.method, path: r.path, body: r.body, headers: { ...headers, 'content-type': 'application/json' } };
};
autocannon(
  { url: workerData.url, connections: workerData.connections, duration: workerData.duration, timeout: 10, requests: [{ setupRequest }] },
  (error, result) => parentPort.postMessage({ error: error ? String(error) : null, times, non2xx, errors: result ? result.errors : 0, timeouts: result ? result.timeouts : 0, duration: result ? result.duration : 0 }),
).on('response', (_c, status, _b, ms) => { if (status >= 200 && status < 300) times.push(ms); else non2xx += 1; });
`;

function percentile(sorted: number[], p: number): number {
  return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number) : NaN;
}

/** One closed-loop step: `connections` connections as fast as answered for `seconds` over `list`. */
function loadStep(url: string, list: LoadRequest[], connections: number, seconds: number): Promise<Figures> {
  const autocannonPath = createRequire(import.meta.url).resolve('autocannon');
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_CODE, { eval: true, workerData: { url, list, connections, duration: seconds, autocannonPath } });
    worker.once(
      'message',
      (m: { error: string | null; times: number[]; non2xx: number; errors: number; timeouts: number; duration: number }) => {
        void worker.terminate();
        if (m.error) return reject(new Error(m.error));
        const sorted = [...m.times].sort((a, b) => a - b);
        resolve({
          rps: m.times.length / (m.duration || seconds),
          p50: percentile(sorted, 0.5),
          p95: percentile(sorted, 0.95),
          p99: percentile(sorted, 0.99),
          answers: m.times.length,
          errors: m.errors,
          timeouts: m.timeouts,
          non2xx: m.non2xx,
        });
      },
    );
    worker.once('error', reject);
  });
}

/** VmRSS of a live process (MB), NaN once it has gone. */
function rssMb(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}

/** CPU ms (user + system, every thread) a process has used; 0 once it has gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** Busy and total CPU ms of the whole machine since boot (/proc/stat, USER_HZ 100). */
function machineCpuMs(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] as string).trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, x) => sum + x, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: (total - idle) * 10, total: total * 10 };
}

/** Pids of every PostgreSQL server process on this machine (the server and its backends: all databases). */
function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** `pid` and its direct children (nginx's master and workers). */
function withChildren(pid: number): number[] {
  const kids = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [pid, ...kids];
}

/** Peak VmRSS of each pid, read every 200 ms until stop(). */
function rssSampler(pids: number[]) {
  const peaks = pids.map(() => NaN);
  const read = () =>
    pids.forEach((pid, i) => (peaks[i] = Math.max(Number.isNaN(peaks[i] as number) ? 0 : (peaks[i] as number), rssMb(pid))));
  read();
  const timer = setInterval(read, 200);
  return {
    stop: () => {
      clearInterval(timer);
      read();
      return peaks;
    },
  };
}

/** A request over node:http (optionally from a given local address); answers status, headers and body text. */
function request(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: unknown; localAddress?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const target = new URL(url);
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: opts.method ?? 'GET',
        localAddress: opts.localAddress,
        headers: { 'user-agent': BROWSER, ...(body ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** ASINs on the first page of `keywords` searched on `base`. */
async function searchAsins(base: string, keywords: string): Promise<string[]> {
  const res = await request(`${base}/api/products/search`, { method: 'POST', body: searchPage(keywords) });
  if (res.status !== 200) throw new Error(`search answered ${res.status}`);
  return (JSON.parse(res.text) as { products: { asin: string }[] }).products.map((p) => p.asin);
}

/** nginx on a configuration in `dir`: `oneUrl` proxies to A alone, `twoUrl` to A and B. */
async function startNginx(dir: string, a: number, b: number) {
  const [onePort, twoPort] = [await freePort(), await freePort()];
  const proxy = `proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header X-Forwarded-Host $host;
            proxy_next_upstream error timeout http_502 http_503;
            proxy_connect_timeout 2s;
            proxy_read_timeout 120s;`;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
master_process on;
worker_processes ${NGINX_WORKERS};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    log_format upstream '$upstream_addr';
    access_log ${dir}/access.log upstream buffer=256k flush=1s;
    upstream one { server 127.0.0.1:${a}; keepalive 64; keepalive_requests 10000; }
    upstream two { least_conn; server 127.0.0.1:${a} max_fails=3 fail_timeout=10s; server 127.0.0.1:${b} max_fails=3 fail_timeout=10s; keepalive 64; keepalive_requests 10000; }
    server { listen 127.0.0.1:${onePort}; location / { proxy_pass http://one; ${proxy} } }
    server { listen 127.0.0.1:${twoPort}; location / { proxy_pass http://two; ${proxy} } }
}
`,
  );
  const child: ChildProcess = spawn(NGINX as string, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += String(d)));
  const oneUrl = `http://127.0.0.1:${onePort}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited (${child.exitCode}): ${stderr}${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    try {
      if ((await request(`${oneUrl}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer in 10 s: ${stderr}`);
    await sleep(100);
  }
  return {
    oneUrl,
    twoUrl: `http://127.0.0.1:${twoPort}`,
    pid: child.pid as number,
    /** Answers per upstream address since the last call (the access log, flushed every second). */
    async shares(): Promise<Map<string, number>> {
      await sleep(1_200);
      const file = path.join(dir, 'access.log');
      const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
      writeFileSync(file, '');
      const counts = new Map<string, number>();
      // One address per line, or several ("a, b") when nginx tried another instance: the last answered.
      for (const line of lines) {
        const addr = line.split(',').at(-1)?.trim() ?? '';
        counts.set(addr, (counts.get(addr) ?? 0) + 1);
      }
      return counts;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      }),
  };
}

/** Starts one built server with `env` (PORT included); waits until it has finished starting (jobs included). */
async function startInstance(name: string, env: Record<string, string>, scratch: string): Promise<RunningServer> {
  const dataDir = path.join(scratch, `data-${name}`);
  mkdirSync(dataDir, { recursive: true });
  const server = await startServer({ ...env, DATA_DIR: dataDir }, [], { runner: 'built' });
  const deadline = Date.now() + 60_000;
  while (!server.output().includes('is running at')) {
    if (Date.now() > deadline) throw new Error(`instance ${name} did not finish starting in 60 s:\n${server.output()}`);
    await sleep(100);
  }
  return server;
}

/** Adds one to the catalogue version and announces it as the app does (every instance empties its answer caches when the NOTIFY arrives; at most a second later by its read of the stored version). */
async function bumpVersion(database: Database): Promise<void> {
  await database.query(
    `with b as (update site_settings set value = (value::bigint + 1)::text, updated_at = now() where key = 'catalogue_version' returning value) select pg_notify('catalogue_version', value) from b`,
  );
  await sleep(1_500);
}

interface SetupFigures {
  steps: Map<number, Figures>;
  idleRss: number[];
  peakRss: number[];
  cpuSeconds: number[];
  shares: Map<string, number>;
}

export async function run(): Promise<void> {
  console.log(`  machine at start: ${load()}; Node ${process.version}`);
  console.log(
    `  NOTE: this machine has ${cpus().length} CPUs, and both app instances, nginx, PostgreSQL and the load generator share them: a second instance adds no CPU here, so the one→two figures show the cost and limits of sharing, not what two machines would give.`,
  );
  if (!NGINX) return console.log('  skipped: nginx not found (/usr/sbin/nginx; Debian: apt-get install nginx)');
  if (!existsSync(REAL_FILE)) return console.log(`  skipped: real data not found at ${REAL_FILE}`);
  execSync('node scripts/ensure-web-build.mjs && node scripts/ensure-server-build.mjs', { cwd: ROOT, stdio: 'inherit' });
  const scratch = mkdtempSync(path.join(tmpdir(), 'bench-scale-instances-'));
  try {
    const measured = await withScratchPostgres('bench_scale_instances', (database, host, databaseUrl) =>
      measure(database, host, databaseUrl, scratch),
    );
    if (measured === undefined) console.log('  skipped: PostgreSQL is not reachable (BENCH_DATABASE_URL)');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(`  machine at end: ${load()}`);
}

async function measure(database: Database, host: string, databaseUrl: string, scratch: string): Promise<true> {
  const { rows } = await database.query<{ server_version: string }>('show server_version');
  console.log(
    `  PostgreSQL ${rows[0]?.server_version ?? '?'} at ${host}, scratch database; nginx ${execSync(`${NGINX} -v 2>&1`).toString().trim()}`,
  );
  const feed = writeExpandedFeed(scratch);
  const began = performance.now();
  const imported = await runImport(feed.file, {
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(scratch, 'data-import'),
    LOG_LEVEL: 'warn',
  });
  if (imported.code !== 0) throw new Error(`the import CLI exited with ${imported.code}:\n${imported.output.slice(-3000)}`);
  console.log(`  import CLI: ${feed.rows.toLocaleString('en-GB')} rows in ${f1((performance.now() - began) / 1000)} s (whole command)`);
  // What autovacuum would do within a minute or so of a big import: statistics for the planner.
  await database.query('analyze');

  const nginxDir = path.join(scratch, 'nginx');
  mkdirSync(nginxDir);
  const [portA, portB] = [await freePort(), await freePort()];
  // The proxy's ports are chosen when it starts; PUBLIC_URL only has to be the same for both (the
  // admin guard compares Origin with it), so the bench uses a fixed public name.
  const publicUrl = 'http://dealalerts.bench.localhost';
  const env = {
    DATABASE_URL: databaseUrl,
    SECRET_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: '1',
    PRICE_CHECK_CRON: '* * * * *',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  };
  const servers: RunningServer[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  const nextRequests = shopperStream(feed.asins, feed.words);
  try {
    const a = await startInstance('a', { ...env, PORT: String(portA) }, scratch);
    servers.push(a);
    nginx = await startNginx(nginxDir, Number(new URL(a.url).port), portB);
    const proxy = nginx;
    const bothSince = { at: new Date() };

    /** One set-up: caches emptied, warm-up, then 50 and 200 connections against `url`. */
    const setup = async (
      label: string,
      url: string,
      instances: RunningServer[],
      during200?: () => Promise<void>,
    ): Promise<SetupFigures> => {
      console.log(`\n  ${label}   [${load()}]`);
      await bumpVersion(database);
      const idleRss = instances.map((s) => rssMb(s.pid));
      await loadStep(url, nextRequests(WARMUP_SECONDS * 15_000), 10, WARMUP_SECONDS);
      await proxy.shares(); // forget the warm-up's lines
      const steps = new Map<number, Figures>();
      let peakRss: number[] = [];
      let cpuSeconds: number[] = [];
      let machineNote = '';
      for (const connections of CONNECTIONS) {
        await sleep(1_000);
        const pids = [...instances.map((s) => s.pid), ...withChildren(proxy.pid)];
        const cpu0 = pids.map(cpuMs);
        const pgPids = postgresPids();
        const pg0 = pgPids.map(cpuMs);
        const machine0 = machineCpuMs();
        const sampler = connections === 200 ? rssSampler(instances.map((s) => s.pid)) : undefined;
        const [f] = await Promise.all([
          loadStep(url, nextRequests(SECONDS * 15_000), connections, SECONDS),
          during200 && connections === 200 ? during200() : undefined,
        ]);
        if (sampler) peakRss = sampler.stop();
        if (connections === 200) {
          const used = pids.map((pid, i) => (cpuMs(pid) - (cpu0[i] as number)) / 1000);
          cpuSeconds = [...used.slice(0, instances.length), used.slice(instances.length).reduce((s, x) => s + x, 0)];
          const machine1 = machineCpuMs();
          // Backends that ended during the step are missed (the app's pools keep theirs open).
          const pgSeconds = pgPids.reduce((sum, pid, i) => sum + Math.max(0, cpuMs(pid) - (pg0[i] as number)), 0) / 1000;
          const busySeconds = (machine1.busy - machine0.busy) / 1000;
          const mine = cpuSeconds.reduce((sum, x) => sum + x, 0) + pgSeconds;
          machineNote = `PostgreSQL (every backend on the server) ${f1(pgSeconds)}; the machine was busy ${f1(busySeconds)} of ${f1((machine1.total - machine0.total) / 1000)} CPU seconds, of which about ${f1(Math.max(0, busySeconds - mine))} went to the load generator and to other work on the machine`;
        }
        steps.set(connections, f);
        const budget =
          connections === 200
            ? `   budget ≥ ${BUDGET.rps200} req/s ${mark(f.rps >= BUDGET.rps200)}, p99 ≤ ${BUDGET.p99At200} ms ${mark(f.p99 <= BUDGET.p99At200)}, 0 errors/non-2xx ${mark(f.errors + f.non2xx === 0)}`
            : '';
        console.log(
          `    ${String(connections).padStart(3)} connections: ${f0(f.rps).padStart(5)} req/s  p50 ${f0(f.p50).padStart(4)}  p95 ${f0(f.p95).padStart(4)}  p99 ${f0(f.p99).padStart(4)} ms  errors ${f.errors} (timeouts ${f.timeouts})  non-2xx ${f.non2xx}${budget}   [${load()}]`,
        );
      }
      const shares = url === a.url ? new Map<string, number>() : await proxy.shares();
      const names = (i: number) => (instances[i] === a ? 'A' : 'B');
      console.log(
        `    RSS per instance: ${instances.map((_, i) => `${names(i)} idle ${f0(idleRss[i] as number)} MB ${mark((idleRss[i] as number) <= BUDGET.idleRssMb)} (≤ ${BUDGET.idleRssMb}), peak at 200 connections ${f0(peakRss[i] as number)} MB ${mark((peakRss[i] as number) <= BUDGET.loadRssMb)} (≤ ${BUDGET.loadRssMb})`).join('; ')}`,
      );
      console.log(
        `    CPU seconds used in the ${SECONDS} s 200-connection step: ${instances.map((_, i) => `${names(i)} ${f1(cpuSeconds[i] as number)}`).join(', ')}, nginx ${f1(cpuSeconds[instances.length] as number)}, ${machineNote}`,
      );
      if (shares.size > 0) {
        const total = [...shares.values()].reduce((s, n) => s + n, 0);
        const port = (s: RunningServer) => new URL(s.url).port;
        const part = instances.map((s, i) => {
          const n = [...shares.entries()].filter(([addr]) => addr.endsWith(`:${port(s)}`)).reduce((sum, [, c]) => sum + c, 0);
          return `${names(i)} ${((100 * n) / Math.max(1, total)).toFixed(1)} %`;
        });
        console.log(`    answered by (nginx access log, 50 + 200 steps, ${total.toLocaleString('en-GB')} requests): ${part.join(', ')}`);
      }
      return { steps, idleRss, peakRss, cpuSeconds, shares };
    };

    const direct = await setup('Directly to instance A (no proxy)', a.url, [a]);
    const one = await setup('Through nginx to instance A alone', proxy.oneUrl, [a]);

    const b = await startInstance('b', { ...env, PORT: String(portB) }, scratch);
    servers.push(b);
    bothSince.at = new Date();

    // The catalogue change check, run during the two-instance 200-connection step.
    let change = 'not run';
    const catalogueChange = async () => {
      await sleep(2_000);
      const word = 'zqxscalecheck';
      const asin = feed.asins[0] as string;
      if ((await searchAsins(b.url, word)).includes(asin)) throw new Error('the check word is already in the catalogue');
      const login = await request(`${a.url}/api/admin/login`, { method: 'POST', headers: { origin: publicUrl }, body: ADMIN });
      const cookie = ([] as string[])
        .concat(login.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('admin_session='))
        ?.split(';')[0];
      if (login.status !== 204 || !cookie) throw new Error(`admin sign-in on A answered ${login.status}`);
      const product = JSON.parse((await request(`${a.url}/api/products/${asin}`)).text) as { title: string };
      await request(`${b.url}/api/products/${asin}`); // B caches the product page with the old title
      const edit = await request(`${a.url}/api/admin/products/${asin}`, {
        method: 'PATCH',
        headers: { origin: publicUrl, cookie },
        body: { title: `${product.title} ${word}` },
      });
      if (edit.status !== 200) throw new Error(`the rename on A answered ${edit.status}: ${edit.text.slice(0, 300)}`);
      const t0 = performance.now();
      // Where the time goes: B's product page (cached before, answered outside the keyword-search
      // lane) shows when B's answer caches moved to the new catalogue version; a search nobody had
      // asked before, sent to B at that moment, shows what any uncached search waited then.
      const productSeen = (async () => {
        while (performance.now() - t0 < 10_000) {
          const page = await request(`${b.url}/api/products/${asin}`);
          if (page.status === 200 && page.text.includes(word)) {
            const seen = performance.now() - t0;
            const asked = performance.now();
            await searchAsins(b.url, `zqxfresh${randomBytes(4).toString('hex')}`);
            return { seen, freshSearch: performance.now() - asked };
          }
          await sleep(50);
        }
        return { seen: NaN, freshSearch: NaN };
      })();
      const onA = (await searchAsins(a.url, word)).includes(asin);
      let seenMs = NaN;
      while (performance.now() - t0 < 10_000) {
        if ((await searchAsins(b.url, word)).includes(asin)) {
          seenMs = performance.now() - t0;
          break;
        }
        await sleep(50);
      }
      const onB = await productSeen;
      change =
        `renamed through A; A's next search ${onA ? 'showed it' : 'did NOT show it'}; B's search (cached before) showed it ${f0(seenMs)} ms after A answered the rename, under load (budget ≤ ${BUDGET.seenWithinMs} ms) ${mark(onA && seenMs <= BUDGET.seenWithinMs)}. ` +
        `Where the time went: B's product page of it (cached before; outside the keyword-search lane) showed the new title after ${f0(onB.seen)} ms (B's caches on the new version); a search nobody had asked, sent to B then, took ${f0(onB.freshSearch)} ms (what an uncached search waited in B's lane of ${KEYWORD_SEARCH_CONCURRENCY} under this load)`;
    };
    const two = await setup('Through nginx to instances A and B', proxy.twoUrl, [a, b], () =>
      catalogueChange().catch((e: unknown) => void (change = `failed: ${e instanceof Error ? e.message : String(e)}`)),
    );

    // Rate limits across both, through the proxy; another client address is counted apart.
    await proxy.shares();
    const seen: number[] = [];
    for (let i = 0; i < VISITS_PER_MINUTE + 2; i += 1)
      seen.push((await request(`${proxy.twoUrl}/api/visits`, { method: 'POST', body: { path: '/' } })).status);
    const spread = await proxy.shares();
    const other = (await request(`${proxy.twoUrl}/api/visits`, { method: 'POST', body: { path: '/' }, localAddress: '127.0.0.2' })).status;
    const accepted = seen.filter((s) => s >= 200 && s < 300).length;
    const limited = seen.filter((s) => s === 429).length;
    const byInstance = [a, b].map(
      (s, i) =>
        `${i === 0 ? 'A' : 'B'} ${[...spread.entries()].filter(([k]) => k.endsWith(`:${new URL(s.url).port}`)).reduce((n, [, c]) => n + c, 0)}`,
    );

    // Every scheduled price check once: wait for a cron minute that both instances saw whole.
    const wholeMinute = new Date(Math.ceil(bothSince.at.getTime() / 60_000) * 60_000);
    const waitMs = wholeMinute.getTime() + 75_000 - Date.now();
    if (waitMs > 0) await sleep(waitMs);
    // Counted from pg-boss's job table: one cron job a minute, each sent in its own minute (a
    // singleton of the minute's 60-second slot). The runs' logs cannot count it: a job sent late in
    // its minute logs in the next one, beside that minute's own run (seen twice on 28 November 2026,
    // jobs created 30 s apart, both logged in one calendar minute).
    const jobs = await database.query<{ minute: string; created: string; started: string | null; state: string }>(
      `select to_char(date_trunc('minute', created_on) at time zone 'UTC', 'HH24:MI') as minute,
              to_char(created_on at time zone 'UTC', 'HH24:MI:SS.MS') as created,
              to_char(started_on at time zone 'UTC', 'HH24:MI:SS.MS') as started, state::text
         from pgboss.job where name = $2 and data->>'trigger' = 'cron' and created_on >= $1 order by created_on`,
      [wholeMinute, PRICE_CHECK_QUEUE],
    );
    const perMinute = new Map<string, number>();
    for (const j of jobs.rows) perMinute.set(j.minute, (perMinute.get(j.minute) ?? 0) + 1);
    const most = Math.max(0, ...perMinute.values());
    // A job sent in the last seconds of the wait may still be running; none may have failed.
    const allRan = jobs.rows.every((j) => j.state === 'completed' || j.state === 'active');
    const runs = await database.query<{ runs: string }>(
      `select count(*)::text as runs from price_check_logs where trigger_type = 'cron' and checked_at >= $1`,
      [wholeMinute],
    );

    console.log('\n  Checks while both instances ran');
    console.log(`    catalogue change: ${change}`);
    console.log(
      `    rate limit of POST /api/visits (${VISITS_PER_MINUTE} a minute per client address) through nginx, spread ${byInstance.join(', ')}: ${accepted} accepted, then ${limited} × 429 (budget exactly ${VISITS_PER_MINUTE} accepted) ${mark(accepted === VISITS_PER_MINUTE && limited === 2)}; a client at 127.0.0.2 then: ${other} ${mark(other >= 200 && other < 300)} (the app counts the client's address, not the proxy's)`,
    );
    console.log(
      `    scheduled price check (cron every minute) since both ran: pg-boss cron jobs in ${perMinute.size} minute${perMinute.size === 1 ? '' : 's'}, at most ${most} in one minute, ${allRan ? 'none failed' : 'some failed'}; ${runs.rows[0]?.runs ?? '0'} cron runs logged (budget: 1 job per minute, each run) ${mark(perMinute.size > 0 && most === 1 && allRan)}`,
    );
    console.log(
      `      the jobs (created → started UTC, state): ${jobs.rows.map((j) => `${j.created} → ${j.started ?? '-'} ${j.state}`).join('; ') || 'none'}`,
    );

    console.log('\n  Summary (PostgreSQL, 100k products, shopper mix, closed loop)');
    for (const c of CONNECTIONS) {
      const [d, o, t] = [direct, one, two].map((s) => s.steps.get(c) as Figures) as [Figures, Figures, Figures];
      console.log(
        `    ${String(c).padStart(3)} connections: direct ${f0(d.rps)} req/s (p99 ${f0(d.p99)} ms), nginx → A ${f0(o.rps)} req/s (p99 ${f0(o.p99)} ms; nginx/direct ${f2(o.rps / d.rps)}×), nginx → A + B ${f0(t.rps)} req/s (p99 ${f0(t.p99)} ms): two/one ${f2(t.rps / o.rps)}× (no budget; ${cpus().length} shared CPUs)`,
      );
    }
    for (const s of servers) {
      const code = await s.stop();
      if (code !== 0) console.log(`    instance on ${s.url} exited with ${code}:\n${s.output().slice(-3000)}`);
    }
    servers.length = 0;
    return true;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await nginx?.stop();
  }
}
