/**
 * The Product JSON-LD states only what we know (issue 27 "structured data states only what we
 * know"): a current price with the time it was observed, no stock, condition or seller claim, and no
 * offer at all for a price that is not shown as current (none, or a feed price shown as "last seen").
 */
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../common/api/products.schema';
import { productJsonLd } from './structured-data.rules';

const PAGE = 'https://deals.example.co.uk/deals/B0LDJSON01';

function product(overrides: Partial<Product> = {}): Product {
  return {
    asin: 'B0LDJSON01',
    id: '1',
    title: 'Stainless kettle 1.7 L',
    price: '29.99',
    originalPrice: null,
    discountPercent: null,
    discount: null,
    savingBasis: null,
    savingBasisLabel: null,
    imageUrl: null,
    affiliateUrl: 'https://www.amazon.co.uk/dp/B0LDJSON01?tag=dealalertsuk-21',
    productUrl: '/deals/B0LDJSON01',
    rating: 4.6,
    reviewCount: 1200,
    category: 'home-kitchen',
    categoryName: 'Kettles',
    brand: null,
    features: [],
    asOf: '2023-06-01T00:00:00.000Z',
    priceStale: false,
    lowestIn30Days: false,
    ...overrides,
  };
}

describe('productJsonLd', () => {
  it('offers a current price in GBP from the time it was observed, and claims no stock, condition, seller or rating', () => {
    const ld = productJsonLd(product(), PAGE);
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Stainless kettle 1.7 L',
      sku: 'B0LDJSON01',
      url: PAGE,
      category: 'Kettles',
      offers: {
        '@type': 'Offer',
        url: PAGE,
        price: '29.99',
        priceCurrency: 'GBP',
        validFrom: '2023-06-01T00:00:00.000Z',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: '29.99',
          priceCurrency: 'GBP',
          validFrom: '2023-06-01T00:00:00.000Z',
        },
      },
    });
    const text = JSON.stringify(ld);
    for (const claim of ['availability', 'InStock', 'itemCondition', 'seller', 'aggregateRating', 'priceValidUntil']) {
      expect(text).not.toContain(claim);
    }
  });

  it('has no offer when the price is not shown as current: a "last seen" feed price, or no price at all', () => {
    expect(productJsonLd(product({ priceStale: true }), PAGE)).not.toHaveProperty('offers');
    expect(productJsonLd(product({ price: null, asOf: null }), PAGE)).not.toHaveProperty('offers');
    // The product's own facts stay.
    expect(productJsonLd(product({ priceStale: true, brand: 'Brewmoor' }), PAGE)).toMatchObject({
      name: 'Stainless kettle 1.7 L',
      brand: { '@type': 'Brand', name: 'Brewmoor' },
    });
  });
});
