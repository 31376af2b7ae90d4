import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL settings for the embedded PGlite (docs/decisions/0014-pglite-memory.md; issue 7
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
  // WAL kept for recycling after a checkpoint: PostgreSQL's minimum of two 16 MB segments instead of
  // 80 MB, so the CHECKPOINT after an import leaves little WAL on disk (issue 7: ≤ 50 MB).
  'min_wal_size=32MB',
];

/**
 * PGlite's `startParams`: its own defaults followed by `-c name=value` for each of
 * {@link PGLITE_SETTINGS}. Start parameters, not PGlite's `postgresqlconf` option, which rewrites the
 * data directory's postgresql.conf and so would drop what initdb wrote there (time zone, locales).
 */
export function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])];
}
