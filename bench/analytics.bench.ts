/**
 * Click analytics at 1,000,000 clicks (issue 13 "Speed"; DESIGN.md §7 "Analytics, 1,000,000
 * clicks: every admin analytics endpoint p95 ≤ 100 ms"): on-disk PGlite and PostgreSQL side by
 * side, through HTTP, with the server as `npm start` runs it (`node dist/server/main.js`, a child
 * process, so its own RSS is measured). Asserts nothing: each figure is printed beside its budget.
 *
 * Data (generated in SQL, bulk `INSERT … SELECT generate_series`, the clicks in statements of at
 * most a million, ids in time order as a live site writes them), the same on both databases:
 * - 1,000,000 product clicks over the 730 days before now, more of them recent (growth); ~4,000
 *   products, the popular ones far more clicked (power law); ~20,000 e-mail addresses, 40 %
 *   anonymous; 15 % from e-mail campaigns (utm_source=email, three media, one campaign a month),
 *   half of those naming the visit they came from; ten categories; 30 % title clicks.
 * - 1,000,000 website visits (20 % from e-mail links, 30 % with a tracking e-mail), 100,000 category
 *   button clicks, and an hourly search count for the two years.
 * - Device classes on clicks and visits (60 % mobile, 10 % tablet, 30 % desktop) and a referring
 *   site on half the visits (50 hosts), so the daily roll-ups the database keeps by triggers
 *   (migration 0020, decision 0028; filled during the bulk inserts, so "data generated in" includes
 *   them) have realistic numbers of pages, referrers and devices a day.
 * PGlite: a temporary DATA_DIR filled through openDatabase (worker thread, as the server runs it),
 * then VACUUM ANALYZE and CHECKPOINT. PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL's
 * server, else postgres://postgres@127.0.0.1:5432/postgres, in a scratch database dropped after.
 *
 * Measured per database, with an admin session (ADMIN_EMAIL/ADMIN_PASSWORD on first start):
 * - the server's RSS idle (before any analytics request), the first analytics request (cold caches;
 *   since migration 0025 every figure is read from the database's roll-ups, decision 0028, and no
 *   server holds a click index), the server's peak RSS during it (sampled every 50 ms) and after it;
 * - every analytics endpoint (product-clicks-stats, product-clicks with and without an e-mail
 *   search, product-clicks/{email}, category-clicks, category-clicks-stats, email-tracking) under
 *   each date preset (All Time, Today, Yesterday, Last 7 Days, Last 30 Days, This Month, Last
 *   Month, This Year), and analytics-overview (from the roll-ups, issue 29), one request at a time, BENCH_ANALYTICS_ROUNDS rounds (default 5) after one
 *   warm-up round: p50 and p95 per endpoint over all presets and rounds, and the preset with the
 *   highest median (the range that takes an endpoint over budget);
 * - the five CSV exports over All Time, read to the end as a browser downloads them: rows, MB,
 *   seconds, and the server's peak RSS sampled every 50 ms (/proc/{pid}/status VmRSS);
 * - after the server stops, the roll-ups' write cost: 300 product clicks inserted one statement
 *   each (as a shopper's click is recorded), p50/p95 ms per insert, then deleted.
 * The machine is shared with other work: the load average is printed at the start and the end.
 * RSS is always the server's (the child process's /proc/{pid}/status; PGlite's worker thread is
 * inside it), never the bench's own.
 *
 * Options (environment): BENCH_ANALYTICS_DATABASES=pglite|postgres (default both);
 * BENCH_ANALYTICS_CLICKS and BENCH_ANALYTICS_VISITS (default 1,000,000 each); BENCH_ANALYTICS_ROUNDS
 * (default 5); BENCH_ANALYTICS_DATA_DIR keeps the generated PGlite data for the next run, and
 * BENCH_ANALYTICS_POSTGRES_DB reuses a PostgreSQL database an earlier run filled (never dropped), or
 * fills and keeps it under that name when it does not exist;
 * BENCH_SERVER_NODE_OPTIONS passes NODE_OPTIONS to the server (e.g. --require of a memory logger);
 * BENCH_ANALYTICS_ENDPOINTS=0 skips the endpoint timings and BENCH_ANALYTICS_EXPORTS (comma-separated
 * export names) picks the exports, for memory experiments that only need the fill and an export;
 * BENCH_ANALYTICS_ONLY (comma-separated name prefixes, e.g. analytics-overview) times only those endpoints;
 * BENCH_ANALYTICS_RANGES=1 prints each endpoint's median per range, not only the slowest.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DATE_PRESETS, presetRange, rangeQuery } from '../common/analytics-dates';
import { openDatabase, type Database } from '../server/db/client';
import { BENCH_POSTGRES_URL, withScratchPostgres } from './bench-postgres';
import { freePort, startServer, type RunningServer } from '../tests/e2e/support/server-process';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLICKS = Number(process.env.BENCH_ANALYTICS_CLICKS ?? 1_000_000);
const VISITS = Number(process.env.BENCH_ANALYTICS_VISITS ?? 1_000_000);
const CATEGORY_CLICKS = 100_000;
const PRODUCTS = 4_000;
const EMAILS = 20_000;
const ROUNDS = Number(process.env.BENCH_ANALYTICS_ROUNDS ?? 5);
/** Which databases to measure: `pglite`, `postgres` or both (default), comma-separated. */
const DATABASES = new Set((process.env.BENCH_ANALYTICS_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim()));
/** Whether to time the endpoints (BENCH_ANALYTICS_ENDPOINTS=0: only the fill and the exports). */
const ENDPOINTS = process.env.BENCH_ANALYTICS_ENDPOINTS !== '0';
/** Only the endpoints whose names start with one of these (BENCH_ANALYTICS_ONLY, comma-separated), e.g. `analytics-overview`. */
const ONLY = (process.env.BENCH_ANALYTICS_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
/** Whether to print each endpoint's median per range (BENCH_ANALYTICS_RANGES=1). */
const RANGE_DETAIL = process.env.BENCH_ANALYTICS_RANGES === '1';
const EXPORTS = (
  process.env.BENCH_ANALYTICS_EXPORTS ??
  'recent-clicks-csv,signed-up-users-clicks-csv,anonymous-users-clicks-csv,top-products-csv,users-by-activity-csv'
)
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const BUDGET = { p95Ms: 100, rssMb: 300 };
const ADMIN = { email: 'bench-owner@example.com', password: 'bench admin password 1' };
const MB = 1024 * 1024;

const f1 = (n: number) => n.toFixed(1);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

/** Fills the analytics tables (see the module comment). `now` is the end of the two years. */
export async function generate(database: Database, now: Date): Promise<void> {
  const at = now.toISOString();
  const q = (text: string, params: unknown[] = []) => database.query(text, params);
  // The clicks in n statements of at most a million, oldest first, so each statement's roll-up
  // trigger folds in at most a million rows (one statement of 10M had not finished on PGlite after
  // 50 minutes, 28 November). Chunk k draws u in [k/n, (k+1)/n): together the same distribution of
  // ages as one draw, and ids stay in time order across chunks.
  const chunks = Math.max(1, Math.ceil(CLICKS / 1_000_000));
  for (let k = chunks - 1; k >= 0; k--) {
    const first = Math.floor((k * CLICKS) / chunks) + 1;
    const last = Math.floor(((k + 1) * CLICKS) / chunks);
    await q(
      `insert into product_clicks (email, asin, title, click_type, price_pence, category, referrer, affiliate_tag, destination_url,
       utm_source, utm_medium, utm_campaign, recorded_by, visit_ref, device, clicked_at)
     select case when r.u < 0.4 then null else 'shopper' || floor(${EMAILS} * power(r.e, 1.6))::int || '@example.com' end,
       'B0' || lpad(r.p::text, 8, '0'), 'Bench product ' || r.p || ' (' || (array['kitchen','tech','style','baby','car','beauty','sport','toys','garden','books'])[1 + r.p % 10] || ')',
       case when r.t < 0.3 then 'title' else 'shop' end, 499 + (r.p * 37) % 10000,
       (array['home-kitchen','electronics','fashion','baby','automotive','beauty','sports','toys','garden','books'])[1 + r.p % 10],
       '/deals/B0' || lpad(r.p::text, 8, '0'), 'bench-21', 'https://www.amazon.co.uk/dp/B0' || lpad(r.p::text, 8, '0') || '?tag=bench-21',
       case when r.m < 0.15 then 'email' end,
       case when r.m < 0.15 then (array['price-drop','weekly','deals'])[1 + r.p % 3] end,
       case when r.m < 0.15 then 'alerts-' || to_char(r.ts, 'YYYY-MM') end,
       'redirect', case when r.m < 0.075 then md5('visit' || (r.g % ${Math.max(1, Math.floor(VISITS / 5))})) end,
       case when r.d < 0.6 then 'mobile' when r.d < 0.7 then 'tablet' else 'desktop' end, r.ts
     from (select g, random() u, random() e, random() t, random() m, random() d,
             floor(${PRODUCTS} * power(random(), 2.5))::int p,
             $1::timestamptz - power((${k} + random()) / ${chunks}, 1.3) * interval '730 days' ts
           from generate_series(${first}, ${last}) g) r
     order by r.ts`,
      [at],
    );
  }
  await q(
    `insert into site_visits (ref, path, asin, email, utm_source, utm_medium, utm_campaign, referrer_host, device, visited_at)
     select md5('visit' || (r.g % ${Math.max(1, Math.floor(VISITS / 5))}) || case when r.g >= ${Math.max(1, Math.floor(VISITS / 5))} then '-' || r.g else '' end),
       case when r.p < ${PRODUCTS} then '/deals/B0' || lpad(r.p::text, 8, '0') else '/' end,
       case when r.p < ${PRODUCTS} then 'B0' || lpad(r.p::text, 8, '0') end,
       case when r.u < 0.3 then 'shopper' || floor(${EMAILS} * power(r.e, 1.6))::int || '@example.com' end,
       case when r.m < 0.2 then 'email' end,
       case when r.m < 0.2 then (array['price-drop','weekly','deals'])[1 + r.g % 3] end,
       case when r.m < 0.2 then 'alerts-' || to_char(r.ts, 'YYYY-MM') end,
       case when r.d < 0.5 then 'site' || floor(50 * power(r.e, 2))::int || '.example' end,
       case when r.d < 0.6 then 'mobile' when r.d < 0.7 then 'tablet' else 'desktop' end, r.ts
     from (select g, random() u, random() e, random() m, random() d, floor(${PRODUCTS * 2} * power(random(), 2.5))::int p,
             $1::timestamptz - power(random(), 1.3) * interval '730 days' ts
           from generate_series(0, ${VISITS - 1}) g) r
     order by r.ts`,
    [at],
  );
  await q(
    `insert into category_clicks (category_name, category_slug, user_email, page_url, clicked_at)
     select (array['Kitchen','Electronics','Fashion','Baby','Automotive','Beauty','Sports','Toys','Garden','Books'])[1 + r.c],
       (array['home-kitchen','electronics','fashion','baby','automotive','beauty','sports','toys','garden','books'])[1 + r.c],
       case when r.u < 0.4 then null else 'shopper' || floor(${EMAILS} * r.e)::int || '@example.com' end,
       case when r.u < 0.7 then '/' end, r.ts
     from (select floor(10 * power(random(), 2))::int c, random() u, random() e,
             $1::timestamptz - power(random(), 1.3) * interval '730 days' ts from generate_series(1, ${CATEGORY_CLICKS})) r
     order by r.ts`,
    [at],
  );
  await q(
    `insert into search_counts (hour, searches)
     select date_trunc('hour', $1::timestamptz) - h * interval '1 hour', 5 + (h * 7) % 40 from generate_series(0, 730 * 24) h`,
    [at],
  );
  await q('vacuum analyze product_clicks');
  await q('vacuum analyze site_visits');
  await q('vacuum analyze category_clicks');
  // The roll-ups' coarse rows are read index-only (migration 0026), which needs the visibility map
  // that a vacuum sets: autovacuum does it on PostgreSQL; PGlite has none, so its nightly
  // maintenance must vacuum analytics_daily too (server/jobs/maintenance.service.ts).
  await q('vacuum analyze analytics_daily');
}

/** CPU time (user + system, ms) the process `pid` has used (its threads included: the PGlite worker). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / 100) * 1000;
}

const rssMbOf = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

/** Samples the RSS of process `pid` every 50 ms until `stop()`, which answers the peak (MB). */
function rssPeakOf(pid: number): { stop(): number } {
  let peak = rssMbOf(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMbOf(pid))), 50);
  return {
    stop() {
      clearInterval(sampler);
      return Math.max(peak, rssMbOf(pid));
    },
  };
}

