/**
 * The search page's toasts (shopper-screens §8 "Search failure … Success: 'Search completed' /
 * 'Found {total} products matching your criteria'"; issue 28): one when a new search's answer
 * arrives, or 'Search failed' (destructive) when it fails. A search is new when its term, sort or
 * filters differ from the last one announced: changing the page, re-rendering or coming Back to
 * the same results says nothing again.
 */
import { useEffect } from 'react';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/http.client';
import { searchCompletedToast, type SearchReading } from './search-text.rules';

/** The last search announced in this tab (module state: it outlives the page's remounts). */
let lastAnnounced: string | null = null;

/** Forgets the last search announced (tests start from a clean tab). */
export function forgetAnnouncedSearch(): void {
  lastAnnounced = null;
}

/** What a failed search's toast says: our 4xx message (it names the field), else the spec's words. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.serverMessage) return error.serverMessage;
  return 'Unable to search products at this time';
}

export interface SearchOutcome {
  status: 'pending' | 'error' | 'success';
  data?: SearchReading;
  error: unknown;
}

/**
 * Toasts the outcome of search `identity` (its criteria without the page; null when nothing is
 * searched) once per new search.
 */
export function useSearchToasts(identity: string | null, outcome: SearchOutcome): void {
  const { status, data, error } = outcome;
  useEffect(() => {
    if (identity === null || status === 'pending' || identity === lastAnnounced) return;
    lastAnnounced = identity;
    if (status === 'error') {
      toast({ title: 'Search failed', description: failureText(error), variant: 'destructive' });
      return;
    }
    const words = data ? searchCompletedToast(data) : null;
    if (words) toast(words);
  }, [identity, status, data, error]);
}
