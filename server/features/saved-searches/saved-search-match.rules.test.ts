/**
 * The saved-search matching rules (issue 30): words read as search reads them, every criterion
 * applied, each search filed under its rarest term only, and the inverted index finding exactly what
 * testing every search against every product finds.
 */
import { describe, expect, it } from 'vitest';
import {
  compileSearch,
  matchesSearch,
  productStems,
  SavedSearchIndex,
  type MatchableProduct,
  type SearchCriteria,
} from './saved-search-match.rules';

const search = (over: Partial<SearchCriteria> & { keywords: string }): SearchCriteria => ({
  id: 1,
  category: null,
  maxPricePence: null,
  minSavingPercent: null,
  ...over,
});
const product = (over: Partial<MatchableProduct> & { title: string }): MatchableProduct => ({
  asin: 'B000000001',
  brand: null,
  category: 'home-kitchen',
  pricePence: 10_000,
  dealPercent: null,
  ...over,
});
const noFrequencies = () => 0;
const matches = (s: SearchCriteria, p: MatchableProduct) => matchesSearch(compileSearch(s, noFrequencies), p, productStems(p));

describe('matchesSearch', () => {
  it('reads words as search does: stems, synonyms, British and American spellings, brand', () => {
    expect(matches(search({ keywords: 'kettles' }), product({ title: 'Breville Kettle 1.7 L' }))).toBe(true);
    expect(matches(search({ keywords: 'hoover' }), product({ title: 'Shark Cordless Vacuum Cleaner' }))).toBe(true);
    expect(matches(search({ keywords: 'grey colour jumper' }), product({ title: 'Gray Color Sweater, Wool' }))).toBe(true);
    expect(matches(search({ keywords: 'dyson cordless' }), product({ title: 'V8 Cordless Stick Vacuum', brand: 'Dyson' }))).toBe(true);
    expect(matches(search({ keywords: 'dyson cordless' }), product({ title: 'Shark Cordless Stick Vacuum' }))).toBe(false);
    // A phrase term stays a phrase: "french press" is not "French ... Press".
    expect(matches(search({ keywords: 'french press' }), product({ title: 'French Linen Trouser Press' }))).toBe(false);
  });

  it('applies the category, the price cap and the minimum verified saving', () => {
    const kettle = product({ title: 'Kettle', pricePence: 2500, dealPercent: 20 });
    expect(matches(search({ keywords: 'kettle', category: 'electronics' }), kettle)).toBe(false);
    expect(matches(search({ keywords: 'kettle', category: 'home-kitchen' }), kettle)).toBe(true);
    expect(matches(search({ keywords: 'kettle', maxPricePence: 2499 }), kettle)).toBe(false);
    expect(matches(search({ keywords: 'kettle', maxPricePence: 2500 }), kettle)).toBe(true);
    expect(matches(search({ keywords: 'kettle', minSavingPercent: 21 }), kettle)).toBe(false);
    expect(matches(search({ keywords: 'kettle', minSavingPercent: 20 }), kettle)).toBe(true);
    expect(matches(search({ keywords: 'kettle', minSavingPercent: 1 }), product({ title: 'Kettle', dealPercent: null }))).toBe(false);
  });
});

describe('compileSearch', () => {
  it('files a search under the stems of its rarest term only', () => {
    const frequency = (stem: string) => ({ dyson: 40, cordless: 900, vacuum: 1500 })[stem] ?? 5000;
    expect(compileSearch(search({ keywords: 'dyson cordless vacuum' }), frequency).keys).toEqual(['dyson']);
    // A synonym term is filed under one stem per form (hoover, vacuum cleaner → its rarer stem, vacuum).
    const hoover = compileSearch(search({ keywords: 'hoover' }), frequency).keys;
    expect(hoover).toContain('hoover');
    expect(hoover).toContain('vacuum');
    expect(compileSearch(search({ keywords: '', category: 'baby' }), frequency).keys).toEqual(['category:baby']);
  });
});

describe('SavedSearchIndex', () => {
  it('finds exactly what testing every search against every product finds', () => {
    const words = [
      'kettle',
      'black',
      'dyson',
      'cordless',
      'vacuum',
      'hoover',
      'toaster',
      'slice',
      'air',
      'fryer',
      'trainers',
      'mens',
      'nike',
    ];
    const categories = ['home-kitchen', 'fashion', 'electronics'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    const products = Array.from({ length: 400 }, (_, i) =>
      product({
        asin: `B${String(i).padStart(9, '0')}`,
        title: Array.from({ length: 2 + Math.floor(random() * 4) }, () => pick(words)).join(' '),
        category: pick(categories),
        pricePence: 500 + Math.floor(random() * 20_000),
        dealPercent: random() < 0.5 ? null : Math.floor(random() * 60),
      }),
    );
    const counts = new Map<string, number>();
    for (const p of products) for (const stem of new Set(productStems(p))) counts.set(stem, (counts.get(stem) ?? 0) + 1);
    const frequency = (stem: string) => counts.get(stem) ?? 0;
    const searches = Array.from({ length: 300 }, (_, i) =>
      compileSearch(
        search({
          id: i + 1,
          keywords: random() < 0.1 ? '' : Array.from({ length: 1 + Math.floor(random() * 2) }, () => pick(words)).join(' '),
          category: random() < 0.4 ? pick(categories) : null,
          maxPricePence: random() < 0.3 ? 10_000 : null,
          minSavingPercent: random() < 0.2 ? 10 : null,
        }),
        frequency,
      ),
    );
    const index = new SavedSearchIndex();
    for (const s of searches) index.add(s);
    let total = 0;
    for (const p of products) {
      const stems = productStems(p);
      const brute = searches.filter((s) => s.keys.length > 0 && matchesSearch(s, p, stems)).map((s) => s.id);
      expect(
        index
          .match(p, stems)
          .map((s) => s.id)
          .sort((a, b) => a - b),
      ).toEqual(brute);
      total += brute.length;
    }
    expect(total).toBeGreaterThan(100);
  });
});
