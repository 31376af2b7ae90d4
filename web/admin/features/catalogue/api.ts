/**
 * The admin catalogue tabs' calls (issue 11 part 3; admin-area §7).
 *
 * The product list, products by id, the statistics, the top deals, and the deletions. Queries are
 * keyed by `adminTabKey(tabKey, …)` so the shell's Refresh refetches the open tab; every change
 * refetches all the catalogue tabs and the audit log (the default stale time is infinite).
 *
 * The import and Under £15 tabs:
 *
 * - {@link uploadCsv}: `POST /api/admin/upload-csv`, `/replace-with-csv` or
 *   `/deals-under-15/upload-csv` with the file in the multipart field `csvFile`, through
 *   XMLHttpRequest (fetch reports no upload progress), and before it, when given, the field
 *   `observedAt` (ISO 8601: when the file's prices were seen; issue 27). It asks for the progress stream
 *   (`Accept: application/x-ndjson`, server/http/progress-stream.ts): the upload bar follows the
 *   XHR upload events, the import bar the server's progress lines; the last line is the answer.
 * - {@link dealsUnder15Query}: `GET /api/amazon/deals-under-15`, keyed under the open tab so the
 *   shell's Refresh refetches it.
 *
 * Errors are {@link ApiError}s with the spec's "{status}: {body}" message (§7), as apiRequest throws.
 */
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import type { AdminProductSortKey, SortOrder } from '../../../../common/admin-products';
import type {
  CONFIRM_DELETE_COUNT_FIELD,
  CatalogueUploadResponse,
  DealsUnder15Response,
  ImportProgressLine,
  ReplaceRefused,
} from '../../../../common/api/catalogue-import.admin.schema';
import type {
  AdminProductsResponse,
  AdminStats,
  DeletedCountResponse,
  ProductEditBody,
  ProductEditResponse,
  ProductsByIdsResponse,
  TopDealsResponse,
} from '../../../../common/api/products.admin.schema';
import type { DeletedProductsResponse, RestoreBody, RestoreResponse } from '../../../../common/api/product-archive.admin.schema';
import { CSV_FILE_FIELD } from '../../../../common/csv-upload';
import { OBSERVED_AT_FIELD } from '../../../../common/observed-at';
import { ApiError, apiRequest } from '../../../lib/http.client';
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
  /** '' for every product, 'active' or 'inactive' (decision 0034). */
  status: string;
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
  if (params.status) query.set('status', params.status);
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

/** `PATCH /api/admin/products/{asin}` (issue 29): the product as the list shows it now, and what changed. */
export function useEditProduct() {
  const refetch = useRefetchCatalogue();
  return useMutation({
    mutationFn: ({ asin, edit }: { asin: string; edit: ProductEditBody }) =>
      apiRequest<ProductEditResponse>('PATCH', `/api/admin/products/${encodeURIComponent(asin)}`, edit),
    onSettled: refetch,
  });
}

/** The Replace All confirmation field, checked against the schema's constant by type (the schema module stays out of the bundle). */
const CONFIRM_FIELD: typeof CONFIRM_DELETE_COUNT_FIELD = 'confirmDeleteCount';

/** Where the owner downloads the whole catalogue as CSV before a destructive change (decision 0025). */
export const CATALOGUE_EXPORT_URL = '/api/admin/products/export-csv';

/**
 * The figures of a refused (unconfirmed) Replace All, read from an upload's 409, or null when the
 * error is something else (another import running is a 409 without `deleteCount`).
 */
export function replaceRefusedOf(error: unknown): ReplaceRefused | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    // Checked by hand, not with the zod schema: the admin bundle keeps zod out (JS budget).
    const body = JSON.parse(error.body) as Partial<ReplaceRefused>;
    const counts = [body.deleteCount, body.priceObservationCount, body.categoryPageEntryCount, body.budgetDealEntryCount, body.alertCount];
    return counts.every((n) => Number.isInteger(n)) ? (body as ReplaceRefused) : null;
  } catch {
    return null;
  }
}

