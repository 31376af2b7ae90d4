/**
 * storedReferrer (issue 25): what we keep of a referrer or visited path is its scheme, host and path,
 * never a query string or fragment that could carry a signature, a token or an address.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { STORED_REFERRER_MAX, storedReferrer } from './stored-referrer';

describe('storedReferrer', () => {
  it('keeps scheme, host and path of a live one-click unsubscribe link, without its signature', () => {
    expect(storedReferrer('https://deals.example/api/unsubscribe/one-click?email=ana%40example.com&t=1760000000&sig=Zm9vYmFy')).toBe(
      'https://deals.example/api/unsubscribe/one-click',
    );
    expect(storedReferrer('https://www.google.co.uk/search?q=air+fryer#top')).toBe('https://www.google.co.uk/search');
  });

  it('drops a user:password part and a fragment, lower-cases the host and keeps the port', () => {
    expect(storedReferrer('  HTTPS://user:secret@Example.COM:8443/a b#sig=x ')).toBe('https://example.com:8443/a%20b');
  });

  it('cuts a site path before its query or fragment', () => {
    expect(storedReferrer('/unsubscribe?email=ana%40example.com&t=1&sig=x')).toBe('/unsubscribe');
    expect(storedReferrer('/deals/B0CLICK001#reviews')).toBe('/deals/B0CLICK001');
    expect(storedReferrer('//evil.example/x?token=abc')).toBe('https://evil.example/x');
  });

  it('keeps an app referrer, refuses a URL that names no place, and cuts free text before ?', () => {
    expect(storedReferrer('android-app://com.google.android.gm/?account=ana')).toBe('android-app://com.google.android.gm/');
    expect(storedReferrer('mailto:ana@example.com')).toBeNull();
    expect(storedReferrer('javascript:alert(1)')).toBeNull();
    expect(storedReferrer('newsletter?sig=abc')).toBe('newsletter');
  });

  it('answers null for nothing, blanks, and what has nothing before its query', () => {
    for (const value of [null, undefined, '', '   ', '?sig=abc', '#token']) expect(storedReferrer(value), String(value)).toBeNull();
  });

  it('cuts to the stored length', () => {
    expect(storedReferrer(`https://deals.example/${'a'.repeat(2000)}`)).toHaveLength(STORED_REFERRER_MAX);
    expect(storedReferrer('/abcdef', 4)).toBe('/abc');
  });

  it('never keeps a ? or # and never exceeds the length, whatever the input (fast-check)', () => {
    const input = fc.oneof(
      fc.string(),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.webUrl().map((u) => `${u}?sig=${'x'.repeat(20)}`),
      fc.string().map((s) => `/${s}`),
    );
    fc.assert(
      fc.property(input, (value) => {
        const kept = storedReferrer(value);
        if (kept === null) return;
        expect(kept).not.toMatch(/[?#]/);
        expect(kept.length).toBeLessThanOrEqual(STORED_REFERRER_MAX);
        expect(kept.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});
