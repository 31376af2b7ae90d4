/**
 * The owners' category-page calls for the admin tab 'Categories (category pages management)'
 * (admin-area §2, §7; issue 11 part 3): the page list with product counts, a page's products (the
 * public read, so the owner sees exactly what shoppers see), and the writes. Every query is keyed
 * `adminTabKey(tabKey, …)`, so the shell's Refresh refetches them; every write refetches the tab
 * and the audit log, and drops the public page's cached answers in this browser.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCategoryPageResponse,
  AdminCategoryPagesResponse,
  CategoryPageCreateInput,
  CategoryPageCsvReport,
  CategoryPageDeleted,
  CategoryPageProductsAdded,
  CategoryPageProductsRemoved,
} from '../../../../common/api/category-pages.admin.schema';
import type { Product } from '../../../../common/api/products.schema';
import { adminAuditLogKey, adminTabKey } from '../../lib/admin-query-keys';
import { ApiError, apiRequest } from '../../../lib/http.client';

const base = '/api/category-pages';
const pagePath = (slug: string) => `${base}/${encodeURIComponent(slug)}`;

/** `GET /api/category-pages` (admin only): every page with its product count. */
export const adminCategoryPagesQuery = (tabKey: string) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'category-pages'),
    queryFn: ({ signal }) => apiRequest<AdminCategoryPagesResponse>('GET', base, undefined, { signal }),
  });

/** `GET /api/category-pages/{slug}/products`: the page's products in the owners' order, as shoppers get them. */
export const adminCategoryPageProductsQuery = (tabKey: string, slug: string) =>
  queryOptions({
    queryKey: adminTabKey(tabKey, 'category-page-products', slug),
    queryFn: ({ signal }) => apiRequest<{ products: Product[] }>('GET', `${pagePath(slug)}/products`, undefined, { signal }),
  });

/**
 * Sends `file` as multipart/form-data in the part `csvFile` (admin-area §7). Throws {@link ApiError}
 * on a non-ok answer, like every other call.
 */
export async function uploadCategoryPageCsv(slug: string, file: File): Promise<CategoryPageCsvReport> {
  const form = new FormData();
  form.append('csvFile', file, file.name);
  const response = await fetch(`${pagePath(slug)}/upload-csv`, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { accept: 'application/json' },
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  return JSON.parse(text) as CategoryPageCsvReport;
}

/** The tab's writes; each refetches the tab's queries on success. */
export function useCategoryPageWrites(tabKey: string) {
  const queryClient = useQueryClient();
  const settled = (slug?: string) => {
    void queryClient.invalidateQueries({ queryKey: adminTabKey(tabKey) });
    // Each write adds an audit entry, shown at the bottom of the shell.
    void queryClient.invalidateQueries({ queryKey: adminAuditLogKey() });
    if (slug) void queryClient.invalidateQueries({ queryKey: ['category-pages', slug] });
  };
  return {
    create: useMutation({
      mutationFn: (body: CategoryPageCreateInput) => apiRequest<AdminCategoryPageResponse>('POST', base, body),
      onSuccess: (answer) => settled(answer.categoryPage.slug),
    }),
    updateTag: useMutation({
      mutationFn: ({ id, affiliateTag }: { id: number; affiliateTag: string; slug: string }) =>
        apiRequest<AdminCategoryPageResponse>('PUT', `${base}/${id}`, { affiliateTag }),
      onSuccess: (_answer, { slug }) => settled(slug),
    }),
    remove: useMutation({
      mutationFn: ({ id }: { id: number; slug: string }) => apiRequest<CategoryPageDeleted>('DELETE', `${base}/${id}`),
      onSuccess: (_answer, { slug }) => settled(slug),
    }),
    addProducts: useMutation({
      mutationFn: ({ slug, asins }: { slug: string; asins: string[] }) =>
        apiRequest<CategoryPageProductsAdded>('POST', `${pagePath(slug)}/products`, { asins }),
      onSuccess: (_answer, { slug }) => settled(slug),
    }),
    removeProducts: useMutation({
      mutationFn: ({ slug, asins }: { slug: string; asins: string[] }) =>
        apiRequest<CategoryPageProductsRemoved>('DELETE', `${pagePath(slug)}/products`, { asins }),
      onSuccess: (_answer, { slug }) => settled(slug),
    }),
    uploadCsv: useMutation({
      mutationFn: ({ slug, file }: { slug: string; file: File }) => uploadCategoryPageCsv(slug, file),
      onSuccess: (_answer, { slug }) => settled(slug),
    }),
  };
}

export type CategoryPageWrites = ReturnType<typeof useCategoryPageWrites>;

/**
 * The message of admin-area §8 for a failed write: `{prefix}: {server message}` when the server
 * answered (e.g. 'Failed to create category: slug: …'), else the "try again" text (network error).
 */
export function writeErrorText(error: unknown, prefix: string, networkText: string): string {
  if (error instanceof ApiError) return `${prefix}: ${error.serverMessage ?? error.message}`;
  return networkText;
}
