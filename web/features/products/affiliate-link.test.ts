/** Outbound Amazon links of cards (shopper-screens §5 "Affiliate link rewriting"; DESIGN.md §4). */
import { describe, it, expect } from 'vitest';
import { outboundAmazonUrl } from './affiliate-link';

const product = { asin: 'B0DEMO0004', affiliateUrl: 'https://www.amazon.co.uk/dp/B0DEMO0004?tag=dealalertsuk-21&linkCode=osi&th=1&psc=1' };

describe('outboundAmazonUrl', () => {
  it('puts the visitor tag (e.g. the new-user tag) on the product link', () => {
    expect(outboundAmazonUrl(product, 'dealalertsnew-21')).toBe(
      'https://www.amazon.co.uk/dp/B0DEMO0004?tag=dealalertsnew-21&linkCode=osi&th=1&psc=1',
    );
  });

  it('keeps the server link while the tag is unknown', () => {
    expect(outboundAmazonUrl(product, null)).toBe(product.affiliateUrl);
  });

  it('never links outside Amazon: a foreign URL falls back to the ASIN link, or to nothing', () => {
    expect(outboundAmazonUrl({ asin: 'B0DEMO0004', affiliateUrl: 'https://evil.example/dp/B0DEMO0004' }, 'dealalertsuk-21')).toBe(
      'https://www.amazon.co.uk/dp/B0DEMO0004?tag=dealalertsuk-21&linkCode=osi&th=1&psc=1',
    );
    expect(outboundAmazonUrl({ asin: 'not-an-asin', affiliateUrl: 'https://evil.example/x' }, 'dealalertsuk-21')).toBeNull();
    expect(outboundAmazonUrl({ asin: 'B0DEMO0004', affiliateUrl: 'javascript:alert(1)' }, null)).toBeNull();
  });
});
