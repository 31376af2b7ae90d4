/**
 * The admin API tab's search constants (admin-area §5, §9; issue 14), without zod so the web tab
 * does not load the schema library: the API schemas in `api/amazon-api.admin.schema.ts` use them.
 */

/**
 * The spec's search index options (All, Kitchen, HomeGarden, Appliances) and what each asks the
 * Creators API for: "Kitchen" and "HomeGarden" are not amazon.co.uk search indexes, so they map to
 * the UK ones that hold those products (docs/decisions/0013-creators-api.md).
 */
export const SEARCH_INDEX_OPTIONS = [
  { value: 'All', label: 'All', apiIndex: 'All' },
  { value: 'Kitchen', label: 'Kitchen', apiIndex: 'HomeAndKitchen' },
  { value: 'HomeGarden', label: 'Home & Garden', apiIndex: 'GardenAndOutdoor' },
  { value: 'Appliances', label: 'Appliances', apiIndex: 'Appliances' },
] as const;
export type SearchIndexOption = (typeof SEARCH_INDEX_OPTIONS)[number]['value'];

/** admin-area §9 "Retailer search test defaults" and §5 "Item count… Max price…". */
export const SEARCH_DEFAULTS = { keywords: 'kitchen utensils', searchIndex: 'All', itemCount: 5, maxPrice: 15 } as const;
export const ITEM_COUNT_LIMITS = { min: 1, max: 10 } as const;
export const MAX_PRICE_LIMITS = { min: 1, max: 50 } as const;
/** admin-area §9: "The import search is fixed to 'homeware under 15' with 10 items." */
export const IMPORT_SEARCH = { keywords: 'homeware', maxPrice: 15, itemCount: 10 } as const;
/** admin-area §5. */
export const SEARCH_INDEX_REQUIRED = 'Please provide a search index';
