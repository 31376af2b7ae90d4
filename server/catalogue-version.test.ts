/**
 * The catalogue version (issue 7; decision 0006) on the real test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): bumped in the writing
 * transaction and only when it commits, read at most once a second, never going back.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CatalogueVersion,
  VERSION_IDLE_MS,
  VERSION_READ_INTERVAL_MS,
  catalogueTransaction,
  catalogueVersionOf,
  noteCatalogueWrite,
  readCatalogueVersion,
} from './catalogue-version';
import type { Database, Db } from './db/client';
import { createTestDatabase } from './test-support/test-db';

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => database?.close());

describe('catalogueTransaction', () => {
  it('bumps once per writing transaction, at commit, and moves this process on at once', async () => {
    const before = await readCatalogueVersion(db);
    const version = catalogueVersionOf(db);
    expect(await version.current()).toBe(before);
    await catalogueTransaction(db, async (tx) => {
      await noteCatalogueWrite(tx);
      await noteCatalogueWrite(tx);
      expect(await readCatalogueVersion(tx as unknown as Db)).toBe(before); // not yet: bumped as the last statement
    });
    expect(await readCatalogueVersion(db)).toBe(before + 1);
    expect(await version.current()).toBe(before + 1); // no read needed: the copy moved on after commit
  });

  it('does not bump when nothing was written, nor when the transaction rolls back', async () => {
    const before = await readCatalogueVersion(db);
    await catalogueTransaction(db, async () => 'read only');
    await expect(
      catalogueTransaction(db, async (tx) => {
        await noteCatalogueWrite(tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readCatalogueVersion(db)).toBe(before);
    expect(await catalogueVersionOf(db).current()).toBe(before);
  });

  it('is seen by another handle on the same database (another app instance) on its next read', async () => {
    // A second instance's copy: its own CatalogueVersion reading the same database (PGlite or PostgreSQL).
    const seen = new CatalogueVersion(() => readCatalogueVersion(db));
    const start = await seen.current();
    await catalogueTransaction(db, async (tx) => noteCatalogueWrite(tx));
    expect(await seen.current()).toBe(start); // within the read interval: its copy
    expect(await readCatalogueVersion(db)).toBe(start + 1);
  });
});

describe('CatalogueVersion', () => {
  it('reads at most once per interval, in the background unless idle, and never goes back', async () => {
    let clock = 0;
    let stored = 5;
    let reads = 0;
    const version = new CatalogueVersion(
      async () => {
        reads += 1;
        return stored;
      },
      () => clock,
    );
    expect(await version.current()).toBe(5);
    stored = 6;
    clock += VERSION_READ_INTERVAL_MS - 1;
    expect(await version.current()).toBe(5);
    expect(reads).toBe(1);
    clock += 1; // stale but not idle: the copy now, a read behind it
    expect(await version.current()).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toBe(2);
    expect(await version.current()).toBe(6);
    stored = 7;
    clock += VERSION_IDLE_MS; // idle: the caller waits for the read
    expect(await version.current()).toBe(7);
    version.advanceTo(9); // this process committed version 9
    stored = 8; // a read that started before that commit
    clock += VERSION_IDLE_MS;
    expect(await version.current()).toBe(9);
  });

  it('shares one read between concurrent callers', async () => {
    let reads = 0;
    const version = new CatalogueVersion(async () => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 1;
    });
    expect(await Promise.all([version.current(), version.current(), version.current()])).toEqual([1, 1, 1]);
    expect(reads).toBe(1);
  });

  it('stores the number in site_settings', async () => {
    const { rows } = await database.query<{ value: string }>(`select value from site_settings where key = 'catalogue_version'`);
    expect(Number(rows[0]?.value)).toBe(await readCatalogueVersion(db));
    expect(sql).toBeDefined();
  });
});
