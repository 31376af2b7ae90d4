/**
 * Whole-answer caches for public read endpoints (issue 7 "200 concurrent shoppers";
 * docs/decisions/0006-answer-cache.md). An entry is keyed by the catalogue version
 * (server/catalogue-version.ts) plus a key the caller builds from the *normalised* request, so:
 * - a hit costs no database statement and, for JSON answers, no serialisation and no compression
 *   (the stored value is the serialised body as a Buffer plus its brotli and gzip forms, sent as is);
 * - every import, price write or other catalogue write (each bumps the version) invalidates the
 *   entries it can reach: the first request after it sees the new number, drops those entries and
 *   builds them afresh. An entry that said what it depends on (`life.dependsOn`: the ASINs it
 *   shows, the word keys of the terms that retrieved it) survives a change the version source
 *   logged as touching other products whose words it does not share (decision 0046); every other
 *   entry, and every entry after a change logged as "anything", goes. There is no TTL to tune; an answer may only set its own deadline
 *   (`entry.expiresAt(ms)` in `produce`): an answer showing Amazon prices is not served once the
 *   first of them passes the licence's 24 hours (docs/decisions/0014-amazon-data-24h.md), even
 *   when no write bumps the version;
 * - concurrent misses on one key share one computation (no stampede after a bump);
 * - memory stays bounded: least recently used entries go first beyond `maxEntries` entries or
 *   `maxBytes` bytes (lru-cache; `sizeOf` measures a value, the key's length is added).
 *
 * How a route uses it (products.routes.ts does this for search, suggestions, top discounted and the
 * product page; the deal listings can do the same):
 * ```ts
 * const answers = createJsonAnswerCache(catalogueVersionOf(deps.database.db));   // once per route module
 * app.get('/api/deals', { schema }, async (request, reply) => {
 *   const query = normaliseDealsQuery(request.query);                  // the service's own normaliser
 *   const answer = await answers.get(`deals:${JSON.stringify(query)}`, () => listDeals(db, query));
 *   return answer ? sendJson(request, reply, answer) : reply.status(404).send(notFound); // null: not stored
 * });
 * ```
 * A cached body is `JSON.stringify` of what the service built, not encoded by the route's zod
 * response schema: keep answers plain objects typed by the schema's inferred type (as
 * product-shape.ts does; product-shape.test.ts parses them with the schemas). Not checked at run
 * time then: NaN or fractional values in number fields.
 *
 * The key must hold every input that changes the answer, normalised (trimmed, lower-cased,
 * defaults applied) so equal questions share an entry, and nothing that does not (e.g. the
 * visitor's e-mail). Only cache answers built from catalogue data that the version covers;
 * answers that depend on the visitor, or on time beyond what the key holds, must not be cached.
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What one version step changed (server/catalogue-version.ts CatalogueChangeScope): ASINs and word keys. */
export interface ChangeScope {
  asins: readonly string[];
  words: readonly string[];
}

/** Where the cache reads the catalogue version; {@link CatalogueVersion} in server/catalogue-version.ts. */
export interface VersionSource {
  /** The current version; rejects when it cannot be read (the request then fails as a 500). */
  current(): Promise<number>;
  /**
   * What changed from `from` to `to`, one scope per version, or null when anything may have
   * changed or a step is not known. A source without it drops every entry at every new version.
   */
  changesBetween?(from: number, to: number): readonly ChangeScope[] | null;
}

/**
 * What a cached answer is built from, beyond its key (decision 0046): the products it shows or is
 * about (`asins`) and the word keys (server/catalogue-version.ts `wordKey`) of every search term
 * that chose which products it holds (`words`). It must hold every product whose change could
 * change the answer: for a keyword search, any product that could match its terms names one of
 * them. Answers that read the whole catalogue (listings, totals, a dictionary lookup) declare none.
 */
export interface AnswerDependencies {
  asins: readonly string[];
  words: readonly string[];
}

export interface VersionedCacheLimits {
  /** Most entries kept. */
  maxEntries: number;
  /** Most bytes kept: the sum of `sizeOf(value)` plus each key's length. */
  maxBytes: number;
}

/**
 * What `produce` may say about the entry it builds: `expiresAt(ms)` (epoch ms, on the cache's clock)
 * is when the answer must no longer be served; the earliest call wins; never called = lives as long
 * as its catalogue version. An answer already expired when built is returned but not stored.
 */
