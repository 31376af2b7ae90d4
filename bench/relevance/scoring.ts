/**
 * Pure scoring functions of the relevance benchmark (issue 28, bench/relevance/README.md): graded
 * nDCG@k for search, precision and recall at k for alternatives, and a plain Okapi BM25 ranker used
 * as the baseline. No I/O, no database: everything here is checked by scoring.test.ts on small
 * examples computed by hand.
 *
 * Grades follow the judged set: 2 = the product type asked for (or a genuine alternative), 1 =
 * related (or a close substitute), 0 = not; an item with no judgment counts as 0.
 */

/** Judged grades by id (an ASIN): 0, 1 or 2. Ids that are absent count as grade 0. */
export type Grades = Readonly<Record<string, number>>;

const gradeOf = (grades: Grades, id: string): number => grades[id] ?? 0;

/** Gain of a grade in nDCG: 2^grade − 1 (0, 1, 3), the usual exponential gain (Järvelin & Kekäläinen 2002; Burges et al. 2005). */
export function gain(grade: number): number {
  return 2 ** grade - 1;
}

/** Discounted cumulative gain of `gradesInOrder` (already in rank order) over its first `k`: Σ gain / log2(rank + 1). */
export function dcg(gradesInOrder: readonly number[], k: number): number {
  let sum = 0;
  for (let i = 0; i < Math.min(k, gradesInOrder.length); i += 1) sum += gain(gradesInOrder[i] as number) / Math.log2(i + 2);
  return sum;
}

/**
 * nDCG@k of `ranking` (ids, best first; duplicates after the first are ignored) against `grades`:
 * DCG of the ranking divided by the DCG of the ideal ordering of every judged grade. Answers a
 * number in [0, 1], or null when nothing is judged relevant (the ideal DCG is 0: such queries are
 * scored apart, as "no-answer" queries).
 */
export function ndcgAt(ranking: readonly string[], grades: Grades, k: number): number | null {
  const ideal = dcg(
    Object.values(grades)
      .filter((g) => g > 0)
      .sort((a, b) => b - a),
    k,
  );
  if (ideal === 0) return null;
  const seen = new Set<string>();
  const inOrder: number[] = [];
  for (const id of ranking) {
    if (seen.has(id)) continue;
    seen.add(id);
    inOrder.push(gradeOf(grades, id));
  }
  return dcg(inOrder, k) / ideal;
}

/** How many of the first `k` ids of `ranking` have a grade of at least `minGrade`. */
export function relevantInTop(ranking: readonly string[], grades: Grades, k: number, minGrade: number): number {
  return ranking.slice(0, k).filter((id) => gradeOf(grades, id) >= minGrade).length;
}

/**
 * Precision at k over what was shown: relevant (grade ≥ `minGrade`) among the first `k` ids divided
 * by the number shown (at most `k`). An empty ranking answers 0 (nothing useful was shown). Showing
 * fewer, all relevant, is not punished here; {@link recallAt} measures what was missed.
 */
export function precisionAt(ranking: readonly string[], grades: Grades, k: number, minGrade = 1): number {
  const shown = Math.min(k, ranking.length);
  return shown === 0 ? 0 : relevantInTop(ranking, grades, k, minGrade) / shown;
}

/**
 * Recall at k, capped: relevant among the first `k` divided by min(k, number judged relevant).
 * 1 when the first `k` hold as many relevant items as could fit; null when nothing is judged relevant.
 */
export function recallAt(ranking: readonly string[], grades: Grades, k: number, minGrade = 1): number | null {
  const judged = Object.values(grades).filter((g) => g >= minGrade).length;
  return judged === 0 ? null : relevantInTop(ranking, grades, k, minGrade) / Math.min(k, judged);
}

/** Arithmetic mean; NaN for an empty list. */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? NaN : values.reduce((s, v) => s + v, 0) / values.length;
}

/**
 * Plain tokens of a text for BM25: lower case, accents removed (NFKD), runs of letters and digits.
 * No stemming, no stop words, no synonyms: the baseline is deliberately plain.
 */
export function tokenize(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** BM25 free parameters: term-frequency saturation k1 and length normalisation b. */
export interface Bm25Parameters {
  k1: number;
  b: number;
}

/** The usual defaults (Robertson & Zaragoza 2009; Lucene): k1 = 1.2, b = 0.75. */
export const BM25_DEFAULTS: Bm25Parameters = { k1: 1.2, b: 0.75 };

/** A scored document id. */
export interface Scored {
  id: string;
  score: number;
}

/** An in-memory Okapi BM25 index over documents `{ id, text }` (text tokenised by {@link tokenize}). */
export interface Bm25Index {
  /** Number of documents. */
  readonly size: number;
  /**
   * BM25 score of every document holding at least one query token, best first (ties by id, so
   * the order is deterministic), without the ids in `exclude`, at most `limit` of them.
   */
  search(query: string, limit: number, exclude?: ReadonlySet<string>): Scored[];
  /** Inverse document frequency of a token: ln(1 + (N − df + 0.5) / (df + 0.5)), never negative. */
  idf(token: string): number;
}

/**
 * Builds a BM25 index. Each query token counts once (duplicates in the query are ignored); a
 * token absent from every document contributes nothing. Throws on duplicate document ids.
 */
export function buildBm25Index(docs: readonly { id: string; text: string }[], params: Bm25Parameters = BM25_DEFAULTS): Bm25Index {
  const postings = new Map<string, Map<number, number>>();
  const lengths: number[] = [];
  const ids: string[] = [];
  const seen = new Set<string>();
  docs.forEach((doc, n) => {
    if (seen.has(doc.id)) throw new Error(`buildBm25Index: duplicate document id ${doc.id}`);
    seen.add(doc.id);
    ids.push(doc.id);
    const tokens = tokenize(doc.text);
    lengths.push(tokens.length);
    for (const token of tokens) {
      let list = postings.get(token);
      if (!list) postings.set(token, (list = new Map()));
      list.set(n, (list.get(n) ?? 0) + 1);
    }
  });
  const size = ids.length;
  const avgLength = size === 0 ? 0 : lengths.reduce((s, l) => s + l, 0) / size;
  const idf = (token: string): number => {
    const df = postings.get(token)?.size ?? 0;
    return Math.log(1 + (size - df + 0.5) / (df + 0.5));
  };
  return {
    size,
    idf,
    search(query, limit, exclude) {
      const scores = new Map<number, number>();
      for (const token of new Set(tokenize(query))) {
        const list = postings.get(token);
        if (!list) continue;
        const weight = idf(token);
        for (const [n, tf] of list) {
          const norm = params.k1 * (1 - params.b + (params.b * (lengths[n] as number)) / avgLength);
          scores.set(n, (scores.get(n) ?? 0) + (weight * tf * (params.k1 + 1)) / (tf + norm));
        }
      }
      return [...scores]
        .map(([n, score]) => ({ id: ids[n] as string, score }))
        .filter((s) => !exclude?.has(s.id))
        .sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
        .slice(0, limit);
    },
  };
}
