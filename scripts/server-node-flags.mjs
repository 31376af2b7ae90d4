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
// `start`, `demo` and `import` scripts pass them, and the e2e and bench helpers
// (tests/e2e/support/server-process.ts) read them from here.
//
// Environment (SERVER_MALLOC_ENV), read by glibc when the process starts, so it is set in the same
// package.json scripts before `node`:
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
// tests/lint/server-node-flags.test.ts checks that package.json passes every one of them.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--optimize-for-size'];

/** Environment variables the server and the import CLI start with (glibc's malloc tunables). */
export const SERVER_MALLOC_ENV = {
  GLIBC_TUNABLES: 'glibc.malloc.arena_max=1:glibc.malloc.mmap_threshold=131072',
};
