/**
 * Saved searches and the shopper's own record (issue 30): fetchers, query options and hooks. Every
 * read and delete carries the visitor token of the stored e-mail (DESIGN.md §4 "Visitors"); paths
 * come from common/saved-searches.ts `SAVED_SEARCH_API` (zod-free, so the schemas stay out of the bundle).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AlertFeedCreated,
  AlertFeedStatus,
  CreateSavedSearchInput,
  CreateSavedSearchResponse,
  SentAlertEmail,
} from '../../../common/api/saved-searches.schema';
import { SAVED_SEARCH_API } from '../../../common/saved-searches';
import { apiRequest } from '../../lib/http.client';
import { tokenForAddress, type HeldToken } from '../../lib/visitor-token';
import { canRead } from './saved-searches.query';

// The list's query sits in its own module: the shell reads it for the bell (first-load JS, §7).
export { savedSearchesQuery, useSavedSearches } from './saved-searches.query';

/**
 * POST /api/saved-searches with the browser's token for that address when it holds one (a proved
 * browser's search starts at once); the lists are refetched on success.
 */
export function useCreateSavedSearch(held: HeldToken) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSavedSearchInput) =>
      apiRequest<CreateSavedSearchResponse>('POST', SAVED_SEARCH_API.savedSearches, body, { token: tokenForAddress(held, body.userEmail) }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['saved-searches'] }),
  });
}

/** DELETE /api/saved-searches/:id with the token; the list is refetched afterwards. */
export function useDeleteSavedSearch(held: HeldToken) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<unknown>('DELETE', `${SAVED_SEARCH_API.savedSearches}/${id}`, undefined, { token: held.token }),
    onSettled: () => client.invalidateQueries({ queryKey: ['saved-searches'] }),
  });
}

/** GET /api/alert-emails: "Sent to you", the alert e-mails sent to the visitor, newest first. */
export function useSentAlertEmails(held: HeldToken, enabled = true) {
  return useQuery({
    queryKey: ['alert-emails', held.email, held.token],
    queryFn: ({ signal }) => apiRequest<SentAlertEmail[]>('GET', SAVED_SEARCH_API.alertEmails, undefined, { token: held.token, signal }),
    enabled: enabled && canRead(held),
    staleTime: 0,
  });
}

/** GET /api/alert-feed: whether the visitor has a live private feed. */
export function useAlertFeedStatus(held: HeldToken, enabled = true) {
  return useQuery({
    queryKey: ['alert-feed', held.email, held.token],
    queryFn: ({ signal }) => apiRequest<AlertFeedStatus>('GET', SAVED_SEARCH_API.alertFeed, undefined, { token: held.token, signal }),
    enabled: enabled && canRead(held),
  });
}

/** POST /api/alert-feed: a new private feed (the old one stops working); its URLs are shown only now. */
export function useCreateAlertFeed(held: HeldToken) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<AlertFeedCreated>('POST', SAVED_SEARCH_API.alertFeed, undefined, { token: held.token }),
    onSettled: () => client.invalidateQueries({ queryKey: ['alert-feed'] }),
  });
}

/** DELETE /api/alert-feed: revokes the private feed (its URLs answer 404 from now on). */
export function useRevokeAlertFeed(held: HeldToken) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('DELETE', SAVED_SEARCH_API.alertFeed, undefined, { token: held.token }),
    onSettled: () => client.invalidateQueries({ queryKey: ['alert-feed'] }),
  });
}
