/**
 * Creates a new PGlite data directory, in a process of its own (decision 0015): PGlite's initdb
 * leaves several hundred MB in its WebAssembly heap, which a process never returns, and a thread
 * that exits does not return all of it either (measured: an idle server 405 MB after creating its
 * directory in a worker thread, 268 MB when started on an existing one).
 *
 * Usage (by server/db/client.ts): `node pglite-init.mjs <dataDir> <startParams as JSON>`. Exits 0
 * once the directory exists and PGlite has closed it; exits 1 with PGlite's message on stderr. An
 * error of PGlite's file system (Emscripten's `ErrnoError`, not an Error) is written as
 * "ErrnoError errno {n}" (a WASI errno: 51 no space, 2 access denied…), which client.ts reads back.
 */
import { PGlite } from '@electric-sql/pglite';

const [dataDir, startParams] = process.argv.slice(2);
try {
  const pglite = new PGlite(dataDir, { startParams: JSON.parse(startParams ?? '[]') });
  await pglite.waitReady;
  await pglite.close();
} catch (error) {
  if (error instanceof Error) console.error(error.message);
  else if (typeof error?.errno === 'number') console.error(`PGlite file-system error (ErrnoError errno ${error.errno})`);
  else console.error(String(error));
  process.exit(1);
}
