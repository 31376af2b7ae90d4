import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { productSchema, suggestionSchema } from '../../../common/api/products.schema';
import {
  chooseOriginalPrice,
  publicPriceView,
  toProduct,
  toShownProduct,
  toSuggestion,
  withPriceView,
  type ProductRow,
} from './product-shape';

const asOf = new Date('2025-03-01T09:30:00Z');
/** A public view an hour after `asOf`: every price of these rows (a feed's, or Amazon's an hour old) is shown. */
const view = publicPriceView(new Date(asOf.getTime() + 3_600_000));
const HOUR = 3_600_000;

function row(overrides: Partial<ProductRow> = {}): ProductRow {
  return {
    id: 42,
    asin: 'B0ABCDEF12',
    title: 'Kettle',
    pricePence: 1299,
    listPricePence: null,
    savingBasisType: null,
    observedHigh30dPence: null,
    observedLow30dPence: null,
    referencePricePence: null,
    lowestIn30Days: false,
    imageUrl: 'https://m.media-amazon.com/images/I/kettle.jpg',
    rating: 4.5,
    reviewCount: 210,
    category: 'home-kitchen',
    categoryName: 'Kettles',
    brand: 'Russell Hobbs',
    features: ['1.7 litres', 'Rapid boil'],
    priceAsOf: asOf,
    priceSource: 'csv',
    ...overrides,
  };
}

describe('toProduct', () => {
  it('maps prices to pound strings, ids to strings and links to our page and the tagged Amazon page', () => {
    const p = toProduct(row(), 'dealalertsuk-21', view);
    expect(productSchema.parse(p)).toEqual(p);
    expect(p.price).toBe('12.99');
    expect(p.id).toBe('42');
    expect(p.productUrl).toBe('/deals/B0ABCDEF12');
    expect(p.affiliateUrl).toBe('https://www.amazon.co.uk/dp/B0ABCDEF12?tag=dealalertsuk-21&linkCode=osi&th=1&psc=1');
    expect(p.asOf).toBe('2025-03-01T09:30:00.000Z');
    expect(p.features).toEqual(['1.7 litres', 'Rapid boil']);
    expect(p.rating).toBe(4.5);
    expect(p.reviewCount).toBe(210);
  });

  it('shows no discount without a substantiated original price ("Special Deal")', () => {
    const p = toProduct(row(), 'tag-21', view);
    expect(p).toMatchObject({ originalPrice: null, discountPercent: null, discount: null, savingBasis: null, savingBasisLabel: null });
  });

  it('uses the labelled list price when it is above the price, with its own basis and label', () => {
    const p = toProduct(
      row({ pricePence: 1299, listPricePence: 1999, savingBasisType: 'WAS_PRICE', observedHigh30dPence: 2999 }),
      'tag-21',
      view,
    );
    expect(p).toMatchObject({
      originalPrice: '19.99',
      discountPercent: 35,
      discount: '7.00',
      savingBasis: 'WAS_PRICE',
      savingBasisLabel: 'Was',
    });
  });

  it('calls a list price without a named basis LIST_PRICE ("RRP"), and an unknown basis too', () => {
    expect(toProduct(row({ listPricePence: 2000 }), 't', view).savingBasis).toBe('LIST_PRICE');
    expect(toProduct(row({ listPricePence: 2000, savingBasisType: 'SOMETHING_ELSE' }), 't', view)).toMatchObject({
      savingBasis: 'LIST_PRICE',
      savingBasisLabel: 'RRP',
    });
  });

  it('falls back to our tracked reference price when the list price is not above the price', () => {
    const p = toProduct(
      row({ pricePence: 1500, listPricePence: 1500, savingBasisType: 'LIST_PRICE', referencePricePence: 2000 }),
      't',
      view,
    );
    expect(p).toMatchObject({
      originalPrice: '20.00',
      discountPercent: 25,
      discount: '5.00',
      savingBasis: 'TRACKED_PRICE',
      savingBasisLabel: 'Our tracked price for 28+ days before this drop',
    });
  });

  it('never makes the 30-day high a was-price: only the tracked reference (28+ days) is one (issue 27)', () => {
    // Seven minutes of history leave a 30-day high above the price but no tracked reference.
    const p = toProduct(row({ pricePence: 1500, observedHigh30dPence: 2000, observedLow30dPence: 1500 }), 't', view);
    expect(p).toMatchObject({ originalPrice: null, discountPercent: null, savingBasis: null, lowestIn30Days: false });
  });

  it('shows a feed price older than FEED_PRICE_MAX_AGE_DAYS as "last seen": no saving, no low flag', () => {
    const later = publicPriceView(new Date(asOf.getTime() + 8 * 24 * HOUR));
    const p = toProduct(row({ listPricePence: 1999, referencePricePence: 1800, lowestIn30Days: true }), 't', later);
    expect(p).toMatchObject({ price: '12.99', priceStale: true, asOf: asOf.toISOString(), originalPrice: null, savingBasis: null });
    expect(p.lowestIn30Days).toBe(false);
    const week = publicPriceView(new Date(asOf.getTime() + 7 * 24 * HOUR));
    expect(toProduct(row({ listPricePence: 1999 }), 't', week)).toMatchObject({ priceStale: false, originalPrice: '19.99' });
  });

  it('shows nothing when neither basis is above the price', () => {
    const p = toProduct(row({ pricePence: 1500, listPricePence: 1000, observedHigh30dPence: 1500 }), 't', view);
    expect(p.originalPrice).toBeNull();
    expect(p.discountPercent).toBeNull();
  });

  it('rounds the percent to a whole number (DESIGN.md §4)', () => {
    // (3 - 1) / 3 = 66.67 % → 67
    expect(toProduct(row({ pricePence: 100, listPricePence: 300 }), 't', view).discountPercent).toBe(67);
    // (1000 - 995) / 1000 = 0.5 % → 1
    expect(toProduct(row({ pricePence: 995, listPricePence: 1000 }), 't', view).discountPercent).toBe(1);
  });

  it('shows lowestIn30Days as the pricing module stored it', () => {
    expect(toProduct(row({ lowestIn30Days: true }), 't', view).lowestIn30Days).toBe(true);
    expect(toProduct(row({ lowestIn30Days: false, observedLow30dPence: 1299, observedHigh30dPence: 1400 }), 't', view).lowestIn30Days).toBe(
      false,
    );
  });

  it('keeps only string features from the jsonb column', () => {
    expect(toProduct(row({ features: ['a', 3, null, 'b'] }), 't', view).features).toEqual(['a', 'b']);
    expect(toProduct(row({ features: { not: 'a list' } }), 't', view).features).toEqual([]);
  });

  it('never shows an original price at or below the price, and the saving adds up (property)', () => {
    const pence = fc.integer({ min: 1, max: 10_000_000 });
    fc.assert(
      fc.property(pence, fc.option(pence), fc.option(pence), (price, list, high) => {
        const p = toProduct(row({ pricePence: price, listPricePence: list, referencePricePence: high }), 't', view);
        const original = chooseOriginalPrice({
          pricePence: price,
          listPricePence: list,
          savingBasisType: null,
          referencePricePence: high,
        });
        if (original === null) return p.originalPrice === null && p.discount === null && p.discountPercent === null;
        const expectedBasis = list != null && list > price ? 'LIST_PRICE' : 'TRACKED_PRICE';
        return (
          original.pence > price &&
          p.savingBasis === expectedBasis &&
          Math.round(Number(p.discount) * 100) === original.pence - price &&
          p.discountPercent !== null &&
          p.discountPercent >= 0 &&
          p.discountPercent <= 100
        );
      }),
    );
  });
});

