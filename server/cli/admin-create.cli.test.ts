/**
 * `npm run admin:create -- <email>` (issue 11 part 1) as a child process on a temporary data
 * directory, running the built CLI as the script does (`sh scripts/server-node.sh
 * --enable-source-maps dist/server/cli/admin-create.cli.js`; the server project's global set-up
 * builds it when stale): it stores an argon2id hash that verifies, changes the password of an
 * existing account, and refuses a short password or a missing terminal.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { verifyPassword } from '../features/admin-auth/password-hash';

const ROOT = path.resolve(import.meta.dirname, '../..');

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['scripts/server-node.sh', '--enable-source-maps', 'dist/server/cli/admin-create.cli.js', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      // stdin is not a terminal here: the password must come from ADMIN_PASSWORD.
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += String(d)));
    child.stderr.on('data', (d) => (output += String(d)));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** A new temporary DATA_DIR, removed when the file ends. */
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'admin-cli-'));
  made.push(dir);
  return dir;
}

async function storedHash(dataDir: string, email: string): Promise<string | undefined> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    const rows = await database.query<{ password_hash: string }>('select password_hash from admin_users where email = $1', [email]);
    return rows.rows[0]?.password_hash;
  } finally {
    await database.close();
  }
}

// Each test runs the CLI more than once: 60 s was not enough at load 11 (CI run of 2026-11-24, with tsx).
describe('npm run admin:create', { timeout: 180_000 }, () => {
  it('creates an account whose argon2id hash verifies, then changes its password', async () => {
    const dataDir = newDataDir();
    const created = await run(['Owner@Example.com'], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'first long password' });
    expect(created.output).toContain('Admin account owner@example.com created');
    expect(created.code).toBe(0);
    const hash = (await storedHash(dataDir, 'owner@example.com')) as string;
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'first long password')).toBe(true);
    expect(await verifyPassword(hash, 'first long passwore')).toBe(false);

    const changed = await run(['owner@example.com'], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'second long password' });
    expect(changed.code).toBe(0);
    expect(changed.output).toContain('Password of admin account owner@example.com changed');
    expect(await verifyPassword((await storedHash(dataDir, 'owner@example.com')) as string, 'second long password')).toBe(true);
  });

  it('refuses a short password, a missing terminal and a bad e-mail, creating nothing', async () => {
    const dataDir = newDataDir();
    const short = await run(['owner@example.com'], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'short' });
    expect(short.code).toBe(1);
    expect(short.output).toContain('ADMIN_PASSWORD: must be at least 12 characters');
    const noTerminal = await run(['owner@example.com'], { DATA_DIR: dataDir });
    expect(noTerminal.code).toBe(1);
    expect(noTerminal.output).toContain('No terminal to ask for the password on: set ADMIN_PASSWORD instead.');
    const badEmail = await run(['not-an-email'], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'a long enough password' });
    expect(badEmail.code).toBe(2);
    expect(badEmail.output).toContain('Usage: npm run admin:create -- <email>');
  });
});
