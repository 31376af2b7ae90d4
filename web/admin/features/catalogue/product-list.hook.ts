/**
 * The state of an admin product table (products list and Product Catalog): page, sort, category,
 * search (sent 300 ms after typing stops), the fresh-load time, and the query of
 * `GET /api/admin/products`. Changing a filter or the sort goes back to page 1; when the server
 * clamps the page (the last page was just emptied by a delete), the table follows.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDebounce } from 'use-debounce';
import type { AdminProductSortKey, SortOrder } from '../../../../common/admin-products';
import { adminProductsQuery, type ProductListParams } from './api';

/** Wait after the last keystroke before searching, ms. */
export const SEARCH_DEBOUNCE_MS = 300;

export function useProductList(tabKey: string, pageSize: number) {
  const [page, setPage] = useState(1);
  const [sortBy, setSortBy] = useState<AdminProductSortKey>('id');
  const [sortOrder, setSortOrder] = useState<SortOrder>('desc');
  const [category, setCategory] = useState('');
  const [searchText, setSearchText] = useState('');
  const [freshAt, setFreshAt] = useState<number | undefined>(undefined);
  const [search] = useDebounce(searchText.trim(), SEARCH_DEBOUNCE_MS);

  const params: ProductListParams = { page, limit: pageSize, sortBy, sortOrder, category, search, freshAt };
  const query = useQuery(adminProductsQuery(tabKey, params));
  const answeredPage = query.data?.pagination.page;

  // Derived during render (React's "adjusting state when a prop changes"), not in an effect.
  if (answeredPage !== undefined && answeredPage !== page && !query.isPlaceholderData) setPage(answeredPage);
  // A new search goes back to page 1.
  const [searched, setSearched] = useState(search);
  if (search !== searched) {
    setSearched(search);
    setPage(1);
  }

  return {
    query,
    page,
    setPage,
    sortBy,
    sortOrder,
    setSort: (by: AdminProductSortKey, order: SortOrder) => {
      setSortBy(by);
      setSortOrder(order);
      setPage(1);
    },
    category,
    setCategory: (value: string) => {
      setCategory(value);
      setPage(1);
    },
    searchText,
    setSearchText,
    /** True when a filter narrows the list. */
    filtered: category !== '' || search !== '',
    clearFilters: () => {
      setCategory('');
      setSearchText('');
      setPage(1);
    },
    /** The catalog's fresh load: page 1, read again from the server with `fresh=true` and a timestamp. */
    loadFresh: () => {
      setFreshAt(Date.now());
      setPage(1);
    },
  };
}

export type ProductList = ReturnType<typeof useProductList>;
