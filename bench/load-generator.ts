/**
 * autocannon in a worker thread (so the load generator does not share the server's event loop),
 * keeping every 2xx response time so percentiles are exact. Shared by the HTTP benchmarks.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** One request template; each connection cycles through the list in order. */
export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

/** What a load run saw: 2xx response times (ms), failures (errors, timeouts, non-2xx), seconds run. */
export interface LoadResult {
  times: number[];
  failures: number;
  seconds: number;
}

const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const autocannon = require(workerData.autocannonPath);
const times = [];
let failures = 0;
autocannon({ url: workerData.url, connections: workerData.connections, duration: workerData.duration, requests: workerData.requests, timeout: 10 }, (error, result) => {
  parentPort.postMessage({ error: error ? String(error) : null, times, failures: failures + (result ? result.errors + result.timeouts : 0), duration: result ? result.duration : 0 });
}).on('response', (_c, status, _b, ms) => { if (status >= 200 && status < 300) times.push(ms); else failures += 1; });
`;

/** Loads `url` with `requests` over `connections` for `duration` seconds. Rejects when autocannon fails. */
export function loadWithAutocannon(url: string, requests: LoadRequest[], connections: number, duration: number): Promise<LoadResult> {
  const autocannonPath = createRequire(import.meta.url).resolve('autocannon');
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_CODE, { eval: true, workerData: { url, requests, duration, connections, autocannonPath } });
    worker.once('message', (m: { error: string | null; times: number[]; failures: number; duration: number }) => {
      void worker.terminate();
      if (m.error) reject(new Error(m.error));
      else resolve({ times: m.times, failures: m.failures, seconds: m.duration || duration });
    });
    worker.once('error', reject);
  });
}

/** The `p`-th percentile (0–100) of ascending `sorted`, NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** The `post` request template for a JSON body. */
export const post = (path: string, body: unknown): LoadRequest => ({
  method: 'POST',
  path,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});
