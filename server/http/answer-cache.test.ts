/**
 * The version-keyed answer cache on its own (issue 7; decision 0006): a fake version source, no
 * database. The products API's use of it is tested in features/products/products.cache.test.ts.
 */
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createJsonAnswerCache, sendJson, toJsonAnswer, VersionedCache, type JsonAnswer } from './answer-cache';

/** A version source the test moves by hand. */
function versions(start = 1) {
  const source = { value: start, current: async () => source.value };
  return source;
}

describe('VersionedCache', () => {
  it('computes once per key and version, and drops everything when the version moves', async () => {
    const version = versions();
    const cache = new VersionedCache<string>(version, { maxEntries: 10, maxBytes: 1000 }, (v) => v.length);
    let computed = 0;
    const produce = async () => `answer ${++computed}`;
    expect(await cache.get('a', produce)).toBe('answer 1');
    expect(await cache.get('a', produce)).toBe('answer 1');
    expect(await cache.get('b', produce)).toBe('answer 2');
    version.value = 2;
    expect(await cache.get('a', produce)).toBe('answer 3');
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 3, entries: 1, version: 2 });
  });

  it('shares one computation between concurrent misses of one key', async () => {
    const cache = new VersionedCache<string>(versions(), { maxEntries: 10, maxBytes: 1000 }, (v) => v.length);
    let computed = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const produce = async () => {
      computed += 1;
      await gate;
      return 'shared';
    };
    const answers = Promise.all([cache.get('k', produce), cache.get('k', produce), cache.get('k', produce)]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    expect(await answers).toEqual(['shared', 'shared', 'shared']);
    expect(computed).toBe(1);
  });

  it('never stores a null answer or a failure', async () => {
    const cache = new VersionedCache<string>(versions(), { maxEntries: 10, maxBytes: 1000 }, (v) => v.length);
    expect(await cache.get('missing', async () => null)).toBeNull();
    await expect(cache.get('broken', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('broken', async () => 'now fine')).toBe('now fine');
    expect(cache.stats().entries).toBe(1);
  });

  it("serves an entry until the deadline its answer gave (the licence's 24 hours), then builds it again", async () => {
    let nowMs = 1_000;
    const cache = new VersionedCache<string>(
      versions(),
      { maxEntries: 10, maxBytes: 1000 },
      (v) => v.length,
      () => nowMs,
    );
    let computed = 0;
    const produce = async (life: { expiresAt(ms: number): void }) => {
      computed += 1;
      life.expiresAt(nowMs + 4_000);
      life.expiresAt(nowMs + 2_000); // the earliest deadline wins
      life.expiresAt(nowMs + 3_000);
      return `answer ${computed}`;
    };
    expect(await cache.get('k', produce)).toBe('answer 1');
    nowMs = 2_999;
    expect(await cache.get('k', produce)).toBe('answer 1');
    nowMs = 3_000;
    expect(await cache.get('k', produce)).toBe('answer 2');
    // An answer whose deadline has already passed is answered but not stored.
    expect(await cache.get('late', async (life) => (life.expiresAt(nowMs), 'late'))).toBe('late');
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 3, entries: 1 });
  });

  it('holds at most maxEntries entries and maxBytes bytes, least recently used out first', async () => {
    const cache = new VersionedCache<string>(versions(), { maxEntries: 50, maxBytes: 2_000 }, (v) => v.length);
    for (let i = 0; i < 500; i += 1) {
      await cache.get(`key ${i}`, async () => 'x'.repeat(100 + (i % 7) * 50));
      const { entries, bytes } = cache.stats();
      expect(entries).toBeLessThanOrEqual(50);
      expect(bytes).toBeLessThanOrEqual(2_000);
    }
    const small = new VersionedCache<string>(versions(), { maxEntries: 3, maxBytes: 1_000_000 }, (v) => v.length);
    for (const key of ['a', 'b', 'c']) await small.get(key, async () => key);
    await small.get('a', async () => 'recomputed'); // a is now the most recently used
    await small.get('d', async () => 'd'); // b goes
    expect(await small.get('a', async () => 'recomputed')).toBe('a');
    expect(await small.get('b', async () => 'recomputed')).toBe('recomputed');
  });
});

describe('createJsonAnswerCache and sendJson', () => {
  const big = {
    products: Array.from({ length: 40 }, (_, i) => ({ asin: `B00000000${i % 10}`, title: `Kettle number ${i}`, price: '1.00' })),
  };

  it('stores the serialised JSON and its compressed forms, and answers them as is', async () => {
    const answers = createJsonAnswerCache(versions());
    const answer = (await answers.get('k', async () => big)) as JsonAnswer;
    expect(JSON.parse(String(answer.json))).toEqual(big);
    expect(JSON.parse(String(brotliDecompressSync(answer.br as Buffer)))).toEqual(big);
    expect(JSON.parse(String(gunzipSync(answer.gzip as Buffer)))).toEqual(big);
    expect(await answers.get('k', async () => ({ other: true }))).toBe(answer);
    const size = answer.json.length + (answer.br as Buffer).length + (answer.gzip as Buffer).length + '1\u0000k'.length;
    expect(answers.stats().bytes).toBe(size);
    const small = (await answers.get('small', async () => ({ total: 1 }))) as JsonAnswer;
    expect(small).toMatchObject({ br: null, gzip: null });
  });

  it('sends the form the request accepts', async () => {
    const app = Fastify();
    const answer = toJsonAnswer(big);
    app.get('/', async (request, reply) => sendJson(request, reply, answer));
    const get = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/', headers });
    const br = await get({ 'accept-encoding': 'gzip, br' });
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      vary: 'accept-encoding',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(JSON.parse(String(brotliDecompressSync(br.rawPayload)))).toEqual(big);
    expect((await get({ 'accept-encoding': 'gzip;q=1, br;q=0' })).headers['content-encoding']).toBe('gzip');
    expect((await get({ 'accept-encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding']).toBeUndefined();
    expect((await get({ 'accept-encoding': 'br', 'x-no-compression': '1' })).headers['content-encoding']).toBeUndefined();
    const plain = await get({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
    await app.close();
  });
});
