// @vitest-environment happy-dom
/**
 * A product whose price the API does not show (Amazon's data over 24 hours old: the licence's cache
 * limit, docs/decisions/0014-amazon-data-24h.md): the card and the product page show "See today's
 * price on Amazon" through our tracked redirect, and no price, badge, "as of" time or "Now" line.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeHiddenPriceProduct, makeProduct, renderPage } from '../../../testing/harness';
import { ProductCard } from './product-card';
import { ProductDetail } from './product-detail';

const noop = () => {};

describe('a price the API does not show', () => {
  it('the card links to today\u2019s price on Amazon instead (with the page tag), and names no price or deal', async () => {
    const product = makeHiddenPriceProduct({ asin: 'B0HIDDEN01', title: 'Hidden price kettle' });
    renderPage(<ProductCard product={product} affiliateTag={null} onSetAlert={noop} categoryPage="summer-kitchen" />);
    const card = await screen.findByTestId('product-card');
    const link = within(card).getByRole('link', { name: /See today's price on Amazon/ });
    expect(link.getAttribute('href')).toMatch(/^\/go\/B0HIDDEN01\?/);
    expect(link.getAttribute('href')).toContain('cp=summer-kitchen');
    expect(link.getAttribute('rel')).toBe('sponsored noopener');
    expect(card.textContent).not.toMatch(/£|Special Deal|Price as of|OFF/);
  });

  it('a card with a price is unchanged', async () => {
    renderPage(<ProductCard product={makeProduct()} affiliateTag={null} onSetAlert={noop} />);
    const card = await screen.findByTestId('product-card');
    expect(card.textContent).toContain('£79.99');
    expect(within(card).queryByText(/See today's price on Amazon/)).toBeNull();
  });

  it('the product page shows the link, no badge or disclaimer time, and keeps the dated history summary', async () => {
    const product = makeHiddenPriceProduct({ asin: 'B0HIDDEN02', title: 'Hidden price toaster' });
    const history = [
      { price: '29.99', observedAt: '2026-05-01T10:00:00.000Z' },
      { price: '24.99', observedAt: '2026-05-20T10:00:00.000Z' },
    ];
    renderPage(<ProductDetail detail={{ product, history }} affiliateTag={null} onSetAlert={noop} />);
    expect(await screen.findByRole('link', { name: /See today's price on Amazon/ })).toBeInTheDocument();
    expect(screen.queryByText(/Special Deal/)).toBeNull();
    expect(screen.queryByText(/^Price as of/)).toBeNull();
    expect(screen.getByText(/lowest £24\.99/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Now £/);
  });
});
