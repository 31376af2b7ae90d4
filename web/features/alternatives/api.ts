/**
 * Cheaper alternatives (shopper-screens §7 GET /api/amazon/similar-items/{asin}, POST
 * /api/amazon/analyze-products): fetchers, query options and hook, shared by the shoppers' dialog and
 * the admin Similar tab (web/admin/features/alternatives/api.ts). Errors follow spec §8 (ApiError "status: body").
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Analysis, AnalyzeProductsInput, SimilarItemsResponse } from '../../../common/api/alternatives.schema';
import type { Product } from '../../../common/api/products.schema';
import { apiRequest } from '../../lib/http.client';

/** `GET /api/amazon/similar-items/{asin}`: 200 the ranked alternatives; ApiError 400 (bad ASIN) or 404 (not in the catalogue). */
export function fetchSimilarItems(asin: string, signal?: AbortSignal): Promise<SimilarItemsResponse> {
  return apiRequest<SimilarItemsResponse>('GET', `/api/amazon/similar-items/${encodeURIComponent(asin)}`, undefined, { signal });
}

/** The answer of `POST /api/amazon/analyze-products`: the ranking and a line for people. */
export interface AnalyzeProductsResponse {
  analysis: Analysis;
  message: string;
}

/** `POST /api/amazon/analyze-products`: ranks `similarProducts` against `originalProduct` (indexes as sent); ApiError 400 names the field. */
export function analyzeProducts(input: AnalyzeProductsInput): Promise<AnalyzeProductsResponse> {
  return apiRequest<AnalyzeProductsResponse>('POST', '/api/amazon/analyze-products', input);
}

/**
 * What the value score reads of a product (prices stay strings of pounds, as the API gives them). A
 * price the API does not show (Amazon's data over 24 hours old) goes as "0": compared on everything
 * but price.
 */
export function toAnalysisProduct(product: Product): AnalyzeProductsInput['originalProduct'] {
  return {
    asin: product.asin,
    title: product.title,
    price: product.price ?? '0',
    originalPrice: product.originalPrice,
    rating: product.rating,
    reviewCount: product.reviewCount,
    brand: product.brand,
    category: product.category,
  };
}

export function similarItemsQuery(asin: string) {
  return queryOptions({
    queryKey: ['alternatives', asin],
    queryFn: ({ signal }) => fetchSimilarItems(asin, signal),
  });
}

/** The alternatives of `asin`; disabled while `asin` is null (dialog closed). */
export function useSimilarItems(asin: string | null) {
  return useQuery({ ...similarItemsQuery(asin ?? ''), enabled: asin !== null });
}
