// Node options the server and the import CLI run with (issue 7 "Memory": server RSS ≤ 300 MB idle
// and ≤ 400 MB under load with 100k products on PGlite; docs/decisions/0015-pglite-memory.md).
//
// `--max-semi-space-size=4`: V8's young generation grows its two semi-spaces up to 16 MB each by
// default, and the pages it took stay in the process's RSS; the server's main thread idled with
// 30 MB of new space for 6–9 MB of young objects. 4 MB semi-spaces cut the idle server by
// about 30–60 MB (figures in the decision record). The heap is sized when the process starts, so
// this is a command-line option: package.json's `start`, `demo` and `import` scripts pass it, the
// e2e and bench helpers (tests/e2e/support/server-process.ts) read it from here, and
// tests/lint/server-node-flags.test.ts checks that the two agree. PGlite's worker thread gets the
// same young generation through its own resourceLimits (server/db/pglite-worker-client.ts).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];