export interface CacheEntryLife {
  expiresAt(epochMs: number): void;
  /**
   * The answer changes only when a product of `deps` changes or a product with one of its words
   * does; the last call wins. Never called: any catalogue change drops the entry.
   */
  dependsOn(deps: AnswerDependencies): void;
}

interface Stored<V> {
  value: V;
  /** Epoch ms after which the entry is not served; Infinity = until the version changes. */
  expiresAtMs: number;
  /** What the answer is built from; null = anything in the catalogue. */
  deps: AnswerDependencies | null;
}

/** The changes of some version steps, indexed for {@link reaches}. */
interface Reach {
  asins: Set<string>;
  /** The changed word keys. */
  words: Set<string>;
  /** Every prefix (1 character up) of every changed word key. */
  prefixes: Set<string>;
}

function reachOf(scopes: readonly ChangeScope[]): Reach {
  const reach: Reach = { asins: new Set(), words: new Set(), prefixes: new Set() };
  for (const scope of scopes) {
    for (const asin of scope.asins) reach.asins.add(asin);
    for (const word of scope.words) {
      reach.words.add(word);
      const chars = [...word];
      for (let n = 1; n <= chars.length; n += 1) reach.prefixes.add(chars.slice(0, n).join(''));
    }
  }
  return reach;
}

/**
 * A changed word key this short or longer also reaches the answers whose word keys it begins (a
 * stem that ends apart); a shorter one ("c" of USB-C, "2") only answers whose key it equals or begins.
 */
const REVERSE_PREFIX_MIN = 3;

/** Whether any of the changes `scopes` can change an answer built from `deps` (the rule the cache drops entries by). */
export function changesReach(scopes: readonly ChangeScope[], deps: AnswerDependencies | null): boolean {
  return reaches(reachOf(scopes), deps);
}

/**
 * Whether changes `reach` can change an answer built from `deps`: it holds a changed product, or one
 * of its word keys is a changed key or begins one (a prefix term matches longer lexemes), or a
 * changed key of at least {@link REVERSE_PREFIX_MIN} characters begins one of its keys. Null deps:
 * always.
 */
function reaches(reach: Reach, deps: AnswerDependencies | null): boolean {
  if (deps === null) return true;
  for (const asin of deps.asins) if (reach.asins.has(asin)) return true;
  for (const word of deps.words) {
    if (reach.prefixes.has(word)) return true;
    const chars = [...word];
    for (let n = REVERSE_PREFIX_MIN; n < chars.length; n += 1) if (reach.words.has(chars.slice(0, n).join(''))) return true;
  }
  return false;
}

/** What the cache has done since it was created (for tests and diagnostics). */
export interface VersionedCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
  /** The version the entries belong to, or null before the first request. */
  version: number | null;
  /** Entries dropped by a change that reached them, and entries kept across one, since creation. */
  dropped: number;
  kept: number;
}

/**
 * A bounded LRU cache whose entries live as long as the catalogue version they were built under.
 * `V` must be non-null (null/undefined answers are passed through, never stored).
 */
export class VersionedCache<V extends NonNullable<unknown>> {
  private readonly lru: LRUCache<string, Stored<V>>;
  private readonly inflight = new Map<string, Promise<V | null>>();
  private version: number | null = null;
  private hits = 0;
  private misses = 0;
  private dropped = 0;
  private kept = 0;

  /**
   * `sizeOf` answers a value's size in bytes (at least 1); `nowMs` is the clock entry deadlines are
   * judged on (epoch ms; the app's clock, so tests with a fixed clock can move past a deadline).
   */
  constructor(
    private readonly versions: VersionSource,
    limits: VersionedCacheLimits,
    sizeOf: (value: V) => number,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.lru = new LRUCache<string, Stored<V>>({
      max: limits.maxEntries,
      maxSize: limits.maxBytes,
      sizeCalculation: (stored, key) => Math.max(1, sizeOf(stored.value) + key.length),
    });
  }

  /**
   * The value for `key` under the current catalogue version: stored, or computed by `produce` once
   * (concurrent callers of the same key and version wait for the same computation) and stored
   * unless null, already past the deadline `produce` gave (`life.expiresAt`) or reached by a change
   * committed while it was built; a stored entry past its deadline is dropped and built again.
   * Rejects with what `produce` or the version read throws; a failure is never stored.
   */
  async get(key: string, produce: (life: CacheEntryLife) => Promise<V | null>): Promise<V | null> {
    return (await this.lookup(key, produce)).value;
  }

