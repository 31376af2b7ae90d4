/**
 * Named statements on PGlite (pglite-named.mjs; docs/decisions/0017-uncached-search.md): a SQL text
 * registered with `nameStatement` answers exactly as the same text sent unnamed, on PGlite in this
 * thread and in the worker; it is parsed once and then planned generically; errors keep their class
 * and fields and leave the statement usable; it waits for an open transaction like any statement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { messages } from '@electric-sql/pglite';
import { nameStatement, openDatabase, type Database } from '../client';

const items = pgTable('named_items', {
  id: serial('id').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  pence: integer('pence'),
  data: jsonb('data').$type<unknown>(),
  tags: text('tags').array(),
  note: text('note'),
});

const CREATE = `create table named_items (id serial primary key, at timestamptz not null, pence integer, data jsonb,
  tags text[], note text)`;

/** A drizzle statement with placeholders, as the products feature builds them. */
function statementOf(database: Database) {
  return database.db
    .select()
    .from(items)
    .where(sql`${items.pence} <= ${sql.placeholder('max')} and ${items.note} like ${sql.placeholder('like')}`)
    .orderBy(asc(items.id))
    .prepare('');
}

async function preparedNames(database: Database): Promise<Array<{ name: string; generic_plans: number }>> {
  return (await database.query<{ name: string; generic_plans: number }>('select name, generic_plans from pg_prepared_statements')).rows;
}

describe.each([
  ['in this thread', false],
  ['in the worker thread', true],
])('named statements on PGlite %s', (_label, worker) => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ worker });
    await database.query(CREATE);
    await database.db.insert(items).values([
      { at: new Date('2024-03-31T00:59:59.123Z'), pence: 100, data: { a: [1, 'two'] }, tags: ['a', 'b c', '"q"'], note: 'apple' },
      { at: new Date(0), pence: 250, data: null, tags: [], note: 'apricot — é🚀' },
      { at: new Date('2025-01-01T00:00:00Z'), pence: null, data: [1], tags: null, note: 'banana' },
    ]);
  });
  afterAll(() => database?.close());

  it('answers exactly as the unnamed statement, parsed once and then planned generically', async () => {
    const statement = statementOf(database);
    const unnamed = [];
    for (const [max, like] of [
      [1000, 'ap%'],
      [150, '%'],
      [0, '%'],
    ] as const)
      unnamed.push(await statement.execute({ max, like }));
    expect(await preparedNames(database)).toEqual([]);

    nameStatement(database.db, statement.getQuery().sql, 'named_items_by_price');
    const named = [];
    for (const [max, like] of [
      [1000, 'ap%'],
      [150, '%'],
      [0, '%'],
    ] as const)
      named.push(await statement.execute({ max, like }));
    expect(named).toEqual(unnamed);
    expect(named[0]).toHaveLength(2);
    expect(named[0]?.[0]?.at).toBeInstanceOf(Date);
    expect(named[0]?.[0]?.at.toISOString()).toBe('2024-03-31T00:59:59.123Z');
    expect(named[0]?.[0]?.tags).toEqual(['a', 'b c', '"q"']);
    expect(named[0]?.[1]?.note).toBe('apricot — é🚀');

    for (let i = 0; i < 6; i++) await statement.execute({ max: 1000, like: '%' });
    const [entry] = await preparedNames(database);
    expect(entry?.name).toBe('named_items_by_price');
    expect(entry?.generic_plans).toBeGreaterThan(0);
    // Other statements stay unnamed.
    expect((await database.query<{ n: number }>('select count(*)::int as n from named_items')).rows).toEqual([{ n: 3 }]);
    expect(await preparedNames(database)).toHaveLength(1);
  });

  it('throws a database error with its fields and stays usable', async () => {
    const sqlText = 'select 10 / $1::int as q';
    nameStatement(database.db, sqlText, 'named_division');
    const error = await database.query(sqlText, [0]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(messages.DatabaseError);
    expect((error as { code?: string }).code).toBe('22012');
    expect((await database.query(sqlText, [5])).rows).toEqual([{ q: 2 }]);
  });

  it('waits for an open transaction and sees only its outcome', async () => {
    const sqlText = 'select count(*)::int as n from named_items where pence >= $1';
    nameStatement(database.db, sqlText, 'named_count');
    expect((await database.query(sqlText, [0])).rows).toEqual([{ n: 2 }]);
    const events: string[] = [];
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    const committing = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into named_items (at, pence, note) values (now(), 5, 'cherry')`);
      // Inside the transaction the registered text runs unnamed, and sees the transaction's row.
      const counted = (await tx.execute(sql`select count(*)::int as n from named_items where pence >= ${0}`)) as unknown as {
        rows: unknown[];
      };
      expect(counted.rows).toEqual([{ n: 3 }]);
      inside();
      await new Promise((resolve) => setTimeout(resolve, 200));
      events.push('transaction body done');
    });
    await opened;
    const seen = database.query<{ n: number }>(sqlText, [0]).then((r) => {
      events.push('named read');
      return r.rows[0]?.n;
    });
    await committing;
    expect(await seen).toBe(3);
    expect(events).toEqual(['transaction body done', 'named read']);
  });
});
