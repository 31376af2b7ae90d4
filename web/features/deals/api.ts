/**
 * Deal listing calls (issue 8; common/api/deals.schema.ts): today's deals, `GET /api/deals`, and
 * trending, `GET /api/deals/trending`, each for all categories or one of the ten keys, a page at a
 * time. The answer's `page` is the requested page clamped to the pages that exist. Also the deal
 * landing pages' facts (issue 27): the check of an owners' signed link and a preset's largest
 * verified saving.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DealLinkVerification, TopSavingResponse } from '../../../common/api/deal-links.schema';
import type { DealPresetSlug } from '../../../common/deal-links';
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

/**
 * GET /api/deals or /api/deals/trending → `{ products, page, totalPages, total, totalDeals,
 * verifiedDeals, orderedBy, trackedSince }` (common/api/deals.schema.ts; the last three since
 * issue 27: read them as optional, a server before it answers without them).
 */
export function fetchDealListing(request: DealListingRequest, signal?: AbortSignal): Promise<DealListingResponse> {
  return apiRequest<DealListingResponse>('GET', listingUrl(request), undefined, { signal });
}

export function dealListingQuery(request: DealListingRequest) {
  return queryOptions({
    queryKey: ['deals', request.kind, request.category, request.page, request.itemCount ?? DEAL_PAGE_SIZE],
    queryFn: ({ signal }) => fetchDealListing(request, signal),
  });
}

/**
 * One page of a deal listing; each page change shows the loading state afresh (spec §2 skeletons).
 * `enabled: false` asks nothing (the home page with an empty catalogue).
 */
export function useDealListing(request: DealListingRequest, options: { enabled?: boolean } = {}) {
  return useQuery({ ...dealListingQuery(request), enabled: options.enabled ?? true });
}

/**
 * GET /api/deal-pages/verify-link?{query} (issue 27; common/api/deal-links.schema.ts): the server's
 * check of a landing page's query; `claims` only for a link the owners signed that has not expired.
 * `query` is the page's query string with or without its leading '?'.
 */
export function fetchDealLinkCheck(query: string, signal?: AbortSignal): Promise<DealLinkVerification> {
  const bare = query.startsWith('?') ? query.slice(1) : query;
  return apiRequest<DealLinkVerification>('GET', `/api/deal-pages/verify-link?${bare}`, undefined, { signal });
}

/** The check of `query`, asked only when `enabled` (a query without `sig` claims nothing: no call). */
export function useDealLinkCheck(query: string, enabled: boolean) {
  return useQuery({
    queryKey: ['deal-link-check', query],
    queryFn: ({ signal }) => fetchDealLinkCheck(query, signal),
    enabled,
  });
}

/**
 * GET /api/deal-pages/top-saving?preset={slug} → `{ product, withSaving }`: the product with the
 * largest current verified saving in the preset's scope (the whole catalogue for null), or null.
 */
export function fetchTopSaving(preset: DealPresetSlug | null, signal?: AbortSignal): Promise<TopSavingResponse> {
  return apiRequest<TopSavingResponse>('GET', `/api/deal-pages/top-saving${preset ? `?preset=${preset}` : ''}`, undefined, { signal });
}

/** The largest verified saving of `preset`'s scope (null: the whole catalogue), asked only when `enabled`. */
export function useTopSaving(preset: DealPresetSlug | null, enabled: boolean) {
  return useQuery({
    queryKey: ['deal-top-saving', preset ?? '*'],
    queryFn: ({ signal }) => fetchTopSaving(preset, signal),
    enabled,
  });
}
