/**
 * The import tab's issue-30 calls (admins only, behind the admin session):
 *
 * - {@link productRequestsQuery}: `GET /api/admin/product-requests` — products shoppers asked to
 *   track that we do not hold, most wanted first; keyed under the open tab (the shell's Refresh).
 * - {@link useFetchRequestedProduct}: `POST /api/admin/amazon/import` `{ asins: [asin] }` — the API
 *   tab's import (admin priority, audited), for one requested product.
 * - {@link uploadHistory}: `POST /api/admin/price-history/upload-csv` with progress
 *   ({@link uploadCsvTo}).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AmazonImportResponse } from '../../../../common/api/amazon-api.admin.schema';
import { HISTORY_UPLOAD_URL, type HistoryUploadResponse } from '../../../../common/api/price-history.admin.schema';
import type { ProductRequestsResponse } from '../../../../common/api/product-requests.admin.schema';
import { apiRequest } from '../../../lib/http.client';
import { adminTabKey } from '../../lib/admin-query-keys';
import { useRefetchCatalogue } from '../../lib/admin-catalogue-refetch';
import { uploadCsvTo, type UploadOptions } from './api';

/** Requests shown in the list. */
export const PRODUCT_REQUESTS_SHOWN = 20;

export const productRequestsQuery = (tabKey: string) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'product-requests'),
    queryFn: ({ signal }) =>
      apiRequest<ProductRequestsResponse>('GET', `/api/admin/product-requests?limit=${PRODUCT_REQUESTS_SHOWN}`, undefined, { signal }),
  });

/** Fetches one requested product from Amazon into the catalogue; the list and the catalogue tabs refetch after. */
export function useFetchRequestedProduct(tabKey: string) {
  const queryClient = useQueryClient();
  const refetchCatalogue = useRefetchCatalogue();
  return useMutation({
    mutationFn: (asin: string) => apiRequest<AmazonImportResponse>('POST', '/api/admin/amazon/import', { asins: [asin] }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminTabKey(tabKey, 'product-requests') }), refetchCatalogue()]),
  });
}

/** Sends a price-history file; resolves with the importer's report. */
export const uploadHistory = (file: File, options: Omit<UploadOptions, 'strict'>) =>
  uploadCsvTo<HistoryUploadResponse>(HISTORY_UPLOAD_URL, file, options);
