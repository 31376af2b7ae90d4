/**
 * API shapes of the product calls (shopper-screens §3 "Product", "Search criteria", §7).
 * Prices are strings of pounds with two decimals ("12.99"); every price carries `asOf` (ISO 8601, UTC).
 * A price is null (and its `asOf`, original price and saving with it) when it is Amazon's data last
 * observed over 24 hours ago: the Associates licence's cache limit (docs/decisions/0014-amazon-data-24h.md);
 * the page then links to today's price on Amazon instead.
 */
import { z } from 'zod';
import { safeText } from './text.schema';
import { SHOPPER_CATEGORY_KEYS } from '../categories';
import { SAVING_BASIS_TYPES } from '../discount';
import { PRICE_BADGE_KINDS } from '../price-badges';
import { clipText, SEARCH_KEYWORDS_MAX_CHARS, SUGGESTION_QUERY_MAX_CHARS } from '../search-limits';

/** How the original ("was") price is substantiated; null when there is none. */
export const savingBasisTypeSchema = z.enum(SAVING_BASIS_TYPES);

export const productSchema = z.object({
  asin: z.string(),
  id: z.string(),
  title: z.string(),
  /** Current price in pounds, e.g. "12.99"; null when it may not be shown (Amazon's data over 24 h old). */
  price: z.string().nullable(),
  /** Substantiated original price in pounds, or null. */
  originalPrice: z.string().nullable(),
  /** Rounded whole percent, only when originalPrice > price > 0; else null ('Special Deal'). */
  discountPercent: z.number().int().nullable(),
  /** Saving in pounds ("3.00"), or null. */
  discount: z.string().nullable(),
  savingBasis: savingBasisTypeSchema.nullable(),
  /** Human label of the saving basis, e.g. 'RRP' or 'Our tracked price for 28+ days before this drop'. */
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
  /**
   * When the price was observed at its source (ISO 8601; a feed's `observedAt`, else the import or
   * check time); null with a null price.
   */
  asOf: z.string().nullable(),
  /**
   * True when `price` is a feed's price observed more than FEED_PRICE_MAX_AGE_DAYS ago: show it as
   * "Last seen £{price} on {asOf date}" with a link to today's price, never as current. A stale price
   * carries no saving (original price, discount and basis are null) and no deal basis.
   */
  priceStale: z.boolean(),
  /**
   * True when the current price is the lowest we recorded over the whole last 30 days, which we
   * watched in full (the reference-price rule, docs/pricing/reference-prices.md), and the price changed.
   */
  lowestIn30Days: z.boolean(),
  /**
   * Price badges that hold now, each with its stated rule's explanation (issue 30: "Lowest price
   * we've recorded", "Below its 3-month trend", "Good deal"; docs/pricing/reference-prices.md
   * "Badges"); empty when none, or when the price is stale or hidden.
   */
  priceBadges: z.array(z.object({ kind: z.enum(PRICE_BADGE_KINDS), label: z.string(), explanation: z.string() })).optional(),
});
export type Product = z.infer<typeof productSchema>;
/** A Product whose price is shown (`price` and `asOf` set): always on the owners' pages. */
export type ShownProduct = Product & { price: string; asOf: string };

const booleanish = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/**
 * A whole number from `min` to `max` (a page number, a page size), from a JSON number or a numeric
 * string (query strings). Each rule has its own message, so a 400 reads "page: must be at least 1"
 * (DESIGN.md §4 "Bad input"); NaN, ±Infinity and fractions are refused.
 */
export function wholeNumberIn(min: number, max: number) {
  return z.coerce
    .number('must be a whole number')
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
}

/** Star ratings are stored and shown to one decimal place (4.5); see {@link minRatingSchema}. */
const RATING_DECIMALS = 1;

/**
 * `minRating`: stars from 0 to 5 with at most one decimal place. Issue 25: a value such as 1e-300
 * passed a plain 0–5 range check and then failed in PostgreSQL, which compares it with the `real`
 * rating column and cannot hold it (SQLSTATE 22003, numeric underflow): a 500. A step of 0.1 keeps
 * every accepted value exactly representable as a `real`, and a rating has no finer meaning.
 */