async function signIn(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify(ADMIN),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (res.status !== 204 || !cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Times one GET read to the end; throws on a non-200. */
async function timed(server: RunningServer, cookie: string, url: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${server.url}${url}`, { headers: { cookie, 'accept-encoding': 'gzip, br' } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - t;
}

/** Like {@link timed}, through node:http without a deadline (fetch gives up after 300 s without headers). */
function timedNoTimeout(server: RunningServer, cookie: string, url: string): Promise<number> {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpGet(`${server.url}${url}`, { headers: { cookie } }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200 ? resolve(performance.now() - t) : reject(new Error(`${url} answered ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
  });
}

/**
 * Two ranges an owner picks by hand (no preset): the 30 days ending yesterday, and the 2nd to the
 * 27th of last month. Neither reaches the data's last day, so neither is open-ended: they read day
 * rows, or a month row less its other days (rollup-slices.rules.ts).
 */
function customRanges(now: Date): Array<{ label: string; range: { startDate: string; endDate: string } }> {
  const day = (offset: number) => presetRange('today', new Date(now.getTime() + offset * 86_400_000)).startDate!;
  const lastMonth = presetRange('lastMonth', now).startDate!;
  return [
    { label: '30 days to yesterday', range: { startDate: day(-30), endDate: day(-1) } },
    { label: '2nd–27th of last month', range: { startDate: `${lastMonth.slice(0, 8)}02`, endDate: `${lastMonth.slice(0, 8)}27` } },
  ];
}

