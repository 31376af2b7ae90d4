/**
 * Why the server cannot use its data directory, in one line a person can act on (issue 25: a
 * read-only or full `DATA_DIR` printed raw stack traces or "[object Object]" and blamed another
 * process). server/main.ts prints {@link describeStartupError} for any failure before it listens
 * and exits with code 1; "another process holds the database" is said only by the data-directory
 * lock, when a live process holds it (data-dir-lock.ts).
 *
 * Where the codes come from:
 * - Node's file-system errors (the secret key, the lock, `mkdir`): `code` 'EACCES', 'ENOSPC'…
 * - PGlite's own file system (Emscripten) throws `ErrnoError` objects with WASI errno numbers
 *   (2 EACCES, 19 EDQUOT, 51 ENOSPC, 54 ENOTDIR, 63 EPERM, 69 EROFS; WASI `errno` in
 *   wasi_snapshot_preview1), which pglite-worker.mjs and pglite-init.mjs pass on as `errno`.
 * - PGlite sometimes only aborts ("Aborted()"), with no code: then {@link diagnoseDataDir} looks at
 *   the directory itself (free space, then the first entry this process may not write).
 */
import { accessSync, constants, existsSync, readdirSync, statfsSync } from 'node:fs';
import path from 'node:path';

/** The file-system codes that mean "this directory cannot be used", by what to tell the person. */
const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS']);
const NO_SPACE = new Set(['ENOSPC', 'EDQUOT']);
const NOT_A_DIRECTORY = new Set(['ENOTDIR']);

/** WASI errno numbers (PGlite's Emscripten file system) of the codes above. */
const WASI_ERRNO: Record<number, string> = { 2: 'EACCES', 19: 'EDQUOT', 51: 'ENOSPC', 54: 'ENOTDIR', 63: 'EPERM', 69: 'EROFS' };

/** Below this much free space PGlite cannot write its files: the device counts as full. */
export const MIN_FREE_BYTES = 1024 * 1024;

/** A file-system problem: its code (EACCES, ENOSPC…) and the path it concerns, when known. */
export interface FileSystemProblem {
  code: string;
  path?: string;
}

type ErrorLike = { name?: unknown; code?: unknown; errno?: unknown; syscall?: unknown; path?: unknown; cause?: unknown };

/**
 * The file-system problem an error reports, looking through its `cause` chain (drizzle wraps
 * PGlite's errors): a Node error's `code` (EEXIST only from `mkdir`: the path is a file) or an
 * Emscripten `ErrnoError`'s WASI `errno`. Null for any other error.
 */
export function fileSystemProblemOf(error: unknown): FileSystemProblem | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    const e = current as ErrorLike;
    // A file that could not be created (the secret key, the lock's temporary file): its directory is the problem.
    const where = typeof e.path === 'string' ? { path: existsSync(e.path) ? e.path : path.dirname(e.path) } : {};
    if (typeof e.code === 'string') {
      if (NOT_WRITABLE.has(e.code) || NO_SPACE.has(e.code) || NOT_A_DIRECTORY.has(e.code)) return { code: e.code, ...where };
      if (e.code === 'EEXIST' && e.syscall === 'mkdir') return { code: 'ENOTDIR', ...where };
    }
    if (e.name === 'ErrnoError' && typeof e.errno === 'number' && WASI_ERRNO[e.errno])
      return { code: WASI_ERRNO[e.errno] as string, ...where };
    current = e.cause;
  }
  return null;
}

/**
 * Looks at `dir` after PGlite failed without saying why: 'ENOSPC' when its device has less than
 * {@link MIN_FREE_BYTES} free for this user, else the first entry (the directory itself, then its
 * contents, depth first, at most `limit` entries) this process may not write, with the code
 * `access(2)` gives (EACCES, EROFS…). Null when neither is found. Never throws.
 */