export const minRatingSchema = z.coerce
  .number('must be a number from 0 to 5')
  .min(0, 'must be from 0 to 5')
  .max(5, 'must be from 0 to 5')
  // Exact, not within a tolerance: 1e-300 is within any tolerance of 0 and is what must be refused.
  .refine((v) => Number(v.toFixed(RATING_DECIMALS)) === v, 'must have at most one decimal place (e.g. 4.5)');

/**
 * `maxPrice` in pounds: from £0.01 (one penny, the smallest price there is; a smaller positive value
 * such as 1e-300 meant nothing and rounded to 0 pence) to £1,000,000. Rounded to whole pence by the
 * service (common/money.ts `poundsToPence`).
 */
export const maxPriceSchema = z.coerce
  .number('must be a number of pounds')
  .min(0.01, 'must be at least 0.01 (one penny)')
  .max(1_000_000, 'must be at most 1000000');

/**
 * POST /api/products/search body. maxPrice is in pounds (spec §9: default 1500); minRating in stars
 * (0–5, one decimal place); page 1–10,000; itemCount 1–100. A bad value answers 400 naming the field
 * and its rule ("minRating: must have at most one decimal place (e.g. 4.5)"), never a 500.
 */
export const searchCriteriaSchema = z.object({
  keywords: safeText(SEARCH_KEYWORDS_MAX_CHARS).optional().default(''),
  maxPrice: maxPriceSchema.optional().default(1500),
  minRating: minRatingSchema.optional().default(0),
  /** 'trending', 'All', '' or one of the ten keys. */
  category: z
    .union([z.enum(SHOPPER_CATEGORY_KEYS), z.enum(['trending', 'All', 'all', 'other', ''])])
    .optional()
    .default('All'),
  discountOnly: booleanish.optional().default(false),
  searchIndex: safeText(50).optional(),
  page: wholeNumberIn(1, 10_000).optional().default(1),
  itemCount: wholeNumberIn(1, 100).optional().default(20),
  /** 'Discount:HighToLow': the largest substantiated discount first, products without one last (issue 28). */
  sortBy: z
    .enum(['Featured', 'Price:LowToHigh', 'Price:HighToLow', 'AvgCustomerReviews', 'Relevance', 'Discount:HighToLow'])
    .optional()
    .default('Featured'),
  userEmail: safeText(254).optional().nullable(),
});
export type SearchCriteria = z.input<typeof searchCriteriaSchema>;
export type ParsedSearchCriteria = z.output<typeof searchCriteriaSchema>;

/**
 * POST /api/products/search answer. `products`, `total`, `totalPages` and `page` are always there;
 * the other fields (issue 28, docs/decisions/0026-search-relevance.md) only when they apply, so a
 * client that knows only the first four keeps working:
 * - `didYouMean`: the keywords with words the catalogue does not hold replaced by the nearest ones
 *   it does ("hedphones" → "headphones"), offered when the keywords as typed match nothing in full;
 * - `relaxedFrom`: the keywords (as searched) that no product matches in full, when the answer shows
 *   products matching only part of them;
 * - `showingResultsFor`: the words the products do answer when they are not the typed keywords
 *   (the corrected spelling, or the part of the keywords that matched);
 * - `nearestCategory`: when nothing matches the keywords in full, the shopper category most of the
 *   partial matches are in (its key for /category/{key}, and its name), to browse instead;
 * - `matchingAll`: when some but not all of the `total` products match every word of the keywords,
 *   how many do (they are listed first; the others name only the product type asked for: "black
 *   kettle" lists the black kettles, then other kettles). Absent when every product matches.
 * - `totalCapped` (issue 31, docs/decisions/0040 and 0047): `true` when more than `total` products
 *   match (keyword searches count at most 1,000: "over 1,000 results"; listings without keywords
 *   10,000); absent when `total` is exact. `matchingAll`, when present, is always exact.
 */
