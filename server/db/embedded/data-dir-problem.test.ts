/**
 * Issue 25 "Clean answers and logs": the server started on a read-only, full or misnamed DATA_DIR
 * says what is wrong in one line and exits 1 (it printed stack traces or "[object Object]" and
 * blamed another process). The start path runs the built server as `npm start` does (`node
 * dist/server/main.js`; the server project's global set-up builds it when stale); a full disk
 * cannot be made portably, so ENOSPC is checked through the errors Node and PGlite really throw,
 * handed to the mapping function.
 *
 * Permissions do not stop root: when the tests run as root, the server is started as the
 * unprivileged user 65534 (nobody), and the read-only cases are skipped, saying why, if that user
 * cannot read the project.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../project-root';
import { pgliteStartParams } from './pglite-settings';
import { describeDataDirProblem, describeStartupError, diagnoseDataDir, fileSystemProblemOf } from './data-dir-problem';

const isRoot = process.getuid?.() === 0;
const NOBODY = { uid: 65534, gid: 65534 };

/** Why the read-only cases cannot run here, or null when they can. */
function whyNotReadOnly(): string | null {
  if (process.platform === 'win32') return 'file modes do not make a directory read-only on Windows';
  if (!isRoot) return null;
  const probe = spawnSync(process.execPath, ['--check', 'dist/server/main.js'], { cwd: PROJECT_ROOT, ...NOBODY, timeout: 30_000 });
  return probe.status === 0 ? null : `running as root, and user 65534 cannot run the project in ${PROJECT_ROOT}`;
}
/**
 * The start-up tests run the embedded database whatever TEST_DATABASE_URL says, so they run once: in
 * the embedded-database pass (CI runs server/ twice, on PostgreSQL and on PGlite).
 */
const onPostgres = (process.env.TEST_DATABASE_URL ?? '') !== '';
if (onPostgres)
  console.warn('Skipping the DATA_DIR start-up tests on PostgreSQL: they start the embedded database, and run in the PGlite pass.');
const readOnlySkip = onPostgres ? 'TEST_DATABASE_URL is set' : whyNotReadOnly();
/** Who runs the server in these tests: this user, or nobody (65534) when this user is root and nobody can. */
const runAs = isRoot && readOnlySkip === null ? NOBODY : {};
if (readOnlySkip) console.warn(`Skipping the read-only DATA_DIR start-up tests: ${readOnlySkip}.`);

const base = mkdtempSync(path.join(tmpdir(), 'data-dir-problem-'));
// The server's user must reach the directories made here.
chmodSync(base, 0o755);
afterAll(() => {
  makeWritable(base);
  rmSync(base, { recursive: true, force: true });
});

let counter = 0;
function freshDir(mode = 0o755): string {
  counter += 1;
  const dir = path.join(base, `data-${counter}`);
  mkdirSync(dir);
  chmodSync(dir, mode);
  return dir;
}

function makeWritable(dir: string): void {
  try {
    chmodSync(dir, statSync(dir).isDirectory() ? 0o755 : 0o644);
    if (statSync(dir).isDirectory()) for (const child of readdirSync(dir)) makeWritable(path.join(dir, child));
  } catch {
    // gone already
  }
}

/** Every entry under `dir` (not `dir` itself) read-only, as after copying a data directory from another user. */
function makeContentsReadOnly(dir: string): void {
  for (const child of readdirSync(dir, { withFileTypes: true })) {
    const entry = path.join(dir, child.name);
    if (child.isDirectory()) makeContentsReadOnly(entry);
    chmodSync(entry, child.isDirectory() ? 0o555 : 0o444);
  }
}

