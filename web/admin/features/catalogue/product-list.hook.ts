/**
 * The state of an admin product table (products list and Product Catalog): page, sort, category,
 * search (sent 300 ms after typing stops), the fresh-load time, and the query of
 * `GET /api/admin/products`. Changing a filter or the sort goes back to page 1; when the server
 * clamps the page (the last page was just emptied by a delete), the table follows.
 *
 * Issue 29: page, sort, order, category and search live in the URL (`?page=3&sort=price&order=asc
 * &category=electronics&q=kettle`, defaults left out), so a reload, Back/Forward and a shared link
 * restore the list (web/admin/lib/url-state.ts). The search box's text is local while typing; the
 * URL takes it once the debounce settles (replacing the history entry, not one per keystroke).
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDebounce } from 'use-debounce';
import { ADMIN_PRODUCT_SORT_KEYS, SORT_ORDERS, type AdminProductSortKey, type SortOrder } from '../../../../common/admin-products';
import { pageOf, useUrlState, type UrlStateSpec } from '../../lib/url-state';
import { adminProductsQuery, type ProductListParams } from './api';
import { CATEGORY_FILTER_OPTIONS } from './catalogue-labels';

/** Wait after the last keystroke before searching, ms. */
export const SEARCH_DEBOUNCE_MS = 300;

const URL_SPEC = {
  page: { default: '1' },
  sort: { default: 'id', allowed: ADMIN_PRODUCT_SORT_KEYS },
  order: { default: 'desc', allowed: SORT_ORDERS },
  category: { default: '', allowed: CATEGORY_FILTER_OPTIONS.map((o) => o.value) },
  q: { default: '' },
  /** Active or inactive products only (decision 0034); '' shows both. */
  status: { default: '', allowed: ['', 'active', 'inactive'] },
} satisfies UrlStateSpec<'page' | 'sort' | 'order' | 'category' | 'q' | 'status'>;

export function useProductList(tabKey: string, pageSize: number) {
  const url = useUrlState(URL_SPEC);
  const page = pageOf(url.values.page);
  const sortBy = url.values.sort as AdminProductSortKey;
  const sortOrder = url.values.order as SortOrder;
  const category = url.values.category;
  const status = url.values.status;
  const search = url.values.q.trim();
  const [searchText, setSearchTextState] = useState(url.values.q);
  const [freshAt, setFreshAt] = useState<number | undefined>(undefined);
  const [typed] = useDebounce(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const setPage = (next: number) => url.set({ page: String(next) });

  // The settled search text goes to the URL (page 1, replacing the entry).
  useEffect(() => {
    if (typed !== search) url.set({ q: typed, page: '1' }, { replace: true });
    // Only when the typed text settles; `search` changing by Back/Forward is the next effect's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  // Back/Forward (or a link) to another search: the box shows it.
  useEffect(() => {
    if (search !== typed) setSearchTextState(search);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const params: ProductListParams = { page, limit: pageSize, sortBy, sortOrder, category, search, status, freshAt };
  const query = useQuery(adminProductsQuery(tabKey, params));
  const answeredPage = query.data?.pagination.page;

  // The server clamped the page (past the last one): the URL follows, without a new history entry.
  const clamped = answeredPage !== undefined && answeredPage !== page && !query.isPlaceholderData ? answeredPage : null;
  useEffect(() => {
    if (clamped !== null) url.set({ page: String(clamped) }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clamped]);

  return {
    query,
    page,
    setPage,
    sortBy,
    sortOrder,
    setSort: (by: AdminProductSortKey, order: SortOrder) => url.set({ sort: by, order, page: '1' }),
    category,
    setCategory: (value: string) => url.set({ category: value, page: '1' }),
    status,
    setStatus: (value: string) => url.set({ status: value, page: '1' }),
    searchText,
    setSearchText: setSearchTextState,
    /** The filter the list shows (category and settled search), for a selection to reset on. */
    search,
    /** True when a filter narrows the list. */
    filtered: category !== '' || search !== '' || status !== '',
    clearFilters: () => {
      setSearchTextState('');
      url.set({ category: '', q: '', status: '', page: '1' });
    },
    /** The catalog's fresh load: page 1, read again from the server with `fresh=true` and a timestamp. */
    loadFresh: () => {
      setFreshAt(Date.now());
      url.set({ page: '1' });
    },
  };
}

export type ProductList = ReturnType<typeof useProductList>;
