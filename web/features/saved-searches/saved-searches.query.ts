/**
 * The visitor's saved searches as a query (issue 30), apart from ./api.ts (which re-exports it):
 * the shell reads it on every page to show the bell to a visitor with saved searches but no alerts,
 * and a module the first-load chunk imports brings every hook it holds into that chunk (DESIGN.md §7).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedSearch } from '../../../common/api/saved-searches.schema';
import { SAVED_SEARCH_API } from '../../../common/saved-searches';
import { apiRequest } from '../../lib/http.client';
import type { HeldToken } from '../../lib/visitor-token';

/** True when `held` may read: an e-mail with '@' and its visitor token. */
export const canRead = (held: HeldToken): boolean => held.email !== null && held.email.includes('@') && held.token !== null;

/** GET /api/saved-searches with the token → the searches it reaches (401 throws ApiError). */
export function savedSearchesQuery(held: HeldToken) {
  return queryOptions({
    queryKey: ['saved-searches', held.email, held.token],
    queryFn: ({ signal }) => apiRequest<SavedSearch[]>('GET', SAVED_SEARCH_API.savedSearches, undefined, { token: held.token, signal }),
  });
}

/** The visitor's saved searches; idle without an e-mail and token. */
export function useSavedSearches(held: HeldToken) {
  return useQuery({ ...savedSearchesQuery(held), enabled: canRead(held) });
}