/** Starts the server as a person does, on `dataDir`; resolves with its exit code and output (killed after 50 s). */
function startServer(dataDir: string, env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
      cwd: PROJECT_ROOT,
      ...runAs,
      env: {
        ...process.env,
        HOME: base,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SECRET_KEY: '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: '0',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The checks every failed start must pass: exit 1, one line on stderr, no stack, no false blame. */
function expectOneLine(result: { code: number | null; stderr: string }): string {
  expect(result.code, result.stderr).toBe(1);
  const lines = result.stderr.trim().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(result.stderr).not.toMatch(/\n\s+at |\[object Object\]|another process|one process at a time|node:fs/);
  return lines[0] as string;
}

const SECRET = 'k'.repeat(48);

describe.skipIf(readOnlySkip !== null)('starting on a read-only DATA_DIR', () => {
  it('says the directory is not writable when even the secret key cannot be stored', async () => {
    const dir = freshDir(0o555);
    const line = expectOneLine(await startServer(dir));
    expect(line).toBe(
      `Cannot start: DATA_DIR ${dir} is not writable (EACCES). Fix its permissions or set DATA_DIR to a writable directory.`,
    );
  });

  it('says so when the database directory cannot be made (SECRET_KEY set)', async () => {
    const dir = freshDir(0o555);
    const line = expectOneLine(await startServer(dir, { SECRET_KEY: SECRET }));
    // The lock could not make `db` in it: DATA_DIR itself is what is not writable.
    expect(line).toBe(
      `Cannot start: DATA_DIR ${dir} is not writable (EACCES). Fix its permissions or set DATA_DIR to a writable directory.`,
    );
  });

  it(
    'says so, naming a file, when an existing database holds read-only files (PGlite only aborts there)',
    { timeout: 120_000 },
    async () => {
      const dir = freshDir(0o755);
      const db = path.join(dir, 'db');
      mkdirSync(db);
      chmodSync(db, 0o755);
      if (runAs === NOBODY) chownSync(db, NOBODY.uid, NOBODY.gid);
      const params = JSON.stringify(pgliteStartParams());
      const init = spawnSync(process.execPath, ['server/db/embedded/pglite-init.mjs', db, params], {
        cwd: PROJECT_ROOT,
        ...runAs,
        timeout: 60_000,
      });
      expect(init.status, String(init.stderr)).toBe(0);
      makeContentsReadOnly(db);
      const line = expectOneLine(await startServer(dir, { SECRET_KEY: SECRET }));
      expect(line).toMatch(
        new RegExp(
          `^Cannot start: DATA_DIR ${dir} is not writable \\(EACCES at ${db}/\\S+\\)\\. Fix its permissions or set DATA_DIR to a writable directory\\.$`,
        ),
      );
    },
  );
});

describe.skipIf(onPostgres)('starting on a DATA_DIR that is a file', () => {
  it('says it is not a directory', async () => {
    const file = path.join(base, 'not-a-directory');
    writeFileSync(file, 'x');
    chmodSync(file, 0o644);
    const line = expectOneLine(await startServer(file));
    expect(line).toBe(`Cannot start: DATA_DIR ${file} is not a directory (ENOTDIR). Set DATA_DIR to a directory.`);
    expectOneLine(await startServer(path.join(file, 'data'), { SECRET_KEY: SECRET }));
  });
});

describe('describeStartupError', () => {
  const dataDir = '/srv/deals/data';

  it('says a full device in one line, from Node and from PGlite alike', () => {
    const node = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    const expected =
      'Cannot start: no space left on the device of DATA_DIR /srv/deals/data (ENOSPC). Free some space or set DATA_DIR to a directory on another disk.';
    expect(describeStartupError(node, dataDir)).toBe(expected);
    // PGlite's file system throws this plain object (WASI errno 51), which printed "[object Object]".
    expect(describeStartupError({ name: 'ErrnoError', errno: 51 }, dataDir)).toBe(expected);
    // As it comes back from initdb's process (client.ts) and wrapped by drizzle (`cause`).
    const initdb = Object.assign(new Error('PGlite file-system error (ErrnoError errno 51)'), { name: 'ErrnoError', errno: 51 });
    expect(describeStartupError(new Error('Failed query: select 1', { cause: initdb }), dataDir)).toBe(expected);
    expect(describeStartupError({ code: 'EDQUOT' }, dataDir)).toContain('no space left on the device of DATA_DIR /srv/deals/data (EDQUOT)');
  });

  it('says a directory is not writable for EACCES, EPERM and EROFS, naming the path when it is not DATA_DIR', () => {
    const dir = freshDir();
    const file = path.join(dir, 'db', 'PG_VERSION');
    mkdirSync(path.dirname(file));
    writeFileSync(file, '17');
    for (const code of ['EACCES', 'EPERM', 'EROFS'])
      expect(describeStartupError({ code, syscall: 'open', path: file }, dir)).toBe(
        `Cannot start: DATA_DIR ${dir} is not writable (${code} at ${file}). Fix its permissions or set DATA_DIR to a writable directory.`,
      );
    // A file that could not be created: its directory is the one to fix.
    expect(describeStartupError({ code: 'EACCES', syscall: 'open', path: path.join(dir, 'db', 'new-file') }, dir)).toContain(
      `is not writable (EACCES at ${path.join(dir, 'db')})`,
    );
    expect(describeStartupError({ code: 'EACCES', syscall: 'open', path: path.join(dir, 'secret-key') }, dir)).toContain(
      `DATA_DIR ${dir} is not writable (EACCES). Fix`,
    );
    expect(describeStartupError({ name: 'ErrnoError', errno: 69 }, dataDir)).toContain('is not writable (EROFS)');
  });

  it('reads mkdir over a file as "not a directory", and other EEXIST as nothing of the kind', () => {
    expect(fileSystemProblemOf({ code: 'EEXIST', syscall: 'mkdir', path: dataDir })).toMatchObject({ code: 'ENOTDIR' });
    expect(fileSystemProblemOf({ code: 'EEXIST', syscall: 'link' })).toBeNull();
    expect(describeDataDirProblem(null, dataDir)).toBeNull();
  });

  it('says anything else in one line, without SQL, stack or blame', () => {
    const aborted = Object.assign(new Error('Aborted(). Build with -sASSERTIONS for more info.'), { name: 'RuntimeError' });
    const failed = new Error('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"\nparams: ', { cause: aborted });
    const line = describeStartupError(failed, dataDir, path.join(base, 'no-such-dir'));
    expect(line).toBe(`Cannot start: the embedded database in ${path.join(base, 'no-such-dir')} failed: Error, caused by RuntimeError`);
    expect(describeStartupError(new TypeError('x is not a function\n    at main'), dataDir)).toBe(
      'Cannot start: TypeError: x is not a function',
    );
  });
});

describe.skipIf(isRoot)('diagnoseDataDir (as a user permissions apply to)', () => {
  it('finds the first entry it may not write, and nothing in a healthy directory', () => {
    const dir = freshDir();
    mkdirSync(path.join(dir, 'base'));
    writeFileSync(path.join(dir, 'base', 'ok'), 'x');
    expect(diagnoseDataDir(dir)).toBeNull();
    writeFileSync(path.join(dir, 'base', 'locked'), 'x');
    chmodSync(path.join(dir, 'base', 'locked'), 0o444);
    expect(diagnoseDataDir(dir)).toEqual({ code: 'EACCES', path: path.join(dir, 'base', 'locked') });
  });
});
if (isRoot)
  console.warn(
    'Skipping the diagnoseDataDir permission test: root may write read-only files (the start-up tests above cover it as user 65534).',
  );
