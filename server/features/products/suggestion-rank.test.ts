/**
 * The suggestions' order (suggestion-rank.ts): search's relevance read from half-typed words.
 * Pure; the candidates are in the database's order (most trending first), as the statement gives them.
 */
import { describe, expect, it } from 'vitest';
import { rankSuggestions, ranksSuggestions, suggestionQuery, wordsOfPrefixTsquery, type SuggestionCandidate } from './suggestion-rank';
import { buildPrefixTsquery } from './prefix-tsquery';

const candidates: SuggestionCandidate[] = [
  { id: 1, title: 'Weber Compact Kettle Charcoal Grill Barbecue, 57cm', categoryName: 'Outdoor Cooking', brand: null },
  { id: 2, title: 'Rip Your Grip Loading Pin - kettlebell weights dumbbell', categoryName: 'Strength Training', brand: null },
  { id: 3, title: 'KitchenCraft Kettle Descaler Ball, Stainless Steel', categoryName: 'Coffee, Tea & Espresso', brand: null },
  {
    id: 4,
    title: 'KitchenPerfected 0.9Ltr Lightweight Travel Kettle with 2 cups - Cream',
    categoryName: 'Small Kitchen Appliances',
    brand: null,
  },
  { id: 5, title: 'Le Creuset Kone Stove-Top Kettle with Whistle', categoryName: 'Small Kitchen Appliances', brand: null },
];

const order = (typed: string, list: SuggestionCandidate[] = candidates) =>
  rankSuggestions(buildPrefixTsquery(typed) as string, list).map((c) => c.id);

describe('rankSuggestions', () => {
  it('puts kettles before kettle barbecues, kettlebells and descalers, typed in full or half', () => {
    for (const typed of ['kettle', 'kett', 'KETTLES', 'travel kett']) {
      const ids = order(typed);
      expect(ids.slice(0, 2).sort(), typed).toEqual([4, 5]);
      expect(ids).toHaveLength(5);
    }
  });

  it('reads a half-typed brand as a prefix ("sams" → Samsung first)', () => {
    const list = [
      { id: 1, title: 'Sam & Sally Cook Book', categoryName: 'Books', brand: null },
      { id: 2, title: 'Case for Samsung Galaxy S23', categoryName: 'Phone Cases', brand: null },
      { id: 3, title: 'Samsung Galaxy S23 Smartphone', categoryName: 'Mobile Phones', brand: 'Samsung' },
    ];
    expect(order('samsung', list)[0]).toBe(3);
    expect(order('samsu', list)[0]).toBe(3);
  });

  it('keeps the trending order when nothing typed names enough (two letters) and with one candidate', () => {
    expect(order('ke')).toEqual([1, 2, 3, 4, 5]);
    expect(order('kettle', candidates.slice(0, 1))).toEqual([1]);
    expect(rankSuggestions('kettle:*', [])).toEqual([]);
  });
});

describe('suggestionQuery', () => {
  const titles = candidates.map((c) => c.title);

  it('reads words a title holds (in any number) as search does, the rest as prefixes', () => {
    const q = suggestionQuery(['travel', 'kett'], titles);
    expect(q.terms.map((t) => [t.text, t.prefix === true])).toEqual([
      ['travel', false],
      ['kett', true],
    ]);
    expect(q.terms[q.head]?.text).toBe('kett');
    expect(suggestionQuery(['kettles'], titles).terms[0]?.prefix).toBeUndefined();
  });

  it('drops half-typed words shorter than three letters and answers no head without terms', () => {
    expect(suggestionQuery(['kettle', 'bl'], titles).terms.map((t) => t.text)).toEqual(['kettle']);
    expect(suggestionQuery(['ke'], titles).head).toBe(-1);
    expect(suggestionQuery([], titles).head).toBe(-1);
  });

  it('ranks only when a typed word has three letters or more (else the six most trending are read)', () => {
    expect(ranksSuggestions('sa:*')).toBe(false);
    expect(ranksSuggestions('tv:* & 4k:*')).toBe(false);
    expect(ranksSuggestions('tv:* & sam:*')).toBe(true);
  });

  it('takes the typed words back out of the cache key', () => {
    expect(wordsOfPrefixTsquery(buildPrefixTsquery('Café  kett!') as string)).toEqual(['cafe', 'kett']);
  });
});
