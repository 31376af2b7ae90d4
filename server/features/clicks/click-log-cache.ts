/**
 * Keeps this app instance's in-memory click index (click-log.ts) equal to the database, for the
 * owners' analytics (issue 13 "Speed"; decision recorded in docs/architecture.md "Click analytics").
 *
 * - Filled on the first analytics request (or 3 s after the server listens), in batches of 4,000
 *   rows by id, each read as a few JSON texts (click-analytics.queries.ts `logBatch`) and parsed here
 *   one text at a time into the columns.
 * - Before every analytics answer, {@link freshClickLogs} reads the rows added since (`id >` the
 *   highest id held: one index range scan that usually returns nothing), so an answer includes
 *   every click committed before it, whichever instance recorded it.
 * - PostgreSQL may commit a lower id after a higher one; ids skipped by a tail read are asked for
 *   again for 10 minutes (a click's transaction is one INSERT).
 * - Rows changed or deleted (a signup's deletion erases its clicks) move the `analytics_changes`
 *   counter (statement triggers, migration 0009); the affected index is then loaded again.
 */
import type { Database, Db } from '../../db/client';
import { ClickLog, FLAG_CLICKED, FLAG_EMAIL_SOURCE, campaignKey, type ClickLogColumns, type LogEntry } from './click-log';
import {
  analyticsTablesState,
  categoryClicksForLog,
  productClicksForLog,
  visitsForLog,
  type CategoryClickLogRow,
  type ProductClickLogRow,
  type VisitLogRow,
} from './click-analytics.queries';

/**
 * Rows per batch: in memory at once are the batch's JSON texts (about 130 bytes a product click,
 * 0.5 MB a batch) and the rows of one text (250) as parsed. Larger batches save little: a round trip
 * to the database costs far less than the rows' own reading.
 */
const BATCH = 4_000;
/** How long an id skipped by a tail read is asked for again. */
const GAP_WINDOW_MS = 10 * 60_000;
/** Larger jumps in ids (sequence restarts, bulk deletes) are not tracked as gaps. */
const MAX_GAP = 1_000;

type Table = 'product_clicks' | 'category_clicks' | 'site_visits';
/** A row of a batch: its id first, then the table's own fields (click-analytics.queries.ts). */
type Row = [id: number, ...rest: unknown[]];

/**
 * Whether an event came from an e-mail: `utm_source=email` or `utm_medium=email` (case and spaces
 * ignored; issue 29: a newsletter tagged utm_medium=email counted 0 before).
 */
export const isEmailTraffic = (source: string | null, medium: string | null) =>
  (source !== null && source.trim().toLowerCase() === 'email') || (medium !== null && medium.trim().toLowerCase() === 'email');
/** Epoch ms from a batch: a number, or "Infinity"/"-Infinity" for PostgreSQL's infinite timestamps. */
const epochMs = (t: number | string) => (typeof t === 'number' ? t : Number(t));

/** One table's index and how far it has read. */
class SyncedLog<R extends Row> {
  log: ClickLog;
  maxId = 0;
  changes = 0;
  /** Ids skipped by tail reads → when first skipped (ms). */
  readonly gaps = new Map<number, number>();
  /** The entry every row is written into before it is pushed (the log copies what it keeps). */
  private readonly entry: LogEntry = {
    id: 0,
    atMs: 0,
    user: null,
    key: null,
    keyLabel: null,
    keyGroup: null,
    group: null,
    campaign: null,
    flags: 0,
  };

  /**
   * @param load reads the rows with id > afterId (or exactly `ids`), oldest id first, at most
   *   `limit`, as JSON texts of rows (click-analytics.queries.ts)
   * @param toEntry writes one row into `entry` (every field of it)
   */
  constructor(
    readonly table: Table,
    private readonly columns: ClickLogColumns,
    private readonly load: (db: Db, afterId: number, limit: number, ids?: number[]) => Promise<string[]>,
    private readonly toEntry: (row: R, entry: LogEntry) => void,
  ) {
    this.log = new ClickLog(columns);
  }

  reset(changes: number): void {
    this.log = new ClickLog(this.columns);
    this.maxId = 0;
    this.changes = changes;
    this.gaps.clear();
  }

  /**
   * Pushes the rows of one batch (JSON texts, parsed one at a time), handing each to `onRow`;
   * answers how many. A tail read (`late` false) moves {@link maxId} and, when `tracking`, notes the
   * ids it skipped as gaps; a read of gaps (`late`) clears the gaps it found.
   */
  private pushAll(texts: string[], nowMs: number, late: boolean, tracking: boolean, onRow?: (row: R) => void): number {
    let n = 0;
    for (const text of texts) {
      const rows = JSON.parse(text) as R[];
      for (const row of rows) {
        const id = row[0];
        if (late) this.gaps.delete(id);
        else {
          const step = id - this.maxId;
          if (tracking && step > 1 && step <= MAX_GAP) for (let gap = this.maxId + 1; gap < id; gap++) this.gaps.set(gap, nowMs);
          this.maxId = id;
        }
        this.toEntry(row, this.entry);
        this.log.push(this.entry);
        onRow?.(row);
      }
      n += rows.length;
    }
    return n;
  }

