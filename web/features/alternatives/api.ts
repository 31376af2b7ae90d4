/**
 * Cheaper alternatives (shopper-screens §7 GET /api/amazon/similar-items/{asin}): fetcher, query
 * options and hook. Errors follow spec §8 (ApiError "status: body").
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SimilarItemsResponse } from '../../../common/api/alternatives.schema';
import { apiRequest } from '../../lib/http.client';

export function similarItemsQuery(asin: string) {
  return queryOptions({
    queryKey: ['alternatives', asin],
    queryFn: ({ signal }) =>
      apiRequest<SimilarItemsResponse>('GET', `/api/amazon/similar-items/${encodeURIComponent(asin)}`, undefined, { signal }),
  });
}

/** The alternatives of `asin`; disabled while `asin` is null (dialog closed). */
export function useSimilarItems(asin: string | null) {
  return useQuery({ ...similarItemsQuery(asin ?? ''), enabled: asin !== null });
}
