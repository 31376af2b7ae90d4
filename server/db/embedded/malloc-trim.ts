/**
 * Gives the C heap's free pages back to the operating system with glibc's `malloc_trim(3)`, once
 * when started and then every `intervalSeconds` (MALLOC_TRIM_INTERVAL_SECONDS, default 10; 0 turns
 * it off). docs/decisions/0018-malloc-trim.md has the measurements behind it.
 *
 * Why: Node's C++ side, V8's compilers and PGlite's worker thread allocate through glibc's malloc.
 * The server runs with one malloc arena (package.json, decision 0015), whose heap grows by `brk` and
 * shrinks only from its top: the pages of chunks freed below a chunk still in use stay resident.
 * Start-up alone (compiling PGlite's WebAssembly and the server's modules) left 60–93 MB in that
 * heap; on an idle server `malloc_trim(0)` returned about 55 MB of 71: it also releases whole free pages inside
 * the heap (`madvise(MADV_DONTNEED)`), which `free` never does.
 *
 * `malloc_trim` is a C function: it is called through koffi (a maintained FFI library with prebuilt
 * binaries). Where it does not exist (musl, macOS, Windows) or koffi cannot load, nothing is trimmed
 * and {@link startMallocTrim} answers null: the server runs as before, with more memory.
 */

/** What {@link startMallocTrim} starts. */
export interface MallocTrim {
  /** Trims now; answers how long it took in milliseconds. */
  trimNow(): number;
  /** Stops the timer (idempotent). */
  stop(): void;
}

/** `int malloc_trim(size_t pad)`: 1 when memory was released, else 0. */
type MallocTrimFunction = (pad: number) => number;

/**
 * Loads glibc's `malloc_trim` through koffi. Answers null where the C library is not glibc
 * (`libc.so.6` missing or without the symbol) or koffi has no binary for this platform; never throws.
 */
export async function loadMallocTrim(): Promise<MallocTrimFunction | null> {
  if (process.platform !== 'linux') return null;
  try {
    const { default: koffi } = await import('koffi');
    const libc = koffi.load('libc.so.6');
    return libc.func('int malloc_trim(size_t pad)') as MallocTrimFunction;
  } catch {
    return null;
  }
}

/**
 * Trims once at once, then every `intervalSeconds` seconds (an unref'd timer: it never keeps the
 * process alive). Answers null when `intervalSeconds` is 0 or `malloc_trim` is unavailable
 * ({@link loadMallocTrim}). A trim takes a few milliseconds (4 ms median, 18 ms at most over a
 * 340k-row upload on this project's 2-CPU machine), during which other threads' mallocs wait.
 */
export async function startMallocTrim(opts: { intervalSeconds: number }): Promise<MallocTrim | null> {
  if (opts.intervalSeconds <= 0) return null;
  const trim = await loadMallocTrim();
  if (!trim) return null;
  const trimNow = () => {
    const started = performance.now();
    trim(0);
    return performance.now() - started;
  };
  trimNow();
  const timer = setInterval(trimNow, opts.intervalSeconds * 1000);
  timer.unref();
  return { trimNow, stop: () => clearInterval(timer) };
}
