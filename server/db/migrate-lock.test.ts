/**
 * Issue 31 "Several machines" (decision 0038): app instances started at the same moment on a
 * PostgreSQL database with pending migrations all start, because migrations run under a session
 * advisory lock (client.ts `MIGRATION_LOCK_KEY`). Before the lock, drizzle's migrator raced and the
 * loser failed on its journal table. Three handles migrate one new, empty database at once; each
 * must succeed and the journal must list every migration exactly once.
 *
 * Needs `TEST_DATABASE_URL` (a server the test may create a database on, dropped afterwards);
 * without it the test is skipped with a printed reason.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from './client';

const PG_URL = process.env.TEST_DATABASE_URL;
if (!PG_URL) console.log('migrate-lock.test skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it');

describe.skipIf(!PG_URL)('migrations of instances started together (PostgreSQL)', () => {
  const name = `migrate_lock_${process.pid}_${randomBytes(3).toString('hex')}`;
  const opened: Database[] = [];
  let admin: pg.Client | undefined;

  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    if (admin) {
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    }
  });

  it('applies every migration once while three instances start at the same moment', async () => {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(PG_URL as string);
    url.pathname = `/${name}`;
    for (let i = 0; i < 3; i += 1) opened.push(await openDatabase({ databaseUrl: url.toString() }));

    const outcomes = await Promise.allSettled(opened.map((d) => d.migrate()));
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'started'))).toEqual(['started', 'started', 'started']);

    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const { rows } = await opened[0]!.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
    expect(Number(rows[0]?.n)).toBe(journal.entries.length);
    // The lock is released: a fourth migration (nothing to apply) does not wait.
    await opened[1]!.migrate();
  }, 60_000);
});
