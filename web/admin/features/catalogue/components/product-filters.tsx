/**
 * The filters above an admin product table (admin-area §2 "Products tab": search box, category
 * filter, sort by id/title/price/category, order asc/desc; "Product Catalog tab": search box and
 * category select). The category options are our ten shopper categories and Other.
 */
import { useId } from 'react';
import { Search } from 'lucide-react';
import { Input } from '../../../../components/ui/input';
import { Select } from '../../../../components/ui/select';
import { CATEGORY_FILTER_OPTIONS, ORDER_OPTIONS, SORT_OPTIONS, STATUS_FILTER_OPTIONS } from '../catalogue-labels';
import type { ProductList } from '../product-list.hook';

export function ProductFilters({ list, withSort }: { list: ProductList; withSort: boolean }) {
  const searchId = useId();
  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
      <div className="w-full sm:w-72">
        <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-slate-800">
          Search products
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-slate-500" aria-hidden="true" />
          <Input
            id={searchId}
            type="search"
            value={list.searchText}
            onChange={(event) => list.setSearchText(event.target.value)}
            placeholder="Title, brand or ASIN"
            className="pl-9"
            maxLength={200}
          />
        </div>
      </div>
      <Select label="Category" value={list.category} options={CATEGORY_FILTER_OPTIONS} onValueChange={list.setCategory} />
      <Select label="Show" value={list.status} options={STATUS_FILTER_OPTIONS} onValueChange={list.setStatus} />
      {withSort ? (
        <>
          <Select label="Sort by" value={list.sortBy} options={SORT_OPTIONS} onValueChange={(by) => list.setSort(by, list.sortOrder)} />
          <Select
            label="Order"
            value={list.sortOrder}
            options={ORDER_OPTIONS}
            onValueChange={(order) => list.setSort(list.sortBy, order)}
          />
        </>
      ) : null}
    </div>
  );
}