  /**
   * {@link get}, saying as well whether the value came from a stored entry (`hit`) or had to be
   * built (by this call or by a concurrent one it waited for).
   */
  async lookup(key: string, produce: (life: CacheEntryLife) => Promise<V | null>): Promise<{ value: V | null; hit: boolean }> {
    const version = await this.versions.current();
    if (this.version === null) this.version = version;
    else if (version > this.version) {
      this.dropReached(this.versions.changesBetween?.(this.version, version) ?? null);
      this.version = version;
    }
    const stored = version === this.version ? this.lru.get(key) : undefined;
    if (stored !== undefined && stored.expiresAtMs > this.nowMs()) {
      this.hits += 1;
      return { value: stored.value, hit: true };
    }
    if (stored !== undefined) this.lru.delete(key);
    this.misses += 1;
    const flight = `${version}\u0000${key}`;
    let pending = this.inflight.get(flight);
    if (!pending) {
      let expiresAtMs = Number.POSITIVE_INFINITY;
      let deps: AnswerDependencies | null = null;
      const life: CacheEntryLife = {
        expiresAt: (ms) => void (expiresAtMs = Math.min(expiresAtMs, ms)),
        dependsOn: (d) => void (deps = d),
      };
      pending = produce(life)
        .then((value) => {
          if (value !== null && value !== undefined && expiresAtMs > this.nowMs() && this.stillCurrent(version, deps))
            this.lru.set(key, { value, expiresAtMs, deps });
          return value ?? null;
        })
        .finally(() => this.inflight.delete(flight));
      this.inflight.set(flight, pending);
    }
    return { value: await pending, hit: false };
  }

  /** Drops the entries the changes `scopes` reach (null: every entry). */
  private dropReached(scopes: readonly ChangeScope[] | null): void {
    if (scopes === null) {
      this.dropped += this.lru.size;
      this.lru.clear();
      return;
    }
    const reach = reachOf(scopes);
    const gone: string[] = [];
    this.lru.forEach((stored, key) => {
      if (reaches(reach, stored.deps)) gone.push(key);
    });
    for (const key of gone) this.lru.delete(key);
    this.dropped += gone.length;
    this.kept += this.lru.size;
  }

  /** Whether an answer built under `builtAt` with `deps` still holds at the cache's version. */
  private stillCurrent(builtAt: number, deps: AnswerDependencies | null): boolean {
    if (this.version === null || builtAt === this.version) return true;
    if (builtAt > this.version) return false;
    const scopes = this.versions.changesBetween?.(builtAt, this.version) ?? null;
    return scopes !== null && !reaches(reachOf(scopes), deps);
  }

  /** Counts and sizes so far. */
  stats(): VersionedCacheStats {
    return {
      hits: this.hits,
      misses: this.misses,
      entries: this.lru.size,
      bytes: this.lru.calculatedSize,
      version: this.version,
      dropped: this.dropped,
      kept: this.kept,
    };
  }
}

/** Default bounds of a JSON answer cache: about 3,000 search pages of 10 KiB (and their compressed forms). */
export const ANSWER_CACHE_LIMITS: VersionedCacheLimits = { maxEntries: 5_000, maxBytes: 32 * 1024 * 1024 };

/**
 * Bodies smaller than this (bytes) are sent uncompressed; larger ones are stored compressed as
 * well, with the settings of the app-wide @fastify/compress registration (server/app.ts: 1 KiB,
 * brotli quality 4, gzip default), so a cached answer goes out exactly as a fresh one would.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;
const BROTLI_QUALITY = 4;

/** A serialised JSON answer (UTF-8 bytes) and, at or above the threshold, its compressed forms. */
export interface JsonAnswer {
  json: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

/**
 * `buf` in memory of its own, exactly its length. A Buffer may be a view of a larger ArrayBuffer,
 * which it keeps alive: zlib's sync output is a slice of a 16 KiB chunk, and a small
 * `Buffer.from(string)` a slice of Node's shared 8 KiB pool. Kept in a cache, each such view holds
 * the whole block: 5,000 answers of about 2.6 KB (JSON with both compressed forms) held 169.1 MB of
 * ArrayBuffers for 12.7 MB counted, 28.6 MB with this copy (measured 29 November 2026, Node 20).
 */
function ownBuffer(buf: Buffer): Buffer {
  if (buf.byteOffset === 0 && buf.buffer.byteLength === buf.length) return buf;
  const own = Buffer.allocUnsafeSlow(buf.length);
  buf.copy(own);
  return own;
}

/**
 * Serialises `answer` and compresses it when it is large enough. Every Buffer answered owns its
 * memory ({@link ownBuffer}), so a cache's byte count is what it keeps alive.
 */
export function toJsonAnswer(answer: unknown): JsonAnswer {
  const json = ownBuffer(Buffer.from(JSON.stringify(answer)));
  if (json.length < COMPRESS_THRESHOLD_BYTES) return { json, br: null, gzip: null };
  return {
    json,
    br: ownBuffer(
      brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: json.length } }),
    ),
    gzip: ownBuffer(gzipSync(json)),
  };
}

