/**
 * The catalogue version (issue 7; docs/decisions/0006-answer-cache.md): one whole number, stored in
 * the database, that grows whenever anything a shopper's answer is built from changes — products
 * (an import, the demo seed) or prices (a price check that writes a price or an "as of" time, the
 * 30-day statistics and trending scores). Answer caches key their entries with it
 * (server/http/answer-cache.ts), so a bump invalidates every cached answer at once.
 *
 * Rules that keep cached answers from ever outliving the data they were built from:
 * - **Stored in the database** (row `catalogue_version` of `site_settings`, the number as text), so
 *   two app instances on one PostgreSQL server see each other's bumps.
 * - **Bumped in the same transaction as the write**, as its last statement ({@link catalogueTransaction}),
 *   so another instance can never read the new number before the new data is committed, and the row
 *   lock is held only for the commit.
 * - **This process's copy moves on right after its own commit** ({@link CatalogueVersion.advanceTo}),
 *   never before: a request reading the new number therefore always reads the new data.
 * - **Read from the database at most once per {@link VERSION_READ_INTERVAL_MS}** per database handle,
 *   to see other instances' bumps. An answer built from older data under an older number is harmless.
 * - **On PostgreSQL, announced as well** (docs/decisions/0045-catalogue-version-notify.md): every
 *   bump sends `NOTIFY catalogue_version` with the new number in its transaction, which PostgreSQL
 *   delivers only after the commit; each instance holds one connection that LISTENs
 *   ({@link listenForCatalogueBumps}) and moves its copy on when the message arrives (milliseconds
 *   instead of up to a read interval). The read stays as the fallback for a lost connection.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db, Tx } from './db/client';
import { siteSettings } from './db/schema/site-settings.schema';
import { rowsOf } from './db/rows';

/** The `site_settings` key holding the version. */
export const CATALOGUE_VERSION_KEY = 'catalogue_version';
/** The PostgreSQL NOTIFY channel a bump is announced on; the payload is the new number as text. */
export const CATALOGUE_VERSION_CHANNEL = 'catalogue_version';
/** An instance reads the stored version at most this often, ms. */
export const VERSION_READ_INTERVAL_MS = 1000;
/**
 * A copy older than the read interval but younger than this, ms, is used at once while one read
 * runs in the background; only an older copy (a server that sat idle) makes the request wait for
 * the read. Under load the copy is therefore at most one interval plus one read old, and a cache
 * hit never queues behind the database (on PostgreSQL the read shares the pool with the misses; on
 * PGlite the one statement queue).
 */
export const VERSION_IDLE_MS = 10_000;

/**
 * Adds one to the stored version inside `tx` (or as its own statement on a plain handle) and
 * answers the new number. Creates the row (version 1) on a database that has none. In the same
 * statement it sends `NOTIFY catalogue_version, '<number>'` ({@link CATALOGUE_VERSION_CHANNEL}),
 * which PostgreSQL delivers to listeners only when the transaction commits, and never when it rolls
 * back (PostgreSQL docs, NOTIFY). Throws what the database throws.
 */
export async function bumpCatalogueVersion(tx: Db | Tx): Promise<number> {
  const result = await tx.execute(sql`
    with bumped as (
      insert into site_settings (key, value, updated_at) values (${CATALOGUE_VERSION_KEY}, '1', now())
      on conflict (key) do update set value = (site_settings.value::bigint + 1)::text, updated_at = now()
      returning value
    )
    select value, pg_notify(${CATALOGUE_VERSION_CHANNEL}, value) from bumped`);
  return Number(rowsOf<{ value: string }>(result)[0]?.value ?? 0);
}

/** The stored version; 0 when nothing has bumped it yet. Throws what the database throws. */
export async function readCatalogueVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, CATALOGUE_VERSION_KEY))
    .limit(1);
  return row ? Number(row.value) : 0;
}

/**
 * This process's copy of one database's version. `read` answers the stored number (a DB statement);
 * `now` is a monotonic clock in ms. The copy never goes down: a read that started before a local
 * bump committed cannot take it back.
 */
export class CatalogueVersion {
  private value: number | null = null;
  private readAt = -Infinity;
  private reading: Promise<number> | null = null;

