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

  it('keeps ids in 4 bytes up to 2^32 − 1, then in 8, and still finds each by id', () => {
    const log = new ClickLog();
    log.reserve(3);
    log.push(entry(7, null));
    log.push(entry(4_294_967_295, 'a@example.com'));
    expect(log.ids).toBeInstanceOf(Uint32Array);
    log.push(entry(4_294_967_296, 'b@example.com'));
    expect(log.ids).toBeInstanceOf(Float64Array);
    expect([log.positionOf(7), log.positionOf(4_294_967_295), log.positionOf(4_294_967_296), log.positionOf(8)]).toEqual([0, 1, 2, -1]);
  });

  it('leaves out the columns a table does not keep, and flags anonymous events whether or not it keeps users', () => {
    const log = new ClickLog({ user: false, key: false, group: false });
    log.push({ ...entry(1, null), campaign: 'email\u0001weekly\u0001alerts-2026-10', flags: FLAG_EMAIL_SOURCE });
    log.push(entry(2, ''));
    expect([log.user.length, log.key.length, log.group.length, log.users.size]).toEqual([0, 0, 0, 0]);
    expect([log.campaign[0], log.campaign[1]]).toEqual([0, -1]);
    expect([log.flags[0], log.flags[1]]).toEqual([FLAG_EMAIL_SOURCE | FLAG_ANONYMOUS, 0]);
    // id 4 + time 8 + campaign 2 + flags 1 bytes an event, for the room reserved (above the 1,024 of the first push).
    log.reserve(2000);
    expect(log.bytes).toBe(2000 * 15);
  });
});