/** A serialised answer (null: none, e.g. a 404) and whether it came from a stored entry. */
export interface CachedJson {
  answer: JsonAnswer | null;
  cache: 'hit' | 'miss';
}

/** Serialised JSON answers by normalised request. */
export type JsonAnswerCache = ReturnType<typeof createJsonAnswerCache>;

/**
 * A cache of serialised JSON answers: `get(key, produce)` answers the {@link JsonAnswer} of what
 * `produce` builds (null when `produce` answers null, e.g. a 404; never stored).
 */
export function createJsonAnswerCache(
  versions: VersionSource,
  limits: VersionedCacheLimits = ANSWER_CACHE_LIMITS,
  nowMs: () => number = Date.now,
) {
  const cache = new VersionedCache<JsonAnswer>(versions, limits, (a) => a.json.length + (a.br?.length ?? 0) + (a.gzip?.length ?? 0), nowMs);
  const lookup = async (key: string, produce: (life: CacheEntryLife) => Promise<unknown>): Promise<CachedJson> => {
    const { value, hit } = await cache.lookup(key, async (life) => {
      const answer = await produce(life);
      return answer === null || answer === undefined ? null : toJsonAnswer(answer);
    });
    return { answer: value, cache: hit ? 'hit' : 'miss' };
  };
  return {
    /** The serialised answer for `key`; see {@link VersionedCache.get} (`life` sets the entry's deadline). */
    get: async (key: string, produce: (life: CacheEntryLife) => Promise<unknown>): Promise<JsonAnswer | null> =>
      (await lookup(key, produce)).answer,
    /**
     * The serialised answer for `key` and where it came from: `hit` (a stored entry) or `miss` (built
     * now), for {@link sendJson}'s X-Answer-Cache header.
     */
    lookup: async (key: string, produce: (life: CacheEntryLife) => Promise<unknown>): Promise<CachedJson> => lookup(key, produce),
    stats: () => cache.stats(),
  };
}

/** The encodings offered, best first, as in server/app.ts; @fastify/compress negotiates the same way. */
const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

/** The response header that says whether an answer came from the answer cache: `hit` or `miss`. */
export const ANSWER_CACHE_HEADER = 'x-answer-cache';

/**
 * Sends a cached answer as is: the brotli or gzip form when the request's Accept-Encoding takes one
 * (RFC 9110 §12.5.3, q-values honoured; `*` and `x-gzip` read as gzip, as @fastify/compress does)
 * and no `x-no-compression` header asks otherwise, else the plain JSON. No serializer runs, and
 * @fastify/compress leaves a body that already has a Content-Encoding alone. With `cache` (from
 * `lookup`), sets {@link ANSWER_CACHE_HEADER} (as CDNs' X-Cache does), so an operator's proxy log
 * or a bench can count hits; it names no data.
 */
export function sendJson(request: FastifyRequest, reply: FastifyReply, answer: JsonAnswer, cache?: CachedJson['cache']): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (cache) reply.header(ANSWER_CACHE_HEADER, cache);
  if (answer.br === null || answer.gzip === null) return reply.send(answer.json);
  reply.header('vary', 'accept-encoding');
  const accept = request.headers['accept-encoding'];
  const encoding =
    accept === undefined || request.headers['x-no-compression'] !== undefined
      ? null
      : encodings.negotiate(accept.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'));
  if (encoding === null) return reply.send(answer.json);
  return reply.header('content-encoding', encoding).send(answer[encoding]);
}
