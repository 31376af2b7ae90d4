/**
 * The catalogue version (issue 7; docs/decisions/0006-answer-cache.md): one whole number, stored in
 * the database, that grows whenever anything a shopper's answer is built from changes — products
 * (an import, the demo seed) or prices (a price check that writes a price or an "as of" time, the
 * 30-day statistics and trending scores). Answer caches follow it (server/http/answer-cache.ts):
 * a bump drops the cached answers its logged change can reach, or every one (decision 0046).
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
 * - **Each bump says what it changed** (docs/decisions/0046-answers-dropped-by-what-changed.md): a
 *   row of `catalogue_changes` per version, written by the bump's statement: anything (null), or
 *   the ASINs written and their word keys ({@link CatalogueChangeScope}). A copy that moves on one
 *   version at a time knows each change ({@link CatalogueVersion.changesBetween}); an answer cache
 *   then drops only the answers a change can reach. A step it does not know (a gap, a change older
 *   than the log) means "anything changed": every answer is dropped, as before.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db, Tx } from './db/client';
import { siteSettings } from './db/schema/site-settings.schema';
import { rowsOf } from './db/rows';

/** The `site_settings` key holding the version. */
export const CATALOGUE_VERSION_KEY = 'catalogue_version';
/**
 * The PostgreSQL NOTIFY channel a bump is announced on. The payload is JSON: `{"v": n, "asins": […],
 * "words": […]}` (the logged change; both null for "anything"), or `{"v": n}` alone when the change
 * is longer than {@link MAX_ANNOUNCED_BYTES} (a listener then reads it from `catalogue_changes`).
 */
export const CATALOGUE_VERSION_CHANNEL = 'catalogue_version';
/** Longest change sent in a NOTIFY payload, bytes (PostgreSQL's limit is 8,000). */
export const MAX_ANNOUNCED_BYTES = 7_900;

/**
 * Reads a NOTIFY payload of {@link CATALOGUE_VERSION_CHANNEL}: the version and, when the payload
 * holds it, the change (null: anything; undefined: not sent). Null for a payload it cannot read
 * (the plain number older servers sent is read as a version without its change).
 */