/** Bulk `DELETE /api/admin/products` `{ ids }`. */
export function useDeleteProducts() {
  const refetch = useRefetchCatalogue();
  return useMutation({
    mutationFn: (ids: readonly string[]) => apiRequest<DeletedCountResponse>('DELETE', '/api/admin/products', { ids }),
    onSettled: refetch,
  });
}

/**
 * `POST /api/admin/products/delete-matching` (issue 29 "select all M matching"): every product the
 * filter matches on the server, confirmed by `confirmDeleteCount`; a 409 carries the number matching now.
 */
export function useDeleteMatchingProducts() {
  const refetch = useRefetchCatalogue();
  return useMutation({
    mutationFn: (body: { category: string; search: string; status: string; confirmDeleteCount: number }) =>
      apiRequest<DeletedCountResponse>('POST', '/api/admin/products/delete-matching', {
        ...(body.category ? { category: body.category } : {}),
        ...(body.status ? { status: body.status } : {}),
        ...(body.search ? { search: body.search } : {}),
        confirmDeleteCount: body.confirmDeleteCount,
      }),
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

/** What the "Recently deleted" list asks `GET /api/admin/products/deleted` for ('' = no search). */
export interface DeletedListParams {
  page: number;
  limit: number;
  search: string;
}

/**
 * One page of the products deleted in the last 30 days (issue 29, decision 0027), keyed under the
 * open tab so every catalogue change (a delete, a restore) refetches it.
 */
export const deletedProductsQuery = (tabKey: string, params: DeletedListParams) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'deleted-products', params),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(params.page), limit: String(params.limit) });
      if (params.search.trim()) query.set('search', params.search.trim());
      return apiRequest<DeletedProductsResponse>('GET', `/api/admin/products/deleted?${query.toString()}`, undefined, { signal });
    },
    placeholderData: keepPreviousData,
  });

/**
 * `POST /api/admin/products/restore` `{ asins }`: puts deleted products back with their history (all
 * or nothing: 404 not deleted, 409 in the catalogue again, 410 deleted over 30 days ago).
 */
export function useRestoreProducts() {
  const refetch = useRefetchCatalogue();
  return useMutation({
    mutationFn: (asins: readonly string[]) => apiRequest<RestoreResponse>('POST', '/api/admin/products/restore', { asins }),
    onSettled: refetch,
  });
}

/**
 * `POST /api/admin/products/restore` `{ all: true, search?, confirmCount }`: every product the
 * "Recently deleted" list holds (matching its search), when `confirmCount` is still their number
 * (409 otherwise: the list changed).
 */
export function useRestoreAllListed() {
  const refetch = useRefetchCatalogue();
  return useMutation({
    mutationFn: ({ search, confirmCount }: { search: string; confirmCount: number }) => {
      const body: RestoreBody = { all: true, confirmCount, ...(search.trim() ? { search: search.trim() } : {}) };
      return apiRequest<RestoreResponse>('POST', '/api/admin/products/restore', body);
    },
    onSettled: refetch,
  });
}

// The import and Under £15 tabs.

/** Where each upload goes. */
export const UPLOAD_URLS = {
  add: '/api/admin/upload-csv',
  replace: '/api/admin/replace-with-csv',
  under15: '/api/admin/deals-under-15/upload-csv',
} as const;
export type UploadKind = keyof typeof UPLOAD_URLS;

/** What the bars show while an upload runs. */
export interface UploadState {
  /** Bytes the browser has sent, and the request's total (the file plus a little multipart framing). */
  sent: number;
  total: number;
  /** From the server's progress lines: the file's bytes and rows read so far, and the phase. */
  serverBytes: number;
  rowsRead: number;
  phase: 'uploading' | 'reading' | 'finishing';
}

