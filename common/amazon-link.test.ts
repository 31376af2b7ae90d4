import { describe, expect, it } from 'vitest';
import { asinFromAmazonLink, LINK_RULES } from './amazon-link';

describe('asinFromAmazonLink', () => {
  it.each([
    ['B08N5WRWNW', 'B08N5WRWNW'],
    ['  b08n5wrwnw ', 'B08N5WRWNW'],
    ['0241003008', '0241003008'],
    ['https://www.amazon.co.uk/dp/B08N5WRWNW', 'B08N5WRWNW'],
    ['https://www.amazon.co.uk/dp/B08N5WRWNW/', 'B08N5WRWNW'],
    ['www.amazon.co.uk/gp/product/B08N5WRWNW', 'B08N5WRWNW'],
    ['amazon.co.uk/gp/product/B08N5WRWNW?psc=1', 'B08N5WRWNW'],
    [
      'https://www.amazon.co.uk/Amazon-Echo-Dot-5th-generation/dp/B09B8RVKGW/ref=sr_1_1?crid=2M9&keywords=echo+dot&qid=1700000000&sr=8-1',
      'B09B8RVKGW',
    ],
    ['http://amazon.co.uk/Some-Slug/dp/b09b8rvkgw#reviews', 'B09B8RVKGW'],
    ['https://smile.amazon.co.uk/gp/aw/d/B09B8RVKGW', 'B09B8RVKGW'],
    ['https://m.amazon.co.uk/exec/obidos/ASIN/B09B8RVKGW', 'B09B8RVKGW'],
    ['https://www.amazon.co.uk/product-reviews/B09B8RVKGW/ref=cm_cr', 'B09B8RVKGW'],
    ['https://www.amazon.co.uk/s?k=kettle&asin=B09B8RVKGW', 'B09B8RVKGW'],
  ])('reads %s as %s', (input, asin) => {
    expect(asinFromAmazonLink(input)).toEqual({ ok: true, asin });
  });

  it('refuses other shops, other Amazon sites, short links and non-product pages, saying why', () => {
    expect(asinFromAmazonLink('https://www.argos.co.uk/product/1234567')).toEqual({ ok: false, reason: LINK_RULES.notAmazon });
    expect(asinFromAmazonLink('https://evil.example/amazon.co.uk/dp/B09B8RVKGW')).toEqual({ ok: false, reason: LINK_RULES.notAmazon });
    expect(asinFromAmazonLink('https://amazon.co.uk.evil.example/dp/B09B8RVKGW')).toEqual({ ok: false, reason: LINK_RULES.notAmazon });
    expect(asinFromAmazonLink('a kettle please')).toEqual({ ok: false, reason: LINK_RULES.notAmazon });
    expect(asinFromAmazonLink('javascript:alert(1)')).toEqual({ ok: false, reason: LINK_RULES.notAmazon });
    const us = asinFromAmazonLink('https://www.amazon.com/dp/B09B8RVKGW');
    expect(us.ok).toBe(false);
    expect(!us.ok && us.reason).toMatch(/amazon\.com: we track amazon\.co\.uk prices only/);
    expect(!asinFromAmazonLink('https://www.amazon.de/dp/B09B8RVKGW').ok).toBe(true);
    expect(asinFromAmazonLink('https://amzn.eu/d/abc1234')).toEqual({ ok: false, reason: LINK_RULES.shortLink });
    expect(asinFromAmazonLink('https://amzn.to/3xYz')).toEqual({ ok: false, reason: LINK_RULES.shortLink });
    expect(asinFromAmazonLink('https://www.amazon.co.uk/s?k=kettle')).toEqual({ ok: false, reason: LINK_RULES.notProduct });
    expect(asinFromAmazonLink('   ')).toEqual({ ok: false, reason: LINK_RULES.empty });
  });
});