  /**
   * Reads new rows and retried gaps, handing each to `onRow` (never kept: a first load is 1,000,000
   * rows). `expected` (the table's highest id) sizes the columns once on a first load.
   */
  async catchUp(db: Db, nowMs: number, expected: number, onRow?: (row: R) => void): Promise<void> {
    const tracking = this.maxId > 0;
    if (!tracking) this.log.reserve(expected);
    for (;;) {
      const texts = await this.load(db, this.maxId, BATCH);
      if (this.pushAll(texts, nowMs, false, tracking, onRow) < BATCH) break;
    }
    for (const [id, since] of this.gaps) if (nowMs - since > GAP_WINDOW_MS) this.gaps.delete(id);
    if (this.gaps.size > 0) {
      const late = await this.load(db, 0, this.gaps.size, [...this.gaps.keys()]);
      this.pushAll(late, nowMs, true, false, onRow);
    }
  }
}

type AnySyncedLog = SyncedLog<ProductClickLogRow> | SyncedLog<CategoryClickLogRow> | SyncedLog<VisitLogRow>;

/** The three indexes of one database. */
export interface ClickLogs {
  productClicks: ClickLog;
  categoryClicks: ClickLog;
  visits: ClickLog;
}

class ClickLogCache {
  // Each table keeps the columns its figures read (click-analytics.admin.service.ts).
  readonly product = new SyncedLog<ProductClickLogRow>('product_clicks', { campaign: false }, productClicksForLog, (r, e) => {
    e.id = r[0];
    e.atMs = epochMs(r[1]);
    e.user = r[2];
    e.key = r[3];
    e.keyLabel = r[4];
    e.keyGroup = r[5];
    e.group = r[5];
    e.campaign = null;
    e.flags = isEmailTraffic(r[6], r[8]) ? FLAG_EMAIL_SOURCE : 0;
  });
  readonly category = new SyncedLog<CategoryClickLogRow>(
    'category_clicks',
    { group: false, campaign: false },
    categoryClicksForLog,
    (r, e) => {
      e.id = r[0];
      e.atMs = epochMs(r[1]);
      e.user = r[2];
      e.key = r[3];
      e.keyLabel = r[4];
      e.keyGroup = null;
      e.group = null;
      e.campaign = null;
      e.flags = 0;
    },
  );
  /**
   * Whether visit batches say if a click names each visit: not when every click is read after them
   * in the same run (a first load), since each click row names its visit.
   */
  private visitsWithClicked = false;
  // Visits: whether there is a tracking e-mail (the anonymous flag), not which one.
  readonly visits = new SyncedLog<VisitLogRow>(
    'site_visits',
    { user: false, key: false, group: false },
    (db, afterId, limit, ids) => visitsForLog(db, afterId, limit, ids, this.visitsWithClicked),
    (r, e) => {
      e.id = r[0];
      e.atMs = epochMs(r[1]);
      e.user = r[2] ? '' : null;
      e.key = null;
      e.keyLabel = null;
      e.keyGroup = null;
      e.group = null;
      e.campaign = campaignKey(r[3], r[4], r[5]);
      e.flags = (isEmailTraffic(r[3], r[4]) ? FLAG_EMAIL_SOURCE : 0) | (r[6] ? FLAG_CLICKED : 0);
    },
  );
  private running: Promise<void> | null = null;

  /** Brings all three indexes up to date (one run at a time; callers during a run share it). */
  fresh(db: Db, nowMs: number): Promise<void> {
    this.running ??= this.sync(db, nowMs).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sync(db: Db, nowMs: number): Promise<void> {
    const state = await analyticsTablesState(db);
    const changes = state.changes;
    const changed = (log: AnySyncedLog) => (changes.get(log.table) ?? 0) !== log.changes;
    const all = [this.product, this.category, this.visits];
    // The usual case: nothing new anywhere, one statement in all.
    if (all.every((log) => !changed(log) && log.gaps.size === 0 && (state.maxIds.get(log.table) ?? 0) <= log.maxId)) return;
    // A visit's "clicked" flag comes from product_clicks: reload visits when clicks were erased.
    const reloadVisits = changed(this.visits) || changed(this.product);
    for (const log of [this.product, this.category]) if (changed(log)) log.reset(changes.get(log.table) ?? 0);
    if (reloadVisits) this.visits.reset(changes.get('site_visits') ?? 0);
    // Visits before clicks: a click names its visit, which is then already held. Visits read
    // before every click is (re)read need not ask which of them a click names.
    const expected = (log: AnySyncedLog) => state.maxIds.get(log.table) ?? 0;
    this.visitsWithClicked = this.product.maxId > 0;
    await this.visits.catchUp(db, nowMs, expected(this.visits));
    await this.category.catchUp(db, nowMs, expected(this.category));
    // A click names its visit by id: a visit read without its flag (or earlier) gets it now. A visit
    // recorded after the click that names it (two requests racing) is asked about when it is read.
    await this.product.catchUp(db, nowMs, expected(this.product), (row) => {
      if (row[7] !== null) this.markClicked(row[7]);
    });
  }

  private markClicked(visitId: number): void {
    const at = this.visits.log.positionOf(visitId);
    if (at >= 0) this.visits.log.addFlag(at, FLAG_CLICKED);
  }

  logs(): ClickLogs {
    return { productClicks: this.product.log, categoryClicks: this.category.log, visits: this.visits.log };
  }
}

const caches = new WeakMap<Database, ClickLogCache>();

/**
 * The click indexes of `database`, up to date as of now (see the module comment). One cache per
 * Database object, shared by every app built on it. Throws what the database throws.
 */
export async function freshClickLogs(database: Database, now: Date): Promise<ClickLogs> {
  let cache = caches.get(database);
  if (!cache) {
    cache = new ClickLogCache();
    caches.set(database, cache);
  }
  await cache.fresh(database.db, now.getTime());
  return cache.logs();
}
