/**
 * The main thread's side of the PGlite worker (docs/decisions/0007-pglite-worker.md): an object with
 * the part of PGlite's API the app uses (`query`, `exec`, `transaction`, `close`, `waitReady`), whose
 * statements run in pglite-worker.mjs, so SQL never occupies the thread that serves HTTP.
 * drizzle-orm's own PGlite driver runs on top of it unchanged (drizzle(client)), and so does the
 * pg-boss adapter (jobs/pg-boss-db.ts).
 *
 * Semantics kept from one-thread PGlite:
 * - statements run one at a time, in the order they are sent;
 * - `transaction(fn)`: BEGIN runs in the worker inside PGlite's own transaction mutex; `fn`'s
 *   statements are tagged with the transaction's id and run inside it; any other statement waits
 *   until COMMIT or ROLLBACK; `fn` throwing (a failed statement, drizzle's tx.rollback()) rolls
 *   back and rethrows; a COMMIT that fails (an aborted transaction) rejects;
 * - parameters are serialised and rows parsed by PGlite in the worker, with the same parsers;
 *   drizzle's identity parsers (timestamps, dates, intervals as text) are passed as type OIDs;
 * - errors keep their class (PGlite's DatabaseError), message and fields (code, detail, constraint…);
 * - `nameStatement(sql, name)`: `query(sql, …)` with that text, outside a transaction, then runs as a
 *   named statement in the worker (parsed once: pglite-named.mjs, docs/decisions/0017-uncached-search.md).
 * Other PGlite methods (listen, sql``, describeQuery, dumpDataDir…) are not available here.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../../project-root';
import { pgliteStartParams } from './pglite-settings';
import { Worker } from 'node:worker_threads';
import { messages, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

interface ErrorData {
  name: string;
  message: string;
  stack?: string;
  databaseError?: boolean;
  props: Record<string, unknown>;
}
type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorData };
type Request =
  | { op: 'query'; sql: string; params?: unknown[]; options?: WireOptions; tx?: number }
  | { op: 'named'; name: string; sql: string; params?: unknown[]; options?: WireOptions }
  | { op: 'exec'; sql: string; options?: WireOptions; tx?: number }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' };
interface WireOptions {
  rowMode?: 'array' | 'object';
  rawTypes?: number[];
}

/**
 * The worker's script, plain JavaScript read from the source tree at run time (like the migrations),
 * so the same file serves tsx, vitest and the esbuild bundle in dist/server.
 */
const WORKER_URL = pathToFileURL(path.join(PROJECT_ROOT, 'server/db/embedded/pglite-worker.mjs'));
const PROBE = '2024-01-02 03:04:05.678+00';

/** Rebuilds an error the worker sent: a DatabaseError stays one, with its fields. */
function rebuildError(data: ErrorData): Error {
  const error: Error = data.databaseError ? new messages.DatabaseError(data.message, 0, 'error') : new Error(data.message);
  Object.assign(error, data.props);
  if (!data.databaseError) error.name = data.name;
  if (data.stack) error.stack = `${data.stack}\n    at (PGlite worker thread)`;
  return error;
}

/** QueryOptions as data. Only rowMode and identity parsers (what drizzle passes) can cross threads. */
function wireOptions(options: QueryOptions | undefined): WireOptions | undefined {
  if (!options) return undefined;
  const { rowMode, parsers, ...rest } = options;
  const unsupported = Object.entries(rest).filter(([, v]) => v !== undefined);
  if (unsupported.length > 0)
    throw new Error(`PGlite worker: query option ${unsupported.map(([k]) => k).join(', ')} is not supported across threads`);
  const out: WireOptions = {};
  if (rowMode) out.rowMode = rowMode;
  if (parsers) {
    out.rawTypes = Object.entries(parsers).map(([oid, parse]) => {
      if (parse(PROBE) !== PROBE) throw new Error(`PGlite worker: a custom parser for type ${oid} cannot cross threads`);
      return Number(oid);
    });
  }
  return out;
}

/**
 * The worker's V8 young generation in MB (issue 7 "Memory"; docs/decisions/0015-pglite-memory.md):
 * 12 MB = two 4 MB semi-spaces plus V8's own share, as the main thread's `--max-semi-space-size=4`
 * (server-node-flags.mjs). The default grew the worker's new space to about 30 MB for a few
 * MB of young objects (the rows crossing from PGlite), and RSS keeps those pages.
 */
