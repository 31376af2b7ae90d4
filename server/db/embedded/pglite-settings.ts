import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL settings for the embedded PGlite (docs/decisions/0015-pglite-memory.md; issue 7
 * "Memory", DESIGN.md §7: the server ≤ 300 MB RSS idle).
 *
 * PGlite runs PostgreSQL in WebAssembly, whose linear memory grows and is never given back to the
 * operating system: whatever PostgreSQL touches once (shared buffers, a sort's work memory, an index
 * build's maintenance memory) stays in the process's RSS for its lifetime. PGlite keeps PostgreSQL's
 * defaults (128 MB of shared buffers, 64 MB of maintenance memory), sized for a server that owns a
 * machine; on disk the operating system's page cache already holds recently read pages, so smaller
 * buffers cost a system call per page read, not a disk read.
 *
 * Each entry is one `name=value` setting (PostgreSQL units: kB, MB). Every figure behind them is in
 * the decision record.
 */
export const PGLITE_SETTINGS: readonly string[] = [
  // Shared buffers: 16 MB instead of 128 MB (the WASM heap keeps every page it ever cached).
  'shared_buffers=16MB',
  // Index builds and VACUUM: 16 MB instead of 64 MB (migrations and the nightly VACUUM run them).
  'maintenance_work_mem=16MB',
  // WAL on disk: PostgreSQL keeps recycled segments up to max_wal_size after a checkpoint, so with
  // its 1 GB default a 100k-row import left 257 MB of WAL behind its CHECKPOINT. Both at the minimum,
  // two 16 MB segments (issue 7: ≤ 50 MB of WAL after an import); checkpoints come every 32 MB of
  // WAL, cheap with 16 MB of shared buffers and fsync off.
  'min_wal_size=32MB',
  'max_wal_size=32MB',
];

/**
 * PGlite's `startParams`: its own defaults followed by `-c name=value` for each of
 * {@link PGLITE_SETTINGS}. Start parameters, not PGlite's `postgresqlconf` option, which rewrites the
 * data directory's postgresql.conf and so would drop what initdb wrote there (time zone, locales).
 */
export function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])];
}