async function measureEndpoints(server: RunningServer, cookie: string, email: string): Promise<void> {
  const presets = DATE_PRESETS.map((p) => ({ label: p.label as string, range: presetRange(p.key, new Date()) }));
  const custom = customRanges(new Date());
  const endpoints: [string, (q: string) => string][] = [
    ['product-clicks-stats', (q) => `/api/admin/product-clicks-stats${q}`],
    ['product-clicks (newest 50)', (q) => `/api/admin/product-clicks${q}`],
    ['product-clicks?email= (search)', (q) => `/api/admin/product-clicks${q}${q ? '&' : '?'}email=shopper12`],
    ['product-clicks/{email}', (q) => `/api/admin/product-clicks/${encodeURIComponent(email)}${q}`],
    ['category-clicks', (q) => `/api/admin/category-clicks${q}`],
    ['category-clicks-stats', (q) => `/api/admin/category-clicks-stats${q}`],
    ['email-tracking', (q) => `/api/admin/email-tracking${q}`],
    ['analytics-overview (roll-ups)', (q) => `/api/admin/analytics-overview${q}`],
  ];
  // The roll-up figures once more over the hand-picked ranges (printed apart: the presets' lines stay comparable with earlier runs).
  const customEndpoints = endpoints
    .filter(([name]) => ['product-clicks-stats', 'category-clicks-stats', 'email-tracking'].includes(name))
    .map(([name, url]) => [`${name} (custom ranges)`, url] as [string, (q: string) => string]);
  for (const [name, url] of [...endpoints, ...customEndpoints]) {
    if (ONLY.length > 0 && !ONLY.some((prefix) => name.startsWith(prefix))) continue;
    const ranges = name.endsWith('(custom ranges)') ? custom : presets;
    const ms: number[] = [];
    // Per date preset, so a figure over budget names the range that takes it there.
    const byPreset = ranges.map(() => [] as number[]);
    let cpu = 0;
    for (let round = 0; round <= ROUNDS; round++) {
      const cpuBefore = cpuMsOf(server.pid);
      for (const [i, { range }] of ranges.entries()) {
        const elapsed = await timed(server, cookie, url(rangeQuery(range)));
        if (round > 0) {
          ms.push(elapsed);
          byPreset[i]?.push(elapsed);
        }
      }
      if (round > 0) cpu += cpuMsOf(server.pid) - cpuBefore;
    }
    const sorted = ms.sort((a, b) => a - b);
    const p95 = pct(sorted, 95);
    const medians = byPreset.map((list) =>
      pct(
        [...list].sort((a, b) => a - b),
        50,
      ),
    );
    const slowest = medians.indexOf(Math.max(...medians));
    if (RANGE_DETAIL)
      console.log(`      medians by range: ${ranges.map(({ label }, i) => `${label} ${f1(medians[i] ?? NaN)}`).join(', ')} ms`);
    console.log(
      `    ${name.padEnd(48)} p50 ${f1(pct(sorted, 50)).padStart(6)} ms  p95 ${f1(p95).padStart(6)} ms  max ${f1(sorted.at(-1) ?? NaN).padStart(6)} ms (${ms.length})  server CPU ${f1(cpu / ms.length).padStart(5)} ms/request  ${p95 <= BUDGET.p95Ms ? 'within' : 'OVER'} budget p95 ≤ ${BUDGET.p95Ms} ms; slowest range ${ranges[slowest]?.label ?? '?'} (median ${f1(medians[slowest] ?? NaN)} ms)`,
    );
  }
}

