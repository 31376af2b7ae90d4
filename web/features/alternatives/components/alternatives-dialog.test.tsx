// @vitest-environment happy-dom
/**
 * The 'Alternative Products' dialog draws each alternative with the shared price-and-buy part
 * (issue 26: web/components/product/price-and-buy.tsx) and claims no deal without a basis (issue
 * 27): '{n}% OFF' only for a substantiated saving, no 'Special Deal' for a product without one, a
 * stale feed price as "Last seen £X on {date}" with "Check today's price on Amazon", and every
 * Amazon link beside its "Ad" label, through our tracked redirect.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { similarItemsResponseSchema } from '../../../../common/api/alternatives.schema';
import { fakeApi, makeProduct, renderPage } from '../../../testing/harness';
import { AlternativesDialog } from './alternatives-dialog';

const original = makeProduct({ asin: 'B0ORIGIN01', title: 'Original kettle', price: '49.99' });
const saving = makeProduct({ asin: 'B0SAVING01', title: 'Kettle on offer' });
const plain = makeProduct({
  asin: 'B0PLAIN001',
  title: 'Kettle at its price',
  price: '29.99',
  originalPrice: null,
  discountPercent: null,
  discount: null,
  savingBasis: null,
  savingBasisLabel: null,
});
const stale = makeProduct({
  asin: 'B0STALE001',
  title: 'Kettle seen in 2023',
  price: '22.39',
  originalPrice: null,
  discountPercent: null,
  discount: null,
  savingBasis: null,
  savingBasisLabel: null,
  asOf: '2023-06-01T12:00:00.000Z',
  priceStale: true,
});

describe('Alternative Products', () => {
  it('badges only the substantiated saving, shows a stale price as last seen, and labels every Amazon link "Ad"', async () => {
    const products = [saving, plain, stale];
    fakeApi({
      'GET /api/amazon/similar-items/B0ORIGIN01': {
        json: similarItemsResponseSchema.parse({
          products,
          similarProducts: products,
          originalProduct: original,
          total: 3,
          sourceAsin: 'B0ORIGIN01',
          isFallback: false,
          analysis: {
            analysis: 'Three cheaper kettles.',
            rankings: products.map((p, i) => ({ productIndex: i, rank: i + 1, title: p.title, explanation: `Reason ${i + 1}` })),
          },
          error: null,
          message: 'ok',
        }),
      },
    });
    renderPage(<AlternativesDialog product={original} onClose={() => {}} />);

    const rows = await screen.findAllByTestId('alternative');
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('33% OFF')).toBeVisible();
    expect(within(first).getByText('£79.99')).toBeVisible();
    expect(within(first).getByText('Reason 1')).toBeVisible();
    expect(within(second).getByText('£29.99')).toBeVisible();
    expect(within(second).queryByText(/Special Deal|OFF/)).toBeNull();
    expect(within(third).getByText('Last seen £22.39 on 1 June 2023')).toBeVisible();
    expect(
      within(third)
        .getByRole('link', { name: /Check today's price on Amazon/ })
        .getAttribute('href'),
    ).toMatch(/^\/go\/B0STALE001\?/);
    for (const row of rows) {
      expect(within(row).getByText('Ad')).toBeVisible();
      expect(within(row).getByRole('link').getAttribute('rel')).toBe('sponsored noopener');
    }
    expect(within(screen.getByRole('region', { name: 'Original product' })).getByText('£49.99')).toBeVisible();
  });
});
