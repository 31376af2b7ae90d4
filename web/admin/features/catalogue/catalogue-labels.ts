/**
 * Words and money of the admin catalogue tabs: category names and filter options (our ten shopper
 * categories and 'Other', not the spec's old Kitchen/Homeware lists: issue 11 part 3), sort
 * options, and pounds for people ("£1,299.99", en-GB).
 */
import { OTHER_CATEGORY_LABEL, type AdminProductSortKey, type SortOrder } from '../../../../common/admin-products';
import { getShopperCategory, SHOPPER_CATEGORIES } from '../../../../common/categories';

/** The category's shopper name ('Home & Kitchen'), 'Other' for `other`, the key itself otherwise. */
export function categoryName(key: string): string {
  return getShopperCategory(key)?.name ?? (key === 'other' ? OTHER_CATEGORY_LABEL : key);
}

/** Options of the category filter: all, the ten, then Other. Value '' means all. */
/** The list's active/inactive filter (decision 0034): '' shows every product. */
export const STATUS_FILTER_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'All products' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

export const CATEGORY_FILTER_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'All categories' },
  ...SHOPPER_CATEGORIES.map((c) => ({ value: c.key, label: c.name })),
  { value: 'other', label: OTHER_CATEGORY_LABEL },
];

export const SORT_OPTIONS: ReadonlyArray<{ value: AdminProductSortKey; label: string }> = [
  { value: 'id', label: 'ID' },
  { value: 'title', label: 'Title' },
  { value: 'price', label: 'Price' },
  { value: 'category', label: 'Category' },
];

export const ORDER_OPTIONS: ReadonlyArray<{ value: SortOrder; label: string }> = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
];

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** "£1,299.99" from the API's pounds string ("1299.99"); the string itself when it is not a number. */
export function formatGbp(pounds: string): string {
  const value = Number(pounds);
  return Number.isFinite(value) ? gbp.format(value) : pounds;
}
