/**
 * The price-drop e-mail: the fast path (a skeleton rendered once, values filled in per message)
 * must give what a direct React Email render of the same view gives, for every layout variant and
 * with characters that need escaping (DESIGN.md §7 budget; shopper-screens §4).
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { render, toPlainText } from '@react-email/render';
import {
  composePriceDropEmail,
  PriceDropEmail,
  priceDropView,
  renderPriceDropEmail,
  shortTitle,
  type PriceDropEmailProps,
} from './price-drop.email';

const base: PriceDropEmailProps = {
  asin: 'B0TEMPL001',
  productTitle: `Tom & Jerry's "Best" <Kitchen> Gadget`,
  productImageUrl: 'https://m.media-amazon.com/images/I/x.jpg?a=1&b=2',
  oldPricePence: 1599,
  newPricePence: 1299,
  targetPricePence: 1300,
  asOf: new Date('2026-07-01T11:05:00Z'),
  publicUrl: 'https://deals.example',
  unsubscribeUrl: 'https://deals.example/api/unsubscribe/one-click?email=a%40b.example&sig=abc',
};

/** The inbox preview is padded with invisible characters to a fixed length; that padding may differ. */
const withoutPreviewPadding = (html: string) => html.replace(/<div>[\u00a0\u200b-\u200f\ufeff]*<\/div>/g, '');

describe('renderPriceDropEmail', () => {
  const variants: Array<[string, Partial<PriceDropEmailProps>]> = [
    ['drop with image and target reached', {}],
    ['drop without image or target', { productImageUrl: null, targetPricePence: null }],
    ['target reached without a drop', { oldPricePence: 1299, productImageUrl: null }],
    ['a percent_drop alert (issue 30)', { alertType: 'percent_drop', dropPercent: 10, targetPricePence: null }],
    ['a back_in_stock alert at the same price', { alertType: 'back_in_stock', oldPricePence: 1299, targetPricePence: null }],
  ];
  for (const [name, change] of variants) {
    it(`matches a direct render: ${name}`, async () => {
      const props = { ...base, ...change };
      const direct = await render(createElement(PriceDropEmail, priceDropView(props)));
      const fast = await renderPriceDropEmail(props);
      expect(withoutPreviewPadding(fast.html)).toBe(withoutPreviewPadding(direct));
      expect(fast.text).toBe(toPlainText(direct));
    });
  }

  it('says which kind of alert fired (issue 30)', async () => {
    const stock = await renderPriceDropEmail({ ...base, alertType: 'back_in_stock', oldPricePence: 1299, targetPricePence: null });
    expect(stock.subject).toBe(`Back in stock: Tom & Jerry's "Best" <Kitchen> Gadget at £12.99`);
    expect(stock.text).toContain('AN ITEM YOU ARE WATCHING IS BACK IN STOCK');
    expect(stock.text).toContain('Your alert: Back in stock. Amazon has it in stock again.');
    const percent = await renderPriceDropEmail({ ...base, alertType: 'percent_drop', dropPercent: 10, targetPricePence: null });
    expect(percent.text).toContain('Your alert: Drops 10 %. The price is at least 10% below the price when you set this alert.');
    const lowest = await renderPriceDropEmail({ ...base, alertType: 'lowest_price', targetPricePence: null });
    expect(lowest.subject).toMatch(/^New lowest price: .* now £12\.99 \(was £15\.99\)$/);
    expect(lowest.text).toContain('This is the lowest price we have recorded for it.');
  });

  it('escapes the title and URLs in the HTML and keeps them as they are in the text', async () => {
    const { html, text } = await renderPriceDropEmail(base);
    expect(html).toContain('Tom &amp; Jerry&#x27;s &quot;Best&quot; &lt;Kitchen&gt; Gadget');
    expect(html).not.toContain('<Kitchen>');
    expect(html).toContain('src="https://m.media-amazon.com/images/I/x.jpg?a=1&amp;b=2"');
    expect(text).toContain(`Tom & Jerry's "Best" <Kitchen> Gadget`);
    expect(text).toContain('Unsubscribe https://deals.example/api/unsubscribe/one-click?email=a%40b.example&sig=abc');
    // 11:05 UTC on 1 July is 12:05 in London (BST).
    expect(text).toContain('Price as of 1 July 2026 at 12:05 (UK time)');
  });
});

describe('composePriceDropEmail', () => {
  it('keys the message by alert and observation and carries the one-click unsubscribe headers', async () => {
    const message = await composePriceDropEmail(
      { PUBLIC_URL: 'https://deals.example', SECRET_KEY: 'k'.repeat(40) },
      {
        alertId: 7,
        observationId: 42,
        recipient: 'Reader@Example.com',
        asin: base.asin,
        productTitle: 'Kettle',
        productImageUrl: null,
        oldPricePence: 2000,
        newPricePence: 1500,
        targetPricePence: null,
        asOf: base.asOf,
      },
      new Date('2026-07-01T11:05:00Z'),
    );
    expect(message).toMatchObject({
      kind: 'price-drop',
      dedupeKey: 'price-drop:7:42',
      recipient: 'Reader@Example.com',
      subject: 'Price drop: Kettle now £15.00 (was £20.00)',
    });
    expect(message.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(message.headers!['List-Unsubscribe']).toMatch(
      /^<https:\/\/deals\.example\/api\/unsubscribe\/one-click\?email=reader%40example\.com&t=1782903900&sig=[\w-]+>$/,
    );
  });

  it('shortens long titles for the subject at a word', () => {
    expect(shortTitle('Breville VKT124 Edge Kettle, 1.7 L, Stainless Steel, Illuminated Base, 3 kW Fast Boil, Silver')).toBe(
      'Breville VKT124 Edge Kettle, 1.7 L, Stainless Steel…',
    );
  });
});
