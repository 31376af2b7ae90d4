/**
 * The embedded database's directory lock (issue part 3: PGlite cannot be opened by two processes;
 * the CLI must say who holds it and how to proceed).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../../test-support/scratch-dir';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME, readLock } from './data-dir-lock';

/** A DATA_DIR's database folder that does not exist yet, in a folder removed when the test ends. */
const fresh = () => path.join(scratchDir('lock-'), 'db');

/** A pid that is certainly not running: a child process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
  return child.pid as number;
}

describe('acquireDataDirLock', () => {
  it('writes {pid, owner, startedAt} into dir/.lock and removes it on release', () => {
    const dir = fresh();
    const lock = acquireDataDirLock(dir, 'server');
    const file = path.join(dir, LOCK_FILE_NAME);
    expect(readLock(file)).toMatchObject({ pid: process.pid, owner: 'server' });
    expect(Number.isNaN(Date.parse(JSON.parse(readFileSync(file, 'utf8')).startedAt))).toBe(false);
    lock.release();
    lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a lock held by a live process, saying who holds it and what to do', () => {
    const dir = fresh();
    const held = acquireDataDirLock(dir, 'server');
    let error: unknown;
    try {
      acquireDataDirLock(dir, 'cli');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    const message = (error as Error).message;
    expect(message).toContain(`The server (pid ${process.pid}, started `);
    expect(message).toContain(`is using the embedded database in ${dir}`);
    expect(message).toContain('Stop it (Ctrl+C) and run the import again, or set DATABASE_URL to a PostgreSQL server that both can share.');
    // The refused attempt left the holder's lock in place.
    expect(readLock(path.join(dir, LOCK_FILE_NAME))).toMatchObject({ pid: process.pid, owner: 'server' });
    held.release();
    acquireDataDirLock(dir, 'cli').release();
  });

  it('names an import as the holder when the CLI has it', () => {
    const dir = fresh();
    const held = acquireDataDirLock(dir, 'cli');
    expect(() => acquireDataDirLock(dir, 'server')).toThrow(/An import command \(pid \d+, started .*\) is using the embedded database/);
    held.release();
  });

  it('takes over a stale lock whose process is gone', () => {
    const dir = fresh();
    const file = path.join(dir, LOCK_FILE_NAME);
    acquireDataDirLock(dir, 'cli').release();
    const pid = deadPid();
    writeFileSync(file, JSON.stringify({ pid, owner: 'server', startedAt: '2025-01-01T00:00:00Z' }));
    const lock = acquireDataDirLock(dir, 'cli');
    expect(readLock(file)).toMatchObject({ pid: process.pid, owner: 'cli' });
    lock.release();
  });

  it.skipIf(process.platform !== 'linux')('takes over a lock whose process died but was never reaped (a zombie)', async () => {
    // `sh` backgrounds a `sleep 0.3`, prints its pid and becomes `sleep 5`, which never reaps it. (A
    // `sleep 0` could end before the exec, and then `sh` reaped it: a flaky ENOENT under load.)
    const parent = spawn('sh', ['-c', 'sleep 0.3 & echo $!; exec sleep 5'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const pid = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (d) => resolve(String(d).trim()))));
      for (let i = 0; i < 150 && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z'); i += 1)
        await new Promise((r) => setTimeout(r, 20));
      expect(readFileSync(`/proc/${pid}/stat`, 'utf8')).toContain(') Z');
      const dir = fresh();
      const file = path.join(dir, LOCK_FILE_NAME);
      acquireDataDirLock(dir, 'cli').release();
      writeFileSync(file, JSON.stringify({ pid, owner: 'server', startedAt: '2025-01-01T00:00:00Z' }));
      const lock = acquireDataDirLock(dir, 'cli');
      expect(readLock(file)).toMatchObject({ pid: process.pid, owner: 'cli' });
      lock.release();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('takes over an unreadable lock file', () => {
    const dir = fresh();
    acquireDataDirLock(dir, 'cli').release();
    writeFileSync(path.join(dir, LOCK_FILE_NAME), 'not json');
    const lock = acquireDataDirLock(dir, 'server');
    expect(readLock(path.join(dir, LOCK_FILE_NAME))?.owner).toBe('server');
    lock.release();
  });
});
