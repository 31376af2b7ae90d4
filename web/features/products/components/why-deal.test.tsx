// @vitest-environment happy-dom
/**
 * Price badges (issue 30): the card shows the first badge's label where no deal basis takes the
 * space, and the product page shows every badge with its rule under "Why is this a deal?"; nothing
 * of the kind on a product without badges or saving.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../common/api/products.schema';
import { makeProduct, renderPage } from '../../../testing/harness';
import { ProductCard } from './product-card';
import { ProductDetail } from './product-detail';

const noop = () => {};
const badges: NonNullable<Product['priceBadges']> = [
  {
    kind: 'lowest_ever',
    label: "Lowest price we've recorded",
    explanation: '£39.99 is 20% under every other price we have recorded for it since 1 March 2026.',
  },
  { kind: 'good_deal', label: 'Good deal', explanation: '£39.99 is within 5% of the lowest price we have recorded.' },
];
const plain = () =>
  makeProduct({
    priceBadges: badges,
    originalPrice: null,
    discountPercent: null,
    discount: null,
    savingBasis: null,
    savingBasisLabel: null,
  });

describe('price badges', () => {
  it('the card shows the first badge when no deal basis takes its place', async () => {
    renderPage(<ProductCard product={plain()} affiliateTag={null} onSetAlert={noop} />);
    const card = await screen.findByTestId('product-card');
    expect(within(card).getByText("Lowest price we've recorded")).toBeVisible();
    expect(within(card).queryByText('Good deal')).toBeNull();
  });

  it('the product page explains each badge under "Why is this a deal?"', async () => {
    renderPage(<ProductDetail detail={{ product: plain(), history: [] }} affiliateTag={null} onSetAlert={noop} />);
    const section = await screen.findByRole('region', { name: 'Why is this a deal?' });
    expect(within(section).getByText("Lowest price we've recorded")).toBeVisible();
    expect(within(section).getByText(/20% under every other price we have recorded/)).toBeVisible();
    expect(within(section).getByText('Good deal')).toBeVisible();
  });

  it('says nothing of the kind for a product without badges or a saving', async () => {
    const product = makeProduct({
      priceBadges: [],
      originalPrice: null,
      discountPercent: null,
      discount: null,
      savingBasis: null,
      savingBasisLabel: null,
    });
    renderPage(<ProductDetail detail={{ product, history: [] }} affiliateTag={null} onSetAlert={noop} />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Why is this a deal?' })).toBeNull();
  });
});
