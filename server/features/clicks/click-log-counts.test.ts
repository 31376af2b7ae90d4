/**
 * The block-summarised counts (click-log-counts.ts) equal a plain scan of every event, whatever the
 * range, the order of the events, a partial last block and flags changed after a summary was built;
 * so do the newest events picked with blocks skipped (click-analytics.rules.ts). Blocks of 16 events
 * here (2^4), so a few hundred events cover every case.
 */
import { describe, expect, it } from 'vitest';
import { ClickLog, Dictionary, FLAG_ANONYMOUS, FLAG_CLICKED, FLAG_EMAIL_SOURCE } from './click-log';
import { countProductClicks, countVisits } from './click-log-counts';
import { londonDayNumber, newestPositions, rankCounts } from './click-analytics.rules';

const HOUR = 3_600_000;
const START = Date.parse('2026-10-20T00:00:00Z');

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` events over 10 days (across the 25 October clock change), in time order with `jitter` hours of disorder. */
function build(n: number, jitter: number, seed: number): ClickLog {
  const r = random(seed);
  const log = new ClickLog({}, 4);
  for (let i = 0; i < n; i++) {
    const at = START + Math.floor((i / n) * 240 * HOUR + (r() - 0.5) * jitter * HOUR);
    log.push({
      id: i + 1,
      atMs: at,
      user: r() < 0.4 ? null : `u${Math.floor(r() * 12)}@example.com`,
      key: r() < 0.05 ? null : `B0${Math.floor(r() * 9)}`,
      group: r() < 0.2 ? null : `g${Math.floor(r() * 4)}`,
      campaign: r() < 0.7 ? null : `email\u0001weekly\u0001c${Math.floor(r() * 3)}`,
      flags: r() < 0.3 ? FLAG_EMAIL_SOURCE : 0,
    });
  }
  return log;
}

/** The plain scan the block counts replace. */
function naive(log: ClickLog, from: number, to: number) {
  const perKey = new Map<number, number>();
  const perUser = new Map<number, number>();
  const lastAt = new Map<number, number>();
  const perGroup = new Map<number, number>();
  const perDay = new Map<number, number>();
  const perCampaign = new Map<number, number>();
  const clickedPerCampaign = new Map<number, number>();
  const inc = (m: Map<number, number>, k: number) => m.set(k, (m.get(k) ?? 0) + 1);
  const t = { total: 0, anonymous: 0, fromEmail: 0, uncategorised: 0, clicked: 0, anonymousFlag: 0 };
  for (let i = 0; i < log.length; i++) {
    const at = log.atMs[i]!;
    if (at < from || at >= to) continue;
    t.total++;
    const flags = log.flags[i]!;
    if (log.key[i]! >= 0) inc(perKey, log.key[i]!);
    if (log.user[i]! < 0) t.anonymous++;
    else {
      inc(perUser, log.user[i]!);
      lastAt.set(log.user[i]!, Math.max(lastAt.get(log.user[i]!) ?? 0, at));
    }
    if (log.group[i]! >= 0) inc(perGroup, log.group[i]!);
    else t.uncategorised++;
    if (flags & FLAG_EMAIL_SOURCE) t.fromEmail++;
    if (flags & FLAG_ANONYMOUS) t.anonymousFlag++;
    inc(perDay, londonDayNumber(at));
    if (log.campaign[i]! >= 0) inc(perCampaign, log.campaign[i]!);
    if (flags & FLAG_CLICKED) {
      t.clicked++;
      if (log.campaign[i]! >= 0) inc(clickedPerCampaign, log.campaign[i]!);
    }
  }
  return { t, perKey, perUser, lastAt, perGroup, perDay, perCampaign, clickedPerCampaign };
}

const asMap = (a: Int32Array | Float64Array) => new Map([...a.entries()].filter(([, v]) => v !== 0));

function expectSame(log: ClickLog, from: number, to: number): void {
  const want = naive(log, from, to);
  const c = countProductClicks(log, from, to);
  expect({
    total: c.total,
    anonymous: c.anonymous,
    fromEmail: c.fromEmail,
    uncategorised: c.uncategorised,
    perKey: asMap(c.perKey),
    perUser: asMap(c.perUser),
    lastAt: asMap(c.lastAt),
    perGroup: asMap(c.perGroup),
    perDay: new Map(c.perDay.series().flatMap((d) => (d.clicks ? [[Date.parse(d.date) / 86_400_000, d.clicks] as const] : []))),
  }).toEqual({
    total: want.t.total,
    anonymous: want.t.anonymous,
    fromEmail: want.t.fromEmail,
    uncategorised: want.t.uncategorised,
    perKey: want.perKey,
    perUser: want.perUser,
    lastAt: want.lastAt,
    perGroup: want.perGroup,
    perDay: want.perDay,
  });
  const v = countVisits(log, from, to);
  expect({
    total: v.total,
    fromEmail: v.fromEmail,
    anonymous: v.anonymous,
    clicked: v.clicked,
    perCampaign: asMap(v.perCampaign),
    clickedPerCampaign: asMap(v.clickedPerCampaign),
  }).toEqual({
    total: want.t.total,
    fromEmail: want.t.fromEmail,
    anonymous: want.t.anonymousFlag,
    clicked: want.t.clicked,
    perCampaign: want.perCampaign,
    clickedPerCampaign: want.clickedPerCampaign,
  });
}

/** Open ends, whole days, hours, a single instant, a range before and after everything. */
function ranges(seed: number): [number, number][] {
  const r = random(seed);
  const out: [number, number][] = [
    [-Infinity, Infinity],
    [START + 5 * 24 * HOUR, Infinity],
    [-Infinity, START + 5 * 24 * HOUR],
    [START - 48 * HOUR, START - 24 * HOUR],
    [START + 300 * HOUR, Infinity],
  ];
  for (let i = 0; i < 40; i++) {
    const a = START + Math.floor((r() * 260 - 10) * HOUR);
    out.push([a, a + Math.floor(r() * 100 * HOUR)]);
  }
  return out;
}

describe('counts by block summaries', () => {
  it.each([
    ['in time order, with a partial last block', 1_000, 0],
    ['out of order by up to 30 hours', 997, 30],
    ['exactly full blocks', 512, 2],
  ])('equal a plain scan: %s', (_name, n, jitter) => {
    const log = build(n, jitter, n);
    for (const [from, to] of ranges(n)) expectSame(log, from, to);
    // Bounds exactly on events at block edges: [from, to) takes the first and leaves the last.
    for (let b = 0; b + 2 < n / 16; b += 3) {
      expectSame(log, log.atMs[b * 16]!, log.atMs[(b + 2) * 16 - 1]!);
      expectSame(log, log.atMs[b * 16 + 1]!, log.atMs[(b + 2) * 16]!);
      expectSame(log, log.atMs[b * 16 + 15]!, log.atMs[(b + 2) * 16 + 15]!);
    }
    // Counted again: from the summaries now built.
    for (const [from, to] of ranges(n + 1)) expectSame(log, from, to);
  });

  it('follow flags changed in place after the summaries were built, and events added after', () => {
    const log = build(600, 5, 7);
    expectSame(log, -Infinity, Infinity);
    for (const position of [0, 17, 18, 300, 599]) log.addFlag(position, FLAG_CLICKED);
    for (const [from, to] of ranges(11)) expectSame(log, from, to);
    for (let i = 0; i < 40; i++) {
      log.push({ id: 1_000 + i, atMs: START + 241 * HOUR + i, user: null, key: 'B01', group: null, campaign: null, flags: 0 });
    }
    for (const [from, to] of ranges(12)) expectSame(log, from, to);
  });
});

describe('newest events with blocks skipped (no total asked for)', () => {
  it.each([
    ['in time order', 0],
    ['out of order by up to 30 hours', 30],
  ])('are those of a full scan: %s', (_name, jitter) => {
    const log = build(1_000, jitter, 3);
    // Equal times on purpose: the id breaks the tie.
    log.push({ id: 5_000, atMs: log.atMs[990]!, user: null, key: null, group: null, campaign: null, flags: FLAG_EMAIL_SOURCE });
    for (const [from, to] of ranges(5)) {
      for (const limit of [1, 10, 50]) {
        const keep = (i: number) => log.atMs[i]! >= from && log.atMs[i]! < to && (log.flags[i]! & FLAG_EMAIL_SOURCE) !== 0;
        const all = newestPositions(log, limit, keep);
        expect(newestPositions(log, limit, keep, false)).toEqual({ positions: all.positions, total: -1 });
      }
    }
  });
});

describe('newest events, a tie across a block edge', () => {
  it('keeps the event with the higher id from the older block', () => {
    const log = new ClickLog({}, 4);
    for (let i = 0; i < 32; i++) {
      // Block 0: ids 100…115 at START+0…15; block 1: ids 1…16 from START+15 (the same time as block 0's last).
      const entry = { user: null, key: null, group: null, campaign: null, flags: 0 };
      log.push(i < 16 ? { ...entry, id: 100 + i, atMs: START + i } : { ...entry, id: i - 15, atMs: START + i - 1 });
    }
    const keep = (i: number) => i === 15 || i === 16;
    expect(newestPositions(log, 1, keep, false).positions).toEqual([15]);
    expect(newestPositions(log, 1, keep).positions).toEqual([15]);
  });
});

describe('rankCounts', () => {
  it('ranks by count, ties in the order of localeCompare, by names or by a dictionary (ranks redone when it grows)', () => {
    const names = ['b@example.com', 'A@example.com', 'a@example.com', 'é@example.com', 'e@example.com', 'Z@example.com'];
    const counts = Int32Array.from([2, 2, 2, 1, 1, 0]);
    const ranked = rankCounts(counts, (i) => names[i]!);
    const tied = (c: number) => names.filter((_, i) => counts[i] === c).sort((x, y) => x.localeCompare(y));
    expect(ranked.map((i) => names[i])).toEqual([...tied(2), ...tied(1)]);
    const dictionary = new Dictionary();
    for (const name of names) dictionary.intern(name);
    expect(rankCounts(counts, dictionary)).toEqual(ranked);
    dictionary.intern('0@example.com');
    expect(rankCounts(Int32Array.from([...counts, 2]), dictionary).map((i) => dictionary.values[i])).toEqual([
      ...[...tied(2), '0@example.com'].sort((x, y) => x.localeCompare(y)),
      ...tied(1),
    ]);
  });
});
