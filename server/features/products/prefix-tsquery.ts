/**
 * Builds the prefix tsquery text for search-box suggestions (shopper-screens §2 "Search box", §5;
 * DESIGN.md §2 "Search": prefix tsquery on products.suggest_vector, 'simple' configuration).
 *
 * "sams gal" → "sams:* & gal:*": every word must start a word of the title, in any order, so the
 * prefix of a later word ("gal" for "Samsung Galaxy") matches too.
 */

/** At most this many words take part; more only narrows results that are already few. */
export const MAX_PREFIX_WORDS = 8;
/** Longest word kept (longer ones are cut): titles hold no longer lexemes worth matching. */
export const MAX_PREFIX_WORD_LENGTH = 40;

/**
 * Returns the to_tsquery('simple', …) text for `input`, or null when no word is left.
 *
 * Words are runs of Unicode letters and digits, lower-cased; everything else (quotes, backslashes,
 * the tsquery operators `& | ! : * ( ) <->`, spaces, punctuation, emoji) separates words and never
 * reaches the query, so user text cannot change the query's syntax. The text is still sent as a
 * bound parameter (never spliced into SQL). Never throws.
 */
export function buildPrefixTsquery(input: string): string | null {
  const words =
    input
      .toLowerCase()
      .normalize('NFC')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const kept = [...new Set(words.map((w) => w.slice(0, MAX_PREFIX_WORD_LENGTH)))].slice(0, MAX_PREFIX_WORDS);
  if (kept.length === 0) return null;
  return kept.map((w) => `${w}:*`).join(' & ');
}
