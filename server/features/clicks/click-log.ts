/**
 * An in-memory, column-wise copy of one analytics table (product clicks, category clicks or site
 * visits) for the owners' analytics (issue 13 "Speed": every analytics endpoint p95 ≤ 100 ms at
 * 1,000,000 clicks; "an export of all of them streams with the server under 300 MB RSS"). Each event
 * is a few numbers in typed arrays; the strings (e-mails, ASINs, categories, campaigns) are held once
 * each in dictionaries, and an event holds their indexes. Columns are as narrow as the data allows:
 *
 * - id: by runs of consecutive ids, 12 bytes a run ({@link ClickLog.idAt}): a table is loaded in id
 *   order and its ids are consecutive but where inserts rolled back or rows were erased (one run for
 *   each of the bench's tables), so most events take no room for their id (a Uint32Array column
 *   took 4 bytes an event, 8.4 MB of the bench's 2,100,000);
 * - time: Float64Array of epoch milliseconds (8 bytes; PostgreSQL's microseconds kept as the
 *   fraction, so events order as the database orders them);
 * - user, key, group, campaign: dictionary indexes (-1 = null) in an Int16Array (2 bytes), widened
 *   to an Int32Array once the dictionary passes 32,767 entries; a table keeps only the columns its
 *   figures read ({@link ClickLogColumns}), the others stay empty;
 * - flags: Uint8Array (1 byte).
 *
 * Product clicks (time, user, key, group, flags) take 15 bytes an event, visits (time, campaign,
 * flags) 11, category clicks (time, user, key, flags) 13: about 27 MB for 1,000,000 clicks,
 * 1,000,000 visits and 100,000 category clicks, and a scan of all of them for any date range takes
 * a few milliseconds.
 *
 * This module only holds the data; click-log-cache.ts keeps it equal to the database.
 */

/** Flag: the event carried utm_source=email or utm_medium=email (case-insensitive). */
export const FLAG_EMAIL_SOURCE = 1;
/** Flag (visits): a click to Amazon came from this visit. */
export const FLAG_CLICKED = 2;
/** Flag: the event has no tracking e-mail (anonymous), set by {@link ClickLog.push} whether or not the user column is kept. */
export const FLAG_ANONYMOUS = 4;

/** One event as loaded from the database. `null` strings are stored as index -1. */
export interface LogEntry {
  id: number;
  /** Epoch milliseconds. */
  atMs: number;
  user: string | null;
  key: string | null;
  /** The key's label as of this event (a product title, a category name); the latest wins. */
  keyLabel?: string | null;
  /** A second label of the key (a product's category); the latest non-null wins. */
  keyGroup?: string | null;
  /** A grouping of the event itself (a product click's category). */
  group: string | null;
  /** The campaign as `source\u0001medium\u0001campaign`, or null when no utm parameter was set. */
  campaign: string | null;
  flags: number;
}

/**
 * The order of `String.prototype.localeCompare` without arguments (the default locale and options),
 * made once: `localeCompare` sets up a collator on every call.
 */
export const nameCollator = new Intl.Collator();

/** Strings ↔ dense indexes. */
export class Dictionary {
  readonly values: string[] = [];
  private readonly index = new Map<string, number>();
  private ranks: Int32Array | null = null;

  /**
   * Per index: the value's place in {@link nameCollator} order (values the collator finds equal
   * share a place). Sorted once and kept until a value is added: ranking 20,000 addresses with many
   * equal counts by comparing their strings took about 25 ms a request.
   */
  collationRanks(): Int32Array {
    if (this.ranks?.length === this.values.length) return this.ranks;
    const order = this.values.map((_, i) => i).sort((a, b) => nameCollator.compare(this.values[a] as string, this.values[b] as string));
    const ranks = new Int32Array(this.values.length);
    for (let n = 1; n < order.length; n++) {
      const same = nameCollator.compare(this.values[order[n - 1] as number] as string, this.values[order[n] as number] as string) === 0;
      ranks[order[n] as number] = same ? (ranks[order[n - 1] as number] as number) : n;
    }
    this.ranks = ranks;
    return ranks;
  }

  /** The index of `value`, adding it when new; -1 for null. */
  intern(value: string | null): number {
    if (value === null) return -1;
    let i = this.index.get(value);
    if (i === undefined) {
      i = this.values.length;
      this.values.push(value);
      this.index.set(value, i);
    }
    return i;
  }

