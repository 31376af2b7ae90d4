// @vitest-environment happy-dom
/**
 * The admin Similar tab in the browser (admin-area §2 "Similar-products tab", §4), with the API
 * faked at `fetch`: the ASIN's validation message (nothing is sent), the original product panel
 * (price, saving basis, "as of"), the ranked alternatives with a features disclosure per row, the
 * spec's warning for a ranking that names no product, 'No similar products found', an unknown
 * ASIN, and the AI analysis as the server answers it without a language model.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SimilarItemsResponse } from '../../../../../common/api/alternatives.schema';
import { fakeApi, makeProduct, renderPage } from '../../../../testing/harness';
import { SimilarTab } from './similar-tab';

const SOURCE = makeProduct({
  asin: 'B0SOURCE01',
  title: 'Ninja Air Fryer AF100UK',
  features: ['4 litre basket', 'Dishwasher-safe parts'],
});
const CHEAPER = makeProduct({
  asin: 'B0CHEAP001',
  title: 'Tower Air Fryer T17021',
  price: '49.99',
  originalPrice: '69.99',
  discountPercent: 29,
  savingBasisLabel: 'Was price',
  features: ['4.3 litre capacity', 'Rapid air circulation', '60-minute timer'],
});
const PLAIN = makeProduct({
  asin: 'B0PLAIN001',
  title: 'Salter Compact Air Fryer',
  price: '39.99',
  originalPrice: null,
  discountPercent: null,
  discount: null,
  savingBasis: null,
  savingBasisLabel: null,
  features: [],
});

const FOUND: SimilarItemsResponse = {
  products: [CHEAPER, PLAIN],
  similarProducts: [CHEAPER, PLAIN],
  originalProduct: SOURCE,
  total: 2,
  sourceAsin: SOURCE.asin,
  isFallback: false,
  analysis: {
    analysis: 'We compared similar products in our catalogue. 2 are cheaper than this one, best value first.',
    rankings: [
      { productIndex: 0, rank: 1, title: CHEAPER.title, explanation: '£30.00 cheaper, 29% off its was price' },
      { productIndex: 1, rank: 2, title: PLAIN.title, explanation: '£40.00 cheaper' },
      { productIndex: 7, rank: 3, title: 'Gone', explanation: '' },
    ],
  },
  error: null,
  message: 'Found 2 cheaper alternatives',
};

describe('the admin Similar tab', () => {
  it("refuses an empty ASIN with 'ASIN Required' (sending nothing) and only hints the 10 characters", async () => {
    const api = fakeApi({
      'GET /api/amazon/similar-items/B0-SHORT': {
        status: 400,
        json: { error: 'Bad Request', message: 'asin: must be a 10-character ASIN' },
      },
    });
    const { user } = renderPage(<SimilarTab tabKey="similar-products" />, '/admin/similar-products');
    const input = screen.getByRole('textbox', { name: 'ASIN' });
    expect(input).toHaveAccessibleDescription(/10-character Amazon product code/);
    await user.click(screen.getByRole('button', { name: 'Find similar products' }));
    expect(screen.getByText('ASIN Required: Please enter a product ASIN to find similar items.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/ASIN Required/);
    expect(input).toHaveFocus();
    expect(api.calls).toEqual([]);

    // Admin-area §5: the pattern is a hint, not enforced here; the server's answer is shown.
    await user.type(input, 'b0-short');
    await user.click(screen.getByRole('button', { name: 'Find similar products' }));
    expect(await screen.findByText(/must be a 10-character ASIN/)).toBeInTheDocument();
    expect(api.callsTo('GET /api/amazon/similar-items/B0-SHORT')).toHaveLength(1);
  });

  it('shows the original product and the ranked alternatives, each with its features behind a disclosure', async () => {
    const api = fakeApi({ 'GET /api/amazon/similar-items/B0SOURCE01': { json: FOUND } });
    const { user } = renderPage(<SimilarTab tabKey="similar-products" />, '/admin/similar-products');
    // Lower case is accepted and upper-cased.
    await user.type(screen.getByRole('textbox', { name: 'ASIN' }), ' b0source01 ');
    await user.click(screen.getByRole('button', { name: 'Find similar products' }));

    const original = await screen.findByRole('region', { name: 'Original product' });
    expect(api.callsTo('GET /api/amazon/similar-items/B0SOURCE01')).toHaveLength(1);
    expect(within(original).getByText('Ninja Air Fryer AF100UK')).toBeInTheDocument();
    expect(original).toHaveTextContent('£79.99');
    expect(original).toHaveTextContent('£119.99 RRP');
    expect(original).toHaveTextContent('Price as of 15 Jan 2026');

    const list = screen.getByRole('list', { name: 'Alternatives' });
    const rows = within(list).getAllByTestId('similar-alternative');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Tower Air Fryer T17021');
    expect(rows[0]).toHaveTextContent('£49.99£69.99 Was price');
    expect(rows[0]).toHaveTextContent('£30.00 cheaper, 29% off its was price');
    expect(within(rows[0] as HTMLElement).getByLabelText('Rank 1')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('No features listed.');
    expect(within(list).getByRole('alert')).toHaveTextContent('Product #8 not found in results. This ranking cannot be displayed.');

    const toggle = within(rows[0] as HTMLElement).getByRole('button', { name: /Show features \(3\)/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(rows[0] as HTMLElement).queryByText('Rapid air circulation')).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide features (3) of Tower Air Fryer T17021');
    expect(within(rows[0] as HTMLElement).getByText('Rapid air circulation')).toBeVisible();
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toHaveTextContent('60-minute timer');
  });

  it('runs the AI analysis and shows the server’s answer when no language model is configured', async () => {
    const api = fakeApi({
      'GET /api/amazon/similar-items/B0SOURCE01': { json: FOUND },
      'POST /api/amazon/analyze-products': {
        json: {
          analysis: {
            analysis: 'We compared similar products in our catalogue by price. 2 are cheaper than this one, best value first.',
            rankings: [
              { productIndex: 1, rank: 1, title: PLAIN.title, explanation: 'Cheapest by £40.00' },
              { productIndex: 0, rank: 2, title: CHEAPER.title, explanation: '29% off its was price' },
            ],
          },
          message: 'Analysis complete',
        },
      },
    });
    const { user } = renderPage(<SimilarTab tabKey="similar-products" />, '/admin/similar-products');
    await user.type(screen.getByRole('textbox', { name: 'ASIN' }), 'B0SOURCE01');
    await user.click(screen.getByRole('button', { name: 'Find similar products' }));
    const ai = await screen.findByRole('region', { name: 'AI analysis' });
    expect(ai).toHaveTextContent('ALTERNATIVES_LLM_URL');

    await user.click(within(ai).getByRole('button', { name: 'Run AI analysis' }));
    expect(await within(ai).findByText('Analysis complete')).toBeInTheDocument();
    expect(ai).toHaveTextContent('2 are cheaper than this one');
    const ranking = within(ai).getByRole('list', { name: 'AI ranking' });
    expect(within(ranking).getAllByRole('listitem')[0]).toHaveTextContent('Salter Compact Air FryerCheapest by £40.00');
    expect(api.callsTo('POST /api/amazon/analyze-products')[0]?.body).toEqual({
      originalProduct: {
        asin: 'B0SOURCE01',
        title: 'Ninja Air Fryer AF100UK',
        price: '79.99',
        originalPrice: '119.99',
        rating: 4.6,
        reviewCount: 1234,
        brand: 'Ninja',
        category: 'kitchen',
      },
      similarProducts: [
        expect.objectContaining({ asin: 'B0CHEAP001', price: '49.99', originalPrice: '69.99' }),
        expect.objectContaining({ asin: 'B0PLAIN001', price: '39.99', originalPrice: null }),
      ],
    });
  });

  it('shows the analysis’s refusal as a message, not a broken state', async () => {
    fakeApi({
      'GET /api/amazon/similar-items/B0SOURCE01': { json: FOUND },
      'POST /api/amazon/analyze-products': {
        status: 400,
        json: { error: 'Bad Request', message: 'similarProducts.0.price: must be a price in pounds' },
      },
    });
    const { user } = renderPage(<SimilarTab tabKey="similar-products" />, '/admin/similar-products');
    await user.type(screen.getByRole('textbox', { name: 'ASIN' }), 'B0SOURCE01');
    await user.click(screen.getByRole('button', { name: 'Find similar products' }));
    const ai = await screen.findByRole('region', { name: 'AI analysis' });
    await user.click(within(ai).getByRole('button', { name: 'Run AI analysis' }));
    expect(await within(ai).findByRole('alert')).toHaveTextContent('similarProducts.0.price: must be a price in pounds');
    expect(await screen.findByText('Analysis Failed', { exact: true })).toBeInTheDocument();
    expect(within(ai).getByRole('button', { name: 'Run AI analysis' })).toBeEnabled();
  });

  it("says 'No similar products found' with the server's reason, and names an ASIN we do not hold", async () => {
    fakeApi({
      'GET /api/amazon/similar-items/B0SOURCE01': {
        json: {
          ...FOUND,
          products: [],
          similarProducts: [],
          total: 0,
          analysis: null,
          error: "We couldn't find similar products in our catalogue.",
          message: "We couldn't find similar products in our catalogue.",
        } satisfies SimilarItemsResponse,
      },
      'GET /api/amazon/similar-items/B0UNKNOWN1': {
        status: 404,
        json: { error: 'Not Found', message: 'asin: no product with ASIN B0UNKNOWN1 in our catalogue' },
      },
    });
    const { user } = renderPage(<SimilarTab tabKey="similar-products" />, '/admin/similar-products');
    const input = screen.getByRole('textbox', { name: 'ASIN' });
    await user.type(input, 'B0SOURCE01');
    await user.click(screen.getByRole('button', { name: 'Find similar products' }));
    expect(await screen.findByText('No similar products found')).toBeInTheDocument();
    expect(screen.getByText("We couldn't find similar products in our catalogue.")).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Original product' })).toHaveTextContent('Ninja Air Fryer AF100UK');
    expect(screen.queryByRole('region', { name: 'AI analysis' })).toBeNull();

    await user.clear(input);
    await user.type(input, 'B0UNKNOWN1');
    await user.click(screen.getByRole('button', { name: 'Find similar products' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No product with ASIN B0UNKNOWN1 in our catalogue.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
