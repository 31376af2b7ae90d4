/**
 * The order of search-box suggestions (issue 28; docs/decisions/0026-search-relevance.md,
 * "Suggestions"): the same relevance as search (search-rank.ts: weighted fields, the product-type
 * prior, accessories pushed down), read from what the shopper has typed so far. Pure; no I/O.
 *
 * The typed text is the suggestions' cache key (products.service.ts suggestionsAnswerKey: words
 * lower-cased, `word:*` AND-ed), so equal keys rank alike. A typed word that no retrieved title holds
 * as a whole word, in any of its forms ("kettles" counts when a title says "kettle"), is still being
 * typed ("kett", "sams"): it is read as a prefix, as search reads a half-typed word
 * (search-recovery.ts), so "kett" ranks kettles above kettle barbecues as "kettle" does. A word a
 * title does hold ("kettle", "pen") is read as search reads it, with its synonyms.
 */
import { parseSearchQuery, type SearchQuery } from './search-query';
import { rankCandidates, type RankCandidate } from './search-rank';
import { analyseTitle, asksForAccessory, headTermIndex, wordsOf, type Term } from './search-text';

/** Shortest typed word that ranks (a 2-letter start names too little: trending decides). */
export const MIN_SUGGESTION_PREFIX = 3;

/** A retrieved suggestion as the ranking reads it (every one matches every typed prefix). */
export type SuggestionCandidate = Omit<RankCandidate, 'matchesAll'>;

/** The typed words of a prefix tsquery text ("kett:* & blac:*" → kett, blac), folded as titles are. */
export function wordsOfPrefixTsquery(prefixTsquery: string): string[] {
  return prefixTsquery.split(' & ').flatMap((word) => wordsOf(word.replace(/:\*$/, '')));
}

/**
 * The query the typed `words` ask for, judged against the `titles` retrieved for them: a one-word
 * term no title holds as a whole word becomes a prefix term (shorter than
 * {@link MIN_SUGGESTION_PREFIX}: dropped, unless it is all there is), the head term chosen again.
 * Never throws; no words answer a query without terms.
 */
export function suggestionQuery(words: readonly string[], titles: readonly string[]): SearchQuery {
  const whole = new Set(titles.flatMap((t) => wordsOf(t)));
  const stems = new Set(titles.flatMap((t) => analyseTitle(t).stems));
  const parsed = parseSearchQuery(words.join(' '));
  const terms: Term[] = [];
  for (const term of parsed.terms) {
    const held = whole.has(term.text) || term.forms.some((f) => f.stems.length === 1 && stems.has(f.stems[0] as string));
    if (term.synonym || held || /\s/.test(term.text)) terms.push(term);
    else if (term.text.length >= MIN_SUGGESTION_PREFIX) terms.push({ ...term, prefix: true });
  }
  if (terms.length === 0) return { ...parsed, terms: [], head: -1, wantsAccessory: false };
  const head = headTermIndex(terms);
  const headTerm = terms[head];
  return { ...parsed, terms, head, wantsAccessory: headTerm ? asksForAccessory(headTerm) : false };
}

/**
 * True when the typed words can change the trending order (one has {@link MIN_SUGGESTION_PREFIX}
 * letters or more): shorter ones ("sa", "tv") are answered most trending first, without reading
 * and ranking more candidates than are shown.
 */
export function ranksSuggestions(prefixTsquery: string): boolean {
  return wordsOfPrefixTsquery(prefixTsquery).some((w) => w.length >= MIN_SUGGESTION_PREFIX);
}

/**
 * `candidates` (retrieved by the prefix tsquery `prefixTsquery`, most trending first) in search's
 * relevance order for what was typed; ties, and a query left without terms, keep the given order.
 */
export function rankSuggestions<T extends SuggestionCandidate>(prefixTsquery: string, candidates: readonly T[]): T[] {
  const query = suggestionQuery(
    wordsOfPrefixTsquery(prefixTsquery),
    candidates.map((c) => c.title),
  );
  if (query.head < 0) return [...candidates];
  const ranked = rankCandidates(
    query,
    candidates.map((candidate) => ({ ...candidate, matchesAll: true, candidate })),
  );
  return ranked.map((r) => r.candidate);
}
