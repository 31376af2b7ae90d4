/**
 * The relevance benchmark's scoring functions (scoring.ts) on small examples computed by hand:
 * nDCG@k, precision and recall at k, and Okapi BM25 (k1 1.2, b 0.75).
 */
import { describe, expect, it } from 'vitest';
import { buildBm25Index, dcg, gain, mean, ndcgAt, precisionAt, recallAt, tokenize } from './scoring';

describe('nDCG@k', () => {
  const grades = { A: 2, B: 1, C: 0 };

  it('is 1 for the ideal order and less for the reversed one', () => {
    expect(ndcgAt(['A', 'B', 'C'], grades, 10)).toBeCloseTo(1, 12);
    expect(ndcgAt(['C', 'B', 'A'], grades, 10)).toBeLessThan(1);
  });

  it('matches a hand computation: gains 2^g − 1 discounted by log2(rank + 1)', () => {
    // Ranking C, B, A: DCG = 0/1 + 1/log2(3) + 3/log2(4) = 0.63093 + 1.5 = 2.13093.
    // Ideal A, B: 3/1 + 1/log2(3) = 3.63093. nDCG = 0.58688.
    expect(dcg([0, 1, 2], 3)).toBeCloseTo(2.13093, 5);
    expect(ndcgAt(['C', 'B', 'A'], grades, 3)).toBeCloseTo(2.13093 / 3.63093, 5);
    expect(gain(2)).toBe(3);
  });

  it('cuts at k, counts unjudged ids as 0 and ignores repeated ids', () => {
    // Only the first two count: X (unjudged, 0) then A (3/log2(3)) = 1.89279 over the ideal 3.63093.
    expect(ndcgAt(['X', 'A', 'B'], grades, 2)).toBeCloseTo(3 / Math.log2(3) / (3 + 1 / Math.log2(3)), 5);
    expect(ndcgAt(['A', 'A', 'B'], grades, 10)).toBeCloseTo(1, 12);
  });

  it('is 0 for an empty ranking and null when nothing is judged relevant', () => {
    expect(ndcgAt([], grades, 10)).toBe(0);
    expect(ndcgAt(['A'], { A: 0, B: 0 }, 10)).toBeNull();
  });
});

describe('precision and recall at k', () => {
  const grades = { A: 2, B: 1, C: 0, D: 2 };

  it('counts grade ≥ 1 as relevant over what was shown', () => {
    expect(precisionAt(['A', 'C', 'B', 'X', 'D', 'A2'], grades, 5)).toBeCloseTo(3 / 5, 12);
    expect(precisionAt(['A', 'C'], grades, 5)).toBeCloseTo(1 / 2, 12);
    expect(precisionAt([], grades, 5)).toBe(0);
  });

  it('counts only grade 2 when asked', () => {
    expect(precisionAt(['A', 'B', 'C', 'D'], grades, 5, 2)).toBeCloseTo(2 / 4, 12);
  });

  it('recall is capped at min(k, judged relevant)', () => {
    // Three judged relevant (A, B, D): finding two of them in the first 5 is 2/3.
    expect(recallAt(['A', 'C', 'B'], grades, 5)).toBeCloseTo(2 / 3, 12);
    expect(recallAt(['A', 'B', 'D'], grades, 2)).toBeCloseTo(1, 12);
    expect(recallAt(['A'], { A: 0 }, 5)).toBeNull();
  });

  it('mean is the arithmetic mean', () => {
    expect(mean([1, 0, 0.5])).toBeCloseTo(0.5, 12);
    expect(mean([])).toBeNaN();
  });
});

describe('BM25', () => {
  const docs = [
    { id: 'd1', text: 'Kettle kettle' },
    { id: 'd2', text: 'Kettle barbecue' },
    { id: 'd3', text: 'Teapot' },
  ];

  it('tokenises plainly: lower case, letters and digits, accents removed, no stemming', () => {
    expect(tokenize('La Cafetière 8-Cup, KETTLES')).toEqual(['la', 'cafetiere', '8', 'cup', 'kettles']);
  });

  it('matches a hand computation of Okapi BM25', () => {
    // N = 3, df(kettle) = 2: idf = ln(1 + 1.5 / 2.5) = ln 1.6 = 0.470004; average length 5/3.
    // d1: tf 2, length 2 → idf · 2 · 2.2 / (2 + 1.2 · (0.25 + 0.75 · 2 / (5/3))) = 0.470004 · 4.4 / 3.38.
    // d2: tf 1, length 2 → 0.470004 · 2.2 / 2.38. d3 has no "kettle" and is not returned.
    const index = buildBm25Index(docs);
    expect(index.idf('kettle')).toBeCloseTo(Math.log(1.6), 10);
    const hits = index.search('kettle', 10);
    expect(hits.map((h) => h.id)).toEqual(['d1', 'd2']);
    expect(hits[0]?.score).toBeCloseTo((Math.log(1.6) * 4.4) / 3.38, 10);
    expect(hits[1]?.score).toBeCloseTo((Math.log(1.6) * 2.2) / 2.38, 10);
  });

  it('weighs a rare word above a common one, excludes ids and limits the answer', () => {
    const index = buildBm25Index(docs);
    expect(index.idf('barbecue')).toBeGreaterThan(index.idf('kettle'));
    expect(index.search('kettle barbecue', 10)[0]?.id).toBe('d2');
    expect(index.search('kettle', 10, new Set(['d1'])).map((h) => h.id)).toEqual(['d2']);
    expect(index.search('kettle', 1)).toHaveLength(1);
    expect(index.search('air fryer', 10)).toEqual([]);
  });

  it('refuses duplicate document ids', () => {
    expect(() => buildBm25Index([docs[0]!, docs[0]!])).toThrow(/duplicate document id d1/);
  });
});
