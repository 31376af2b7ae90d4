/**
 * Cold start (DESIGN.md §7: `npm start` with 100k products ≤ 1 s to the first 200 on /api/health).
 * The shopper pages' first-load JavaScript (≤ 150 KiB gzipped) is measured per route, in Chromium,
 * by lighthouse.bench.ts (`npm run bench:web`).
 *
 * Data: a temporary DATA_DIR whose embedded PGlite holds the real catalogue
 * (amazon-uk-2023/underpriced_and_overpriced_products.csv, 3,870 rows, through the importer) expanded
 * to 100,000 products (bench-data.ts), then CHECKPOINT and VACUUM ANALYZE, as after an import.
 *
 * Cold start: the server is started BENCH_COLD_RUNS times (default 5) on that data, alternating the
 * ways it can run, and each start is timed from spawn to the first 200 from /api/health (polled
 * every 10 ms):
 * - `node dist/server/main.js`: the built server, what `npm start` runs once its build checks pass;
 * - `npm start`: the whole command, with npm itself and the (current, so skipped) build checks;
 * - `tsx server/main.ts`: from source, as `npm start` ran before the server was built (and as
 *   `npm run dev` still runs).
 * Prints the median and the worst of each, beside the budget, and the CPU time the server's
 * processes had used when it answered (less sensitive than wall time to a busy machine). A first
 * start creating and migrating an empty database is timed once for reference.
 * BENCH_COLD_DATA_DIR reuses a DATA_DIR made before (kept afterwards) instead of building one.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { products } from '../server/db/schema/catalogue.schema';
import { expandCatalogue, importRealCatalogue, REAL_CATALOGUE_FILE } from './bench-data';
import { freePort, startServer, type ServerRunner } from '../tests/e2e/support/server-process';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);
const TARGET_PRODUCTS = 100_000;
const BUDGET_MS = 1000;

const TICKS_PER_SECOND = 100; // USER_HZ of /proc/<pid>/stat on Linux

/** CPU time (user + system, ms) used so far by every live process of process group `pgid`. */
function groupCpuMs(pgid: number): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      // Fields after the command name: state ppid pgrp … utime (14th) stime (15th).
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return (ticks / TICKS_PER_SECOND) * 1000;
}

/** Wall time from spawn to the first 200 on /api/health, and the CPU time the server used by then. */
async function timedStart(dataDir: string, runner: ServerRunner): Promise<{ ms: number; cpuMs: number }> {
  const port = await freePort();
  const began = performance.now();
  const server = await startServer({ PORT: String(port), DATA_DIR: dataDir }, [], { runner, pollMs: 10 });
  const ms = performance.now() - began;
  const cpuMs = groupCpuMs(server.pid);
  await server.stop();
  return { ms, cpuMs };
}

/** A DATA_DIR holding the real catalogue expanded to 100k products on on-disk PGlite. */
async function buildDataDir(dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    await database.migrate();
    await importRealCatalogue(database.db, new Date());
    await expandCatalogue(database.db, { target: TARGET_PRODUCTS, now: new Date() });
    await database.query('checkpoint');
    await database.query('VACUUM ANALYZE products');
    const [counted] = await database.db.select({ n: sql<number>`count(*)::int` }).from(products);
    return Number(counted?.n ?? 0);
  } finally {
    await database.close();
  }
}

async function countProducts(dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    const [counted] = await database.db.select({ n: sql<number>`count(*)::int` }).from(products);
    return Number(counted?.n ?? 0);
  } finally {
    await database.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const machine = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, ${cpus().length} CPUs`;

async function coldStarts(): Promise<void> {
  const empty = mkdtempSync(path.join(tmpdir(), 'bench-cold-empty-'));
  const reuse = process.env.BENCH_COLD_DATA_DIR;
  const full = reuse ?? mkdtempSync(path.join(tmpdir(), 'bench-cold-100k-'));
  try {
    const first = await timedStart(empty, 'built');
    console.log(`  first start on an empty DATA_DIR (creates and migrates the database), built server: ${(first.ms / 1000).toFixed(2)} s`);
    const began = performance.now();
    const count = reuse ? await countProducts(full) : await buildDataDir(full);
    console.log(
      `  data: ${count.toLocaleString('en-GB')} products on on-disk PGlite, ${reuse ? `reused from BENCH_COLD_DATA_DIR=${reuse}` : `built in ${((performance.now() - began) / 1000).toFixed(1)} s`}`,
    );
    // One unmeasured start, so every runner meets warm OS file caches.
    await timedStart(full, 'built');
    const runners: Array<{ runner: ServerRunner; label: string; budgeted: boolean }> = [
      { runner: 'built', label: 'node dist/server/main.js', budgeted: true },
      { runner: 'npm-start', label: 'npm start (build current)', budgeted: true },
      { runner: 'tsx', label: 'tsx server/main.ts (source)', budgeted: false },
    ];
    const times = new Map<ServerRunner, Array<{ ms: number; cpuMs: number }>>(runners.map((r) => [r.runner, []]));
    for (let i = 0; i < RUNS; i++) for (const { runner } of runners) times.get(runner)?.push(await timedStart(full, runner));
    console.log(`  start to first 200 on /api/health, ${count.toLocaleString('en-GB')} products, ${RUNS} runs each (interleaved):`);
    for (const { runner, label, budgeted } of runners) {
      const runs = times.get(runner) ?? [];
      const ms = runs.map((r) => r.ms);
      const verdict = budgeted ? `   budget ≤ ${BUDGET_MS} ms   ${median(ms) <= BUDGET_MS ? 'PASS' : 'MISS'} (median)` : '';
      console.log(
        `    ${label.padEnd(30)} wall median ${median(ms).toFixed(0).padStart(5)} ms, worst ${Math.max(...ms)
          .toFixed(0)
          .padStart(5)} ms  [${ms.map((m) => m.toFixed(0)).join(', ')}]${verdict}`,
      );
      console.log(
        `    ${''.padEnd(30)} CPU time used by then, median ${median(runs.map((r) => r.cpuMs))
          .toFixed(0)
          .padStart(5)} ms`,
      );
    }
  } finally {
    rmSync(empty, { recursive: true, force: true });
    if (!reuse) rmSync(full, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  console.log(`  machine at start: ${machine()}; Node ${process.version}`);
  // The built server must be current, as `npm start` makes it before it runs it.
  execSync('node scripts/ensure-web-build.mjs && node scripts/ensure-server-build.mjs', { cwd: ROOT, stdio: 'inherit' });
  if (!existsSync(REAL_CATALOGUE_FILE)) console.log(`  skipped cold start: real data not found at ${REAL_CATALOGUE_FILE}`);
  else await coldStarts();
  // The shopper pages' first-load JavaScript is measured per route in a browser by lighthouse.bench.ts.
  console.log(`  machine at end: ${machine()}`);
}