describe("the licence's 24 hours (Amazon's data; docs/decisions/0014-amazon-data-24h.md)", () => {
  const amazon = (hoursOld: number, now: Date) =>
    row({
      priceSource: 'creators-api',
      priceAsOf: new Date(now.getTime() - hoursOld * HOUR),
      listPricePence: 1999,
      savingBasisType: 'LIST_PRICE',
      observedLow30dPence: 1299,
      observedHigh30dPence: 1599,
      lowestIn30Days: true,
    });
  const now = new Date('2026-06-01T12:00:00Z');

  it('shows Amazon\'s price 23 hours after it was observed, with its saving and "as of" time', () => {
    const p = toProduct(amazon(23, now), 't', publicPriceView(now));
    expect(p).toMatchObject({ price: '12.99', originalPrice: '19.99', discountPercent: 35, savingBasisLabel: 'RRP', lowestIn30Days: true });
    expect(p.asOf).toBe(new Date(now.getTime() - 23 * HOUR).toISOString());
  });

  it('hides price, saving, basis, "as of" and the 30-day low once 24 hours have passed, keeping the product', () => {
    for (const hours of [24, 25, 24 * 30]) {
      const p = toProduct(amazon(hours, now), 'tag-21', publicPriceView(now));
      expect(productSchema.parse(p)).toEqual(p);
      expect(p).toMatchObject({
        asin: 'B0ABCDEF12',
        title: 'Kettle',
        price: null,
        originalPrice: null,
        discountPercent: null,
        discount: null,
        savingBasis: null,
        savingBasisLabel: null,
        asOf: null,
        lowestIn30Days: false,
        productUrl: '/deals/B0ABCDEF12',
      });
      expect(p.affiliateUrl).toContain('tag=tag-21');
      expect(toSuggestion(amazon(hours, now), publicPriceView(now))).toMatchObject({ price: null, asOf: null });
    }
  });

  it("never hides a feed's price, however old", () => {
    const old = row({ priceSource: 'csv', priceAsOf: new Date(now.getTime() - 400 * 24 * HOUR) });
    expect(toProduct(old, 't', publicPriceView(now)).price).toBe('12.99');
    expect(toProduct(row({ priceSource: 'demo', priceAsOf: old.priceAsOf }), 't', publicPriceView(now)).price).toBe('12.99');
  });

  it('remembers when the first Amazon price it showed expires; hidden and feed prices do not count', () => {
    const v = publicPriceView(now);
    expect(v.expiresAtMs).toBe(Number.POSITIVE_INFINITY);
    toProduct(row({ priceSource: 'csv', priceAsOf: new Date(0) }), 't', v);
    toProduct(amazon(30, now), 't', v);
    expect(v.expiresAtMs).toBe(Number.POSITIVE_INFINITY);
    toProduct(amazon(2, now), 't', v);
    toProduct(amazon(20, now), 't', v);
    expect(v.expiresAtMs).toBe(now.getTime() + 4 * HOUR);
  });

  it('withPriceView hands the deadline to the cache entry, and none without Amazon prices', async () => {
    const deadlines: number[] = [];
    const life = { expiresAt: (ms: number) => void deadlines.push(ms) };
    await withPriceView(now, life, async (v) => toProduct(amazon(10, now), 't', v));
    await withPriceView(now, life, async (v) => toProduct(row(), 't', v));
    expect(deadlines).toEqual([now.getTime() + 14 * HOUR]);
  });

  it("the owners' shape shows every price whatever its age", () => {
    expect(toShownProduct(amazon(100, now), 't')).toMatchObject({ price: '12.99', originalPrice: '19.99' });
  });
});

