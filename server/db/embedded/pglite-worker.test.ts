/**
 * PGlite in a worker thread (docs/decisions/0007-pglite-worker.md) answers exactly as PGlite in the
 * same thread: typed values through drizzle and raw SQL, errors with their fields, transactions
 * isolated from concurrent statements and rolled back on error, data kept across close and reopen.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { bigint, boolean, date, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { PGlite, messages } from '@electric-sql/pglite';
import { openDatabase, pgliteWorkerSetting, type Database } from '../client';
import { PgliteWorkerClient } from './pglite-worker-client';
import { pgBossDb } from '../../jobs/pg-boss-db';

/** Runs `work` with `<new temporary directory>/db` as a PGlite data directory, then removes it. */
async function withDataDir(prefix: string, work: (dataDir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  try {
    await work(path.join(dir, 'db'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const typed = pgTable('worker_typed', {
  id: serial('id').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  local: timestamp('local', { mode: 'date' }),
  asText: timestamp('as_text', { withTimezone: true, mode: 'string' }),
  day: date('day'),
  big: bigint('big', { mode: 'bigint' }),
  bigNumber: bigint('big_number', { mode: 'number' }),
  price: numeric('price', { precision: 10, scale: 2 }),
  data: jsonb('data').$type<unknown>(),
  tags: text('tags').array(),
  counts: integer('counts').array(),
  flag: boolean('flag'),
  note: text('note').unique(),
});

const CREATE = `create table worker_typed (
  id serial primary key, at timestamptz not null, local timestamp, as_text timestamptz, day date,
  big bigint, big_number bigint, price numeric(10,2), data jsonb, tags text[], counts integer[],
  flag boolean, note text unique)`;

const ROWS = [
  {
    at: new Date('2024-03-31T00:59:59.123Z'),
    local: new Date('2024-10-27T01:30:00.000Z'),
    asText: '2024-01-02 03:04:05.678+00',
    day: '2024-02-29',
    big: 9_007_199_254_740_993n,
    bigNumber: 42,
    price: '1234.50',
    data: { a: [1, 'two', null, { deep: true }], when: '2024-01-01', n: 1.5, s: 'quote " and \\ back' },
    tags: ['a', 'b c', 'd,e', '"q"', 'é£'],
    counts: [1, -2, 3],
    flag: true,
    note: 'first',
  },
  {
    at: new Date(0),
    local: null,
    asText: null,
    day: null,
    big: -1n,
    bigNumber: null,
    price: null,
    data: [1, 2, 3],
    tags: [],
    counts: null,
    flag: false,
    note: 'second — with a long dash and 🚀',
  },
];

const RAW = `select id, at, local, as_text, day, big, big_number, price, data, tags, counts, flag, note,
  now() - now() as zero, '1 day 02:00'::interval as span, '\\x0102ff'::bytea as bytes, 12.5::float8 as f,
  array['2024-01-01T00:00:00Z'::timestamptz] as stamps
  from worker_typed order by id`;

async function fill(database: Database): Promise<void> {
  await database.query(CREATE);
  await database.db.insert(typed).values(ROWS);
}

/** Everything a feature could read: drizzle selects, a relational-ish raw select, the raw query. */
async function readAll(database: Database) {
  return {
    drizzle: await database.db.select().from(typed).orderBy(asc(typed.id)),
    execute: await database.db.execute(sql.raw(RAW)),
    raw: (await database.query(RAW)).rows,
    params: (
      await database.query('select $1::timestamptz as t, $2::int8 as b, $3::jsonb as j, $4::text[] as a, $5::bytea as y', [
        new Date('2025-05-05T05:05:05.505Z'),
        123n,
        JSON.stringify({ x: 1 }),
        ['x', 'y'],
        new Uint8Array([1, 2, 3]),
      ])
    ).rows,
  };
}

describe('PGlite in a worker thread', () => {
  let direct: Database;
  let worker: Database;
  beforeAll(async () => {
    direct = await openDatabase({ worker: false });
    worker = await openDatabase({ worker: true });
    await Promise.all([fill(direct), fill(worker)]);
  });
  afterAll(async () => {
    await direct?.close();
    await worker?.close();
  });

  it('gives the same typed answers as PGlite in the same thread', async () => {
    const a = await readAll(direct);
    const b = await readAll(worker);
    expect(b).toEqual(a);
    const row = b.drizzle[0];
    expect(row?.at).toBeInstanceOf(Date);
    expect(row?.at.toISOString()).toBe('2024-03-31T00:59:59.123Z');
    expect(row?.big).toBe(9_007_199_254_740_993n);
    expect(row?.data).toEqual(ROWS[0]?.data);
    expect(row?.tags).toEqual(ROWS[0]?.tags);
    expect(b.params[0]?.t).toBeInstanceOf(Date);
    expect(b.params[0]?.y).toBeInstanceOf(Uint8Array);
  });

  it('keeps a database error’s class and fields (code, constraint, detail)', async () => {
    const failing = (database: Database) => database.query(`insert into worker_typed (at, note) values (now(), 'first')`).catch((e) => e);
    const [a, b] = await Promise.all([failing(direct), failing(worker)]);
    expect(b).toBeInstanceOf(messages.DatabaseError);
    expect(b).toBeInstanceOf(Error);
    for (const key of ['message', 'code', 'constraint', 'detail', 'table', 'severity']) expect(b[key], key).toBe(a[key]);
    expect(b.code).toBe('23505');
  });

  it('runs pg-boss’s multi-statement scripts and parameterised statements', async () => {
    const boss = pgBossDb(worker);
    const script = await boss.executeSql(
      'create table worker_boss (n int); insert into worker_boss values (1), (2); select count(*)::int as n from worker_boss',
    );
    expect(script.rows).toEqual([{ n: 2 }]);
    const one = await boss.executeSql('select n from worker_boss where n = $1', [2]);
    expect(one.rows).toEqual([{ n: 2 }]);
  });

  it('makes a concurrent statement wait for an open transaction, then see only its outcome', async () => {
    await worker.query('create table worker_iso (n int)');
    const events: string[] = [];
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    const committing = worker.db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_iso values (1)`);
      inside();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`insert into worker_iso values (2)`);
      events.push('transaction body done');
    });
    await opened;
    const seen = worker.query<{ n: number }>('select count(*)::int as n from worker_iso').then((r) => {
      events.push('concurrent read');
      return r.rows[0]?.n;
    });
    await committing;
    expect(await seen).toBe(2);
    expect(events).toEqual(['transaction body done', 'concurrent read']);

    // The same with a rollback: the concurrent statement sees nothing of it.
    let inside2!: () => void;
    const opened2 = new Promise<void>((resolve) => (inside2 = resolve));
    const failing = worker.db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_iso values (3)`);
      inside2();
      await new Promise((resolve) => setTimeout(resolve, 200));
      throw new Error('changed my mind');
    });
    await opened2;
    const seen2 = worker.query<{ n: number }>('select count(*)::int as n from worker_iso');
    await expect(failing).rejects.toThrow('changed my mind');
    expect((await seen2).rows[0]?.n).toBe(2);
  });

  it('rolls a transaction back when a statement fails, and stays usable', async () => {
    await worker.query('create table worker_rb (n int primary key)');
    const error = (await worker.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into worker_rb values (1)`);
        await tx.execute(sql`insert into worker_rb values (1)`); // duplicate key
      })
      .catch((e: unknown) => e)) as Error & { cause?: { code?: string } };
    expect(error).toBeInstanceOf(Error);
    expect(error.cause?.code).toBe('23505');
    expect((await worker.query('select * from worker_rb')).rows).toEqual([]);

    // drizzle's tx.rollback() and a nested savepoint.
    await worker.db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_rb values (2)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into worker_rb values (3)`);
          throw new Error('inner only');
        })
        .catch(() => {});
    });
    await expect(
      worker.db.transaction(async (tx) => {
        await tx.execute(sql`insert into worker_rb values (4)`);
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect((await worker.query('select n from worker_rb order by n')).rows).toEqual([{ n: 2 }]);
  });
});

describe('PGlite in a worker thread on disk', () => {
  it('reads the PGLITE_WORKER switch of tests and benches', () => {
    expect(pgliteWorkerSetting(undefined)).toBe(undefined);
    expect(pgliteWorkerSetting('')).toBe(undefined);
    expect(pgliteWorkerSetting('1')).toBe(true);
    expect(pgliteWorkerSetting('0')).toBe(false);
  });

  it('is the default on disk, and PGlite in memory stays in this thread unless asked', async () => {
    const memory = await openDatabase({});
    expect(memory.pglite).toBeInstanceOf(PGlite);
    await memory.close();
  });

  it('keeps what it wrote across close and reopen (migrations, checkpoint, vacuum included)', () =>
    withDataDir('pglite-worker-', async (dataDir) => {
      const first = await openDatabase({ dataDir });
      expect(first.pglite).not.toBeInstanceOf(PGlite); // the worker's client
      await first.migrate();
      await first.query('create table kept (n int)');
      await first.query('insert into kept values (7)');
      await first.query('checkpoint');
      await first.query('vacuum (analyze) kept');
      await first.close();
      const again = await openDatabase({ dataDir, worker: false });
      expect((await again.query('select n from kept')).rows).toEqual([{ n: 7 }]);
      await again.close();
    }));

  // server/main.ts starts the worker before it loads the rest of the server, and builds the app
  // and runs migrations without waiting for PGlite to open (issue 7 "Cold start"). It relies on
  // PGlite holding statements until it is ready ("queries will wait", PGlite's waitReady docs).
  it('answers statements sent before PGlite has opened, in order, once it is open', () =>
    withDataDir('pglite-worker-early-', async (dataDir) => {
      const first = await openDatabase({ dataDir });
      await first.query('create table early (n int)');
      await first.close();
      const database = await openDatabase({ dataDir, startedWorker: new PgliteWorkerClient(dataDir) });
      // Sent at once, before the worker can have opened PGlite (that takes hundreds of ms).
      const insert = database.query('insert into early values (1), (2)');
      const read = database.query('select n from early order by n');
      await insert;
      expect((await read).rows).toEqual([{ n: 1 }, { n: 2 }]);
      await database.close();
    }));

  it('fails statements sent before opening with the reason PGlite could not open', () =>
    withDataDir('pglite-worker-broken-', async (dataDir) => {
      // A data directory PGlite cannot start on: its version file names no PostgreSQL it knows.
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(path.join(dataDir, 'PG_VERSION'), 'not a version\n');
      const started = new PgliteWorkerClient(dataDir);
      const database = await openDatabase({ dataDir, startedWorker: started });
      const failed = await database.query('select 1').then(
        () => null,
        (error: unknown) => error,
      );
      const opening = await started.waitReady.then(
        () => null,
        (error: unknown) => error,
      );
      expect(opening).toBeInstanceOf(Error);
      expect((failed as Error | null)?.message).toBe((opening as Error).message);
      await database.close().catch(() => {});
    }));
});
