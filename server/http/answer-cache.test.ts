/**
 * The version-keyed answer cache on its own (issue 7; decision 0006): a fake version source, no
 * database. The products API's use of it is tested in features/products/products.cache.test.ts.
 */
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  createJsonAnswerCache,
  sendJson,
  toJsonAnswer,
  VersionedCache,
  type AnswerDependencies,
  type CacheEntryLife,
  type ChangeScope,
  type JsonAnswer,
} from './answer-cache';

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

  describe('changes that name what they changed (decision 0046)', () => {
    /** A version source with a change log the test writes: version → scope, null = anything. */
    function logged(start = 1) {
      const log = new Map<number, ChangeScope | null>();
      const source = {
        value: start,
        current: async () => source.value,
        changesBetween: (from: number, to: number) => {
          const scopes: ChangeScope[] = [];
          for (let v = from + 1; v <= to; v += 1) {
            const scope = log.get(v);
            if (!scope) return null;
            scopes.push(scope);
          }
          return scopes;
        },
        change: (scope: ChangeScope | null) => {
          source.value += 1;
          log.set(source.value, scope);
        },
      };
      return source;
    }
    const kettleSearch = { asins: ['B0KETTLE01'], words: ['kett', 'blac'] };
    const toasterSearch = { asins: ['B0TOASTR01'], words: ['toas'] };

    async function filled(version: ReturnType<typeof logged>) {
      const cache = new VersionedCache<string>(version, { maxEntries: 10, maxBytes: 1000 }, (v) => v.length);
      let built = 0;
      const build = (deps: AnswerDependencies | null) => async (life: CacheEntryLife) => {
        if (deps) life.dependsOn(deps);
        built += 1;
        return `answer ${built}`;
      };
      await cache.get('kettle', build(kettleSearch));
      await cache.get('toaster', build(toasterSearch));
      await cache.get('listing', build(null));
      return { cache, build, built: () => built };
    }

    it('keeps the answers a change cannot reach and drops those it can, and those that declared nothing', async () => {
      const version = logged();
      const { cache, build } = await filled(version);
      // A toaster's price changed: its own ASIN and words.
      version.change({ asins: ['B0TOASTR02'], words: ['toas', 'slot', '2'] });
      expect(await cache.get('kettle', build(kettleSearch))).toBe('answer 1');
      expect(await cache.get('toaster', build(toasterSearch))).toBe('answer 4');
      expect(await cache.get('listing', build(null))).toBe('answer 5');
      expect(cache.stats()).toMatchObject({ dropped: 2 });
    });

    it('drops an answer that shows a changed product even when no word is shared', async () => {
      const version = logged();
      const { cache, build } = await filled(version);
      version.change({ asins: ['B0KETTLE01'], words: ['zzzz'] });
      expect(await cache.get('kettle', build(kettleSearch))).toBe('answer 4');
      expect(await cache.get('toaster', build(toasterSearch))).toBe('answer 2');
    });

    it('matches word keys when one is a prefix of the other (prefix terms, stems that end apart)', async () => {
      const version = logged();
      const { cache, build } = await filled(version);
      version.change({ asins: ['B0OTHER000'], words: ['c', 'k'] }); // one-letter lexemes ("USB-C") begin no key they are not
      expect(await cache.get('kettle', build(kettleSearch))).toBe('answer 1');
      version.change({ asins: ['B0OTHER001'], words: ['ket'] }); // a shorter lexeme key
      expect(await cache.get('kettle', build(kettleSearch))).toBe('answer 4');
      const prefixSearch = { asins: [], words: ['to'] }; // "to" typed as a prefix
      await cache.get('to-prefix', build(prefixSearch));
      version.change({ asins: ['B0OTHER002'], words: ['toas'] });
      expect(await cache.get('to-prefix', build(prefixSearch))).toBe('answer 6');
    });

    it('drops everything after a change of anything, or a step it does not know', async () => {
      const version = logged();
      const { cache, build } = await filled(version);
      version.change(null);
      expect(await cache.get('toaster', build(toasterSearch))).toBe('answer 4');
      await cache.get('kettle', build(kettleSearch));
      version.value += 1; // a version with nothing logged
      expect(await cache.get('toaster', build(toasterSearch))).toBe('answer 6');
      // A source without a change log: every new version drops every entry, as before.
      const plain = versions();
      const cache2 = new VersionedCache<string>(plain, { maxEntries: 10, maxBytes: 1000 }, (v) => v.length);
      await cache2.get('k', build(kettleSearch));
      plain.value = 2;
      expect(await cache2.get('k', build(kettleSearch))).toBe('answer 8');
    });

    it('does not store an answer a change committed while it was being built can reach', async () => {
      const version = logged();
      const cache = new VersionedCache<string>(version, { maxEntries: 10, maxBytes: 1000 }, (v) => v.length);
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const slow = (deps: AnswerDependencies, value: string) => async (life: CacheEntryLife) => {
        life.dependsOn(deps);
        await gate;
        return value;
      };
      const kettle = cache.get('kettle', slow(kettleSearch, 'old kettle'));
      const toaster = cache.get('toaster', slow(toasterSearch, 'old toaster'));
      await new Promise((resolve) => setTimeout(resolve, 0));
      version.change({ asins: ['B0KETTLE09'], words: ['kett'] });
      await cache.get('other', async () => 'moves the cache on');
      release();
      expect([await kettle, await toaster]).toEqual(['old kettle', 'old toaster']);
      expect(await cache.get('kettle', async () => 'new kettle')).toBe('new kettle');
      expect(await cache.get('toaster', async () => 'new toaster')).toBe('old toaster');
    });
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

describe('toJsonAnswer', () => {
  it('answers Buffers that keep alive only their own bytes, small or large (a cache counts what it holds)', () => {
    for (const size of [10, 600, 3_000, 40_000]) {
      const answer = toJsonAnswer({ products: Array.from({ length: size / 10 }, (_, i) => ({ n: i, t: `kettle ${i}` })) });
      for (const buf of [answer.json, answer.br, answer.gzip].filter((b): b is Buffer => b !== null)) {
        expect(buf.byteOffset).toBe(0);
        expect(buf.buffer.byteLength).toBe(buf.length);
      }
    }
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
    const size = answer.json.length + (answer.br as Buffer).length + (answer.gzip as Buffer).length + 'k'.length;
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
