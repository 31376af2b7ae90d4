/**
 * Keeps this app instance's in-memory click index (click-log.ts) equal to the database, for the
 * owners' analytics (issue 13 "Speed"; decision recorded in docs/architecture.md "Click analytics").
 *
 * - Filled on the first analytics request (or 3 s after the server listens), in batches of 2,000 rows by id.
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
  clickedVisitIds,
  productClicksForLog,
  visitIdsOfRefs,
  visitsForLog,
  type LogRow,
} from './click-analytics.queries';

/**
 * Rows per batch: small, so that little of a batch in flight survives a young-generation collection
 * into the old generation (10,000-row batches left the server about 11 MB more RSS after a fill of
 * 2,100,000 rows, at the same speed).
 */
const BATCH = 2_000;
/** How long an id skipped by a tail read is asked for again. */
const GAP_WINDOW_MS = 10 * 60_000;
/** Larger jumps in ids (sequence restarts, bulk deletes) are not tracked as gaps. */
const MAX_GAP = 1_000;

type Table = 'product_clicks' | 'category_clicks' | 'site_visits';

const isEmailSource = (source: string | null) => source !== null && source.trim().toLowerCase() === 'email';

/** One table's index and how far it has read. */
class SyncedLog {
  log: ClickLog;
  maxId = 0;
  changes = 0;
  /** Ids skipped by tail reads → when first skipped (ms). */
  readonly gaps = new Map<number, number>();

  /**
   * @param load reads the rows with id > afterId (or exactly `ids`), oldest id first, at most `limit`
   * @param entry one row as an index entry (made per row as it is pushed, never kept)
   */
  constructor(
    readonly table: Table,
    private readonly columns: ClickLogColumns,
    private readonly load: (db: Db, afterId: number, limit: number, ids?: number[]) => Promise<LogRow[]>,
    private readonly entry: (row: LogRow) => LogEntry,
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
   * Reads new rows and retried gaps, handing each to `onRow` (never kept: a first load is 1,000,000
   * rows). `expected` (the table's highest id) sizes the columns once on a first load.
   */
  async catchUp(db: Db, nowMs: number, expected: number, onRow: (row: LogRow) => void = () => {}): Promise<void> {
    const tracking = this.maxId > 0;
    if (!tracking) this.log.reserve(expected);
    for (;;) {
      const rows = await this.load(db, this.maxId, BATCH);
      for (const row of rows) {
        if (tracking && row.id - this.maxId > 1 && row.id - this.maxId <= MAX_GAP) {
          for (let id = this.maxId + 1; id < row.id; id++) this.gaps.set(id, nowMs);
        }
        this.log.push(this.entry(row));
        this.maxId = row.id;
        onRow(row);
      }
      if (rows.length < BATCH) break;
    }
    for (const [id, since] of this.gaps) if (nowMs - since > GAP_WINDOW_MS) this.gaps.delete(id);
    if (this.gaps.size > 0) {
      const late = await this.load(db, 0, this.gaps.size, [...this.gaps.keys()]);
      for (const row of late) {
        this.gaps.delete(row.id);
        this.log.push(this.entry(row));
        onRow(row);
      }
    }
  }
}

/** The three indexes of one database. */
export interface ClickLogs {
  productClicks: ClickLog;
  categoryClicks: ClickLog;
  visits: ClickLog;
}

class ClickLogCache {
  // Each table keeps the columns its figures read (click-analytics.admin.service.ts).
  readonly product = new SyncedLog('product_clicks', { campaign: false }, productClicksForLog, (r) => ({
    id: r.id,
    atMs: r.t,
    user: r.email,
    key: r.k,
    keyLabel: r.label,
    keyGroup: r.grp,
    group: r.grp,
    campaign: null,
    flags: isEmailSource(r.src) ? FLAG_EMAIL_SOURCE : 0,
  }));
  readonly category = new SyncedLog('category_clicks', { group: false, campaign: false }, categoryClicksForLog, (r) => ({
    id: r.id,
    atMs: r.t,
    user: r.email,
    key: r.k,
    keyLabel: r.label,
    group: null,
    campaign: null,
    flags: 0,
  }));
  // Visits: whether there is a tracking e-mail (the anonymous flag), not which one.
  readonly visits = new SyncedLog('site_visits', { user: false, key: false, group: false }, visitsForLog, (r) => ({
    id: r.id,
    atMs: r.t,
    user: r.email,
    key: null,
    group: null,
    campaign: campaignKey(r.src, r.med, r.cmp),
    flags: isEmailSource(r.src) ? FLAG_EMAIL_SOURCE : 0,
  }));
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
    const changed = (log: SyncedLog) => (changes.get(log.table) ?? 0) !== log.changes;
    const all = [this.product, this.category, this.visits];
    // The usual case: nothing new anywhere, one statement in all.
    if (all.every((log) => !changed(log) && log.gaps.size === 0 && (state.maxIds.get(log.table) ?? 0) <= log.maxId)) return;
    // A visit's "clicked" flag comes from product_clicks: reload visits when clicks were erased.
    const reloadVisits = changed(this.visits) || changed(this.product);
    for (const log of [this.product, this.category]) if (changed(log)) log.reset(changes.get(log.table) ?? 0);
    if (reloadVisits) this.visits.reset(changes.get('site_visits') ?? 0);
    // Visits before clicks: a click names its visit, which is then already held.
    const expected = (log: SyncedLog) => state.maxIds.get(log.table) ?? 0;
    const visitsFrom = this.visits.maxId;
    await this.visits.catchUp(db, nowMs, expected(this.visits));
    if (this.visits.maxId > visitsFrom) for (const id of await clickedVisitIds(db, visitsFrom)) this.markClicked(id);
    await this.category.catchUp(db, nowMs, expected(this.category));
    // Clicks of the last 10 minutes (or any after the first load) may name a visit held without its flag.
    const refs = new Set<string>();
    const firstLoad = this.product.maxId === 0;
    await this.product.catchUp(db, nowMs, expected(this.product), (row) => {
      if (row.ref && (!firstLoad || nowMs - row.t < GAP_WINDOW_MS)) refs.add(row.ref);
    });
    for (const id of await visitIdsOfRefs(db, [...refs])) this.markClicked(id);
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
