/**
 * The value score's merge of two rankings (catalogue first, then Amazon's search results; issue 14
 * part 3) and explanations against a source whose price may not be shown (decision 0014).
 */
import { describe, expect, it } from 'vitest';
import { explain, FALLBACK_LIMIT, mergeRankings, type Ranking, type ScoredInput } from './value-score';

const alt = (item: string) => ({ item, score: 0.5, cheaper: true, explanation: item });
const cheaper = (...items: string[]): Ranking<string> => ({ ranked: items.map(alt), isFallback: false });
const fallback = (...items: string[]): Ranking<string> => ({ ranked: items.map(alt), isFallback: true });
const none: Ranking<string> = { ranked: [], isFallback: false };
const names = (r: Ranking<string>) => r.ranked.map((a) => a.item);

describe('mergeRankings', () => {
  it("keeps the first ranking's items and order, then adds the second's, up to the limit", () => {
    const merged = mergeRankings(cheaper('c1', 'c2'), cheaper('a1', 'a2', 'a3', 'a4'), 5);
    expect(names(merged)).toEqual(['c1', 'c2', 'a1', 'a2', 'a3']);
    expect(merged.isFallback).toBe(false);
  });

  it('lists only cheaper alternatives when either side found some, so the heading stays true', () => {
    expect(names(mergeRankings(cheaper('c1'), fallback('a1'), 5))).toEqual(['c1']);
    const amazonCheaper = mergeRankings(fallback('c1'), cheaper('a1', 'a2'), 5);
    expect(names(amazonCheaper)).toEqual(['a1', 'a2']);
    expect(amazonCheaper.isFallback).toBe(false);
    expect(names(mergeRankings(none, cheaper('a1'), 5))).toEqual(['a1']);
  });

  it(`merges two fallbacks, at most ${FALLBACK_LIMIT}`, () => {
    const merged = mergeRankings(fallback('c1', 'c2'), fallback('a1', 'a2'), 5);
    expect(names(merged)).toEqual(['c1', 'c2', 'a1']);
    expect(merged.isFallback).toBe(true);
    expect(names(mergeRankings(none, none, 5))).toEqual([]);
  });
});

describe('explain', () => {
  const base: ScoredInput = {
    title: 'Kettle',
    pricePence: 3000,
    originalPricePence: null,
    rating: null,
    reviewCount: null,
    brand: 'Acme',
    category: null,
  };
  it('compares prices when the source has one we may show, and everything else when it has not', () => {
    const other = { ...base, pricePence: 2000, originalPricePence: 2500, savingBasisLabel: 'RRP', rating: 4.5, reviewCount: 12 };
    expect(explain(base, other)).toBe('£10.00 cheaper · same brand · 20% off RRP · 4.5★ from 12 reviews');
    expect(explain({ ...base, pricePence: 0 }, other)).toBe('Same brand · 20% off RRP · 4.5★ from 12 reviews');
    // Issue 28: what the two are, and the quantities both titles state, come first.
    expect(explain(base, { ...other, typePhrase: 'travel kettle', quantity: '1.0 L vs 0.9 L' })).toBe(
      'Same type: travel kettle · £10.00 cheaper · 1.0 L vs 0.9 L · same brand · 20% off RRP · 4.5★ from 12 reviews',
    );
  });
});
