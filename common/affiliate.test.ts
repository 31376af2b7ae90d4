/**
 * Affiliate-link rules (shopper-screens §5 "Affiliate link rewriting", §4 "New-user flag", §9
 * "New-user window 24 hours"; DESIGN.md §4 "Affiliate links": outbound only to allowlisted hosts).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ALLOWED_AMAZON_HOSTS,
  chooseAffiliateTag,
  isAllowedAmazonUrl,
  isAsin,
  isNewUserActive,
  NEW_USER_WINDOW_MS,
  productAffiliateUrl,
  rewriteAffiliateUrl,
  searchAffiliateUrl,
} from './affiliate';

const asinArb = fc.stringMatching(/^[A-Z0-9]{10}$/);
const tagArb = fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/);
const hostArb = fc.constantFrom(...ALLOWED_AMAZON_HOSTS).chain((h) => fc.constantFrom(h, h.toUpperCase()));
const paramsArb = fc.array(fc.tuple(fc.constantFrom('tag', 'ref', 'keywords', 'th', 'psc', 'qid', 'Tag'), fc.string({ maxLength: 12 })), {
  maxLength: 6,
});
const pathSegmentArb = fc.stringMatching(/^[A-Za-z0-9-]{1,12}$/).filter((s) => s !== 'dp');

function build(host: string, pathname: string, params: Array<[string, string]>): string {
  const url = new URL(`https://${host}`);
  url.pathname = pathname;
  for (const [k, v] of params) url.searchParams.append(k, v);
  return url.toString();
}

describe('productAffiliateUrl', () => {
  it('builds the spec product link with tag, linkCode=osi, th=1 and psc=1', () => {
    expect(productAffiliateUrl('B08N5WRWNW', 'dealalertsuk-21')).toBe(
      'https://www.amazon.co.uk/dp/B08N5WRWNW?tag=dealalertsuk-21&linkCode=osi&th=1&psc=1',
    );
  });

  it('refuses anything that is not an ASIN', () => {
    expect(() => productAffiliateUrl('b08n5wrwnw', 't')).toThrow(RangeError);
    expect(() => productAffiliateUrl('B08N5WRWN', 't')).toThrow(RangeError);
    expect(isAsin('B08N5WRWNW')).toBe(true);
    expect(isAsin('B08N5WRWNW1')).toBe(false);
  });
});

describe('rewriteAffiliateUrl', () => {
  it('rebuilds /dp/{ASIN} links, dropping the rest of the path and query', () => {
    expect(rewriteAffiliateUrl('https://www.amazon.co.uk/Some-Product/dp/B08N5WRWNW/ref=sr_1_1?keywords=x&tag=other-21', 'mine-21')).toBe(
      'https://www.amazon.co.uk/dp/B08N5WRWNW?tag=mine-21&linkCode=osi&th=1&psc=1',
    );
    expect(rewriteAffiliateUrl('https://amazon.co.uk/dp/B08N5WRWNW', 'mine-21')).toBe(
      'https://www.amazon.co.uk/dp/B08N5WRWNW?tag=mine-21&linkCode=osi&th=1&psc=1',
    );
  });

  it('replaces or appends the tag on other Amazon links, keeping path and query', () => {
    expect(rewriteAffiliateUrl('https://www.amazon.co.uk/s?k=kettle&tag=other-21', 'mine-21')).toBe(
      'https://www.amazon.co.uk/s?k=kettle&tag=mine-21',
    );
    expect(rewriteAffiliateUrl('https://www.amazon.co.uk/gp/bestsellers', 'mine-21')).toBe(
      'https://www.amazon.co.uk/gp/bestsellers?tag=mine-21',
    );
  });

  it('refuses links that do not go to an allowlisted Amazon host', () => {
    for (const url of [
      'https://evil.example/dp/B08N5WRWNW',
      'https://www.amazon.co.uk.evil.example/dp/B08N5WRWNW',
      'https://evil.example/?next=https://www.amazon.co.uk/',
      'https://www.amazon.com/dp/B08N5WRWNW',
      'javascript:alert(1)',
      'ftp://www.amazon.co.uk/dp/B08N5WRWNW',
      '/dp/B08N5WRWNW',
      'not a url',
    ]) {
      expect(rewriteAffiliateUrl(url, 'mine-21'), url).toBeNull();
      expect(isAllowedAmazonUrl(url), url).toBe(false);
    }
  });

  it('property: a /dp/ link stays on Amazon UK, keeps its ASIN and carries the tag exactly once', () => {
    fc.assert(
      fc.property(
        hostArb,
        fc.array(pathSegmentArb, { maxLength: 2 }),
        asinArb,
        fc.array(pathSegmentArb, { maxLength: 2 }),
        paramsArb,
        tagArb,
        (host, before, asin, after, params, tag) => {
          const input = build(host, ['', ...before, 'dp', asin, ...after].join('/'), params);
          const output = rewriteAffiliateUrl(input, tag);
          expect(output).not.toBeNull();
          const url = new URL(output as string);
          expect(isAllowedAmazonUrl(url.toString())).toBe(true);
          expect(url.pathname).toBe(`/dp/${asin}`);
          expect(url.searchParams.getAll('tag')).toEqual([tag]);
          expect(url.searchParams.get('linkCode')).toBe('osi');
        },
      ),
    );
  });

  it('property: any other Amazon link keeps its path and carries the tag exactly once', () => {
    fc.assert(
      fc.property(hostArb, fc.array(pathSegmentArb, { maxLength: 3 }), paramsArb, tagArb, (host, segments, params, tag) => {
        const input = build(host, `/${segments.join('/')}`, params);
        const output = rewriteAffiliateUrl(input, tag);
        expect(output).not.toBeNull();
        const url = new URL(output as string);
        expect(ALLOWED_AMAZON_HOSTS).toContain(url.hostname);
        expect(url.pathname).toBe(new URL(input).pathname);
        expect(url.searchParams.getAll('tag')).toEqual([tag]);
        for (const [k, v] of params) if (k !== 'tag') expect(url.searchParams.getAll(k)).toContain(v);
      }),
    );
  });

  it('property: hosts outside the allowlist are always refused', () => {
    fc.assert(
      fc.property(
        fc.domain().filter((d) => !ALLOWED_AMAZON_HOSTS.includes(d.toLowerCase())),
        asinArb,
        tagArb,
        (domain, asin, tag) => {
          expect(rewriteAffiliateUrl(`https://${domain}/dp/${asin}`, tag)).toBeNull();
          expect(rewriteAffiliateUrl(`https://www.amazon.co.uk.${domain}/dp/${asin}`, tag)).toBeNull();
        },
      ),
    );
  });
});

describe('searchAffiliateUrl', () => {
  it('uses the UK host, the k parameter and the tag', () => {
    expect(searchAffiliateUrl('  usb cable ', 'mine-21')).toBe('https://www.amazon.co.uk/s?k=usb+cable&tag=mine-21');
    const url = new URL(searchAffiliateUrl('tea & biscuits', 'mine-21'));
    expect(url.searchParams.get('k')).toBe('tea & biscuits');
    expect(url.searchParams.getAll('tag')).toEqual(['mine-21']);
  });
});

describe('new-user tag (shopper-screens §4, §9)', () => {
  const now = Date.UTC(2025, 5, 1, 12);

  it('holds for 24 hours after signup, and without a signup time', () => {
    expect(isNewUserActive(true, null, now)).toBe(true);
    expect(isNewUserActive(true, now - NEW_USER_WINDOW_MS + 1, now)).toBe(true);
    expect(isNewUserActive(true, now - NEW_USER_WINDOW_MS, now)).toBe(false);
    expect(isNewUserActive(true, Number.NaN, now)).toBe(true);
    expect(isNewUserActive(false, null, now)).toBe(false);
  });

  it('chooses the tag accordingly', () => {
    const tags = { defaultTag: 'main-21', newUserTag: 'new-21' };
    expect(chooseAffiliateTag(tags, true)).toBe('new-21');
    expect(chooseAffiliateTag(tags, false)).toBe('main-21');
  });
});
