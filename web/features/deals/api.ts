/**
 * Deal listing calls (issue 8; common/api/deals.schema.ts): today's deals, `GET /api/deals`, and
 * trending, `GET /api/deals/trending`, each for all categories or one of the ten keys, a page at a
 * time. The answer's `page` is the requested page clamped to the pages that exist.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DealListingResponse } from '../../../common/api/deals.schema';
import type { ShopperCategoryKey } from '../../../common/categories';
import { apiRequest } from '../../lib/http.client';

/** Products per listing page: five rows of the 4-column grid. */
export const DEAL_PAGE_SIZE = 20;

export type DealListingKind = 'today' | 'trending';

export interface DealListingRequest {
  kind: DealListingKind;
  category: ShopperCategoryKey | null;
  page: number;
  itemCount?: number;
}

function listingUrl({ kind, category, page, itemCount = DEAL_PAGE_SIZE }: DealListingRequest): string {
  const query = new URLSearchParams();
  if (category) query.set('category', category);
  query.set('page', String(page));
  query.set('itemCount', String(itemCount));
  return `${kind === 'trending' ? '/api/deals/trending' : '/api/deals'}?${query.toString()}`;
}

/** GET /api/deals or /api/deals/trending → `{ products, page, totalPages, total, totalDeals }`. */
export function fetchDealListing(request: DealListingRequest, signal?: AbortSignal): Promise<DealListingResponse> {
  return apiRequest<DealListingResponse>('GET', listingUrl(request), undefined, { signal });
}

export function dealListingQuery(request: DealListingRequest) {
  return queryOptions({
    queryKey: ['deals', request.kind, request.category, request.page, request.itemCount ?? DEAL_PAGE_SIZE],
    queryFn: ({ signal }) => fetchDealListing(request, signal),
  });
}

/** One page of a deal listing; each page change shows the loading state afresh (spec §2 skeletons). */
export function useDealListing(request: DealListingRequest) {
  return useQuery(dealListingQuery(request));
}
