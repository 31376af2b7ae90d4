/**
 * The admin API tab (admin-area §2 "API tab", §5, §7 `POST /api/amazon/search`, §9 "Retailer search
 * test defaults"; issue 14 part 3). Prices on the wire are strings of pounds ("12.99") as the spec's
 * product shape; the max price input is in whole pounds.
 */
import { z } from 'zod';
import { safeText } from './text.schema';
import { ITEM_COUNT_LIMITS, MAX_PRICE_LIMITS, SEARCH_DEFAULTS, SEARCH_INDEX_OPTIONS, SEARCH_INDEX_REQUIRED } from '../amazon-search';

/** `POST /api/amazon/search` body. */
export const amazonSearchBodySchema = z.object({
  keywords: safeText(200).trim().min(1, 'must not be empty').default(SEARCH_DEFAULTS.keywords),
  searchIndex: z
    .string({ error: SEARCH_INDEX_REQUIRED })
    .trim()
    .min(1, SEARCH_INDEX_REQUIRED)
    .refine(
      (v) => SEARCH_INDEX_OPTIONS.some((o) => o.value === v),
      `must be one of ${SEARCH_INDEX_OPTIONS.map((o) => o.value).join(', ')}`,
    ),
  itemCount: z.coerce
    .number({ error: 'must be a whole number 1–10' })
    .int('must be a whole number 1–10')
    .min(ITEM_COUNT_LIMITS.min, 'must be at least 1')
    .max(ITEM_COUNT_LIMITS.max, 'must be at most 10')
    .default(SEARCH_DEFAULTS.itemCount),
  /** Whole pounds, 1–50 (admin-area §5). Absent: no price limit. */
  maxPrice: z.coerce
    .number({ error: 'must be a number of pounds 1–50' })
    .min(MAX_PRICE_LIMITS.min, 'must be at least 1')
    .max(MAX_PRICE_LIMITS.max, 'must be at most 50')
    .optional(),
  /** Only products with a saving Amazon labels (minSavingPercent 1). */
  discountOnly: z.boolean().default(false),
  /** Result page 1–10 (Amazon returns at most 100 results per query). */
  page: z.coerce.number().int().min(1).max(10).default(1),
});
export type AmazonSearchBody = z.input<typeof amazonSearchBodySchema>;

/** One search result in the spec's product shape, plus what Amazon says about the offer. */
export const amazonSearchProductSchema = z.object({
  asin: z.string(),
  title: z.string(),
  /** Pounds, e.g. "12.99"; null when Amazon has no current offer. */
  price: z.string().nullable(),
  /** The saving basis Amazon gave (pounds), or null: never invented. */
  originalPrice: z.string().nullable(),
  /** "RRP", "Was", "Lowest price in 30 days", or null. */
  savingBasisLabel: z.string().nullable(),
  discount: z.number().int().nullable(),
  discountPercent: z.number().int().nullable(),
  brand: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Amazon's product page (tagged); the site rewrites the tag on use. */
  productUrl: z.string().nullable(),
  url: z.string().nullable(),
  category: z.string(),
  categoryName: z.string().nullable(),
  features: z.array(z.string()),
  /** The Creators API returns no ratings (DESIGN.md §5): always null. */
  rating: z.number().nullable(),
  reviewCount: z.number().nullable(),
  availability: z.string(),
  isPrime: z.boolean(),
  dealLabel: z.string().nullable(),
  dealEndsAt: z.string().nullable(),
  /** Already in our catalogue (import updates it). */
  inCatalogue: z.boolean(),
  fetchedAt: z.string(),
});
export type AmazonSearchProduct = z.infer<typeof amazonSearchProductSchema>;

export const amazonSearchResponseSchema = z.object({
  products: z.array(amazonSearchProductSchema),
  totalResults: z.number().int().nullable(),
  page: z.number().int(),
  searchIndex: z.string(),
});
export type AmazonSearchResponse = z.infer<typeof amazonSearchResponseSchema>;

/** `POST /api/admin/amazon/import` body: the selected ASINs (1–100). */
export const amazonImportBodySchema = z.object({
  asins: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9]{10}$/, 'must be an ASIN: 10 letters or digits'),
    )
    .min(1, 'Please select at least one product to import')
    .max(100, 'must be at most 100 products'),
});
export type AmazonImportBody = z.infer<typeof amazonImportBodySchema>;

export const amazonImportResponseSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** Selected ASINs Amazon did not return, or returned without a current price (not imported). */
  skipped: z.array(z.object({ asin: z.string(), reason: z.string() })),
  calls: z.number().int(),
});
export type AmazonImportResponse = z.infer<typeof amazonImportResponseSchema>;

/**
 * Amazon's refusal of access (403 AssociateNotEligible; reference "Access"): since when (ISO), what
 * Amazon said, and when access is tried again (ISO; the hourly retry). Prices come from the
 * catalogue meanwhile.
 */
export const amazonAccessDeniedSchema = z.object({ since: z.string(), reason: z.string().nullable(), retryAt: z.string().nullable() });
export type AmazonAccessDenied = z.infer<typeof amazonAccessDeniedSchema>;

/**
 * `GET /api/admin/amazon/access`: the admin area's banner (every tab polls it, so it reads one row
 * and no quota figures). `accessDenied` is null when Amazon answers, or when it is not configured.
 */
export const amazonAccessSchema = z.object({
  configured: z.boolean(),
  accessDenied: amazonAccessDeniedSchema.nullable(),
});
export type AmazonAccess = z.infer<typeof amazonAccessSchema>;

/** `GET /api/admin/amazon/status`: configuration, access, quota and freshness. */
export const amazonStatusSchema = z.object({
  configured: z.boolean(),
  marketplace: z.string().nullable(),
  ratePerSecond: z.number().nullable(),
  dailyLimit: z.number().int().nullable(),
  /** Requests kept for admin actions each day. */
  adminReserve: z.number().int().nullable(),
  /** Set while Amazon answers 403 AssociateNotEligible: the banner. */
  accessDenied: amazonAccessDeniedSchema.nullable(),
  usedToday: z.number().int(),
  /** The last 24 hours, oldest first: hour start (ISO) and requests sent. */
  callsPerHour: z.array(z.object({ hour: z.string(), calls: z.number().int(), errors: z.number().int() })),
  /** Age in seconds of the oldest Amazon price shown on public pages, or null when none. */
  oldestShownPriceAgeSeconds: z.number().int().nullable(),
  /** The freshness plan of today: products to keep fresh and the requests that takes. */
  plan: z.object({
    alertedAsins: z.number().int(),
    shownAmazonAsins: z.number().int(),
    otherAsins: z.number().int(),
    requestsPerDayNeeded: z.number().int(),
    requestsPerDayAvailable: z.number().int(),
    fits: z.boolean(),
  }),
});
export type AmazonStatus = z.infer<typeof amazonStatusSchema>;
