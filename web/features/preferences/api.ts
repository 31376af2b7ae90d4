/**
 * Preference survey calls (shopper-screens §7): GET /api/user-preferences/{email} and
 * POST /api/user-preferences, both with the visitor token (DESIGN.md §4 "Visitors").
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Preferences, SavePreferencesInput } from '../../../common/api/engagement.schema';
import { apiRequest } from '../../lib/http.client';

export function preferencesQuery(email: string, token: string) {
  return queryOptions({
    queryKey: ['preferences', email.toLowerCase()],
    queryFn: ({ signal }) =>
      apiRequest<Preferences | null>('GET', `/api/user-preferences/${encodeURIComponent(email)}`, undefined, { token, signal }),
  });
}

/** The visitor's preferences; runs only with an e-mail and its token. */
export function usePreferences(email: string | null, token: string | null) {
  return useQuery({ ...preferencesQuery(email ?? '', token ?? ''), enabled: !!email && !!token });
}

export function useSavePreferences(token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SavePreferencesInput) => apiRequest<Preferences>('POST', '/api/user-preferences', body, { token }),
    onSuccess: (saved) => client.setQueryData(['preferences', saved.email.toLowerCase()], saved),
  });
}
