/**
 * A small, time-bounded, per-app cache for the two listing answers that would otherwise read the
 * whole products table on every request (DESIGN.md §2 "never scan every row on the hot path",
 * §7 "Product listing API p95 ≤ 20 ms"): the total of a listing without keywords (a count over up
 * to every product) and the top-discounted list (an ordering by an expression no index holds).
 * See docs/decisions/0003-search.md. Keyword counts are not cached: the GIN index bounds them.
 */
import type { ProductRow } from './product-shape';

/** How long a cached listing answer is served, ms. Totals may lag an import by at most this. */
export const LISTING_CACHE_TTL_MS = 30_000;
/** Most filters remembered; the oldest is dropped first (listing filters come from a few pages). */
export const LISTING_CACHE_MAX_ENTRIES = 500;

/** A map whose entries expire `ttlMs` after they were set and which holds at most `maxEntries`. */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  /** `now` answers milliseconds on a monotonic clock (performance.now by default). */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The value stored under `key` while it is fresh, else undefined. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Stores `value` under `key` for the TTL, dropping the oldest entry when full. */
  set(key: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }

  /** Forgets everything (e.g. after an import in the same process). */
  clear(): void {
    this.entries.clear();
  }
}

/** The products API's caches; one set per app (buildApp), never shared between databases. */
export interface ListingCaches {
  /** Totals of keyword-less searches, keyed by the JSON of their filter. */
  counts: TtlCache<number>;
  /** The top-discounted rows (one entry). */
  topDiscounted: TtlCache<ProductRow[]>;
}

/** Fresh caches with the default TTL and size. */
export function createListingCaches(now?: () => number): ListingCaches {
  return {
    counts: new TtlCache<number>(LISTING_CACHE_TTL_MS, LISTING_CACHE_MAX_ENTRIES, now),
    topDiscounted: new TtlCache<ProductRow[]>(LISTING_CACHE_TTL_MS, 1, now),
  };
}
