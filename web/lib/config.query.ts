/**
 * GET /api/config: the public settings (affiliate tags, demo flag, version, catalogue size).
 * Shared by the shell (demo banner), the home page (empty-catalogue onboarding) and every
 * affiliate link, so it lives below the features.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../common/api/products.schema';
import { apiRequest } from './http.client';

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => apiRequest<PublicConfig>('GET', '/api/config', undefined, { signal }),
});

/** The public configuration; `data` is undefined while loading or when the call failed. */
export function useConfig() {
  return useQuery(configQuery);
}
