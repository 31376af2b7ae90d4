// @vitest-environment happy-dom
/**
 * The product card and product page on a real feed (issue 27), and the shared price-and-buy part
 * they draw (issue 26: web/components/product/price-and-buy.tsx): a stale feed price reads "Last
 * seen £X on {date}" with "Check today's price on Amazon" and is never shown as current; a badge
 * only with a basis ('Special Deal' only for a verified deal); a product without an image gets the
 * compact card with its category illustration; every Amazon link carries the "Ad" label.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product, ShownProduct } from '../../../../common/api/products.schema';
import { makeProduct, renderPage } from '../../../testing/harness';
import { ProductCard } from './product-card';
import { ProductDetail } from './product-detail';

const noop = () => {};

/** A product of the 2023 feed: price observed on 1 June 2023, no saving, no image. */
function staleProduct(overrides: Partial<ShownProduct> = {}): Product {
  return makeProduct({
    asin: 'B0STALE001',
    title: 'Stale kettle',
    price: '22.39',
    originalPrice: null,
    discountPercent: null,
    discount: null,
    savingBasis: null,
    savingBasisLabel: null,
    asOf: '2023-06-01T12:00:00.000Z',
    priceStale: true,
    lowestIn30Days: false,
    ...overrides,
  });
}

/** A current price with no saving and no basis. */
const plainProduct = (overrides: Partial<ShownProduct> = {}) =>
  makeProduct({
    asin: 'B0PLAIN001',
    title: 'Plain toaster',
    price: '19.99',
    originalPrice: null,
    discountPercent: null,
    discount: null,
    savingBasis: null,
    savingBasisLabel: null,
    asOf: new Date().toISOString(),
    ...overrides,
  });

