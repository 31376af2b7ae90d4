/** The click index's narrow columns (click-log.ts): widening past 16-bit dictionaries and 32-bit ids, columns a table leaves out. */
import { describe, expect, it } from 'vitest';
import { ClickLog, FLAG_ANONYMOUS, FLAG_EMAIL_SOURCE, type LogEntry } from './click-log';

const entry = (id: number, user: string | null, key: string | null = null): LogEntry => ({
  id,
  atMs: 1_760_000_000_000 + id,
  user,
  key,
  group: null,
  campaign: null,
  flags: 0,
});

describe('ClickLog', () => {
  it('starts with 2-byte dictionary indexes and widens to 4 bytes past 32,767 entries, keeping every earlier index', () => {
    const log = new ClickLog();
    for (let i = 0; i < 32_768; i++) log.push(entry(i + 1, `u${i}@example.com`, i % 2 ? `K${i}` : null));
    expect(log.user).toBeInstanceOf(Int16Array);
    log.push(entry(32_769, 'u32768@example.com'));
    expect(log.user).toBeInstanceOf(Int32Array);
    expect(log.key).toBeInstanceOf(Int16Array);
    expect([log.user[0], log.user[32_767], log.user[32_768]]).toEqual([0, 32_767, 32_768]);
    expect([log.key[0], log.key[1], log.key[3]]).toEqual([-1, 0, 1]);
    expect(log.users.values[32_768]).toBe('u32768@example.com');
    expect(log.length).toBe(32_769);
  });

  it('keeps ids as runs of consecutive ids (past 2^32 too) and finds each by position and by id, rows loaded late included', () => {
    const log = new ClickLog();
    // Runs: 7; 4,294,967,295…4,294,967,297; 10…12 with 11 missing (two runs); then 8, loaded late.
    const ids = [7, 4_294_967_295, 4_294_967_296, 4_294_967_297, 10, 12, 8];
    for (const id of ids) log.push(entry(id, null));
    expect(log.idRuns).toBe(5);
    expect(ids.map((_, i) => log.idAt(i))).toEqual(ids);
    expect(ids.map((id) => log.positionOf(id))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect([log.positionOf(9), log.positionOf(11), log.positionOf(4_294_967_298), log.positionOf(1)]).toEqual([-1, -1, -1, -1]);

    const consecutive = new ClickLog();
    for (let id = 1; id <= 100_000; id++) consecutive.push(entry(id, null));
    expect(consecutive.idRuns).toBe(1);
    expect([consecutive.idAt(0), consecutive.idAt(99_999), consecutive.positionOf(54_321)]).toEqual([1, 100_000, 54_320]);
  });

  it('leaves out the columns a table does not keep, and flags anonymous events whether or not it keeps users', () => {
    const log = new ClickLog({ user: false, key: false, group: false });
    log.push({ ...entry(1, null), campaign: 'email\u0001weekly\u0001alerts-2026-10', flags: FLAG_EMAIL_SOURCE });
    log.push(entry(2, ''));
    expect([log.user.length, log.key.length, log.group.length, log.users.size]).toEqual([0, 0, 0, 0]);
    expect([log.campaign[0], log.campaign[1]]).toEqual([0, -1]);
    expect([log.flags[0], log.flags[1]]).toEqual([FLAG_EMAIL_SOURCE | FLAG_ANONYMOUS, 0]);
    // Time 8 + campaign 2 + flags 1 bytes an event, for the room reserved (above the 1,024 of the
    // first push), and 12 bytes a run of ids for the room of 16 runs.
    log.reserve(2000);
    expect(log.bytes).toBe(2000 * 11 + 16 * 12);
  });
});