  constructor(
    private readonly read: () => Promise<number>,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * The version to key answers with: the copy while it is younger than the read interval; up to
   * {@link VERSION_IDLE_MS} the copy, with one read started in the background; else (first use, or
   * idle) waits for a read. Concurrent callers share one read. Rejects when that read fails.
   */
  async current(): Promise<number> {
    const age = this.now() - this.readAt;
    if (this.value !== null && age < VERSION_READ_INTERVAL_MS) return this.value;
    if (this.value !== null && age < VERSION_IDLE_MS) {
      this.refresh().catch(() => {}); // a failed read is retried by the next caller; past idle, it rejects
      return this.value;
    }
    return this.refresh();
  }

  /** This process committed a write that bumped the stored version to `version`: use it at once. */
  advanceTo(version: number): void {
    if (this.value === null || version > this.value) this.value = version;
  }

  private refresh(): Promise<number> {
    this.reading ??= this.read()
      .then((stored) => {
        this.advanceTo(stored);
        this.readAt = this.now();
        return this.value as number;
      })
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }
}

const versions = new WeakMap<Db, CatalogueVersion>();

/** The one {@link CatalogueVersion} of this database handle in this process (created on first use). */
export function catalogueVersionOf(db: Db): CatalogueVersion {
  let version = versions.get(db);
  if (!version) versions.set(db, (version = new CatalogueVersion(() => readCatalogueVersion(db))));
  return version;
}

/** Transactions opened by {@link catalogueTransaction}, and those of them that wrote. */
const openTransactions = new WeakSet<object>();
const changedTransactions = new WeakSet<object>();

/**
 * Runs `work` in one transaction on `db`; when `work` noted a catalogue write
 * ({@link noteCatalogueWrite}), bumps the version as the transaction's last statement and, after
 * the commit, moves this process's copy on. Answers what `work` answers; rethrows what it throws
 * (everything rolled back, the version included, and the copy unchanged).
 */
export async function catalogueTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  let bumped: number | null = null;
  const result = await db.transaction(async (tx) => {
    openTransactions.add(tx);
    const answer = await work(tx);
    if (changedTransactions.has(tx)) bumped = await bumpCatalogueVersion(tx);
    return answer;
  });
  if (bumped !== null) catalogueVersionOf(db).advanceTo(bumped);
  return result;
}

/**
 * Every writer of products or prices calls this with the handle it wrote through. Inside
 * {@link catalogueTransaction} it only marks the transaction (one bump at its end). On a plain `db`
 * (a write that already committed) it bumps at once and moves this process's copy on. In any other
 * transaction it bumps inside it; this process then sees the bump on its next read of the stored
 * version (about a second later), because it cannot know when that transaction commits.
 */
export async function noteCatalogueWrite(handle: Db | Tx): Promise<void> {
  if (openTransactions.has(handle)) {
    changedTransactions.add(handle);
    return;
  }
  const version = await bumpCatalogueVersion(handle);
  versions.get(handle as Db)?.advanceTo(version);
}

/** How long the listener waits before connecting again after losing its connection, ms (doubling up to the maximum). */
export const LISTEN_RETRY_MS = { first: 500, max: 30_000 };

/** What {@link listenForCatalogueBumps} answers. */
export interface CatalogueBumpListener {
  /** Resolves once the first LISTEN is in place (or failed: the read interval then covers). Never rejects. */
  ready: Promise<void>;
  /** Stops listening and closes the connection. Never rejects. */
  stop(): Promise<void>;
}

/**
 * Keeps one PostgreSQL connection (its own `pg.Client`, outside the pool, with the pool's settings)
 * that LISTENs on {@link CATALOGUE_VERSION_CHANNEL}; each message moves this process's copy of
 * `database`'s version ({@link catalogueVersionOf}) on to the announced number, so another
 * instance's import, price write or rename reaches this instance's answer caches within
 * milliseconds of its commit. A lost connection is reopened after {@link LISTEN_RETRY_MS} (doubling);
 * meanwhile, and for bumps sent while it was away, the read of the stored version every
 * {@link VERSION_READ_INTERVAL_MS} still applies. On PGlite (one process per data directory, so no
 * other instance) it does nothing. `onBump(version)` is told of each message (tests, logs). The
 * log receives the error's code only (no SQL, no data). Decision 0045.
 */
export function listenForCatalogueBumps(
  database: Pick<Database, 'db' | 'pool'>,
  opts: { log?: (message: string) => void; onBump?: (version: number) => void } = {},
): CatalogueBumpListener {
  const pool = database.pool;
  if (!pool) return { ready: Promise.resolve(), stop: async () => {} };
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let delay = LISTEN_RETRY_MS.first;
  const version = catalogueVersionOf(database.db);

  const again = (error: unknown) => {
    if (stopped || retry) return;
    const code = (error as { code?: string } | null)?.code ?? (error instanceof Error ? error.name : 'closed');
    opts.log?.(`[db] the catalogue-version listener lost its connection (${code}); reconnecting in ${delay} ms`);
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, LISTEN_RETRY_MS.max);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ ...pool.options });
    next.on('notification', (message) => {
      if (message.channel !== CATALOGUE_VERSION_CHANNEL) return;
      const announced = Number(message.payload);
      if (!Number.isSafeInteger(announced)) return;
      version.advanceTo(announced);
      opts.onBump?.(announced);
    });
    next.on('error', (error) => {
      if (client === next) client = null;
      next.end().catch(() => {});
      again(error);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CATALOGUE_VERSION_CHANNEL}`);
      if (stopped) {
        await next.end();
        return;
      }
      client = next;
      delay = LISTEN_RETRY_MS.first;
      next.once('end', () => {
        if (client === next) {
          client = null;
          again(null);
        }
      });
    } catch (error) {
      next.end().catch(() => {});
      again(error);
    }
  };

  const ready = connect();
  return {
    ready,
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}