/** Downloads every export over All Time, sampling the server's RSS. */
async function measureExports(server: RunningServer, cookie: string): Promise<void> {
  for (const kind of EXPORTS) {
    const rss = rssPeakOf(server.pid);
    const t = performance.now();
    const cpuBefore = cpuMsOf(server.pid);
    const res = await fetch(`${server.url}/api/admin/export/${kind}`, { headers: { cookie } });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
    const peak = rss.stop();
    console.log(
      `    export ${kind.padEnd(28)} ${(lines - 1).toLocaleString('en-GB').padStart(9)} rows ${f1(bytes / MB).padStart(6)} MB in ${f1((performance.now() - t) / 1000).padStart(5)} s (server CPU ${f1((cpuMsOf(server.pid) - cpuBefore) / 1000)} s); server peak RSS ${f1(peak)} MB  ${peak <= BUDGET.rssMb ? 'within' : 'OVER'} budget ≤ ${BUDGET.rssMb} MB`,
    );
  }
}

async function benchServer(label: string, env: Record<string, string>): Promise<void> {
  const port = await freePort();
  const server = await startServer({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // BENCH_SERVER_NODE_OPTIONS: Node options for the server under test (see the module comment).
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
    ...env,
  });
  try {
    const cookie = await signIn(server);
    console.log(`  ${label}: server RSS before the first analytics request ${f1(rssMbOf(server.pid))} MB`);
    const cpuBefore = cpuMsOf(server.pid);
    const rss = rssPeakOf(server.pid);
    const first = await timedNoTimeout(server, cookie, '/api/admin/product-clicks-stats');
    console.log(
      `    first analytics request (roll-ups, cold caches): ${f1(first / 1000)} s, server CPU ${f1((cpuMsOf(server.pid) - cpuBefore) / 1000)} s; server peak RSS during it ${f1(rss.stop())} MB, after it ${f1(rssMbOf(server.pid))} MB`,
    );
    const top = await fetch(`${server.url}/api/admin/product-clicks-stats`, { headers: { cookie } }).then(
      (r) => r.json() as Promise<{ clicksByEmail: { email: string }[] }>,
    );
    if (ENDPOINTS) await measureEndpoints(server, cookie, top.clicksByEmail[0]?.email ?? 'shopper1@example.com');
    await measureExports(server, cookie);
    console.log(`    server RSS at the end of the run ${f1(rssMbOf(server.pid))} MB (idle at start: see above)`);
  } finally {
    await server.stop();
  }
}

