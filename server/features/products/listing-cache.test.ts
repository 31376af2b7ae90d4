import { describe, it, expect } from 'vitest';
import { TtlCache } from './listing-cache';
import { totalFromPage } from './products.service';

describe('TtlCache', () => {
  it('serves a value until its time is up', () => {
    let now = 1000;
    const cache = new TtlCache<number>(30_000, 10, () => now);
    cache.set('a', 7);
    now += 29_999;
    expect(cache.get('a')).toBe(7);
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest first', () => {
    const cache = new TtlCache<number>(30_000, 2, () => 0);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    cache.set('c', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([3, undefined, 4]);
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('totalFromPage', () => {
  it('knows the total from a short or empty first page only', () => {
    expect(totalFromPage(0, 10, 0)).toBe(0);
    expect(totalFromPage(0, 10, 7)).toBe(7);
    expect(totalFromPage(20, 10, 3)).toBe(23);
    expect(totalFromPage(0, 10, 10)).toBeNull();
    expect(totalFromPage(30, 10, 0)).toBeNull();
  });
});
