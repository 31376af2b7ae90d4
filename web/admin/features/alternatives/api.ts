/**
 * The admin Similar tab's calls (admin-area §2 "Similar-products tab"): the public
 * `GET /api/amazon/similar-items/{asin}` keyed under the open tab (so the shell's Refresh refetches
 * it) and `POST /api/amazon/analyze-products` as a mutation. Fetchers live in api.ts.
 */
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Product } from '../../../../common/api/products.schema';
import { adminTabKey } from '../../lib/admin-query-keys';
import { analyzeProducts, fetchSimilarItems, toAnalysisProduct } from '../../../features/alternatives/api';

/** The alternatives of `asin` as the admin tab `tabKey` shows them. */
export const adminSimilarItemsQuery = (tabKey: string, asin: string) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'similar-items', asin),
    queryFn: ({ signal }) => fetchSimilarItems(asin, signal),
  });

/** Runs the analysis of `similarProducts` against `originalProduct` (at most 50, the API's limit). */
export function useAnalyzeProducts() {
  return useMutation({
    mutationFn: ({ originalProduct, similarProducts }: { originalProduct: Product; similarProducts: readonly Product[] }) =>
      analyzeProducts({
        originalProduct: toAnalysisProduct(originalProduct),
        similarProducts: similarProducts.slice(0, 50).map(toAnalysisProduct),
      }),
  });
}
