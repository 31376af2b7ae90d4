/**
 * A lock file for the embedded PGlite data directory (issue part 3: "PGlite cannot safely be opened
 * by two processes"). The server and the import CLI take it before opening `DATA_DIR/db`; with
 * DATABASE_URL (a PostgreSQL server) no lock is needed.
 *
 * The lock is `dir/.lock` holding JSON `{ pid, owner, startedAt, hostname }`. It is created
 * atomically (a fully written temporary file hard-linked into place, which fails if the lock exists).
 * A lock whose process is no longer alive on this host is stale and taken over.
 */
import { hostname } from 'node:os';
import path from 'node:path';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';

export type LockOwner = 'server' | 'cli';

export interface LockInfo {
  pid: number;
  owner: LockOwner;
  /** ISO 8601 time the holder took the lock. */
  startedAt: string;
  hostname?: string;
}

/** The directory is held by another live process; `message` says who and what to do. */
export class DataDirLockedError extends Error {
  constructor(
    public readonly holder: LockInfo,
    public readonly dir: string,
    public readonly lockFile: string,
  ) {
    super(lockedMessage(holder, dir, lockFile));
    this.name = 'DataDirLockedError';
  }
}

export const LOCK_FILE_NAME = '.lock';

/**
 * Takes the lock on `dir` (created if missing) for `owner`. Returns `release()`, which removes the
 * lock if it is still ours (idempotent); the lock is also removed when the process exits normally.
 * Throws DataDirLockedError when a live process holds it (including this very process, under any
 * owner: PGlite must not be opened twice), and only then; throws file-system errors as they are
 * (EACCES, EROFS, ENOSPC, ENOTDIR…: a read-only, full or misnamed directory), which
 * data-dir-problem.ts words for a person.
 */
export function acquireDataDirLock(dir: string, owner: LockOwner): { release(): void } {
  mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, LOCK_FILE_NAME);
  const info: LockInfo = { pid: process.pid, owner, startedAt: new Date().toISOString(), hostname: hostname() };
  const content = `${JSON.stringify(info)}\n`;
  const temp = path.join(dir, `${LOCK_FILE_NAME}.${process.pid}.${Date.now()}.tmp`);
  try {
    // Inside the try: on a full disk the write fails after creating the file, which must not stay.
    writeFileSync(temp, content, { mode: 0o644 });
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(temp, lockFile);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
      }
      const holder = readLock(lockFile);
      if (holder && isAlive(holder)) throw new DataDirLockedError(holder, dir, lockFile);
      // Stale (or unreadable) lock: re-read just before removing it, so a lock another process took
      // over a moment ago is not removed by mistake.
      if (sameLock(readLock(lockFile), holder)) removeQuietly(lockFile);
    }
  } finally {
    removeQuietly(temp);
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    const current = readLock(lockFile);
    if (current && current.pid === info.pid && current.startedAt === info.startedAt) removeQuietly(lockFile);
  };
  process.on('exit', release);
  return { release };
}

/** The lock's content, or null when there is none or it cannot be read as a lock. */
export function readLock(lockFile: string): LockInfo | null {
  try {
    const parsed = JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<LockInfo>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return null;
    return {
      pid: parsed.pid,
      owner: parsed.owner === 'cli' ? 'cli' : 'server',
      startedAt: typeof parsed.startedAt === 'string' ? parsed.startedAt : '',
      hostname: typeof parsed.hostname === 'string' ? parsed.hostname : undefined,
    };
  } catch {
    return null;
  }
}

/**
 * Whether the holder still runs. A lock from another host (a shared network directory) cannot be
 * checked, so it counts as alive. `kill(pid, 0)` sends nothing: ESRCH means no such process, EPERM
 * means it exists under another user.
 */
function isAlive(holder: LockInfo): boolean {
  if (holder.hostname && holder.hostname !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(holder.pid);
}

/**
 * A process that died but was not yet reaped (state Z in /proc, Linux) still answers kill(pid, 0):
 * after a crash in a container whose PID 1 does not reap, the dead server would hold the lock for
 * ever. Elsewhere (no /proc) this answers false and the pid check alone decides.
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The state follows the command name, which is in parentheses and may itself hold spaces.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}

function sameLock(a: LockInfo | null, b: LockInfo | null): boolean {
  if (a === null || b === null) return a === b;
  return a.pid === b.pid && a.startedAt === b.startedAt;
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

function lockedMessage(holder: LockInfo, dir: string, lockFile: string): string {
  const started = holder.startedAt ? `, started ${formatTime(holder.startedAt)}` : '';
  const shown = displayPath(dir);
  const who = holder.owner === 'server' ? `The server (pid ${holder.pid}${started})` : `An import command (pid ${holder.pid}${started})`;
  const advice =
    holder.owner === 'server'
      ? 'Stop it (Ctrl+C) and run the import again, or set DATABASE_URL to a PostgreSQL server that both can share.'
      : 'Wait for it to finish (or stop it) and try again, or set DATABASE_URL to a PostgreSQL server that both can share.';
  return `${who} is using the embedded database in ${shown}. ${advice}\nIf no such process is running, delete ${displayPath(lockFile)} and try again.`;
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** `./data/db` for paths under the working directory, else the absolute path. */
function displayPath(p: string): string {
  const relative = path.relative(process.cwd(), path.resolve(p));
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? `./${relative}` : path.resolve(p);
}
