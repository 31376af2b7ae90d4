/**
 * The importer's compact ASIN → first line index (asin-line-index.ts) answers exactly as a Map
 * that keeps each ASIN's first line would, through growth, for every ASIN shape (digits only,
 * letters only, the extremes), and refuses what is not an ASIN.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AsinLineIndex } from './asin-line-index';

const asinArb = fc.stringMatching(/^[A-Z0-9]{10}$/);

describe('AsinLineIndex', () => {
  it('answers what a first-line Map answers, for any sequence of ASINs and lines, through growth', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(asinArb, fc.integer({ min: 1, max: 0xffff_ffff })), { maxLength: 3_000 }), (pairs) => {
        const index = new AsinLineIndex();
        const map = new Map<string, number>();
        for (const [asin, line] of pairs) {
          index.recordFirst(asin, line);
          if (!map.has(asin)) map.set(asin, line);
        }
        expect(index.size).toBe(map.size);
        for (const [asin] of pairs) expect(index.get(asin)).toBe(map.get(asin));
      }),
      { numRuns: 50 },
    );
  });

  it('keeps ASINs apart that differ in one character, including the extremes of the space', () => {
    const index = new AsinLineIndex();
    const asins = ['0000000000', '0000000001', 'ZZZZZZZZZZ', 'ZZZZZZZZZY', 'B000000000', 'B00000000A', '1000000000'];
    asins.forEach((asin, i) => index.recordFirst(asin, i + 1));
    asins.forEach((asin, i) => expect(index.get(asin)).toBe(i + 1));
    expect(index.get('B00000000B')).toBeUndefined();
  });

  it('holds 340,722 ASINs (a 50 MB upload) and finds each, and misses others', () => {
    const index = new AsinLineIndex();
    const asinOf = (n: number) => `B${n.toString(36).toUpperCase().padStart(9, '0')}`;
    for (let n = 0; n < 340_722; n++) index.recordFirst(asinOf(n), n + 2);
    index.recordFirst(asinOf(7), 999_999); // a duplicate keeps its first line
    expect(index.size).toBe(340_722);
    for (let n = 0; n < 340_722; n += 997) expect(index.get(asinOf(n))).toBe(n + 2);
    expect(index.get(asinOf(7))).toBe(9);
    expect(index.get(asinOf(340_722))).toBeUndefined();
  });

  it('refuses strings that are not ASINs and lines out of range', () => {
    const index = new AsinLineIndex();
    expect(() => index.recordFirst('b000000000', 2)).toThrow(RangeError);
    expect(() => index.get('B00000000')).toThrow(RangeError);
    expect(() => index.recordFirst('B000000000', 0)).toThrow(RangeError);
  });
});