export const searchResponseSchema = z.object({
  products: z.array(productSchema),
  total: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  didYouMean: z.string().optional(),
  relaxedFrom: z.string().optional(),
  showingResultsFor: z.string().optional(),
  nearestCategory: z.object({ key: z.enum(SHOPPER_CATEGORY_KEYS), name: z.string() }).optional(),
  matchingAll: z.number().int().optional(),
  totalCapped: z.literal(true).optional(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const suggestionSchema = z.object({
  asin: z.string(),
  title: z.string(),
  /** Pounds, e.g. "12.99"; null when it may not be shown (Amazon's data over 24 h old). */
  price: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** When the price was observed (ISO 8601): every price the API returns carries its time; null with a null price. */
  asOf: z.string().nullable(),
});
export const suggestionsResponseSchema = z.object({ suggestions: z.array(suggestionSchema) });
export type Suggestion = z.infer<typeof suggestionSchema>;

/**
 * GET /api/amazon/current-price/{asin}: from the stored price, never a live call (DESIGN.md §5).
 * `currentPrice` and `asOf` are null when the price is Amazon's data over 24 hours old.
 */
export const currentPriceResponseSchema = z.object({
  asin: z.string(),
  currentPrice: z.string().nullable(),
  originalPrice: z.string().nullable(),
  savingBasis: savingBasisTypeSchema.nullable(),
  asOf: z.string().nullable(),
});
export type CurrentPriceResponse = z.infer<typeof currentPriceResponseSchema>;

/** GET /api/config: public settings the browser needs. */
export const publicConfigSchema = z.object({
  affiliateTag: z.string(),
  affiliateTagNewUser: z.string(),
  demo: z.boolean(),
  version: z.string(),
  /** Number of products in the catalogue; 0 shows the onboarding state (how to import a feed). */
  catalogueSize: z.number().int(),
  /** Company details for the About, legal and contact pages (COMPANY_NAME, COMPANY_ADDRESS, CONTACT_EMAIL; issue 10). */
  companyName: z.string(),
  companyAddress: z.string(),
  contactEmail: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/**
 * GET /api/products/suggestions?q=: q trimmed, at least 2 characters (shopper-screens §5, §9).
 * Longer text is cut to its first {@link SUGGESTION_QUERY_MAX_CHARS} characters, not refused: only
 * the first 8 words take part anyway (prefix-tsquery.ts), and a pasted or once-chosen 140-character
 * title must never answer 400 (issue 28). Control characters are still refused (text.schema.ts).
 */
export const suggestionsQuerySchema = z.object({
  q: z.preprocess(
    (v) => (typeof v === 'string' ? clipText(v.trim(), SUGGESTION_QUERY_MAX_CHARS) : (v ?? '')),
    safeText(SUGGESTION_QUERY_MAX_CHARS).trim().min(2, 'must be at least 2 characters'),
  ),
});

/** Path parameter `asin`: 10 letters or digits (upper-cased first, so a pasted lower-case ASIN works). */
export const asinParamsSchema = z.object({
  asin: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string('must be a 10-character ASIN').regex(/^[A-Z0-9]{10}$/, 'must be a 10-character ASIN'),
  ),
});

/** GET /api/amazon/top-discounted: up to 20 products with the largest substantiated discount. */
export const topDiscountedResponseSchema = z.object({ products: z.array(productSchema) });

/** One stored price observation for the price-history chart: pounds string and ISO time. */
export const priceHistoryPointSchema = z.object({ price: z.string(), observedAt: z.string() });
export type PriceHistoryPoint = z.infer<typeof priceHistoryPointSchema>;

/** GET /api/products/{asin}: the product page (/deals/{asin}) with its last 365 days of prices, oldest first. */
export const productDetailResponseSchema = z.object({ product: productSchema, history: z.array(priceHistoryPointSchema) });
export type ProductDetailResponse = z.infer<typeof productDetailResponseSchema>;

/** A 4xx answer: `{ error, message: "field: rule" }` (DESIGN.md §4 "Bad input"). */
export const apiErrorSchema = z.object({ error: z.string(), message: z.string() });