  get size(): number {
    return this.values.length;
  }
}

/** Which dictionary columns a table keeps (default: all). A column not kept stays empty and its dictionary unused. */
export interface ClickLogColumns {
  user?: boolean;
  key?: boolean;
  group?: boolean;
  campaign?: boolean;
}

type Column = Float64Array | Int32Array | Int16Array | Uint8Array;
/** A dictionary index column: 2 bytes an event while its dictionary has ≤ 32,767 entries. */
type IndexColumn = Int16Array | Int32Array;

const INT16_MAX = 32_767;

/** A copy of `array` with room for `size` entries (the first `length` copied). */
function resized<T extends Column>(array: T, size: number, length: number): T {
  const next = new (array.constructor as new (n: number) => T)(size);
  next.set(array.subarray(0, length) as never);
  return next;
}

/** `array` as an Int32Array of the same length once `index` no longer fits an Int16Array. */
function widenIndex(array: IndexColumn, index: number): IndexColumn {
  return index > INT16_MAX && array instanceof Int16Array ? Int32Array.from(array) : array;
}

/** The columns of one table's events, in load order (mostly, not strictly, by time). */
export class ClickLog {
  length = 0;
  atMs = new Float64Array(0);
  user: IndexColumn = new Int16Array(0);
  key: IndexColumn = new Int16Array(0);
  group: IndexColumn = new Int16Array(0);
  campaign: IndexColumn = new Int16Array(0);
  flags = new Uint8Array(0);
  readonly users = new Dictionary();
  readonly keys = new Dictionary();
  /** Per key index: its latest label and group (e.g. a product's title and category). */
  readonly keyLabels: (string | null)[] = [];
  readonly keyGroups: (string | null)[] = [];
  readonly groups = new Dictionary();
  readonly campaigns = new Dictionary();
  /** Per block of 2^{@link blockBits} events: how many times one of its events was changed in place ({@link addFlag}). */
  readonly blockEdits: number[] = [];
  /** Per block: the earliest and latest event time (epoch ms) among its events. */
  readonly blockMinAt: number[] = [];
  readonly blockMaxAt: number[] = [];
  /** Room for this many events in every column. */
  private capacity = 0;
  /** Runs of consecutive ids: run r starts at position runStarts[r] with id runIds[r] (exact to 2^53). */
  private runStarts = new Int32Array(0);
  private runIds = new Float64Array(0);
  private runCount = 0;
  private readonly keep: Required<ClickLogColumns>;

  /**
   * @param columns the dictionary columns this table keeps (default all)
   * @param blockBits events per block as a power of two (default 2^16 = 65,536): the unit of the
   *   counts' block summaries (click-log-counts.ts)
   */
  constructor(
    columns: ClickLogColumns = {},
    readonly blockBits = 16,
  ) {
    this.keep = { user: true, key: true, group: true, campaign: true, ...columns };
  }

  /** Sets `flag` on the event at `position`, noting the change for its block's summary. */
  addFlag(position: number, flag: number): void {
    const flags = this.flags[position] as number;
    if ((flags & flag) === flag) return;
    this.flags[position] = flags | flag;
    const block = Math.floor(position / 2 ** this.blockBits);
    this.blockEdits[block] = (this.blockEdits[block] ?? 0) + 1;
  }

  /** Makes room for `size` events in all, so a first load allocates each column once. */
  reserve(size: number): void {
    if (size <= this.capacity) return;
    this.capacity = size;
    const n = this.length;
    this.atMs = resized(this.atMs, size, n);
    if (this.keep.user) this.user = resized(this.user, size, n);
    if (this.keep.key) this.key = resized(this.key, size, n);
    if (this.keep.group) this.group = resized(this.group, size, n);
    if (this.keep.campaign) this.campaign = resized(this.campaign, size, n);
    this.flags = resized(this.flags, size, n);
  }

