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
  listenForCatalogueBumps,
  LISTEN_RETRY_MS,
  MAX_ANNOUNCED_BYTES,
  noteCatalogueWrite,
  parseAnnouncement,
  readCatalogueChanges,
  readCatalogueVersion,
} from './catalogue-version';
import { openDatabase, type Database, type Db } from './db/client';
import { createTestDatabase } from './test-support/test-db';
import { seedProducts } from './features/products/products.test-seed';

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

/** Resolves with the first value `take` accepts from the list as it grows, or rejects after `ms`. */
async function waitFor<T>(list: T[], take: (v: T) => boolean, ms: number): Promise<T> {
  const deadline = performance.now() + ms;
  for (;;) {
    const found = list.find(take);
    if (found !== undefined) return found;
    if (performance.now() > deadline) throw new Error(`not seen within ${ms} ms (seen: ${JSON.stringify(list)})`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('what a bump logs (decision 0046)', () => {
  it('logs a note that names products as "anything" unless the transaction promises to name every write', async () => {
    const [seeded] = await seedProducts(db, [{ title: 'Scoped Kettle', pricePence: 1000 }]);
    const { id, asin } = seeded as { id: number; asin: string };
    const start = await readCatalogueVersion(db);
    await catalogueTransaction(db, async (tx) => noteCatalogueWrite(tx, [id]));
    await catalogueTransaction(db, async (tx) => noteCatalogueWrite(tx, [id]), { namesEveryWrite: true });
    await catalogueTransaction(
      db,
      async (tx) => {
        await noteCatalogueWrite(tx, [id]);
        await noteCatalogueWrite(tx); // a write naming nothing makes the whole transaction "anything"
      },
      { namesEveryWrite: true },
    );
    expect(await readCatalogueChanges(db, start, start + 3)).toEqual([
      { version: start + 1, scope: null },
      { version: start + 2, scope: { asins: [asin], words: expect.arrayContaining(['scop', 'kett']) } },
      { version: start + 3, scope: null },
    ]);
  });
});

describe('parseAnnouncement (decision 0046)', () => {
  it('reads the number, the change, "anything", or the number alone; nothing from a payload it cannot read', () => {
    expect(parseAnnouncement('{"v":7,"asins":["B0X"],"words":["kett"]}')).toEqual({
      version: 7,
      scope: { asins: ['B0X'], words: ['kett'] },
    });
    expect(parseAnnouncement('{"v":8,"asins":null,"words":null}')).toEqual({ version: 8, scope: null });
    expect(parseAnnouncement('{"v":9}')).toEqual({ version: 9 });
    expect(parseAnnouncement('10')).toEqual({ version: 10 });
    expect(parseAnnouncement('{"v":"x"}')).toBeNull();
    expect(parseAnnouncement('not json')).toBeNull();
    expect(parseAnnouncement(undefined)).toBeNull();
  });
});

// Decision 0045: another instance (its own pool on the same PostgreSQL database) learns of a bump
// when it commits, through LISTEN/NOTIFY, instead of at its next read a second later.
describe.skipIf(!process.env.TEST_DATABASE_URL)('listenForCatalogueBumps (PostgreSQL)', () => {
  let other: Database;
  const bumps: number[] = [];
  let listener: ReturnType<typeof listenForCatalogueBumps>;
  const logged: string[] = [];

  beforeAll(async () => {
    other = await openDatabase({ databaseUrl: database.pool?.options.connectionString as string });
    listener = listenForCatalogueBumps(other, { onBump: (v) => bumps.push(v), log: (m) => logged.push(m) });
    await listener.ready;
  });
  afterAll(async () => {
    await listener?.stop();
    await other?.close();
  });

  it("moves the other instance's copy on at the commit, well inside its read interval, and never for a rollback", async () => {
    const copy = catalogueVersionOf(other.db);
    const start = await copy.current(); // a fresh read: without the message the copy stays for 1 s
    const readAt = performance.now();
    await expect(
      catalogueTransaction(db, async (tx) => {
        await noteCatalogueWrite(tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await catalogueTransaction(db, async (tx) => noteCatalogueWrite(tx));
    const committed = await readCatalogueVersion(db);
    expect(committed).toBe(start + 1); // the rolled-back bump took no number
    await waitFor(bumps, (v) => v === committed, 900);
    expect(performance.now() - readAt).toBeLessThan(VERSION_READ_INTERVAL_MS); // so no read explains it
    expect(await copy.current()).toBe(committed);
    expect(bumps).not.toContain(start + 2);
  });

  it('gives the other instance what the bump changed with its number (decision 0046)', async () => {
    const [seeded] = await seedProducts(db, [{ title: 'Notify Kettle', pricePence: 1000 }]);
    const { id, asin } = seeded as { id: number; asin: string };
    const seededAt = await readCatalogueVersion(db);
    await waitFor(bumps, (v) => v === seededAt, 900);
    const copy = catalogueVersionOf(other.db);
    const start = await copy.current();
    const readAt = performance.now();
    await catalogueTransaction(db, async (tx) => noteCatalogueWrite(tx, [id]), { namesEveryWrite: true });
    await catalogueTransaction(db, async (tx) => noteCatalogueWrite(tx));
    await waitFor(bumps, (v) => v === start + 2, 900);
    expect(performance.now() - readAt).toBeLessThan(VERSION_READ_INTERVAL_MS); // heard, not read a second later
    expect(copy.changesBetween(start, start + 1)).toEqual([{ asins: [asin], words: expect.arrayContaining(['noti', 'kett']) }]);
    expect(copy.changesBetween(start, start + 2)).toBeNull(); // the second named nothing: anything changed
  });

  it('reads a change too long for the message from the log before its copy moves on', async () => {
    // 300 products of made-up words: far more word keys than a NOTIFY payload holds.
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const code = (m: number) => Array.from({ length: 4 }, (_, k) => letters[Math.floor(m / 26 ** k) % 26]).join('');
    const made = (n: number) => Array.from({ length: 4 }, (_, k) => `${code(n * 4 + k + 1000)}zz`);
    const seeded = await seedProducts(
      db,
      Array.from({ length: 300 }, (_, n) => ({ title: made(n).join(' '), pricePence: 1000 + n })),
    );
    const seededAt = await readCatalogueVersion(db);
    await waitFor(bumps, (v) => v === seededAt, 900);
    const copy = catalogueVersionOf(other.db);
    const start = await copy.current();
    await catalogueTransaction(
      db,
      async (tx) =>
        noteCatalogueWrite(
          tx,
          seeded.map((p) => p.id),
        ),
      { namesEveryWrite: true },
    );
    await waitFor(bumps, (v) => v === start + 1, 900);
    const [change] = copy.changesBetween(start, start + 1) ?? [];
    expect(change?.asins).toHaveLength(300);
    expect(JSON.stringify(change).length).toBeGreaterThan(MAX_ANNOUNCED_BYTES);
  });

  it('reconnects after its connection is cut, and hears the next bump', async () => {
    const { rows } = await database.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and query = 'LISTEN catalogue_version'`,
    );
    expect(rows[0]?.n).toBe(1);
    await waitFor(logged, (m) => m.includes('lost its connection'), 2_000);
    // Bump until one is heard: bumps sent before the new LISTEN are (by design) left to the read.
    const deadline = performance.now() + LISTEN_RETRY_MS.first + 3_000;
    let heard = false;
    while (!heard && performance.now() < deadline) {
      await catalogueTransaction(db, async (tx) => noteCatalogueWrite(tx));
      const v = await readCatalogueVersion(db);
      heard = await waitFor(bumps, (b) => b === v, 200).then(
        () => true,
        () => false,
      );
    }
    expect(heard).toBe(true);
    expect(logged.join(' ')).not.toMatch(/select|insert|catalogue_version'/i); // the error's code, no SQL
  });

  it('hears nothing once stopped, and its connection is gone', async () => {
    await listener.stop();
    await catalogueTransaction(db, async (tx) => noteCatalogueWrite(tx));
    const v = await readCatalogueVersion(db);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bumps).not.toContain(v);
    const { rows } = await database.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and query = 'LISTEN catalogue_version'`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
