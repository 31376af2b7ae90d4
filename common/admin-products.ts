/**
 * Constants of the admin catalogue tabs (issue 11 part 3; admin-area §2 "Products tab", "Product
 * Catalog tab", "Statistics tab", "Top-deals tab", §9 "Page sizes", "Top deals"), shared by the
 * server and the admin web chunk. No zod here: the web imports these values without pulling the
 * validation library into a chunk that does not need it (the schemas are in
 * `api/products.admin.schema.ts`).
 */

/** `GET /api/admin/products` page sizes (admin-area §9): the list 20, the catalog 100, the all-products lookup 1000. */
export const ADMIN_PRODUCT_PAGE_SIZES = [20, 100, 1000] as const;
export type AdminProductPageSize = (typeof ADMIN_PRODUCT_PAGE_SIZES)[number];
export const PRODUCTS_LIST_PAGE_SIZE = 20;
export const PRODUCT_CATALOG_PAGE_SIZE = 100;
export const ALL_PRODUCTS_LOOKUP_SIZE = 1000;

/** Sort keys of the products list (admin-area §2: id, title, price or category). */
export const ADMIN_PRODUCT_SORT_KEYS = ['id', 'title', 'price', 'category'] as const;
export type AdminProductSortKey = (typeof ADMIN_PRODUCT_SORT_KEYS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Most ids one bulk call (`POST …/by-ids`, bulk `DELETE`) may carry: the all-products lookup size. */
export const MAX_IDS_PER_CALL = 1000;

/** Products the top-deals tab fetches (admin-area §9 "Top deals: count 60"). */
export const TOP_DEALS_COUNT = 60;

/**
 * The top-deals tab's category chips (admin-area §2 "Top-deals tab"), keys as the spec spells them.
 * Which of our categories falls under which chip: server/features/catalogue-admin/top-deal-chips.rules.ts.
 */
export const TOP_DEAL_CHIPS = [
  { key: 'all', label: 'All' },
  { key: 'electronics', label: 'Electronics' },
  { key: 'travel', label: 'Travel' },
  { key: 'kitchen', label: 'Kitchen & home' },
  { key: 'personalcare', label: 'Personal care' },
  { key: 'office', label: 'Office' },
  { key: 'cleaning', label: 'Cleaning' },
  { key: 'others', label: 'Others' },
] as const;
export type TopDealChipKey = (typeof TOP_DEAL_CHIPS)[number]['key'];
/** A chip a product can fall under (every chip but 'all'). */
export type ProductChipKey = Exclude<TopDealChipKey, 'all'>;

/**
 * Price bands of the Statistics tab's price histogram, in pence: band i holds prices from
 * `PRICE_BAND_EDGES_PENCE[i - 1]` (inclusive; 0 for the first) up to `PRICE_BAND_EDGES_PENCE[i]`
 * (exclusive); the last band is open-ended. Widening bands suit prices, which spread over four
 * orders of magnitude (£1 cables to £1,000 laptops): equal widths would put nearly everything in
 * the first bar.
 */
export const PRICE_BAND_EDGES_PENCE = [500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000] as const;

/** Label of the stored category `other` (products that fit none of the ten shopper categories). */
export const OTHER_CATEGORY_LABEL = 'Other';