export function diagnoseDataDir(dir: string, limit = 20_000): FileSystemProblem | null {
  try {
    const stats = statfsSync(dir);
    if (stats.bavail * stats.bsize < MIN_FREE_BYTES) return { code: 'ENOSPC', path: dir };
  } catch {
    // no statfs here (or no directory): the walk below still runs
  }
  const pending = [dir];
  let seen = 0;
  while (pending.length > 0 && seen < limit) {
    const entry = pending.pop() as string;
    seen += 1;
    try {
      accessSync(entry, constants.W_OK);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && NOT_WRITABLE.has(code)) return { code, path: entry };
      continue;
    }
    try {
      for (const child of readdirSync(entry, { withFileTypes: true })) pending.push(path.join(entry, child.name));
    } catch {
      // a file, or a directory we cannot list (its access check above passed): nothing below it to check
    }
  }
  return null;
}

/** `dir` as a person reads it: absolute. */
function shown(dir: string): string {
  return path.resolve(dir);
}

/**
 * The one-line message for a data-directory problem, or null when `problem` is none:
 * - EACCES, EPERM, EROFS: "Cannot start: DATA_DIR /srv/data is not writable (EACCES at
 *   /srv/data/db). Fix its permissions or set DATA_DIR to a writable directory."
 * - ENOSPC, EDQUOT: "Cannot start: no space left on the device of DATA_DIR /srv/data (ENOSPC). Free
 *   some space or set DATA_DIR to a directory on another disk."
 * - ENOTDIR: "Cannot start: DATA_DIR /srv/data is not a directory (ENOTDIR). Set DATA_DIR to a
 *   directory."
 * The path in parentheses is given when it is not DATA_DIR itself.
 */
export function describeDataDirProblem(problem: FileSystemProblem | null, dataDir: string): string | null {
  if (!problem) return null;
  const dir = shown(dataDir);
  const at = problem.path && shown(problem.path) !== dir ? ` at ${shown(problem.path)}` : '';
  if (NOT_WRITABLE.has(problem.code))
    return `Cannot start: DATA_DIR ${dir} is not writable (${problem.code}${at}). Fix its permissions or set DATA_DIR to a writable directory.`;
  if (NO_SPACE.has(problem.code))
    return `Cannot start: no space left on the device of DATA_DIR ${dir} (${problem.code}). Free some space or set DATA_DIR to a directory on another disk.`;
  if (NOT_A_DIRECTORY.has(problem.code))
    return `Cannot start: DATA_DIR ${dir} is not a directory (${problem.code}${at}). Set DATA_DIR to a directory.`;
  return null;
}

/**
 * The one line to print when the server cannot start (no stack, no SQL). `dataDir` is DATA_DIR (or
 * undefined when the environment could not even be read); `pgliteDir`, when the embedded database
 * was being opened, is looked at by {@link diagnoseDataDir} if the error itself names no
 * file-system problem. Anything else: "Cannot start: {type}: {first line}", or only the type and
 * code for database errors, whose message holds SQL.
 */
export function describeStartupError(error: unknown, dataDir: string | undefined, pgliteDir?: string): string {
  const problem = fileSystemProblemOf(error) ?? (pgliteDir ? diagnoseDataDir(pgliteDir) : null);
  const known = dataDir ? describeDataDirProblem(problem, dataDir) : null;
  if (known) return known;
  const e = (error ?? {}) as { message?: unknown; cause?: unknown };
  const message = typeof e.message === 'string' ? (e.message.split('\n')[0] ?? '') : '';
  const fromDatabase = e.cause !== undefined || /failed query|params:|\bselect |\binsert |\bupdate |\bcreate /i.test(message);
  const cause = e.cause !== undefined && e.cause !== null ? `, caused by ${typeAndCode(e.cause)}` : '';
  const what = pgliteDir ? `the embedded database in ${shown(pgliteDir)} failed: ` : '';
  return `Cannot start: ${what}${typeAndCode(error)}${cause}${fromDatabase || message === '' ? '' : `: ${message.slice(0, 200)}`}`;
}

/** "RuntimeError", "Error (ECONNREFUSED)": an error's name and string code. */
function typeAndCode(error: unknown): string {
  const e = (error ?? {}) as { name?: unknown; code?: unknown };
  const type = typeof e.name === 'string' ? e.name : typeof error;
  return typeof e.code === 'string' ? `${type} (${e.code})` : type;
}
