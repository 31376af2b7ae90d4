/**
 * The counts behind the Clicks tab's cards and the e-mail tracking summary (issue 13 "Speed": every
 * analytics endpoint p95 ≤ 100 ms at 1,000,000 clicks), over an instant range `[from, to)` (epoch
 * ms; ±Infinity for open ends) of a click index (click-log.ts).
 *
 * A plain count is one scan of every event (about 20–35 ms of CPU for 1,000,000 clicks; several
 * times that in wall-clock time on a busy machine). Instead each full block of the index (65,536
 * events by default, `ClickLog.blockBits`) gets a summary the first time it is counted: its counts
 * per key, user (with the user's last click), group, London day and campaign, held sparsely (only
 * what occurs in the block); the log keeps each block's time span. A block wholly inside the range adds its summary; a
 * block wholly outside is skipped; only blocks the range cuts, and the last, partial block, are
 * scanned event by event. Events arrive mostly in time order, so a range cuts at most a few blocks,
 * and any order still gives exact figures (a block spanning a range bound is simply scanned). A
 * summary is rebuilt when an event of its block is changed in place (`ClickLog.addFlag`, the visits'
 * "clicked" flag); product clicks are never changed in place (an erasure reloads the whole index).
 * Summaries take about 6 MB for the bench's 1,000,000 clicks (20,000 addresses) and 1,000,000 visits.
 */
import type { ClickStats } from '../../../common/api/click-analytics.admin.schema';
import { FLAG_ANONYMOUS, FLAG_CLICKED, FLAG_EMAIL_SOURCE, type ClickLog } from './click-log';
import { dayNumberDate, londonDayNumber } from './click-analytics.rules';

/** Counts per London day number in a typed array (a Map per click costs too much at 1,000,000 clicks). */
function dayCounts() {
  const BASE = 10_957; // 2000-01-01
  const counts = new Int32Array(60 * 366);
  const outside = new Map<number, number>();
  let first = Infinity;
  let last = -Infinity;
  const countOf = (d: number) => {
    const slot = d - BASE;
    return slot >= 0 && slot < counts.length ? (counts[slot] as number) : (outside.get(d) ?? 0);
  };
  return {
    /** Adds `n` (≥ 1) events on London day number `day`. */
    add(day: number, n = 1) {
      const slot = day - BASE;
      if (slot >= 0 && slot < counts.length) counts[slot]! += n;
      else outside.set(day, (outside.get(day) ?? 0) + n);
      if (day < first) first = day;
      if (day > last) last = day;
    },
    /** The days with events and their counts, oldest first. */
    entries(): [days: Int32Array, counts: Int32Array] {
      const days: number[] = [];
      const n: number[] = [];
      for (let d = first; d <= last; d++) {
        const c = countOf(d);
        if (c > 0) {
          days.push(d);
          n.push(c);
        }
      }
      return [Int32Array.from(days), Int32Array.from(n)];
    },
    /** Every London day from the first to the last day with clicks, with 0 for the days between. */
    series(): ClickStats['clicksPerDay'] {
      const out: ClickStats['clicksPerDay'] = [];
      for (let d = first; d <= last; d++) out.push({ date: dayNumberDate(d), clicks: countOf(d) });
      return out;
    },
  };
}

/** What a block summary holds besides its counts. */
interface BlockSpan {
  /** `ClickLog.blockEdits` of the block when summarised. */
  edits: number;
}

/** Indexes of the non-zero entries of `counts`. */
function present(counts: Int32Array): Int32Array {
  let n = 0;
  for (let i = 0; i < counts.length; i++) if ((counts[i] as number) > 0) n++;
  const out = new Int32Array(n);
  n = 0;
  for (let i = 0; i < counts.length; i++) if ((counts[i] as number) > 0) out[n++] = i;
  return out;
}

const pick = <T extends Int32Array | Float64Array>(values: T, at: Int32Array): T =>
  (values instanceof Int32Array ? Int32Array.from(at, (i) => values[i] as number) : Float64Array.from(at, (i) => values[i] as number)) as T;

/**
 * Runs a count over `[from, to)`: summaries (built or rebuilt as needed by `summarise`) for the full
 * blocks inside the range, `scan` for the blocks it cuts and the last, partial block.
 */
