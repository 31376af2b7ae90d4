/**
 * A stop under overload (issue 31; server/main.ts, server/app.ts): searches waiting in the
 * keyword-search lane when the app closes are still built for {@link KEYWORD_LANE_DRAIN_MS}; those
 * still waiting then are dropped and answered 503 with Retry-After ("The server is restarting…"),
 * logged at info, never as an unexpected error, and never run against the database the stop is
 * about to close; searches already being built finish.
 * Before, hundreds of queued searches ran on one by one past the stop's 5 s and then failed on the
 * closed pool ("Cannot use a pool after calling end on the pool", 20 lines at 1M products).
 * Real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), through the HTTP route.
 */
import { describe, expect, it } from 'vitest';
import { testEnv } from '../../env';
import { STOPPING_RETRY_AFTER_SECONDS } from '../../app';
import { createTestApp } from '../../test-support/test-app';
import { searchCriteria, seedProducts } from './products.test-seed';
import { KEYWORD_LANE_DRAIN_MS, KEYWORD_SEARCH_CONCURRENCY, keywordSearchLaneOf } from './products.routes';

const criteria = (keywords: string) => searchCriteria({ keywords, minRating: 0 });

/**
 * A test app with two products, its lane full of held "searches being built" and three shoppers'
 * searches waiting behind them; `builds` counts the searches that started building an answer.
 */
async function overloadedApp() {
  const lines: string[] = [];
  const counter = { builds: 0 };
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const t = await createTestApp({
    env: testEnv({ LOG_LEVEL: 'info' }),
    logStream: { write: (line) => void lines.push(line) },
    // A search reads the clock once as it arrives (the search counter) and once as it starts
    // building its answer, inside the lane.
    clock: () => {
      counter.builds += 1;
      return new Date('2025-06-01T12:00:00Z');
    },
  });
  await seedProducts(t.database.db, [
    { title: 'Electric Kettle 1.7L', pricePence: 2000, category: 'home-kitchen' },
    { title: 'Desk Lamp LED', pricePence: 1500, category: 'home-kitchen' },
  ]);
  const lane = keywordSearchLaneOf(t.database.db);
  const holders = Array.from({ length: KEYWORD_SEARCH_CONCURRENCY }, () => lane(() => held));
  const waiting = ['electric kettle', 'kettle', 'lamp led'].map((k) =>
    t.app.inject({ method: 'POST', url: '/api/products/search', payload: criteria(k) }),
  );
  while (lane.pendingCount < waiting.length) await new Promise((resolve) => setTimeout(resolve, 5));
  const logged = () => lines.map((l) => JSON.parse(l) as { level: number; msg: string });
  return { ...t, lane, holders, waiting, release, counter, logged };
}

describe('closing the app with keyword searches waiting in their lane', () => {
  it('still builds the waiting ones when the lane frees up within the drain time', async () => {
    const o = await overloadedApp();
    try {
      const closing = o.app.close();
      o.release(); // the searches being built finish, well within KEYWORD_LANE_DRAIN_MS
      const answers = await Promise.all(o.waiting);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(answers[0]?.json().products.map((p: { title: string }) => p.title)).toEqual(['Electric Kettle 1.7L']);
      await closing;
      expect(o.logged().filter((l) => l.level >= 50)).toEqual([]);
    } finally {
      o.release();
      await o.close();
    }
  });

  it('answers those still waiting after the drain time 503 with Retry-After, and lets those being built finish', async () => {
    const o = await overloadedApp();
    try {
      const began = performance.now();
      const closing = o.app.close();
      const buildsBefore = o.counter.builds;
      const answers = await Promise.all(o.waiting);
      expect(performance.now() - began).toBeGreaterThanOrEqual(KEYWORD_LANE_DRAIN_MS - 50);
      for (const res of answers) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe(String(STOPPING_RETRY_AFTER_SECONDS));
        expect(res.json()).toEqual({ error: 'Service Unavailable', message: 'The server is restarting. Please try again in a moment.' });
      }
      expect(o.counter.builds, 'no dropped search started building its answer').toBe(buildsBefore);
      expect(o.lane.pendingCount).toBe(0);
      // The searches being built when the stop came are not cut off: they finish.
      o.release();
      await expect(Promise.all(o.holders)).resolves.toHaveLength(KEYWORD_SEARCH_CONCURRENCY);
      await closing;
      expect(o.logged().filter((l) => l.msg === 'request cut off by the server stopping')).toHaveLength(o.waiting.length);
      expect(o.logged().filter((l) => l.level >= 50)).toEqual([]);
    } finally {
      o.release();
      await o.close();
    }
  });
});
