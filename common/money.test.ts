/**
 * Money rules (DESIGN.md §4 "Money"; shopper-screens §5 "Price strings are stripped of £ and
 * commas", §9 "Currency £").
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatPence,
  formatPriceString,
  MAX_PRICE_PENCE,
  parsePriceToPence,
  penceToPriceString,
  poundsToPence,
  priceStringToPence,
} from './money';

describe('parsePriceToPence', () => {
  it.each([
    ['£1,299.99', 129999],
    ['12.5', 1250],
    [' £3.42 ', 342],
    ['GBP 4.50', 450],
    ['4.50 GBP', 450],
    ['£.99', 99],
    ['£ 1 299.00', 129900],
    ['1000000', MAX_PRICE_PENCE],
  ])('reads %j as %i pence', (text, pence) => {
    expect(parsePriceToPence(text)).toEqual({ ok: true, pence });
  });

  it('reads numbers as pounds, rounding half a penny away from zero', () => {
    expect(parsePriceToPence(12.99)).toEqual({ ok: true, pence: 1299 });
    expect(parsePriceToPence(1.005)).toEqual({ ok: true, pence: 101 });
    expect(parsePriceToPence('1.005')).toEqual({ ok: true, pence: 101 });
    expect(parsePriceToPence(0.1 + 0.2)).toEqual({ ok: true, pence: 30 });
  });

  it.each([
    [null, 'empty'],
    [undefined, 'empty'],
    ['', 'empty'],
    ['   ', 'empty'],
    ['£3.42 - £5.00', 'range'],
    ['3.42–5.00', 'range'],
    ['£10 to £20', 'range'],
    ['abc', 'not a number'],
    ['£12.99.1', 'not a number'],
    ['1e3', 'not a number'],
    [Number.NaN, 'not a number'],
    [Number.POSITIVE_INFINITY, 'not a number'],
    ['-5', 'negative'],
    [-0.5, 'negative'],
    ['0.0', 'zero'],
    ['£0.004', 'zero'],
    [0, 'zero'],
    ['£1,000,000.01', 'too large'],
  ] as const)('rejects %j as %s', (input, reason) => {
    expect(parsePriceToPence(input)).toEqual({ ok: false, reason });
  });

  it('never throws and, when it accepts, gives whole pence between 1 and the maximum', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.integer()), (input) => {
        const result = parsePriceToPence(input);
        if (result.ok) {
          expect(Number.isInteger(result.pence)).toBe(true);
          expect(result.pence).toBeGreaterThanOrEqual(1);
          expect(result.pence).toBeLessThanOrEqual(MAX_PRICE_PENCE);
        }
      }),
    );
  });

  it('turns any pounds amount into pence within half a penny', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 999_999.99, noNaN: true }), (pounds) => {
        const result = parsePriceToPence(pounds);
        expect(result.ok).toBe(true);
        if (result.ok) expect(Math.abs(result.pence - pounds * 100)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });
});

describe('round trips (parse ∘ format)', () => {
  const pence = fc.integer({ min: 1, max: MAX_PRICE_PENCE });

  it('penceToPriceString gives the API shape "pounds.pp" and parses back to the same pence', () => {
    fc.assert(
      fc.property(pence, (p) => {
        const text = penceToPriceString(p);
        expect(text).toMatch(/^\d+\.\d{2}$/);
        expect(parsePriceToPence(text)).toEqual({ ok: true, pence: p });
        expect(priceStringToPence(text)).toBe(p);
      }),
    );
  });

  it('formatPence ("£1,299.99") parses back to the same pence', () => {
    fc.assert(
      fc.property(pence, (p) => {
        const text = formatPence(p);
        expect(text.startsWith('£')).toBe(true);
        expect(parsePriceToPence(text)).toEqual({ ok: true, pence: p });
      }),
    );
  });

  it('poundsToPence(pence / 100) is the identity on whole pence', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_PRICE_PENCE, max: MAX_PRICE_PENCE }), (p) => {
        expect(poundsToPence(p / 100) === p).toBe(true);
      }),
    );
  });
});

describe('penceToPriceString and formatting', () => {
  it('writes pence as pounds with two decimals', () => {
    expect(penceToPriceString(129999)).toBe('1299.99');
    expect(penceToPriceString(5)).toBe('0.05');
    expect(penceToPriceString(0)).toBe('0.00');
    expect(penceToPriceString(-150)).toBe('-1.50');
  });

  it('refuses fractions of a penny', () => {
    expect(() => penceToPriceString(1.5)).toThrow(RangeError);
  });

  it('formatPence prints what en-GB Intl.NumberFormat prints for GBP, without loading Intl', () => {
    const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (p) => {
        expect(formatPence(p)).toBe(gbp.format(p / 100));
      }),
      { numRuns: 2000 },
    );
    for (const p of [0, 1, 99, 100, 99999, 100000, 123456789, -5, -100000]) expect(formatPence(p)).toBe(gbp.format(p / 100));
    expect(formatPence(1234.5)).toBe('£12.35');
    expect(formatPence(-0.4)).toBe('£0.00');
  });

  it('formats for people in en-GB', () => {
    expect(formatPence(129999)).toBe('£1,299.99');
    expect(formatPriceString('1299.99')).toBe('£1,299.99');
    expect(formatPriceString('not a price')).toBe('not a price');
    expect(formatPriceString(null)).toBe('');
    expect(priceStringToPence('bad')).toBeNull();
  });
});