export const WORKER_YOUNG_GENERATION_MB = 12;

export class PgliteWorkerClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #nextId = 1;
  #nextTx = 1;
  #closed = false;
  #failure: Error | undefined;
  readonly waitReady: Promise<void>;

  /** Starts the worker on `dataDir` (undefined: in memory). Await {@link waitReady} before use. */
  constructor(dataDir: string | undefined) {
    this.#worker = new Worker(WORKER_URL, {
      workerData: { dataDir, startParams: pgliteStartParams() },
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    this.waitReady = new Promise<void>((resolve, reject) => {
      const onReady = (m: { ready?: boolean; error?: ErrorData }) => {
        if (m.ready === undefined) return;
        this.#worker.off('message', onReady);
        if (m.ready) {
          if (this.#pending.size === 0) this.#worker.unref();
          resolve();
        } else {
          const error = rebuildError(m.error as ErrorData);
          this.#fail(error);
          reject(error);
        }
      };
      this.#worker.on('message', onReady);
      this.#worker.once('error', reject);
      this.#worker.once('exit', (code) => reject(new Error(`PGlite worker exited (code ${code}) before it was ready`)));
    });
    this.waitReady.catch(() => {}); // the opener awaits it; never an unhandled rejection
    this.#worker.on('message', (m: Answer | { ready: boolean }) => {
      if (!('id' in m)) return;
      const call = this.#pending.get(m.id);
      if (!call) return;
      this.#pending.delete(m.id);
      if (this.#pending.size === 0) this.#worker.unref();
      if (m.ok) call.resolve(m.value);
      else call.reject(rebuildError(m.error));
    });
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) => this.#fail(new Error(`PGlite worker exited (code ${code})`)));
  }

  get closed(): boolean {
    return this.#closed;
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const call of this.#pending.values()) call.reject(error);
    this.#pending.clear();
  }

  #call<T>(request: Request): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      // Keep the process alive while an answer is due, and only then.
      if (this.#pending.size === 1) this.#worker.ref();
      this.#worker.postMessage({ ...request, id });
    });
  }

  /** SQL text → statement name, for {@link nameStatement}. */
  readonly #names = new Map<string, string>();

  /**
   * From now on `query(sql, …)` with exactly this text, outside a transaction, runs as the named
   * statement `name` (parsed once in the worker; pglite-named.mjs). For read-only statements whose
   * plan does not depend on their values (decision 0017).
   */
  nameStatement(sql: string, name: string): void {
    this.#names.set(sql, name);
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const name = tx === undefined ? this.#names.get(sql) : undefined;
    if (name !== undefined) return this.#call({ op: 'named', name, sql, params, options: wireOptions(options) });
    return this.#call({ op: 'query', sql, params, options: wireOptions(options), tx });
  }

  exec(sql: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    return this.#call({ op: 'exec', sql, options: wireOptions(options), tx });
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.#nextTx++;
    await this.#call({ op: 'begin', tx: id });
    let closed = false;
    const end = async (commit: boolean) => {
      closed = true;
      await this.#call({ op: 'end', tx: id, commit });
    };
    const checkOpen = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        checkOpen();
        return this.query<R>(sql, params, options, id);
      },
      exec: async (sql: string, options?: QueryOptions) => {
        checkOpen();
        return this.exec(sql, options, id);
      },
      rollback: async () => {
        checkOpen();
        await end(false);
      },
      sql: () => Promise.reject(new Error('PGlite worker: tx.sql`` is not supported; use tx.query')),
      listen: () => Promise.reject(new Error('PGlite worker: LISTEN is not supported')),
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) await end(false).catch(() => {}); // the caller's error is the one to see
      throw error;
    }
    if (!closed) await end(true);
    return result;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      if (!this.#failure) await this.#call({ op: 'close' });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
    }
  }

  /** This object where the app expects a PGlite (drizzle's driver, Database.pglite, pg-boss-db). */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }
}

/** Starts PGlite in a worker thread on `dataDir` (undefined: in memory) and waits until it is ready. */
export async function openPgliteWorker(dataDir: string | undefined): Promise<PgliteWorkerClient> {
  const client = new PgliteWorkerClient(dataDir);
  try {
    await client.waitReady;
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  return client;
}
