// How the server and the import CLI run (issue 7 "Memory": server RSS ≤ 300 MB idle and ≤ 400 MB
// under load with 100k products on PGlite; an import of 100k rows ≤ 500 MB;
// docs/decisions/0015-pglite-memory.md and its addenda).
//
// Node options (SERVER_NODE_FLAGS):
// - `--max-semi-space-size=4`: V8's young generation grows its two semi-spaces up to 16 MB each by
//   default, and the pages it took stay in the process's RSS; the server's main thread idled with
//   30 MB of new space for 6–9 MB of young objects. 4 MB semi-spaces cut the idle server by about
//   30–60 MB (figures in the decision record).
// - `--optimize-for-size`: V8 grows the old generation less eagerly before a full collection
//   (among other memory-over-speed choices). Under the load bench's 200 connections the main
//   thread's heap reached 134 MB committed for a live set of ~52 MB without it (`--trace-gc`);
//   measured with it, peak RSS under load 414–454 → 321–339 MB, at 12–15 % fewer requests a second.
// The heap is sized when the process starts, so these are command-line options: package.json's
// `start`, `demo` and `import` scripts run node through scripts/server-node.sh, which takes them
// from here, and the e2e and bench helpers (tests/e2e/support/server-process.ts) import them.
//
// Environment (SERVER_MALLOC_ENV), read by glibc when the process starts, so scripts/server-node.sh
// sets it for the node it starts:
// - `glibc.malloc.arena_max=1`: glibc gives each thread that allocates its own malloc arena (up to
//   8 per CPU), and freed memory stays in the arena that held it; the server has the main thread,
//   PGlite's worker, libuv's pool and V8's helper threads. One arena for all of them: the analytics
//   bench's exports peaked at 286 MB instead of 302–311 MB with two, and the load bench showed no
//   throughput cost (2,376 vs 2,059–2,383 req/s at 50 connections, unique searches 453/s p95 41 ms).
// - `glibc.malloc.mmap_threshold=131072`: allocations of 128 KiB or more (compression buffers,
//   large answer bodies) are mapped and unmapped on their own instead of the threshold rising after
//   the first free and such blocks fragmenting the arenas.
// Measured together with `--optimize-for-size` (100k products, idle machine; decision 0015's
// addendum of 2026-11-26 has the table): idle 225–232 MB (272 MB without either), 283–285 MB after
// 15 s at 200 connections; the 100k import peaked at 227–271 MB instead of 371 MB. Both settings
// are ignored on a system without glibc.
// tests/lint/server-node-flags.test.ts runs package.json's scripts' launcher and checks that the
// node it starts has every one of them.
import { fileURLToPath } from 'node:url';

export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--optimize-for-size'];

/** Environment variables the server and the import CLI start with (glibc's malloc tunables). */
export const SERVER_MALLOC_ENV = {
  GLIBC_TUNABLES: 'glibc.malloc.arena_max=1:glibc.malloc.mmap_threshold=131072',
};

/**
 * The words of `env NAME=value… node <flags…>`, for scripts/server-node.sh to run (`exec env $words
 * script args…`). The shell splits them on white space and would expand wildcards, so a value with
 * either is refused here (Error) instead of being passed on mangled.
 */
export function launchWords() {
  const words = [...Object.entries(SERVER_MALLOC_ENV).map(([name, value]) => `${name}=${value}`), 'node', ...SERVER_NODE_FLAGS];
  const unsafe = words.find((word) => !/^[\w.:=,+/-]+$/.test(word));
  if (unsafe !== undefined) throw new Error(`server-node-flags.mjs: "${unsafe}" cannot pass through the shell as one word`);
  return words;
}

// `node server-node-flags.mjs` prints the words (scripts/server-node.sh).
if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(launchWords().join(' '));