/** Single-row click inserts timed by {@link measureClickWrites}. */
const CLICK_WRITES = 300;

/**
 * The write cost of the roll-ups: {@link CLICK_WRITES} product clicks inserted one statement each,
 * as `GET /go` records a shopper's click, so each runs the statement triggers that upsert its day,
 * week, month, year and all-time rows (migrations 0025, 0026, 0031); dated now, for a random
 * product and, for 60 %, one of the bench's addresses. Prints p50/p95 ms per insert, then deletes
 * them (through the same triggers), leaving the data as it was. Runs after the server has stopped,
 * on the schema the server migrated to.
 */
async function measureClickWrites(label: string, database: Database): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < CLICK_WRITES; i++) {
    const email = i % 5 < 3 ? `shopper${(i * 7919) % EMAILS}@example.com` : null;
    const asin = `B0${String((i * 104_729) % PRODUCTS).padStart(8, '0')}`;
    const t = performance.now();
    await database.query(
      `insert into product_clicks (email, asin, click_type, affiliate_tag, destination_url, recorded_by, device, clicked_at)
       values ($1, $2, 'shop', 'bench-21', $3, 'bench-write', 'mobile', now())`,
      [email, asin, `https://www.amazon.co.uk/dp/${asin}?tag=bench-21`],
    );
    times.push(performance.now() - t);
  }
  await database.query(`delete from product_clicks where recorded_by = 'bench-write'`);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  console.log(
    `  ${label}: ${CLICK_WRITES} single-row click inserts through the roll-up triggers: p50 ${f1(at(0.5))} ms, p95 ${f1(at(0.95))} ms, max ${f1(times.at(-1)!)} ms per insert; load average ${load()}`,
  );
}