function countBlocks<B extends BlockSpan>(
  log: ClickLog,
  from: number,
  to: number,
  cache: WeakMap<ClickLog, (B | undefined)[]>,
  summarise: (start: number, end: number) => B,
  scan: (start: number, end: number) => void,
  merge: (block: B) => void,
): void {
  const size = 2 ** log.blockBits;
  const full = Math.floor(log.length / size);
  let blocks = cache.get(log);
  if (!blocks) cache.set(log, (blocks = []));
  for (let b = 0; b < full; b++) {
    const minAt = log.blockMinAt[b] as number;
    const maxAt = log.blockMaxAt[b] as number;
    if (maxAt < from || minAt >= to) continue;
    const edits = log.blockEdits[b] ?? 0;
    let block = blocks[b];
    if (!block || block.edits !== edits) {
      block = summarise(b * size, (b + 1) * size);
      block.edits = edits;
      blocks[b] = block;
    }
    if (minAt >= from && maxAt < to) merge(block);
    else scan(b * size, (b + 1) * size);
  }
  scan(full * size, log.length);
}

/** Product click counts of a range. Arrays are indexed by the log's dictionary indexes. */
export interface ProductClickCounts {
  perKey: Int32Array;
  perUser: Int32Array;
  /** Per user: epoch ms of their last click in the range (0 when none). */
  lastAt: Float64Array;
  perGroup: Int32Array;
  /** Clicks without a group (category). */
  uncategorised: number;
  perDay: ReturnType<typeof dayCounts>;
  total: number;
  anonymous: number;
  fromEmail: number;
}

interface ProductBlock extends BlockSpan {
  total: number;
  anonymous: number;
  fromEmail: number;
  uncategorised: number;
  keys: Int32Array;
  keyCounts: Int32Array;
  users: Int32Array;
  userCounts: Int32Array;
  userLast: Float64Array;
  groups: Int32Array;
  groupCounts: Int32Array;
  days: Int32Array;
  dayCounts: Int32Array;
}

const productBlocks = new WeakMap<ClickLog, (ProductBlock | undefined)[]>();

function emptyProductCounts(log: ClickLog): ProductClickCounts {
  return {
    perKey: new Int32Array(log.keys.size),
    perUser: new Int32Array(log.users.size),
    lastAt: new Float64Array(log.users.size),
    perGroup: new Int32Array(log.groups.size),
    uncategorised: 0,
    perDay: dayCounts(),
    total: 0,
    anonymous: 0,
    fromEmail: 0,
  };
}

/** Adds the events at positions [start, end) with a time in [from, to) to `c`. */
function scanProductClicks(log: ClickLog, c: ProductClickCounts, start: number, end: number, from: number, to: number): void {
  for (let i = start; i < end; i++) {
    const at = log.atMs[i] as number;
    if (at < from || at >= to) continue;
    c.total++;
    const key = log.key[i] as number;
    if (key >= 0) c.perKey[key]!++;
    const user = log.user[i] as number;
    if (user < 0) c.anonymous++;
    else {
      c.perUser[user]!++;
      if (at > (c.lastAt[user] as number)) c.lastAt[user] = at;
    }
    const group = log.group[i] as number;
    if (group >= 0) c.perGroup[group]!++;
    else c.uncategorised++;
    if ((log.flags[i] as number) & FLAG_EMAIL_SOURCE) c.fromEmail++;
    c.perDay.add(londonDayNumber(at));
  }
}

function summariseProductClicks(log: ClickLog, start: number, end: number): ProductBlock {
  const c = emptyProductCounts(log);
  scanProductClicks(log, c, start, end, -Infinity, Infinity);
  const keys = present(c.perKey);
  const users = present(c.perUser);
  const groups = present(c.perGroup);
  const [days, dayTotals] = c.perDay.entries();
  return {
    edits: 0,
    total: c.total,
    anonymous: c.anonymous,
    fromEmail: c.fromEmail,
    uncategorised: c.uncategorised,
    keys,
    keyCounts: pick(c.perKey, keys),
    users,
    userCounts: pick(c.perUser, users),
    userLast: pick(c.lastAt, users),
    groups,
    groupCounts: pick(c.perGroup, groups),
    days,
    dayCounts: dayTotals,
  };
}

