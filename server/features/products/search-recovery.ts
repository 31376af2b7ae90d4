/**
 * Typo tolerance and half-typed words (issue 28; docs/decisions/0026-search-relevance.md): when the
 * keywords as typed match nothing in full, each word the catalogue's dictionary (search_words,
 * pg_trgm) does not hold is read as the start of a word it holds ("headph" → headphones) or
 * replaced by the most similar word it holds ("hedphones" → headphones, "blutooth" → bluetooth).
 * Words the dictionary holds, quoted phrases and synonym terms are left as they are.
 */
import type { Db } from '../../db/client';
import { findSimilarWords, hasWordStartingWith, knownWords } from './products.queries';
import { headTermIndex, termsOf, wordsOf, asksForAccessory, type Term } from './search-text';
import type { SearchQuery } from './search-query';

/** Least pg_trgm similarity (0–1) for a correction: "hedphones"/"headphones" is 0.62, "blutooth"/"bluetooth" 0.58. */
export const MIN_SIMILARITY = 0.45;
/** Words shorter than this are never corrected (too little to go on). */
export const MIN_CORRECTED_LENGTH = 4;
/** Shortest half-typed word read as a prefix. */
export const MIN_PREFIX_LENGTH = 2;

/** A repaired query: the terms with prefixes (marked `prefix`) or corrections, and whether any word was corrected. */
export interface RepairedQuery {
  query: SearchQuery;
  /** Words replaced by another word (a typo), not only read as prefixes. */
  corrected: boolean;
}

/** The one word of a plain single-word term, else null (phrases, synonyms and numbers are kept). */
function singleWord(term: Term): string | null {
  if (term.synonym) return null;
  const words = wordsOf(term.text);
  return words.length === 1 && /^[a-z]/.test(words[0] as string) ? (words[0] as string) : null;
}

/**
 * `query` with its unknown words read as prefixes or corrected, or null when it has none the
 * dictionary can help with. Reads the dictionary (one look-up for the known words, then one per
 * unknown word). Throws what the database throws.
 */
export async function repairQuery(db: Db, query: SearchQuery): Promise<RepairedQuery | null> {
  const words = query.terms.map(singleWord);
  const candidates = [...new Set(words.filter((w): w is string => w !== null))];
  if (candidates.length === 0) return null;
  const known = await knownWords(db, candidates);
  const terms: Term[] = [...query.terms];
  let prefixed = false;
  let corrected = false;
  for (const [i, word] of words.entries()) {
    if (word === null || known.has(word)) continue;
    if (word.length >= MIN_PREFIX_LENGTH && (await hasWordStartingWith(db, word))) {
      terms[i] = { ...(terms[i] as Term), prefix: true };
      prefixed = true;
      continue;
    }
    if (word.length < MIN_CORRECTED_LENGTH) continue;
    const [best] = await findSimilarWords(db, word, MIN_SIMILARITY, 1);
    if (!best) continue;
    const replacement = termsOf([best.word])[0];
    if (!replacement) continue;
    terms[i] = replacement;
    corrected = true;
  }
  if (!corrected && !prefixed) return null;
  const head = headTermIndex(terms);
  const headTerm = terms[head];
  return {
    query: { ...query, terms, head, wantsAccessory: headTerm ? asksForAccessory(headTerm) : false },
    corrected,
  };
}