/** Whether the bench's PostgreSQL server has a database `name`. */
async function postgresDatabaseExists(name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: BENCH_POSTGRES_URL });
  await admin.connect();
  try {
    return (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await admin.end();
  }
}

/** {@link benchServer} on the database `name` of the bench's PostgreSQL server, with a temporary DATA_DIR. */
async function benchPostgresServer(name: string): Promise<void> {
  const url = new URL(BENCH_POSTGRES_URL);
  url.pathname = `/${name}`;
  const pgDataDir = mkdtempSync(path.join(tmpdir(), 'bench-analytics-pg-'));
  try {
    await benchServer('PostgreSQL', { DATA_DIR: pgDataDir, DATABASE_URL: url.toString() });
  } finally {
    rmSync(pgDataDir, { recursive: true, force: true });
  }
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await measureClickWrites('PostgreSQL', database);
  } finally {
    await database.close();
  }
}

export async function run(): Promise<void> {
  console.log(
    `  ${CLICKS.toLocaleString('en-GB')} product clicks, ${VISITS.toLocaleString('en-GB')} visits, ${CATEGORY_CLICKS.toLocaleString('en-GB')} category clicks; ${cpus().length} CPUs; load average ${load()} (1/5/15 min; the machine is shared with other work)`,
  );
  execFileSync(process.execPath, ['scripts/ensure-server-build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const now = new Date();

  // BENCH_ANALYTICS_DATA_DIR keeps the generated PGlite data for the next run (reused when present).
  const kept = process.env.BENCH_ANALYTICS_DATA_DIR;
  const dataDir = kept ?? mkdtempSync(path.join(tmpdir(), 'bench-analytics-'));
  let t = performance.now();
  try {
    if (!DATABASES.has('pglite')) console.log('  PGlite: skipped (BENCH_ANALYTICS_DATABASES)');
    else if (kept && existsSync(path.join(kept, 'db'))) {
      console.log(`  PGlite (on disk, worker thread): data reused from ${kept} (generated by an earlier run)`);
    } else {
      const pglite = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      await pglite.migrate();
      await generate(pglite, now);
      await pglite.query('checkpoint');
      await pglite.close();
      console.log(`  PGlite (on disk, worker thread): data generated in ${f1((performance.now() - t) / 1000)} s`);
    }
    if (DATABASES.has('pglite')) {
      await benchServer('PGlite', { DATA_DIR: dataDir });
      const pglite = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      try {
        await measureClickWrites('PGlite', pglite);
      } finally {
        await pglite.close();
      }
    }

    const prefix = 'bench_analytics';
    // BENCH_ANALYTICS_POSTGRES_DB names a database on the bench's server that an earlier run filled
    // (kept, for example, by renaming its scratch database): reused as it is, and never dropped.
    // When that database does not exist yet, this run fills it and keeps it.
    const keptPostgres = process.env.BENCH_ANALYTICS_POSTGRES_DB;
    if (!DATABASES.has('postgres')) console.log('  PostgreSQL: skipped (BENCH_ANALYTICS_DATABASES)');
    else if (keptPostgres && (await postgresDatabaseExists(keptPostgres))) {
      console.log(`  PostgreSQL: data reused from database ${keptPostgres} (generated by an earlier run)`);
      await benchPostgresServer(keptPostgres);
    } else
      await withScratchPostgres(
        prefix,
        async (database, host) => {
          await database.migrate();
          t = performance.now();
          await generate(database, now);
          console.log(
            `  PostgreSQL (${host}): data generated in ${f1((performance.now() - t) / 1000)} s${keptPostgres ? `, kept as database ${keptPostgres}` : ''}`,
          );
          await benchPostgresServer(keptPostgres ?? `${prefix}_${process.pid}`);
        },
        { keepAs: keptPostgres },
      );
  } finally {
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`  load average at the end ${load()}`);
}
