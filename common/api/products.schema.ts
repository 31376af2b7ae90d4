/**
 * API shapes of the product calls (shopper-screens §3 "Product", "Search criteria", §7).
 * Prices are strings of pounds with two decimals ("12.99"); every price carries `asOf` (ISO 8601, UTC).
 */
import { z } from 'zod';
import { SHOPPER_CATEGORY_KEYS } from '../categories';

/** How the original ("was") price is substantiated; null when there is none. */
export const savingBasisTypeSchema = z.enum(['LIST_PRICE', 'WAS_PRICE', 'LOWEST_PRICE', 'LOWEST_PRICE_STRIKETHROUGH', 'OBSERVED_HIGH_30D']);

export const productSchema = z.object({
  asin: z.string(),
  id: z.string(),
  title: z.string(),
  /** Current price in pounds, e.g. "12.99". */
  price: z.string(),
  /** Substantiated original price in pounds, or null. */
  originalPrice: z.string().nullable(),
  /** Rounded whole percent, only when originalPrice > price > 0; else null ('Special Deal'). */
  discountPercent: z.number().int().nullable(),
  /** Saving in pounds ("3.00"), or null. */
  discount: z.string().nullable(),
  savingBasis: savingBasisTypeSchema.nullable(),
  /** Human label of the saving basis, e.g. 'RRP' or 'Highest price in the last 30 days'. */
  savingBasisLabel: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Tagged Amazon link built by common/affiliate.ts with the default tag. */
  affiliateUrl: z.string(),
  /** Our own product page, e.g. "/deals/B0...". */
  productUrl: z.string(),
  rating: z.number().nullable(),
  reviewCount: z.number().int().nullable(),
  /** One of the ten shopper category keys, or 'other'. */
  category: z.string(),
  /** Amazon's original category name. */
  categoryName: z.string().nullable(),
  brand: z.string().nullable(),
  features: z.array(z.string()),
  /** When the price was last observed (ISO 8601). */
  asOf: z.string(),
  /** True when the current price is the lowest we observed in the last 30 days (and we saw it change). */
  lowestIn30Days: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

const booleanish = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** POST /api/products/search body. maxPrice is in pounds (spec §9: default 1500). */
export const searchCriteriaSchema = z.object({
  keywords: z.string().max(200).optional().default(''),
  maxPrice: z.coerce.number().positive().max(1_000_000).optional().default(1500),
  minRating: z.coerce.number().min(0).max(5).optional().default(0),
  /** 'trending', 'All', '' or one of the ten keys. */
  category: z.union([z.enum(SHOPPER_CATEGORY_KEYS), z.enum(['trending', 'All', 'all', 'other', ''])]).optional().default('All'),
  discountOnly: booleanish.optional().default(false),
  searchIndex: z.string().max(50).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  itemCount: z.coerce.number().int().min(1).max(100).optional().default(20),
  sortBy: z.enum(['Featured', 'Price:LowToHigh', 'Price:HighToLow', 'AvgCustomerReviews', 'Relevance']).optional().default('Featured'),
  userEmail: z.string().max(254).optional().nullable(),
});
export type SearchCriteria = z.input<typeof searchCriteriaSchema>;
export type ParsedSearchCriteria = z.output<typeof searchCriteriaSchema>;

export const searchResponseSchema = z.object({
  products: z.array(productSchema),
  total: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const suggestionSchema = z.object({
  asin: z.string(),
  title: z.string(),
  price: z.string(),
  imageUrl: z.string().nullable(),
});
export const suggestionsResponseSchema = z.object({ suggestions: z.array(suggestionSchema) });
export type Suggestion = z.infer<typeof suggestionSchema>;

/** GET /api/amazon/current-price/{asin}: from the stored price, never a live call (DESIGN.md §5). */
export const currentPriceResponseSchema = z.object({
  asin: z.string(),
  currentPrice: z.string(),
  originalPrice: z.string().nullable(),
  savingBasis: savingBasisTypeSchema.nullable(),
  asOf: z.string(),
});
export type CurrentPriceResponse = z.infer<typeof currentPriceResponseSchema>;

/** GET /api/config: public settings the browser needs. */
export const publicConfigSchema = z.object({
  affiliateTag: z.string(),
  affiliateTagNewUser: z.string(),
  demo: z.boolean(),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