export function parseAnnouncement(payload: string | undefined): { version: number; scope?: CatalogueChangeScope | null } | null {
  if (payload === undefined) return null;
  if (/^\d+$/.test(payload)) return { version: Number(payload) };
  try {
    const body = JSON.parse(payload) as { v?: unknown; asins?: unknown; words?: unknown };
    const version = Number(body.v);
    if (!Number.isSafeInteger(version)) return null;
    if (!('asins' in body)) return { version };
    const strings = (x: unknown): x is string[] => Array.isArray(x) && x.every((e) => typeof e === 'string');
    if (strings(body.asins) && strings(body.words)) return { version, scope: { asins: body.asins, words: body.words } };
    return { version, scope: null };
  } catch {
    return null;
  }
}
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
 * What one bump changed, as far as cached answers need to know (decision 0046): the ASINs of the
 * products written and the {@link wordKey}s of their lexemes (products.search_vector: title, brand,
 * category name, features, stemmed; products.suggest_vector: the title's words as written) before
 * and after the write. `null` in its place means anything may have changed (an import, a delete, a
 * write that named no products).
 */
export interface CatalogueChangeScope {
  asins: readonly string[];
  words: readonly string[];
}

/**
 * Letters of a lexeme kept in a word key. An answer's keys and a change's compare by prefix
 * (server/http/answer-cache.ts `changesReach`: prefix terms match longer lexemes, stems may end
 * apart); a key may match more answers than the change reaches, which only costs a rebuild.
 */
export const WORD_KEY_LENGTH = 4;

/** The word key of a lexeme or stem: its first {@link WORD_KEY_LENGTH} characters. */
export function wordKey(lexeme: string): string {
  return [...lexeme].slice(0, WORD_KEY_LENGTH).join('');
}

/** A transaction naming more products than this is logged as "anything changed" (its words would reach most answers anyway). */
export const MAX_SCOPED_PRODUCTS = 500;

/** Versions kept in `catalogue_changes` (a few hours of minute-by-minute price checks). */
export const CHANGE_LOG_VERSIONS = 200;

/**
 * Versions whose changes each copy keeps in memory (a price check of 50 products logged 50 ASINs
 * and 457 word keys in the cache-scope bench); a cache further behind its copy than this drops
 * every answer.
 */
export const MEMORY_LOG_VERSIONS = 64;

/** `select` of the ASINs of the products whose ids are `ids` (a bigint[] expression). */
const asinsOf = (ids: SQL) => sql`select p.asin from products p where p.id = any(${ids})`;

/** `select` of the word keys of the lexemes (search and suggestion vectors) of the products whose ids are `ids`. */
const wordKeysOf = (ids: SQL) => sql`
  select left(l, ${WORD_KEY_LENGTH}) from products p
  cross join lateral unnest(tsvector_to_array(p.search_vector) || tsvector_to_array(p.suggest_vector)) l
  where p.id = any(${ids})`;

/** The word keys of products `ids` as stored now (one statement). Throws what the database throws. */
async function wordKeysNow(tx: Db | Tx, ids: readonly number[]): Promise<string[]> {
  const result = await tx.execute(
    sql`select array(select distinct k.w from (${wordKeysOf(sql`${sql.param([...ids])}::bigint[]`)}) k(w)) as words`,
  );
  return rowsOf<{ words: string[] | null }>(result)[0]?.words ?? [];
}

/**
 * What a transaction has changed so far: the products written and the word keys some of them had
 * before the write (noted with `wordsMayChange`), or null for anything.
 */
interface PendingScope {
  ids: Set<number>;
  wordsBefore: Set<string>;
}

/**
 * Adds one to the stored version inside `tx` (or as its own statement on a plain handle) and
 * answers the new number with what changed. Creates the row (version 1) on a database that has
 * none. `scope` null (the default) logs "anything changed"; otherwise the products `scope.ids` are
 * read in the same statement: the logged ASINs are theirs, and the word keys theirs now plus
 * `scope.wordsBefore` (those some had before the write). The same statement logs the change in `catalogue_changes`, deletes log
 * rows older than {@link CHANGE_LOG_VERSIONS} and sends `NOTIFY catalogue_version` with the number
 * and, when short enough, the change ({@link CATALOGUE_VERSION_CHANNEL}), which PostgreSQL delivers to listeners only when the
 * transaction commits, and never when it rolls back (PostgreSQL docs, NOTIFY). Throws what the
 * database throws.
 */
export async function bumpCatalogueVersion(
  tx: Db | Tx,
  scope: { ids: readonly number[]; wordsBefore: readonly string[] } | null = null,
): Promise<{ version: number; scope: CatalogueChangeScope | null }> {
  const ids = sql`${sql.param([...(scope?.ids ?? [])])}::bigint[]`;
  const scoped = scope !== null;
  const result = await tx.execute(sql`
    with bumped as (
      insert into site_settings (key, value, updated_at) values (${CATALOGUE_VERSION_KEY}, '1', now())
      on conflict (key) do update set value = (site_settings.value::bigint + 1)::text, updated_at = now()
      returning value
    ),
    scope as (
      select case when ${scoped} then array(
               select distinct x.a from (${asinsOf(ids)}) x(a) order by x.a) end as asins,
             case when ${scoped} then array(
               select distinct y.w from (select unnest(${sql.param([...(scope?.wordsBefore ?? [])])}::text[]) union all ${wordKeysOf(ids)}) y(w)
               order by y.w) end as words
    ),
    logged as (
      insert into catalogue_changes (version, asins, words)
      select bumped.value::bigint, scope.asins, scope.words from bumped, scope
      on conflict (version) do update set asins = excluded.asins, words = excluded.words, created_at = now()
    ),
    pruned as (
      delete from catalogue_changes where version <= (select value::bigint from bumped) - ${CHANGE_LOG_VERSIONS}
    )
    select bumped.value, scope.asins, scope.words,
           pg_notify(${CATALOGUE_VERSION_CHANNEL}, case when octet_length(announced.change) <= ${MAX_ANNOUNCED_BYTES}
                                                       then announced.change else json_build_object('v', bumped.value::bigint)::text end)
    from bumped, scope, lateral (select json_build_object('v', bumped.value::bigint, 'asins', scope.asins, 'words', scope.words)::text as change) announced`);
  const row = rowsOf<{ value: string; asins: string[] | null; words: string[] | null }>(result)[0];
  const logged = row?.asins && row.words ? { asins: row.asins, words: row.words } : null;
  return { version: Number(row?.value ?? 0), scope: logged };
}

/**
 * The changes logged for versions after `after` up to `upTo` (at most {@link CHANGE_LOG_VERSIONS}),
 * oldest first; a version missing from the answer was pruned (or its transaction has not
 * committed yet). Throws what the database throws.
 */
export async function readCatalogueChanges(
  db: Db,
  after: number,
  upTo: number,
): Promise<Array<{ version: number; scope: CatalogueChangeScope | null }>> {
  const result = await db.execute(sql`
    select version::text as version, asins, words from catalogue_changes
    where version > ${after} and version <= ${upTo} order by version limit ${CHANGE_LOG_VERSIONS}`);
  return rowsOf<{ version: string; asins: string[] | null; words: string[] | null }>(result).map((r) => ({
    version: Number(r.version),
    scope: r.asins && r.words ? { asins: r.asins, words: r.words } : null,
  }));
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

/** Where a {@link CatalogueVersion} reads the change log: {@link readCatalogueChanges}. */
export type ChangeReader = (after: number, upTo: number) => Promise<Array<{ version: number; scope: CatalogueChangeScope | null }>>;

/**
 * This process's copy of one database's version. `read` answers the stored number (a DB statement);
 * `readChanges` (optional) the logged changes between two versions; `now` is a monotonic clock in
 * ms. The copy never goes down: a read that started before a local bump committed cannot take it
 * back. It keeps the changes of the last {@link MEMORY_LOG_VERSIONS} versions it learnt, read
 * before the copy moves on, so an answer cache that sees a new number can ask what changed
 * ({@link changesBetween}).
 */
export class CatalogueVersion {
  private value: number | null = null;
  private readAt = -Infinity;
  private reading: Promise<number> | null = null;
  private readonly log = new Map<number, CatalogueChangeScope | null>();

  constructor(
    private readonly read: () => Promise<number>,
    private readonly now: () => number = () => performance.now(),
    private readonly readChanges?: ChangeReader,
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

  /**
   * This process committed a write that bumped the stored version to `version`: use it at once.
   * `scope` is what that bump logged (undefined: not known, so a cache moving past it drops everything).
   */
  advanceTo(version: number, scope?: CatalogueChangeScope | null): void {
    if (scope !== undefined) this.remember(version, scope);
    if (this.value === null || version > this.value) this.value = version;
  }

  /**
   * Another instance announced `version` (NOTIFY) with its change `scope` when the message held it
   * (undefined: not sent). When this copy then knows every change up to `version`, it moves on at
   * once; otherwise it reads the stored version and the changes up to it now, after any read
   * already under way (which may have started before that commit). Never rejects; a failed read
   * leaves the copy to the next one.
   */
  announced(version: number, scope?: CatalogueChangeScope | null): Promise<void> {
    if (scope !== undefined) this.remember(version, scope);
    if (this.value !== null && version <= this.value) return Promise.resolve();
    // Every step up to it known (the message carried its change): move on at once, no read.
    if (this.value !== null && version - this.value <= MEMORY_LOG_VERSIONS && this.changesKnown(this.value, version)) {
      this.advanceTo(version);
      return Promise.resolve();
    }
    const after = this.reading ?? Promise.resolve(0);
    return after
      .catch(() => 0)
      .then(() => (this.value !== null && version <= this.value ? this.value : this.refresh()))
      .then(
        () => {},
        () => {},
      );
  }

  /**
   * What changed from version `from` to version `to` (each version after `from` up to `to`, oldest
   * first), or null when any of them changed anything or is not known to this copy (every answer
   * built before must then go).
   */
  changesBetween(from: number, to: number): CatalogueChangeScope[] | null {
    if (to - from > MEMORY_LOG_VERSIONS) return null;
    const scopes: CatalogueChangeScope[] = [];
    for (let v = from + 1; v <= to; v += 1) {
      const scope = this.log.get(v);
      if (!scope) return null;
      scopes.push(scope);
    }
    return scopes;
  }

  /** Whether the log holds every version after `from` up to `to` (each change, or "anything"). */
  private changesKnown(from: number, to: number): boolean {
    for (let v = from + 1; v <= to; v += 1) if (!this.log.has(v)) return false;
    return true;
  }

  private remember(version: number, scope: CatalogueChangeScope | null): void {
    this.log.set(version, scope);
    if (this.log.size > MEMORY_LOG_VERSIONS) {
      const oldest = this.log.keys().next().value as number;
      this.log.delete(oldest);
    }
  }

  private refresh(): Promise<number> {
    this.reading ??= this.read()
      .then(async (stored) => {
        // Learn what changed before the copy moves on, so a cache never sees a number without its change.
        if (this.readChanges && this.value !== null && stored > this.value && stored - this.value <= MEMORY_LOG_VERSIONS) {
          let firstUnknown = this.value + 1;
          while (firstUnknown <= stored && this.log.has(firstUnknown)) firstUnknown += 1;
          if (firstUnknown <= stored)
            for (const change of await this.readChanges(firstUnknown - 1, stored))
              if (!this.log.has(change.version)) this.remember(change.version, change.scope);
        }
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
  if (!version)
    versions.set(
      db,
      (version = new CatalogueVersion(
        () => readCatalogueVersion(db),
        undefined,
        (after, upTo) => readCatalogueChanges(db, after, upTo),
      )),
    );
  return version;
}

/** Transactions opened by {@link catalogueTransaction}, and what those of them that wrote changed (null: anything). */
const openTransactions = new WeakSet<object>();
/** Those opened with `namesEveryWrite`: only there can a note be scoped to products. */
const scopedTransactions = new WeakSet<object>();
const changedTransactions = new WeakMap<object, PendingScope | null>();

/**
 * Runs `work` in one transaction on `db`; when `work` noted a catalogue write
 * ({@link noteCatalogueWrite}), bumps the version as the transaction's last statement, logging what
 * the notes named, and, after the commit, moves this process's copy on with that change.
 * `namesEveryWrite` (decision 0046) is the caller's promise that every write to products in `work`
 * is noted with the products it touches, before any write that changes a product's words (the
 * price check, an owner's edit); only then can the change be logged as those products. Without it
 * any note logs "anything changed": a write that noted nothing (an upsert of titles beside a
 * price write) can never leave a cached answer behind. Answers
 * what `work` answers; rethrows what it throws (everything rolled back, the version and its log
 * row included, and the copy unchanged).
 */
export async function catalogueTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, opts: { namesEveryWrite?: boolean } = {}): Promise<T> {
  let bumped: { version: number; scope: CatalogueChangeScope | null } | null = null;
  const result = await db.transaction(async (tx) => {
    openTransactions.add(tx);
    if (opts.namesEveryWrite) scopedTransactions.add(tx);
    const answer = await work(tx);
    if (changedTransactions.has(tx)) {
      const pending = changedTransactions.get(tx) ?? null;
      bumped = await bumpCatalogueVersion(tx, pending && { ids: [...pending.ids], wordsBefore: [...pending.wordsBefore] });
    }
    return answer;
  });
  if (bumped !== null) {
    const { version, scope } = bumped as { version: number; scope: CatalogueChangeScope | null };
    catalogueVersionOf(db).advanceTo(version, scope);
  }
  return result;
}

/**
 * Every writer of products or prices calls this with the handle it wrote through. `productIds`
 * names the products the write touches (decision 0046): cached answers that cannot hold them are
 * kept. Without it (or with more than {@link MAX_SCOPED_PRODUCTS} in one transaction) the write may
 * have changed anything and every cached answer is dropped: imports, deletes, anything that adds or
 * removes products, or changes what is not a product's own row. A writer that may change a
 * product's words (title, brand, category, features, active) notes **before** writing, with
 * `wordsMayChange`: the note then reads the words the product has, and the log holds those as well
 * as the ones it has after the write (the bump reads them).
 *
 * Inside {@link catalogueTransaction} it only marks the transaction (one bump at its end; a note
 * is scoped only in a transaction opened with `namesEveryWrite`). On a plain `db` (a write that
 * already committed) it bumps at once and moves this process's copy on. In any other transaction it
 * bumps inside it; this process then sees the bump on its next read of the stored version (about a
 * second later), because it cannot know when that transaction commits.
 */
export async function noteCatalogueWrite(
  handle: Db | Tx,
  productIds?: readonly number[],
  opts: { wordsMayChange?: boolean } = {},
): Promise<void> {
  if (openTransactions.has(handle)) {
    const pending = changedTransactions.has(handle) ? (changedTransactions.get(handle) ?? null) : undefined;
    if (pending === null) return; // already "anything"
    if (productIds === undefined || !scopedTransactions.has(handle) || (pending?.ids.size ?? 0) + productIds.length > MAX_SCOPED_PRODUCTS) {
      changedTransactions.set(handle, null);
      return;
    }
    const next = pending ?? { ids: new Set<number>(), wordsBefore: new Set<string>() };
    if (opts.wordsMayChange && productIds.length > 0) for (const w of await wordKeysNow(handle, productIds)) next.wordsBefore.add(w);
    for (const id of productIds) next.ids.add(id);
    changedTransactions.set(handle, next);
    return;
  }
  const { version, scope } = await bumpCatalogueVersion(handle);
  versions.get(handle as Db)?.advanceTo(version, scope);
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
      const announced = parseAnnouncement(message.payload);
      if (!announced) return;
      // With its change in the message the copy moves on at once; without it, after reading the log.
      void version.announced(announced.version, announced.scope).then(() => opts.onBump?.(announced.version));
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