describe('toSuggestion', () => {
  it('answers asin, title, price in pounds and the image', () => {
    expect(toSuggestion(row({ pricePence: 5 }), view)).toEqual({
      asin: 'B0ABCDEF12',
      title: 'Kettle',
      price: '0.05',
      imageUrl: 'https://m.media-amazon.com/images/I/kettle.jpg',
      asOf: asOf.toISOString(),
    });
  });
});

describe('shapes served without response validation (cached as JSON.stringify, server/http/answer-cache.ts)', () => {
  const pence = fc.integer({ min: 1, max: 100_000_000 });
  const maybePence = fc.option(pence, { nil: null });
  const rows = fc.record({
    id: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    asin: fc.stringMatching(/^[A-Z0-9]{10}$/),
    title: fc.string({ minLength: 1, maxLength: 200 }),
    pricePence: pence,
    listPricePence: maybePence,
    savingBasisType: fc.constantFrom(null, 'LIST_PRICE', 'WAS_PRICE'),
    observedHigh30dPence: maybePence,
    observedLow30dPence: maybePence,
    referencePricePence: maybePence,
    lowestIn30Days: fc.boolean(),
    imageUrl: fc.option(fc.webUrl(), { nil: null }),
    rating: fc.option(fc.double({ min: 1, max: 5, noNaN: true }), { nil: null }),
    reviewCount: fc.option(fc.nat(), { nil: null }),
    category: fc.constantFrom('electronics', 'home-kitchen', 'other'),
    categoryName: fc.option(fc.string(), { nil: null }),
    brand: fc.option(fc.string(), { nil: null }),
    features: fc.array(fc.string(), { maxLength: 5 }),
    priceAsOf: fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
    priceSource: fc.constantFrom('csv', 'demo', 'creators-api'),
  });

  it('always builds products and suggestions that the API schemas accept unchanged, shown or hidden', () => {
    fc.assert(
      fc.property(rows, fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (r, now) => {
        const view = publicPriceView(now);
        const product = toProduct(r as ProductRow, 'dealalertsuk-21', view);
        expect(productSchema.parse(product)).toEqual(product);
        expect(Number.isInteger(product.discountPercent ?? 0)).toBe(true);
        const suggestion = toSuggestion(r as ProductRow, view);
        expect(suggestionSchema.parse(suggestion)).toEqual(suggestion);
      }),
    );
  });
});
