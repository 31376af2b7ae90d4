import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { buildPrefixTsquery, MAX_PREFIX_WORDS } from './prefix-tsquery';

describe('buildPrefixTsquery', () => {
  it('turns each word into a lower-case prefix, AND-ed', () => {
    expect(buildPrefixTsquery('Sams')).toBe('sams:*');
    expect(buildPrefixTsquery('  samsung   GAL ')).toBe('samsung:* & gal:*');
  });

  it('drops tsquery operators and quotes instead of passing them on', () => {
    expect(buildPrefixTsquery("sams & | ! : * ( ) <-> 'gal'")).toBe('sams:* & gal:*');
    expect(buildPrefixTsquery('"usb-c" cable')).toBe('usb:* & c:* & cable:*');
    expect(buildPrefixTsquery("'); drop table products; --")).toBe('drop:* & table:* & products:*');
    expect(buildPrefixTsquery('back\\slash')).toBe('back:* & slash:*');
  });

  it('keeps letters and digits of any script, normalised', () => {
    expect(buildPrefixTsquery('Café 4K')).toBe('café:* & 4k:*');
    // "naïve" written with a combining diaeresis is the same word as the precomposed one.
    expect(buildPrefixTsquery('nai\u0308ve')).toBe('naïve:*');
    expect(buildPrefixTsquery('Ünïcödé ÄÖÜ')).toBe('ünïcödé:* & äöü:*');
  });

  it('answers null when no word is left', () => {
    for (const empty of ['', '   ', '!!', '&|!:*()', '🎧🎧', "''", '-- ;']) expect(buildPrefixTsquery(empty)).toBeNull();
  });

  it('drops repeated words and keeps at most the first few', () => {
    expect(buildPrefixTsquery('usb USB usb')).toBe('usb:*');
    const many = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ');
    expect(buildPrefixTsquery(many)?.split(' & ')).toHaveLength(MAX_PREFIX_WORDS);
  });

  it('only ever produces word:* terms joined by " & " (property)', () => {
    const shape = /^[\p{L}\p{N}]+:\*( & [\p{L}\p{N}]+:\*)*$/u;
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 100 }), (text) => {
        const q = buildPrefixTsquery(text);
        return q === null || shape.test(q);
      }),
      { numRuns: 500 },
    );
  });
});
