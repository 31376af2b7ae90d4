/**
 * API shapes of the deal pages (issue 8; shopper-screens §2 "Today's deals", "Trending deals",
 * "Category deals pages", "Category page with {slug}", §7 category-pages and category-clicks).
 *
 * Calls (who may call: anyone; all read-only except the category click):
 * - `GET /api/deals?category={key}&page={n}&itemCount={n}`: today's deals, all categories or one of
 *   the ten keys. Deals first (largest honest saving first), then, when the deals run out, that
 *   category's most popular products as `section: 'popular'` so a page is never empty.
 * - `GET /api/deals/trending?category={key}&page={n}&itemCount={n}`: every product by trending score
 *   (docs/decisions/0002), each with its deal basis when it has one.
 * - `GET /api/category-pages/{slug}` and `GET /api/category-pages/{slug}/products`: a category page
 *   the owners created (admin-area §3, §7); 404 `Category "{slug}" not found` when absent or inactive.
 * - `POST /api/category-clicks`: a category button click (shopper-screens §7), only sent with a
 *   tracking e-mail.
 *
 * Prices are strings of pounds as in `products.schema.ts`. `page` beyond the last is clamped to it.
 */
import { z } from 'zod';
import { SHOPPER_CATEGORY_KEYS } from '../categories';
import { productSchema, wholeNumberIn } from './products.schema';
import { safeText } from './text.schema';

/** Why a product counts as a deal; `label` is what its card shows (docs/decisions, issue 8 part 1). */
export const dealBasisSchema = z.object({
  kind: z.enum(['LABELLED_SAVING', 'TRACKED_PRICE_DROP', 'LOWEST_IN_90_DAYS', 'LOWEST_IN_30_DAYS', 'BELOW_30_DAY_MEDIAN']),
  /**
   * e.g. "Save 20% on the RRP", "Down 20% from £50.00, its price for 44 days", "Lowest price in 30
   * days", "12% below its 30-day average" (docs/pricing/reference-prices.md).
   */
  label: z.string(),
  /** Whole percent under the reference (list price, 30-day median or the previous low); null when none. */
  percent: z.number().int().nullable(),
});
export type DealBasis = z.infer<typeof dealBasisSchema>;

/** A product in a deal listing: a deal with its basis, or a popular filler (never called a deal). */
export const listedProductSchema = productSchema.extend({
  section: z.enum(['deal', 'popular']),
  dealBasis: dealBasisSchema.nullable(),
});
export type ListedProduct = z.infer<typeof listedProductSchema>;

const categoryKeySchema = z.enum(SHOPPER_CATEGORY_KEYS, { error: 'must be one of the ten category keys' });

/**
 * The keys a listing is ordered by, first key first (issue 27: a page says what its order is). Only
 * keys that tell products apart in this listing are named: with no verified saving there is no
 * 'verified-saving', with no popularity signal (reviews, bought last month, best seller, rating) no
 * 'popularity'. 'trending' is the trending score (docs/decisions/0002); the last key is always
 * 'lowest-price' (then the product id).
 */
export const LISTING_ORDER_KEYS = ['verified-saving', 'trending', 'popularity', 'lowest-price'] as const;
export type ListingOrderKey = (typeof LISTING_ORDER_KEYS)[number];

/** Query of `GET /api/deals` and `GET /api/deals/trending`: page 1–10,000, itemCount 1–48 (whole numbers). */
export const dealListingQuerySchema = z.object({
  category: categoryKeySchema.optional(),
  page: wholeNumberIn(1, 10_000).optional().default(1),
  itemCount: wholeNumberIn(1, 48).optional().default(20),
});
export type DealListingQuery = z.input<typeof dealListingQuerySchema>;

export const dealListingResponseSchema = z.object({
  products: z.array(listedProductSchema),
  /** The page answered (requested page clamped to 1..totalPages). */
  page: z.number().int(),
  totalPages: z.number().int(),
  /**
   * Products in the whole listing (deals plus popular fillers), counted to 10,000: past it 10,000
   * with `totalCapped` (docs/decisions/0047-listing-counts-capped.md).
   */
  total: z.number().int(),
  /** `true` when the listing holds more than `total` products ("over 10,000"); absent when `total` is exact. */
  totalCapped: z.literal(true).optional(),
  /** How many products of the listing are deals (always exact; may exceed a capped `total`). */
  totalDeals: z.number().int(),
  /**
   * How many products of this listing's category (or all) have a verified saving basis today
   * (labelled list/was price, or our price history under the reference-price rule) with a current
   * price; equal to `totalDeals`. 0 means the page must not use deal language.
   */
  verifiedDeals: z.number().int(),
  /** What the listing is ordered by, first key first (see {@link LISTING_ORDER_KEYS}). */
  orderedBy: z.array(z.enum(LISTING_ORDER_KEYS)),
  /** When we recorded our first price observation (ISO 8601), for "prices tracked since …"; null with no product. */
  trackedSince: z.string().nullable(),
});
export type DealListingResponse = z.infer<typeof dealListingResponseSchema>;

/** Path parameter `slug` of a category page: lower-case letters, digits and single hyphens (admin-area §5). */
export const categoryPageSlugSchema = z
  .string()
  .max(100, 'must be at most 100 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and single hyphens');

/** A category page as the public sees it (admin-area §3 "Category page"). */
export const categoryPageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  affiliateTag: z.string(),
  isActive: z.boolean(),
});
export type CategoryPage = z.infer<typeof categoryPageSchema>;

export const categoryPageResponseSchema = z.object({ categoryPage: categoryPageSchema });
/** Products of a category page, in the owners' order; each `affiliateUrl` carries the page's tag. */
export const categoryPageProductsResponseSchema = z.object({ products: z.array(productSchema) });

/** POST /api/category-clicks body (shopper-screens §7). Answer: 201 `{ recorded: true }`. */
export const categoryClickSchema = z.object({
  categoryName: safeText(100).trim().min(1, 'must not be empty'),
  categorySlug: safeText(100).trim().min(1, 'must not be empty'),
  userEmail: safeText(254).nullish(),
  pageUrl: safeText(2000).nullish(),
});
export type CategoryClickInput = z.input<typeof categoryClickSchema>;
/** POST /api/category-clicks answer (201). */
export const categoryClickResponseSchema = z.object({ recorded: z.literal(true) });
export type CategoryClickResponse = z.infer<typeof categoryClickResponseSchema>;