export interface UploadOptions {
  strict: boolean;
  /** When the file's prices were seen (ISO 8601 with its zone); left out = now. */
  observedAt?: string;
  /** Replace All only: the number of products the owner agreed to delete (issue 29); left out = a dry run. */
  confirmDeleteCount?: number;
  onState: (state: UploadState) => void;
  signal?: AbortSignal;
}

type ResultLine = Extract<ImportProgressLine, { type: 'result' }>;

/**
 * Sends `file` to the `kind` upload and resolves with the importer's report. Rejects with an
 * {@link ApiError} for a refusal (400, 401, 403, 409, 413, 500) and with a TypeError when the
 * network fails or the answer is not the expected stream.
 */
export function uploadCsv(kind: UploadKind, file: File, options: UploadOptions): Promise<CatalogueUploadResponse> {
  return uploadCsvTo<CatalogueUploadResponse>(`${UPLOAD_URLS[kind]}?strict=${options.strict}`, file, options);
}

/**
 * Sends `file` in the multipart field `csvFile` to the admin upload at `url` (with the fields of
 * `options` before it), with the two progress bars' events, and resolves with the result line's
 * body as `T` (the catalogue uploads above, the price-history upload of issue 30). Same errors as
 * {@link uploadCsv}.
 */
export function uploadCsvTo<T>(url: string, file: File, options: Omit<UploadOptions, 'strict'>): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const state: UploadState = { sent: 0, total: file.size, serverBytes: 0, rowsRead: 0, phase: 'uploading' };
    const emit = () => options.onState({ ...state });
    let seen = 0;
    let result: ResultLine | null = null;
    /** Reads the complete lines that arrived since last time. */
    const readLines = () => {
      const text = xhr.responseText;
      let end = text.indexOf('\n', seen);
      while (end >= 0) {
        const line = text.slice(seen, end).trim();
        seen = end + 1;
        end = text.indexOf('\n', seen);
        if (line === '') continue;
        const parsed = JSON.parse(line) as ImportProgressLine;
        if (parsed.type === 'result') result = parsed;
        else {
          state.serverBytes = parsed.bytesRead;
          state.rowsRead = parsed.rowsRead;
          state.phase = parsed.phase;
          emit();
        }
      }
    };
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/x-ndjson, application/json');
    xhr.upload.onprogress = (event) => {
      state.sent = event.loaded;
      if (event.lengthComputable) state.total = event.total;
      emit();
    };
    xhr.onprogress = () => {
      if (isStream(xhr)) readLines();
    };
    xhr.onload = () => {
      if (!isStream(xhr)) return reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
      try {
        readLines();
      } catch {
        return reject(new TypeError('The server answered an unreadable progress stream'));
      }
      const last = result as ResultLine | null;
      if (!last) return reject(new TypeError('The connection ended before the import finished'));
      if (last.status === 200) return resolve(last.body as T);
      reject(new ApiError(last.status, '', JSON.stringify(last.body)));
    };
    xhr.onerror = () => reject(new TypeError('Failed to upload: the network request failed'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    // Before the file: the server reads the fields that precede it.
    if (options.observedAt) form.append(OBSERVED_AT_FIELD, options.observedAt);
    if (options.confirmDeleteCount !== undefined) form.append(CONFIRM_FIELD, String(options.confirmDeleteCount));
    form.append(CSV_FILE_FIELD, file, file.name);
    emit();
    xhr.send(form);
  });
}

/** True when the answer is the progress stream (a refusal before the import answers plain JSON). */
function isStream(xhr: XMLHttpRequest): boolean {
  return xhr.status === 200 && (xhr.getResponseHeader('content-type') ?? '').startsWith('application/x-ndjson');
}

/** The Under £15 list as shoppers get it, fetched again by the tab's button and by Refresh. */
export const dealsUnder15Query = (tabKey: string) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'deals-under-15'),
    queryFn: ({ signal }) => apiRequest<DealsUnder15Response>('GET', '/api/amazon/deals-under-15', undefined, { signal }),
  });
