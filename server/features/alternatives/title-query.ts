/**
 * Turns a product title into a to_tsquery text for finding similar products: the first six
 * distinctive words (letters first, at least three characters, no filler), as OR-ed pairs when there
 * are three or more ("a & b | a & c | …") so a neighbour shares at least two words, else OR-ed words.
 * Only [a-z0-9] reaches the query, so no tsquery syntax can be injected. {@link amazonSearchKeywords}
 * builds the Creators API's searchItems keywords from the same words.
 */

/** Words that say nothing about what a product is. */
const FILLER = new Set([
  'the',
  'and',
  'for',
  'with',
  'pack',
  'set',
  'new',
  'uk',
  'plus',
  'pro',
  'mini',
  'max',
  'black',
  'white',
  'size',
  'men',
  'women',
  'mens',
  'womens',
  'kids',
  'adults',
  'premium',
  'quality',
  'gift',
  'gifts',
  'ideal',
]);

/** Distinctive words of `title`, lower-cased, in order, de-duplicated, at most `max`. */
export function titleWords(title: string, max = 6): string[] {
  const words: string[] = [];
  for (const raw of title.toLowerCase().split(/[^a-z0-9]+/)) {
    if (raw.length < 3 || !/^[a-z]/.test(raw) || FILLER.has(raw) || words.includes(raw)) continue;
    words.push(raw);
    if (words.length === max) break;
  }
  return words;
}

/** The pairs query (≥ 3 words) or null when there are fewer than three words. */
export function pairsQuery(words: readonly string[]): string | null {
  if (words.length < 3) return null;
  const pairs: string[] = [];
  for (let i = 0; i < words.length; i++) for (let j = i + 1; j < words.length; j++) pairs.push(`(${words[i]} & ${words[j]})`);
  return pairs.join(' | ');
}

/** Distinctive words sent to Amazon's searchItems: Amazon matches every keyword, so fewer than the catalogue's six. */
export const AMAZON_SEARCH_WORDS = 4;

/**
 * The searchItems `keywords` for products similar to `title`: its first {@link AMAZON_SEARCH_WORDS}
 * distinctive words separated by spaces ("russell hobbs glass electric"), or null when it has none.
 * Lower-case [a-z0-9] words only, so the text is also a stable cache key.
 */
export function amazonSearchKeywords(title: string): string | null {
  const words = titleWords(title, AMAZON_SEARCH_WORDS);
  return words.length ? words.join(' ') : null;
}

/** The any-word query, or null when there are no words. */
export function anyWordQuery(words: readonly string[]): string | null {
  return words.length ? words.join(' | ') : null;
}
