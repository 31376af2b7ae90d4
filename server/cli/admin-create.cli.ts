/**
 * `npm run admin:create -- <email>`: creates an owner account for the admin area (issue 11 part 1),
 * or sets a new password for an existing one. The password comes from ADMIN_PASSWORD when set,
 * else it is asked for twice on the terminal without being shown. It is stored as an argon2id hash.
 *
 * Opens the database like server/main.ts (and, for the embedded database, takes the data-directory
 * lock: stop the server first, or use DATABASE_URL). Exit codes: 0 done; 1 refused (bad password,
 * database unavailable); 2 usage error.
 */
import path from 'node:path';
import { z } from 'zod';
import { ADMIN_PASSWORD_MIN_LENGTH, loadEnvOrReport } from '../env';
import { openDatabase, type Database } from '../db/client';
import { describeDatabaseOpenError } from '../db/open-error';
import { acquireDataDirLock, DataDirLockedError } from '../db/embedded/data-dir-lock';
import { saveAdminAccount } from '../features/admin-auth/admin-auth.service';

const USAGE = 'Usage: npm run admin:create -- <email>   (password from ADMIN_PASSWORD, or asked for on the terminal)';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why `password` is refused, or null when it is acceptable. */
function passwordProblem(password: string): string | null {
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) return `The password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > 1024) return 'The password must be at most 1024 characters.';
  if (CONTROL.test(password)) return 'The password must not contain control characters.';
  return null;
}

/** Reads one line from the terminal with echo off (raw mode); Ctrl+C or Ctrl+D abandons. */
function askHidden(prompt: string): Promise<string | null> {
  return new Promise((resolve) => {
    const input = process.stdin;
    process.stdout.write(prompt);
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    let typed = '';
    const done = (value: string | null) => {
      input.setRawMode(false);
      input.pause();
      input.removeListener('data', onData);
      process.stdout.write('\n');
      resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done(typed);
        if (ch === '\u0003' || ch === '\u0004') return done(null);
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    input.on('data', onData);
  });
}

async function readPassword(fromEnv: string | undefined): Promise<string | null> {
  if (fromEnv !== undefined) return fromEnv;
  if (!process.stdin.isTTY) {
    console.error('No terminal to ask for the password on: set ADMIN_PASSWORD instead.');
    return null;
  }
  const first = await askHidden(`Password (at least ${ADMIN_PASSWORD_MIN_LENGTH} characters, not shown): `);
  if (first === null) return null;
  const problem = passwordProblem(first);
  if (problem) {
    console.error(problem);
    return null;
  }
  const second = await askHidden('Type it again: ');
  if (second !== first) {
    console.error('The two passwords differ; nothing was changed.');
    return null;
  }
  return first;
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv.length !== 1 || argv[0]?.startsWith('-')) {
    console.error(USAGE);
    return argv[0] === '--help' || argv[0] === '-h' ? 0 : 2;
  }
  const email = z.email().max(254).safeParse(argv[0]?.trim());
  if (!email.success) {
    console.error(`Not an e-mail address: ${argv[0]}\n${USAGE}`);
    return 2;
  }
  // ADMIN_PASSWORD is checked by the environment's own rules (length) on the way in.
  const env = loadEnvOrReport();
  if (!env) return 1;
  const password = await readPassword(env.ADMIN_PASSWORD);
  if (password === null) return 1;
  const problem = passwordProblem(password);
  if (problem) {
    console.error(problem);
    return 1;
  }

  const dbDir = path.join(env.DATA_DIR, 'db');
  let lock: { release(): void } | undefined;
  let database: Database | undefined;
  try {
    if (!env.DATABASE_URL) lock = acquireDataDirLock(dbDir, 'cli');
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: dbDir });
    await database.migrate();
    const outcome = await saveAdminAccount(database.db, email.data, password, new Date());
    console.log(
      outcome === 'created'
        ? `Admin account ${email.data.toLowerCase()} created. Sign in at ${env.PUBLIC_URL}/admin/login.`
        : `Password of admin account ${email.data.toLowerCase()} changed.`,
    );
    return 0;
  } catch (error) {
    console.error(error instanceof DataDirLockedError ? error.message : describeDatabaseOpenError(error, env));
    return 1;
  } finally {
    await database?.close().catch(() => undefined);
    lock?.release();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
