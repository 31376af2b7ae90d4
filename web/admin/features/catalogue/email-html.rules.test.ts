/**
 * Copy Email HTML's cards (admin-area §9 "Email product cards"): sorted by discount, 'Save N%' only
 * above zero, every text escaped, e-mail-safe markup (inline styles, no script, no classes), links
 * to our product page with the campaign, the "was" price named, the "as of" line.
 */
import { describe, expect, it } from 'vitest';
import type { ShownProduct } from '../../../../common/api/products.schema';
import { buildProductEmailHtml, emailProductLink, escapeHtml, sortByDiscount } from './email-html.rules';

const product = (overrides: Partial<ShownProduct>): ShownProduct => ({
  asin: 'B0TESTAS01',
  id: '1',
  title: 'Ninja Air Fryer',
  price: '79.99',
  originalPrice: '119.99',
  discountPercent: 33,
  discount: '40.00',
  savingBasis: 'LIST_PRICE',
  savingBasisLabel: 'RRP',
  imageUrl: 'https://m.media-amazon.com/images/I/fryer.jpg',
  affiliateUrl: 'https://www.amazon.co.uk/dp/B0TESTAS01?tag=x-21',
  productUrl: '/deals/B0TESTAS01',
  rating: null,
  reviewCount: null,
  category: 'home-kitchen',
  categoryName: null,
  brand: null,
  features: [],
  asOf: '2026-06-01T08:30:00.000Z',
  priceStale: false,
  lowestIn30Days: false,
  ...overrides,
});

const SITE = 'https://dealalerts.example';

describe('buildProductEmailHtml', () => {
  it('orders the cards by discount, largest first, and shows Save N% only above zero', () => {
    const html = buildProductEmailHtml(
      [
        product({ asin: 'B0000000AA', title: 'Small saving', discountPercent: 5 }),
        product({ asin: 'B0000000BB', title: 'No saving', discountPercent: null, originalPrice: null, savingBasisLabel: null }),
        product({ asin: 'B0000000CC', title: 'Big saving', discountPercent: 60 }),
        product({ asin: 'B0000000DD', title: 'Zero saving', discountPercent: 0 }),
      ],
      { siteOrigin: SITE },
    );
    const order = ['Big saving', 'Small saving', 'No saving', 'Zero saving'].map((t) => html.indexOf(t));
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).toContain('Save 60%');
    expect(html).toContain('Save 5%');
    expect(html).not.toContain('Save 0%');
    expect(html.match(/Save \d+%/g)).toHaveLength(2);
    expect(html).toContain('<!-- Deal Alerts UK: 4 products, largest saving first -->');
  });

  it('shows the price in pounds and the "was" price with its basis', () => {
    const html = buildProductEmailHtml(
      [product({ price: '1299.5', originalPrice: '1500.00', savingBasisLabel: 'Our tracked price for 28+ days before this drop' })],
      {
        siteOrigin: SITE,
      },
    );
    expect(html).toContain('£1,299.50');
    expect(html).toContain('Our tracked price for 28+ days before this drop <s>£1,500.00</s>');
    expect(html).toContain('Prices as of 1 June 2026 at 09:30');
  });

  it('escapes every text and attribute, and leaves out an image that is not http(s)', () => {
    const html = buildProductEmailHtml([product({ title: '<script>alert("x")</script> & "Co" \'s', imageUrl: 'javascript:alert(1)' })], {
      siteOrigin: SITE,
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Co&quot; &#39;s');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<img');
  });

  it('is e-mail-safe: presentation tables, inline styles, no classes, style sheets or scripts', () => {
    const html = buildProductEmailHtml([product({}), product({ asin: 'B0000000ZZ', id: '2' })], { siteOrigin: SITE });
    expect(html).toMatch(/^<!--/);
    expect(html).toContain('<table role="presentation"');
    expect(html).toContain('<img src="https://m.media-amazon.com/images/I/fryer.jpg" width="120" alt="Ninja Air Fryer"');
    expect(html).not.toMatch(/class=|<style|<script|<link/);
  });

  it('links to our own product page with the campaign parameters, never straight to Amazon', () => {
    const html = buildProductEmailHtml([product({})], { siteOrigin: SITE });
    expect(emailProductLink('B0TESTAS01', SITE)).toBe(
      'https://dealalerts.example/deals/B0TESTAS01?utm_source=email&utm_medium=email&utm_campaign=admin-deal-picks',
    );
    expect(html).toContain(
      'href="https://dealalerts.example/deals/B0TESTAS01?utm_source=email&amp;utm_medium=email&amp;utm_campaign=admin-deal-picks"',
    );
    expect(html).not.toContain('amazon.co.uk/dp');
  });

  it('refuses an empty selection', () => {
    expect(() => buildProductEmailHtml([], { siteOrigin: SITE })).toThrow(RangeError);
  });
});

describe('helpers', () => {
  it('escapeHtml escapes the five characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('sortByDiscount keeps the given order for equal discounts', () => {
    const items = [
      { discountPercent: 10, n: 1 },
      { discountPercent: null, n: 2 },
      { discountPercent: 10, n: 3 },
      { discountPercent: 20, n: 4 },
    ];
    expect(sortByDiscount(items).map((i) => i.n)).toEqual([4, 1, 3, 2]);
  });
});
