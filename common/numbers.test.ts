/** en-GB whole numbers without Intl (common/numbers.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatTotal } from './numbers';

describe('formatCount', () => {
  it('groups thousands with commas', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(3870)).toBe('3,870');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-12345)).toBe('-12,345');
    expect(formatCount(2.5)).toBe('3');
  });

  it("prints what toLocaleString('en-GB') prints for any integer", () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString('en-GB'));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatTotal', () => {
  it('says "over" only for a total the answer counted only so far', () => {
    expect(formatTotal(10_000, true)).toBe('over 10,000');
    expect(formatTotal(3870, undefined)).toBe('3,870');
    expect(formatTotal(3870, false)).toBe('3,870');
  });
});
