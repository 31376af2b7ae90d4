/**
 * The search screens' words and the text they send (issue 28): never a 400 for what a shopper typed
 * or pasted, "1 product" never "1 products", and the 'Search completed' toast (shopper-screens §8).
 */
import { describe, expect, it } from 'vitest';
import { suggestionsQuerySchema } from '../../../common/api/products.schema';
import { cleanSearchText, countOf, searchCompletedToast, suggestionsText, totalOf } from './search-text.rules';

describe('search text', () => {
  it('turns control characters into spaces, collapses spaces, trims and cuts to the limit', () => {
    expect(cleanSearchText('  air\tfryer\n\n ninja  ')).toBe('air fryer ninja');
    expect(cleanSearchText('x'.repeat(250))).toHaveLength(200);
    expect(cleanSearchText('\u0000\u0007')).toBe('');
  });

  it('sends suggestions text the API accepts: at most 100 characters, never a lone half of an emoji', () => {
    const title = `${'Russell Hobbs Electric Kettle '.repeat(3)}😀 1.7L`;
    const sent = suggestionsText(`${'a'.repeat(99)}😀`);
    expect(sent).toBe('a'.repeat(99));
    for (const text of [title, `${title}\t${title}`, `${'a'.repeat(99)}😀`, 'ab\u0001cd']) {
      const q = suggestionsText(text);
      expect(q.length).toBeLessThanOrEqual(100);
      expect(suggestionsQuerySchema.safeParse({ q }).success, q).toBe(true);
    }
  });
});

describe('counts', () => {
  it('says "1 product" and "1 result", and plural otherwise, with en-GB digits', () => {
    expect(countOf(1, 'product')).toBe('1 product');
    expect(countOf(0, 'product')).toBe('0 products');
    expect(countOf(1234, 'result')).toBe('1,234 results');
  });
});

describe("'Search completed' toast", () => {
  it('counts the products matching the criteria, in the singular for one', () => {
    expect(searchCompletedToast({ total: 42 })).toEqual({
      title: 'Search completed',
      description: 'Found 42 products matching your criteria',
    });
    expect(searchCompletedToast({ total: 1 })).toEqual({
      title: 'Search completed',
      description: 'Found 1 product matching your criteria',
    });
  });

  it('names the words the products answer when they are not the typed ones, and says nothing for no products', () => {
    expect(searchCompletedToast({ total: 3, didYouMean: 'headphones', showingResultsFor: 'headphones' })?.description).toBe(
      'Found 3 products for “headphones”',
    );
    expect(searchCompletedToast({ total: 5, relaxedFrom: 'red kettle stand', showingResultsFor: 'kettle' })?.description).toBe(
      'Found 5 products for “kettle”',
    );
    expect(searchCompletedToast({ total: 0 })).toBeNull();
  });

  it('says how many match every word when the others match only part of them', () => {
    expect(searchCompletedToast({ total: 4, matchingAll: 1 })?.description).toBe(
      'Found 1 product matching all your words, and 3 more that match part of them',
    );
    expect(searchCompletedToast({ total: 1201, matchingAll: 1200 })?.description).toBe(
      'Found 1,200 products matching all your words, and 1 more that matches part of them',
    );
  });

  it('says "over" when the answer counted only so far (totalCapped)', () => {
    expect(searchCompletedToast({ total: 1000, totalCapped: true })?.description).toBe('Found over 1,000 products matching your criteria');
    expect(searchCompletedToast({ total: 1000, totalCapped: true, matchingAll: 7 })?.description).toBe(
      'Found 7 products matching all your words, and many more that match part of them',
    );
    expect(totalOf(1000, true, 'result')).toBe('over 1,000 results');
    expect(totalOf(1, false, 'result')).toBe('1 result');
  });
});
