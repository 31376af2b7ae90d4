/**
 * The worker thread that owns the embedded PGlite (docs/decisions/0007-pglite-worker.md). Started by
 * pglite-worker-client.ts with `workerData = { dataDir, startParams }` (pglite-settings.ts); plain JavaScript so it runs the same under
 * tsx, vitest and plain node, with no loader in the worker.
 *
 * Protocol (one request per message, answered by `{ id, ok, value }` or `{ id, ok: false, error }`):
 * - `{ op: 'query', sql, params, options, tx }` → PGlite `query` (one statement, extended protocol);
 * - `{ op: 'exec', sql, options, tx }` → PGlite `exec` (several statements, simple protocol);
 * - `{ op: 'begin', tx }` → opens `pglite.transaction` and answers once BEGIN has run; statements
 *   tagged with that `tx` run inside it, untagged ones wait on PGlite's own transaction mutex, as
 *   they do in one thread;
 * - `{ op: 'end', tx, commit }` → lets the transaction callback return (COMMIT) or throw (ROLLBACK)
 *   and answers with the outcome (a failed COMMIT is an error);
 * - `{ op: 'named', name, sql, params, options }` → the same as `query` outside a transaction, run
 *   as the named statement `name` (parsed once; pglite-named.mjs, decision 0017);
 * - `{ op: 'close' }` → closes PGlite.
 * `options` is `{ rowMode, rawTypes }`: `rawTypes` are the type OIDs to hand back as text (the
 * identity parsers drizzle-orm's PGlite driver passes), since functions cannot cross threads.
 * Parameters and rows cross by structured clone, which keeps Date, bigint, Uint8Array, arrays and
 * parsed JSON as they are; PGlite's own serialisers and parsers run here, exactly as in one thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, messages } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { queryNamed, supportsNamedStatements } from './pglite-named.mjs';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs only as a worker thread');

const identity = (value) => value;
const ROLLBACK = Symbol('rollback requested by the main thread');

/** tx id → { tx, finish(commit), done } */
const transactions = new Map();
/** Named statements parsed on this PGlite: name → { sql, types } (pglite-named.mjs). */
const namedStatements = new Map();
let pglite;

function queryOptions(options) {
  if (!options) return undefined;
  const out = {};
  if (options.rowMode) out.rowMode = options.rowMode;
  if (options.rawTypes) out.parsers = Object.fromEntries(options.rawTypes.map((oid) => [oid, identity]));
  return out;
}

/**
 * An error as plain data: its name, message, stack and every primitive own property (code, detail…).
 * PGlite's file system (Emscripten) throws `ErrnoError` objects that are not Errors and hold only a
 * WASI `errno` (51: no space, 2: access denied…): they keep their name and errno, so the server can
 * say what is wrong (data-dir-problem.ts) instead of "[object Object]".
 */
function errorData(error) {
  if (!(error instanceof Error)) {
    const errno = typeof error?.errno === 'number' ? error.errno : undefined;
    if (errno !== undefined) {
      const name = typeof error.name === 'string' ? error.name : 'ErrnoError';
      return { name, message: `PGlite file-system error (${name} errno ${errno})`, props: { errno } };
    }
    return { name: 'Error', message: String(error), props: {} };
  }
  const props = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value)) props[key] = value;
  }
  return {
    name: error.name,
    message: error.message,
    stack: error.stack,
    databaseError: error instanceof messages.DatabaseError,
    props,
  };
}

function target(tx) {
  if (tx === undefined || tx === null) return pglite;
  const open = transactions.get(tx);
  if (!open) throw new Error(`PGlite worker: transaction ${tx} is not open`);
  return open.tx;
}

async function begin(id) {
  await new Promise((ready, fail) => {
    let finish;
    const outcome = new Promise((resolve) => (finish = resolve));
    const record = { tx: undefined, finish, done: undefined };
    record.done = pglite
      .transaction(async (tx) => {
        record.tx = tx;
        transactions.set(id, record);
        ready();
        if (!(await outcome)) throw ROLLBACK;
      })
      .finally(() => transactions.delete(id));
    // BEGIN itself failed: the callback never ran.
    record.done.catch((error) => {
      if (!transactions.has(id)) fail(error);
    });
  });
}

async function end(id, commit) {
  const open = transactions.get(id);
  if (!open) throw new Error(`PGlite worker: transaction ${id} is not open`);
  open.finish(commit);
  try {
    await open.done;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}

async function handle(message) {
  switch (message.op) {
    case 'query':
      return target(message.tx).query(message.sql, message.params, queryOptions(message.options));
    case 'named':
      return supportsNamedStatements(pglite)
        ? queryNamed(pglite, namedStatements, message.name, message.sql, message.params, queryOptions(message.options))
        : pglite.query(message.sql, message.params, queryOptions(message.options));
    case 'exec':
      return target(message.tx).exec(message.sql, queryOptions(message.options));
    case 'begin':
      return begin(message.tx);
    case 'end':
      return end(message.tx, message.commit);
    case 'close':
      await pglite.close();
      return undefined;
    default:
      throw new Error(`PGlite worker: unknown operation ${message.op}`);
  }
}

port.on('message', (message) => {
  handle(message).then(
    (value) => {
      try {
        port.postMessage({ id: message.id, ok: true, value });
      } catch (error) {
        port.postMessage({ id: message.id, ok: false, error: errorData(error) });
      }
    },
    (error) => port.postMessage({ id: message.id, ok: false, error: errorData(error) }),
  );
});

try {
  // pg_trgm: the contrib extension migration 0018 creates (search's word dictionary, decision 0026);
  // the same list as client.ts's in-thread PGlite.
  const options = { startParams: workerData.startParams, extensions: { pg_trgm } };
  pglite = workerData.dataDir ? new PGlite(workerData.dataDir, options) : new PGlite(options);
  await pglite.waitReady;
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: errorData(error) });
}
