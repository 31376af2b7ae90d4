/**
 * Shared rate-limit counters (issue 25 "limits hold across instances and restarts";
 * server/http/rate-limit-store.ts) on the test database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) and, when TEST_REDIS_URL or REDIS_URL names a Redis server, on Redis:
 * the counter's window rules, that a rebuilt app on the same database still answers 429, that
 * per-address limits count the mailbox (plus tags, case), that no key is stored in clear, that
 * expired rows are cleaned up, and that the database keeps counting while Redis is unreachable.
 * The two-process test is rate-limit.instances.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { testEnv } from '../env';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createTestDatabase } from '../test-support/test-db';
import { databaseCounter, redisCounter, REDIS_KEY_PREFIX, type RateLimitCounter } from './rate-limit-store';

/** Limits as in production (NODE_ENV=test multiplies them by 100). */
const productionEnv = (overrides: Parameters<typeof testEnv>[0] = {}) => testEnv({ NODE_ENV: 'production', ...overrides });
/** `POST /api/visits` allows 30 a minute per client IP (visits.routes.ts). */
const VISITS_PER_MINUTE = 30;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
/** A shopper's browser reporting a visit; the answer's status (2xx accepted, 429 over the limit). */
const visit = async (app: TestApp['app'], ip: string) =>
  (await app.inject({ method: 'POST', url: '/api/visits', headers: { 'user-agent': BROWSER }, payload: { path: '/' }, remoteAddress: ip }))
    .statusCode;