describe('a stale feed price', () => {
  it('the card shows "Last seen £X on {date}" and a link to check today\u2019s price, and no current price or badge', async () => {
    renderPage(<ProductCard product={staleProduct()} affiliateTag={null} onSetAlert={noop} />);
    const card = await screen.findByRole('article', { name: 'Stale kettle' });
    expect(within(card).getByText('Last seen £22.39 on 1 June 2023')).toBeVisible();
    const link = within(card).getByRole('link', { name: /Check today's price on Amazon/ });
    expect(link.getAttribute('href')).toMatch(/^\/go\/B0STALE001\?/);
    expect(link.getAttribute('rel')).toBe('sponsored noopener');
    expect(within(card).getByText('Ad')).toBeVisible();
    // The price appears only in the "last seen" sentence, never on its own as today's price.
    expect(within(card).queryByText('£22.39')).toBeNull();
    expect(within(card).queryByText(/Price as of|Special Deal|OFF/)).toBeNull();
  });

  it('a category deals page shows no "£{price}" badge for it either', async () => {
    renderPage(<ProductCard product={staleProduct()} affiliateTag={null} onSetAlert={noop} plainBadge="price" />);
    const card = await screen.findByRole('article', { name: 'Stale kettle' });
    expect(within(card).queryByText('£22.39')).toBeNull();
  });

  it('the product page shows it as last seen, with no "as of" disclaimer, badge or "Now" line', async () => {
    const history = [
      { price: '24.99', observedAt: '2023-05-01T12:00:00.000Z' },
      { price: '22.39', observedAt: '2023-06-01T12:00:00.000Z' },
    ];
    renderPage(<ProductDetail detail={{ product: staleProduct(), history }} affiliateTag={null} onSetAlert={noop} />);
    expect(await screen.findByText('Last seen £22.39 on 1 June 2023')).toBeVisible();
    expect(screen.getByRole('link', { name: /Check today's price on Amazon/ })).toBeVisible();
    expect(screen.getByText(/Amazon UK showed this price on 1 June 2023/)).toBeVisible();
    expect(document.body.textContent).not.toMatch(/Price as of|Special Deal|Now £/);
    expect(screen.getByRole('button', { name: 'Set Deal Alert' })).toBeVisible();
  });
});

describe('badges only with a basis', () => {
  it('a current price without a basis has no badge', async () => {
    renderPage(<ProductCard product={plainProduct()} affiliateTag={null} onSetAlert={noop} />);
    const card = await screen.findByRole('article', { name: 'Plain toaster' });
    expect(within(card).getByText('£19.99')).toBeVisible();
    expect(within(card).getByRole('link', { name: /View at Amazon/ })).toBeVisible();
    expect(within(card).queryByText(/Special Deal|OFF|Popular/)).toBeNull();
  });

  it("'Special Deal' only for a verified deal without a percent, with the basis that makes it one", async () => {
    renderPage(
      <ProductCard
        product={plainProduct()}
        affiliateTag={null}
        onSetAlert={noop}
        listing={{ section: 'deal', dealBasis: { kind: 'LOWEST_IN_90_DAYS', label: 'Lowest price in 90 days', percent: null } }}
      />,
    );
    const card = await screen.findByRole('article', { name: 'Plain toaster' });
    expect(within(card).getByText('Special Deal')).toBeVisible();
    expect(within(card).getByTestId('deal-basis')).toHaveTextContent('Lowest price in 90 days');
  });

  it('a saving shows its percent, its struck-through basis, and the product page says what it is', async () => {
    const product = makeProduct({
      asin: 'B0SAVING01',
      title: 'Saving fryer',
      savingBasis: 'TRACKED_PRICE',
      savingBasisLabel: 'Our tracked price for 28+ days before this drop',
    });
    const view = renderPage(<ProductCard product={product} affiliateTag={null} onSetAlert={noop} />);
    const card = await screen.findByRole('article', { name: 'Saving fryer' });
    expect(within(card).getByText('33% OFF')).toBeVisible();
    expect(within(card).getByText('Tracked price')).toBeVisible();
    expect(within(card).getByLabelText('original price £119.99')).toBeVisible();
    view.unmount();

    renderPage(<ProductDetail detail={{ product, history: [] }} affiliateTag={null} onSetAlert={noop} />);
    expect(await screen.findByText('33% OFF')).toBeVisible();
    expect(screen.getByText('Our tracked price for 28+ days before this drop')).toBeVisible();
    expect(screen.getByText('You save £40.00')).toBeVisible();
  });
});

describe('good without images', () => {
  it('a product without an image gets the compact card with its category illustration and category name', async () => {
    renderPage(
      <ProductCard product={staleProduct({ category: 'electronics', categoryName: 'Headphones' })} affiliateTag={null} onSetAlert={noop} />,
    );
    const card = await screen.findByRole('article', { name: 'Stale kettle' });
    expect(card).toHaveAttribute('data-layout', 'compact');
    expect(within(card).getByTestId('category-illustration')).toHaveAttribute('data-category', 'electronics');
    expect(within(card).getByText('Headphones')).toBeVisible();
    expect(within(card).queryByText('No image available')).toBeNull();
    expect(card.querySelector('img')).toBeNull();
  });

  it('a product with an image keeps the full card with the image', async () => {
    renderPage(
      <ProductCard
        product={plainProduct({ imageUrl: 'https://m.media-amazon.com/images/I/toaster.jpg' })}
        affiliateTag={null}
        onSetAlert={noop}
      />,
    );
    const card = await screen.findByRole('article', { name: 'Plain toaster' });
    expect(card).toHaveAttribute('data-layout', 'full');
    expect(card.querySelector('img')?.getAttribute('src')).toBe('https://m.media-amazon.com/images/I/toaster.jpg');
  });

  it('the product page shows the category illustration instead of "No image available"', async () => {
    renderPage(
      <ProductDetail detail={{ product: plainProduct({ category: 'books' }), history: [] }} affiliateTag={null} onSetAlert={noop} />,
    );
    expect(await screen.findByTestId('category-illustration')).toHaveAttribute('data-category', 'books');
    expect(screen.queryByText('No image available')).toBeNull();
  });
});
