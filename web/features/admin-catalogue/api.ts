/**
 * The admin catalogue tabs' calls (issue 11 part 3; admin-area §7): the product list, products by
 * id, the statistics, the top deals, and the deletions. Queries are keyed by
 * `adminTabKey(tabKey, …)` so the shell's Refresh refetches the open tab; every change refetches
 * all the catalogue tabs and the audit log (the default stale time is infinite).
 */
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import type { AdminProductSortKey, SortOrder } from '../../../common/admin-products';
import type {
  AdminProductsResponse,
  AdminStats,
  DeletedCountResponse,
  ProductsByIdsResponse,
  TopDealsResponse,
} from '../../../common/api/products.admin.schema';
import { apiRequest } from '../../lib/http.client';
import { adminTabKey } from '../../lib/admin-query-keys';
import { useRefetchCatalogue } from '../../lib/admin-catalogue-refetch';

/** What a product table asks `GET /api/admin/products` for. `category` '' means all; `search` '' none. */
export interface ProductListParams {
  page: number;
  limit: number;
  sortBy: AdminProductSortKey;
  sortOrder: SortOrder;
  category: string;
  search: string;
  /** The Product Catalog's fresh load (admin-area §7: `fresh=true` and a timestamp). */
  freshAt?: number;
}

/** The query string of {@link ProductListParams} (empty filters left out). */
export function productListSearch(params: ProductListParams): string {
  const query = new URLSearchParams({
    page: String(params.page),
    limit: String(params.limit),
    sortBy: params.sortBy,
    sortOrder: params.sortOrder,
  });
  if (params.category) query.set('category', params.category);
  if (params.search.trim()) query.set('search', params.search.trim());
  if (params.freshAt !== undefined) {
    query.set('fresh', 'true');
    query.set('t', String(params.freshAt));
  }
  return query.toString();
}

/** One page of products; the previous page stays on screen while the next loads. */
export const adminProductsQuery = (tabKey: string, params: ProductListParams) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'products', params),
    queryFn: ({ signal }) =>
      apiRequest<AdminProductsResponse>('GET', `/api/admin/products?${productListSearch(params)}`, undefined, { signal }),
    placeholderData: keepPreviousData,
  });

export const adminStatsQuery = (tabKey: string) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'stats'),
    queryFn: ({ signal }) => apiRequest<AdminStats>('GET', '/api/admin/stats', undefined, { signal }),
  });

export const topDealsQuery = (tabKey: string) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'top-deals'),
    queryFn: ({ signal }) => apiRequest<TopDealsResponse>('GET', '/api/admin/top-deals', undefined, { signal }),
  });

/** `POST /api/admin/products/by-ids`: the selected products, wherever their page. */
export const fetchProductsByIds = (ids: readonly string[]) =>
  apiRequest<ProductsByIdsResponse>('POST', '/api/admin/products/by-ids', { ids });

/** Bulk `DELETE /api/admin/products` `{ ids }`. */
export function useDeleteProducts() {
  const refetch = useRefetchCatalogue();
  return useMutation({
    mutationFn: (ids: readonly string[]) => apiRequest<DeletedCountResponse>('DELETE', '/api/admin/products', { ids }),
    onSettled: refetch,
  });
}

/** `DELETE /api/admin/products/{id}`. */
export function useDeleteProduct() {
  const refetch = useRefetchCatalogue();
  return useMutation({
    mutationFn: (id: string) => apiRequest<DeletedCountResponse>('DELETE', `/api/admin/products/${encodeURIComponent(id)}`),
    onSettled: refetch,
  });
}