/** `n` accepted visits, then `over` refused with 429. */
const acceptedThenRefused = (n: number, over: number) => [...Array<string>(n).fill('accepted'), ...Array<string>(over).fill('429')];
const outcome = (status: number) => (status === 429 ? '429' : status >= 200 && status < 300 ? 'accepted' : String(status));

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** The rules every counter keeps, run on the database and on Redis. */
function counterRules(make: () => RateLimitCounter, name: string) {
  describe(`the ${name} counter`, () => {
    let counter: RateLimitCounter;
    beforeAll(() => {
      counter = make();
    });
    afterAll(() => counter?.close());
    // Counters take keys already hashed; these are marked so the "no key in clear" test skips them.
    const key = () => `test-${randomBytes(16).toString('hex')}`;

    it('counts hits per key inside a fixed window, and tells the milliseconds left', async () => {
      const a = key();
      const first = await counter.hit(a, 60_000);
      expect(first.hits).toBe(1);
      expect(first.ttlMs).toBeGreaterThan(58_000);
      expect(first.ttlMs).toBeLessThanOrEqual(60_000);
      expect((await counter.hit(a, 60_000)).hits).toBe(2);
      const third = await counter.hit(a, 60_000);
      expect(third.hits).toBe(3);
      // The window does not slide: it ends when the first hit's did.
      expect(third.ttlMs).toBeLessThanOrEqual(first.ttlMs);
      expect((await counter.hit(key(), 60_000)).hits).toBe(1);
    });

    it('starts again at 1 once the window has ended', async () => {
      const a = key();
      expect((await counter.hit(a, 300)).hits).toBe(1);
      expect((await counter.hit(a, 300)).hits).toBe(2);
      await sleep(400);
      expect((await counter.hit(a, 300)).hits).toBe(1);
    });

    it('gives concurrent hits on one key distinct counts (atomic)', async () => {
      const a = key();
      const counts = await Promise.all(Array.from({ length: 40 }, () => counter.hit(a, 60_000)));
      expect(counts.map((c) => c.hits).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    });
  });
}

counterRules(() => databaseCounter(database.db), 'database');

describe('the database store through the app', () => {
  it('still answers 429 after a restart: a new app on the same database remembers the count', async () => {
    const ip = '203.0.113.10';
    const first = await createTestApp({ database, env: productionEnv() });
    try {
      const seen: string[] = [];
      for (let i = 0; i <= VISITS_PER_MINUTE; i += 1) seen.push(outcome(await visit(first.app, ip)));
      expect(seen).toEqual(acceptedThenRefused(VISITS_PER_MINUTE, 1));
    } finally {
      await first.close();
    }
    const second = await createTestApp({ database, env: productionEnv() });
    try {
      const after = await second.app.inject({
        method: 'POST',
        url: '/api/visits',
        headers: { 'user-agent': BROWSER },
        payload: { path: '/' },
        remoteAddress: ip,
      });
      expect(after.statusCode).toBe(429);
      expect(Number(after.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(after.headers['retry-after'])).toBeLessThanOrEqual(60);
      // Another client is not affected.
      expect(outcome(await visit(second.app, '203.0.113.11'))).toBe('accepted');
    } finally {
      await second.close();
    }
  });

  it('counts a per-address limit per mailbox: plus tags and case share one limit', async () => {
    const { app, close } = await createTestApp({ database, env: productionEnv() });
    const contact = (email: string, n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Sam', email, subject: 'Hello', message: 'A message long enough to be accepted.' },
        remoteAddress: `198.51.100.${n}`,
      });
    try {
      // POST /api/contact: 3 an hour per sender address, each from a different client IP.
      expect((await contact('victim@example.com', 1)).statusCode).toBe(201);
      expect((await contact('victim+1@example.com', 2)).statusCode).toBe(201);
      expect((await contact('Victim+news@Example.com', 3)).statusCode).toBe(201);
      const fourth = await contact('victim+2@example.com', 4);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().message).toMatch(/^Too many requests for this address: try again in \d+ minutes\.$/);
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(59 * 60);
      // Another mailbox has its own limit.
      expect((await contact('someone.else@example.com', 5)).statusCode).toBe(201);
    } finally {
      await close();
    }
  });

  it('stores no limit key in clear: neither client IPs nor e-mail addresses', async () => {
    const rows = await database.query<{ key: string }>(`select key from rate_limit_hits where key not like 'test-%'`);
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const { key } of rows.rows) {
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(key).not.toMatch(/@|203\.0\.113|198\.51\.100/);
    }
  });

  it('deletes rows whose window has ended, at the next hit (at most once a minute per process)', async () => {
    await database.query(
      `insert into rate_limit_hits (key, hits, reset_at) values ('ended-window', 5, now() - interval '1 second'), ('live-window', 5, now() + interval '1 hour')`,
    );
    const counter = databaseCounter(database.db);
    await counter.hit(randomBytes(16).toString('hex'), 60_000);
    await counter.close(); // waits for the clean-up
    const keys = (await database.query<{ key: string }>(`select key from rate_limit_hits where key in ('ended-window', 'live-window')`))
      .rows;
    expect(keys.map((r) => r.key)).toEqual(['live-window']);
  });

  it('keeps limits on the database while Redis is unreachable, and says so in the log without keys or the URL', async () => {
    // Port 1: nothing listens, so every Redis command fails and the database counts instead.
    const lines: string[] = [];
    const { app, close } = await createTestApp({
      database,
      env: productionEnv({ REDIS_URL: 'redis://:hunter2@127.0.0.1:1', LOG_LEVEL: 'warn' }),
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      const seen: string[] = [];
      for (let i = 0; i <= VISITS_PER_MINUTE; i += 1) seen.push(outcome(await visit(app, '203.0.113.20')));
      expect(seen).toEqual(acceptedThenRefused(VISITS_PER_MINUTE, 1));
      const log = lines.join('');
      expect(log).toMatch(/rate-limit store: Redis (unavailable|failed; counting in the database)/);
      expect(log).not.toMatch(/203\.0\.113|hunter2|redis:\/\//);
    } finally {
      await close();
    }
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
if (!REDIS_URL) console.log('rate-limit-store.test: Redis tests skipped: set TEST_REDIS_URL (or REDIS_URL), e.g. redis://127.0.0.1:6379');

describe.skipIf(!REDIS_URL)('the Redis store', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL as string);
    await redis.ping(); // connected: the counter does not wait for a connection
  });
  afterAll(() => redis?.quit());

  counterRules(() => redisCounter(redis), 'Redis');

  it('lets two apps on different databases count together, and keeps no key in clear', async () => {
    // A secret of this run only: its keys cannot meet an earlier run's in the shared Redis.
    const env = productionEnv({ REDIS_URL: REDIS_URL as string, SECRET_KEY: randomBytes(32).toString('hex') });
    const other = await createTestDatabase();
    const one = await createTestApp({ database, env });
    const two = await createTestApp({ database: other, env });
    try {
      const ip = '203.0.113.30';
      const seen: string[] = [];
      for (let i = 0; i < VISITS_PER_MINUTE + 2; i += 1) seen.push(outcome(await visit(i % 2 === 0 ? one.app : two.app, ip)));
      expect(seen).toEqual(acceptedThenRefused(VISITS_PER_MINUTE, 2));
      const keys = await redis.keys(`${REDIS_KEY_PREFIX}*`);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys.filter((k) => !k.startsWith(`${REDIS_KEY_PREFIX}test-`))) {
        expect(key.slice(REDIS_KEY_PREFIX.length)).toMatch(/^[0-9a-f]{64}$/);
      }
    } finally {
      await one.close();
      await two.close();
      await other.close();
    }
  });
});
