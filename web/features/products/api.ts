/**
 * Product calls (shopper-screens §7): the search (stale time 0, spec §7) and our product page
 * (GET /api/products/:asin with its price history). Each fetcher, its query options and hook sit
 * together.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceHistoryPoint, ProductDetailResponse, SearchResponse } from '../../../common/api/products.schema';
import { apiRequest } from '../../lib/http.client';
import type { SearchRequest } from './search-criteria';

/**
 * POST /api/products/search → `{ products, total, totalPages, page }`. Throws ApiError.
 * The optional `userEmail` of the spec is not sent: a search needs no identity (DESIGN.md §4
 * "Visitors": the e-mail stays in the browser unless an action needs it).
 */
export function fetchSearch(criteria: SearchRequest, signal?: AbortSignal): Promise<SearchResponse> {
  return apiRequest<SearchResponse>('POST', '/api/products/search', criteria, { signal });
}

/** The search as a query; `['products', 'search', criteria]` so "refresh" can invalidate them all. */
export function searchQuery(criteria: SearchRequest) {
  return queryOptions({
    queryKey: ['products', 'search', criteria],
    queryFn: ({ signal }) => fetchSearch(criteria, signal),
    // Spec §7: the product search is never served stale.
    staleTime: 0,
  });
}

/**
 * Runs the search; `criteria` null means "do not search" (e.g. a search term under 3 characters).
 * A new category or page shows the loading state afresh (spec §4: "clear and refetch").
 */
export function useProductSearch(criteria: SearchRequest | null) {
  return useQuery({ ...searchQuery(criteria ?? ({} as SearchRequest)), enabled: criteria !== null });
}

/** One observed price of a product (pounds string, ISO time), oldest first (common/api). */
export type PricePoint = PriceHistoryPoint;

/** GET /api/products/:asin answer (common/api). */
export type ProductDetail = ProductDetailResponse;

export function productDetailQuery(asin: string) {
  return queryOptions({
    queryKey: ['products', 'detail', asin],
    queryFn: ({ signal }) => apiRequest<ProductDetail>('GET', `/api/products/${encodeURIComponent(asin)}`, undefined, { signal }),
  });
}

/** Our product page's data; a 404 surfaces as an ApiError with status 404. */
export function useProductDetail(asin: string) {
  return useQuery(productDetailQuery(asin));
}
