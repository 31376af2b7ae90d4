/**
 * Search suggestions (shopper-screens §4 "Search on home", §5, §9): GET /api/products/suggestions?q=
 * once the text has at least 2 characters, after a 300 ms pause; at most 6 are shown. A failure is
 * logged and the list emptied (spec §8).
 */
import { useQuery } from '@tanstack/react-query';
import type { Suggestion } from '../../../common/api/products.schema';
import { apiRequest } from '../../lib/http.client';
import { suggestionsText } from './search-text.rules';

export const SUGGESTION_MIN_CHARS = 2;
export const SUGGESTION_DEBOUNCE_MS = 300;
export const SUGGESTIONS_SHOWN = 6;

/**
 * GET /api/products/suggestions?q= → the first 6 suggestions; [] on failure (logged). `q` is sent
 * as the API reads it (control characters as spaces, at most 100 characters: issue 28, never a 400).
 */
export async function fetchSuggestions(q: string, signal?: AbortSignal): Promise<Suggestion[]> {
  try {
    const answer = await apiRequest<{ suggestions: Suggestion[] }>(
      'GET',
      `/api/products/suggestions?q=${encodeURIComponent(suggestionsText(q))}`,
      undefined,
      { signal },
    );
    return answer.suggestions.slice(0, SUGGESTIONS_SHOWN);
  } catch (error) {
    if (!signal?.aborted) console.warn('Suggestions failed:', error);
    return [];
  }
}

/** Suggestions for an already debounced, trimmed term; idle below 2 characters. */
export function useSuggestions(term: string) {
  return useQuery({
    queryKey: ['suggestions', term],
    queryFn: ({ signal }) => fetchSuggestions(term, signal),
    enabled: term.length >= SUGGESTION_MIN_CHARS,
    // Suggestions change with the catalogue; a minute is fresh enough and saves calls while typing.
    staleTime: 60_000,
  });
}