function mergeProductBlock(c: ProductClickCounts, b: ProductBlock): void {
  c.total += b.total;
  c.anonymous += b.anonymous;
  c.fromEmail += b.fromEmail;
  c.uncategorised += b.uncategorised;
  for (let j = 0; j < b.keys.length; j++) c.perKey[b.keys[j]!]! += b.keyCounts[j]!;
  for (let j = 0; j < b.users.length; j++) {
    const user = b.users[j]!;
    c.perUser[user]! += b.userCounts[j]!;
    if (b.userLast[j]! > c.lastAt[user]!) c.lastAt[user] = b.userLast[j]!;
  }
  for (let j = 0; j < b.groups.length; j++) c.perGroup[b.groups[j]!]! += b.groupCounts[j]!;
  for (let j = 0; j < b.days.length; j++) c.perDay.add(b.days[j]!, b.dayCounts[j]!);
}

/**
 * Per-key, per-user (with the last click), per-group and per-day counts of the product clicks in
 * `[from, to)` (epoch ms), and the totals: all, anonymous, from e-mail (utm_source=email).
 */
export function countProductClicks(log: ClickLog, from: number, to: number): ProductClickCounts {
  const c = emptyProductCounts(log);
  countBlocks(
    log,
    from,
    to,
    productBlocks,
    (start, end) => summariseProductClicks(log, start, end),
    (start, end) => scanProductClicks(log, c, start, end, from, to),
    (block) => mergeProductBlock(c, block),
  );
  return c;
}

/** Visit counts of a range; the per-campaign arrays are indexed by the log's campaign dictionary. */
export interface VisitCounts {
  total: number;
  fromEmail: number;
  anonymous: number;
  /** Visits from which a click to Amazon was made. */
  clicked: number;
  perCampaign: Int32Array;
  clickedPerCampaign: Int32Array;
}

interface VisitBlock extends BlockSpan {
  total: number;
  fromEmail: number;
  anonymous: number;
  clicked: number;
  campaigns: Int32Array;
  campaignCounts: Int32Array;
  campaignClicked: Int32Array;
}

const visitBlocks = new WeakMap<ClickLog, (VisitBlock | undefined)[]>();

function emptyVisitCounts(log: ClickLog): VisitCounts {
  return {
    total: 0,
    fromEmail: 0,
    anonymous: 0,
    clicked: 0,
    perCampaign: new Int32Array(log.campaigns.size),
    clickedPerCampaign: new Int32Array(log.campaigns.size),
  };
}

function scanVisits(log: ClickLog, v: VisitCounts, start: number, end: number, from: number, to: number): void {
  for (let i = start; i < end; i++) {
    const at = log.atMs[i] as number;
    if (at < from || at >= to) continue;
    v.total++;
    const flags = log.flags[i] as number;
    if (flags & FLAG_EMAIL_SOURCE) v.fromEmail++;
    if (flags & FLAG_ANONYMOUS) v.anonymous++;
    const campaign = log.campaign[i] as number;
    if (campaign >= 0) v.perCampaign[campaign]!++;
    if (flags & FLAG_CLICKED) {
      v.clicked++;
      if (campaign >= 0) v.clickedPerCampaign[campaign]!++;
    }
  }
}

function summariseVisits(log: ClickLog, start: number, end: number): VisitBlock {
  const v = emptyVisitCounts(log);
  scanVisits(log, v, start, end, -Infinity, Infinity);
  const campaigns = present(v.perCampaign);
  return {
    edits: 0,
    total: v.total,
    fromEmail: v.fromEmail,
    anonymous: v.anonymous,
    clicked: v.clicked,
    campaigns,
    campaignCounts: pick(v.perCampaign, campaigns),
    campaignClicked: pick(v.clickedPerCampaign, campaigns),
  };
}

function mergeVisitBlock(v: VisitCounts, b: VisitBlock): void {
  v.total += b.total;
  v.fromEmail += b.fromEmail;
  v.anonymous += b.anonymous;
  v.clicked += b.clicked;
  for (let j = 0; j < b.campaigns.length; j++) {
    v.perCampaign[b.campaigns[j]!]! += b.campaignCounts[j]!;
    v.clickedPerCampaign[b.campaigns[j]!]! += b.campaignClicked[j]!;
  }
}

/** Visit totals of `[from, to)` (epoch ms): all, from e-mail, anonymous, clicked through, and per campaign. */
export function countVisits(log: ClickLog, from: number, to: number): VisitCounts {
  const v = emptyVisitCounts(log);
  countBlocks(
    log,
    from,
    to,
    visitBlocks,
    (start, end) => summariseVisits(log, start, end),
    (start, end) => scanVisits(log, v, start, end, from, to),
    (block) => mergeVisitBlock(v, block),
  );
  return v;
}