  push(entry: LogEntry): void {
    if (this.length === this.capacity) this.reserve(Math.max(1024, Math.ceil(this.capacity * 1.5)));
    const i = this.length;
    const run = this.runCount - 1;
    if (run < 0 || entry.id !== (this.runIds[run] as number) + (i - (this.runStarts[run] as number))) {
      if (this.runCount === this.runStarts.length) {
        const size = Math.max(16, this.runCount * 2);
        this.runStarts = resized(this.runStarts, size, this.runCount);
        this.runIds = resized(this.runIds, size, this.runCount);
      }
      this.runStarts[this.runCount] = i;
      this.runIds[this.runCount] = entry.id;
      this.runCount++;
    }
    this.atMs[i] = entry.atMs;
    const block = Math.floor(i / 2 ** this.blockBits);
    if (block === this.blockMinAt.length) {
      this.blockMinAt.push(entry.atMs);
      this.blockMaxAt.push(entry.atMs);
    } else {
      if (entry.atMs < (this.blockMinAt[block] as number)) this.blockMinAt[block] = entry.atMs;
      if (entry.atMs > (this.blockMaxAt[block] as number)) this.blockMaxAt[block] = entry.atMs;
    }
    if (this.keep.user) {
      const user = this.users.intern(entry.user);
      this.user = widenIndex(this.user, user);
      this.user[i] = user;
    }
    if (this.keep.key) {
      const key = this.keys.intern(entry.key);
      this.key = widenIndex(this.key, key);
      this.key[i] = key;
      if (key >= 0) {
        // Stored only when it differs: each row brings its own copy of the title, and a copy held
        // by this (old) array survives the young collections, to die later as old-generation garbage.
        const label = entry.keyLabel ?? this.keyLabels[key] ?? null;
        if (this.keyLabels[key] !== label) this.keyLabels[key] = label;
        const keyGroup = entry.keyGroup ?? this.keyGroups[key] ?? null;
        if (this.keyGroups[key] !== keyGroup) this.keyGroups[key] = keyGroup;
      }
    }
    if (this.keep.group) {
      const group = this.groups.intern(entry.group);
      this.group = widenIndex(this.group, group);
      this.group[i] = group;
    }
    if (this.keep.campaign) {
      const campaign = this.campaigns.intern(entry.campaign);
      this.campaign = widenIndex(this.campaign, campaign);
      this.campaign[i] = campaign;
    }
    this.flags[i] = entry.flags | (entry.user === null ? FLAG_ANONYMOUS : 0);
    this.length = i + 1;
  }

  /** The database id of the event at `position` (0 ≤ position < length). */
  idAt(position: number): number {
    let lo = 0;
    let hi = this.runCount - 1;
    // The last run starting at or before `position`.
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.runStarts[mid] as number) <= position) lo = mid;
      else hi = mid - 1;
    }
    return (this.runIds[lo] as number) + (position - (this.runStarts[lo] as number));
  }

  /** The position of the event with database id `id` in run `run`, or -1. */
  private positionInRun(run: number, id: number): number {
    const start = this.runStarts[run] as number;
    const end = run + 1 < this.runCount ? (this.runStarts[run + 1] as number) : this.length;
    const offset = id - (this.runIds[run] as number);
    return offset >= 0 && offset < end - start ? start + offset : -1;
  }

  /** The position of the event with database id `id`, or -1 (binary search over the runs; rows loaded out of order are found by a scan of them). */
  positionOf(id: number): number {
    let lo = 0;
    let hi = this.runCount - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = this.positionInRun(mid, id);
      if (at >= 0) return at;
      if ((this.runIds[mid] as number) < id) lo = mid + 1;
      else hi = mid - 1;
    }
    for (let run = 0; run < this.runCount; run++) {
      const at = this.positionInRun(run, id);
      if (at >= 0) return at;
    }
    return -1;
  }

  /** Runs of consecutive ids held (each 12 bytes). */
  get idRuns(): number {
    return this.runCount;
  }

  /** Bytes held by the typed arrays, id runs included (the dictionaries not counted). */
  get bytes(): number {
    return [this.runStarts, this.runIds, this.atMs, this.user, this.key, this.group, this.campaign, this.flags].reduce(
      (n, a) => n + a.byteLength,
      0,
    );
  }
}

/** The campaign key of utm parameters, or null when none is set. */
export function campaignKey(source: string | null, medium: string | null, campaign: string | null): string | null {
  if (source === null && medium === null && campaign === null) return null;
  return `${source ?? ''}\u0001${medium ?? ''}\u0001${campaign ?? ''}`;
}

/** The utm parameters of a campaign key (empty parts are null). */
export function campaignParts(key: string): { source: string | null; medium: string | null; campaign: string | null } {
  const [source = '', medium = '', campaign = ''] = key.split('\u0001');
  return { source: source || null, medium: medium || null, campaign: campaign || null };
}
