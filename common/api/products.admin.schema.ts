/**
 * API of the admin catalogue tabs (issue 11 part 3; admin-area §2 "Products tab", "Product Catalog
 * tab", "Statistics tab", "Top-deals tab", §3 "Product", "Admin stats", §7). Every call needs an
 * admin session (server/features/admin-auth/admin.guard.ts); DELETEs also need the site's own Origin.
 *
 * - `GET /api/admin/products?page&limit&sortBy&sortOrder&category&search&asin&status` → {@link AdminProductsResponse}
 * - `POST /api/admin/products/by-ids` `{ ids }` → `{ products }` (in the order asked; unknown ids left out)
 * - `GET /api/admin/stats` → {@link AdminStats}
 * - `GET /api/admin/top-deals` → {@link TopDealsResponse}
 * - `DELETE /api/admin/products/{id}`, `DELETE /api/admin/products` `{ ids }`,
 *   `DELETE /api/admin/products/clear-all` → `{ deletedCount }`
 * - `DELETE /api/admin/cache` → `{ cleared: true, catalogueVersion }`
 * - `PATCH /api/admin/products/{asin}` {@link ProductEditBody} → `{ product, changed }` (issue 29)
 *
 * Prices are strings of pounds ("12.99") as in the shopper Product shape (products.schema.ts);
 * the histogram's band edges are integer pence.
 */
import { z } from 'zod';
import { SHOPPER_CATEGORY_KEYS } from '../categories';
import { parsePriceToPence } from '../money';
import {
  ADMIN_PRODUCT_PAGE_SIZES,
  ADMIN_PRODUCT_SORT_KEYS,
  MAX_IDS_PER_CALL,
  SORT_ORDERS,
  TOP_DEAL_CHIPS,
  type AdminProductPageSize,
} from '../admin-products';
import { dealBasisSchema } from './deals.schema';
import { productSchema } from './products.schema';
import { safeText } from './text.schema';

/**
 * A catalogue product as the admin tabs see it: the shopper shape, its deal basis and when its row
 * last changed. The owners always see the stored price and its time, however old (the licence's
 * 24 hours limit public pages only: docs/decisions/0014-amazon-data-24h.md).
 */
export const adminProductSchema = productSchema.extend({
  /** Current price in pounds, e.g. "12.99". */
  price: z.string(),
  /** When the price was last observed (ISO 8601). */
  asOf: z.string(),
  /** Why it is a deal (docs/decisions/0008-deal-definition.md), or null. */
  dealBasis: dealBasisSchema.nullable(),
  /** When the product row last changed (ISO 8601; admin-area §3 "lastUpdated"). */
  lastUpdated: z.string(),
  /**
   * False when an owner took the product off the shop (issue 29; docs/decisions/0034): no shopper
   * page shows it and no alert e-mail is sent about it; the admin lists keep it, badged Inactive.
   */
  isActive: z.boolean(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** A stored category key the filters accept: the ten shopper categories or `other`. */
export const ADMIN_CATEGORY_FILTER_KEYS = [...SHOPPER_CATEGORY_KEYS, 'other'] as const;

/** '', 'all' and an absent value all mean every category. */
const categoryFilter = z.preprocess(
  (v) => (v === '' || v === 'all' || v === 'All' ? undefined : v),
  z.enum(ADMIN_CATEGORY_FILTER_KEYS, { error: 'must be all, other or one of the ten category keys' }).optional(),
);

/** Empty or spaces-only search text means no search. */
const searchText = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), safeText(200).trim().optional());

const asinFilter = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toUpperCase()) : v),
  z
    .string('must be a 10-character ASIN')
    .regex(/^[A-Z0-9]{10}$/, 'must be a 10-character ASIN')
    .optional(),
);

/** `GET /api/admin/products` query (admin-area §7). Unknown parameters (the catalog's `fresh` and timestamp) are ignored. */
export const adminProductsQuerySchema = z.object({
  page: z.coerce.number('must be a whole number').int('must be a whole number').min(1, 'must be at least 1').max(1_000_000).default(1),
  limit: z.coerce
    .number('must be 20, 100 or 1000')
    .refine((n): n is AdminProductPageSize => (ADMIN_PRODUCT_PAGE_SIZES as readonly number[]).includes(n), 'must be 20, 100 or 1000')
    .default(20),
  sortBy: z.enum(ADMIN_PRODUCT_SORT_KEYS, { error: 'must be id, title, price or category' }).default('id'),
  sortOrder: z.enum(SORT_ORDERS, { error: 'must be asc or desc' }).default('desc'),
  category: categoryFilter,
  search: searchText,
  asin: asinFilter,
  /** 'active' or 'inactive' keeps only those (decision 0034); '', 'all' or absent keeps both. */
  status: z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.enum(['active', 'inactive'], { error: 'must be all, active or inactive' }).optional(),
  ),
});
export type AdminProductsQuery = z.output<typeof adminProductsQuerySchema>;

export const adminPaginationSchema = z.object({
  /** The page answered: the requested one clamped to 1..totalPages (after a delete emptied the last page, the new last page). */
  page: z.number().int(),
  limit: z.number().int(),
  /** Products matching the filters. */
  total: z.number().int(),
  /** At least 1. */
  totalPages: z.number().int(),
});

export const adminProductsResponseSchema = z.object({
  products: z.array(adminProductSchema),
  pagination: adminPaginationSchema,
});
export type AdminProductsResponse = z.infer<typeof adminProductsResponseSchema>;

/** One product id: a positive whole number, or its decimal string (the Product shape's `id`). */
const productId = z.coerce
  .number('must be a product id')
  .int('must be a whole number')
  .positive('must be a positive number')
  .max(Number.MAX_SAFE_INTEGER, 'must be a product id');

/** `{ ids }` of `POST /api/admin/products/by-ids` and bulk `DELETE /api/admin/products`: 1–1000 ids (admin-area §5 "Bulk delete needs at least one selection"). */
export const productIdsBodySchema = z.preprocess(
  // A DELETE sent without a body still gets its 400 naming `ids`.
  (v) => v ?? {},
  z.object({
    ids: z
      .array(productId, 'must be a list of product ids')
      .min(1, 'must hold at least one product id')
      .max(MAX_IDS_PER_CALL, `must hold at most ${MAX_IDS_PER_CALL} product ids`),
  }),
);
export type ProductIdsBody = z.input<typeof productIdsBodySchema>;

export const productsByIdsResponseSchema = z.object({ products: z.array(adminProductSchema) });
export type ProductsByIdsResponse = z.infer<typeof productsByIdsResponseSchema>;

export const deletedCountResponseSchema = z.object({
  deletedCount: z.number().int(),
  /**
   * The ASINs deleted (single and bulk deletes; Clear all leaves it out): what `POST
   * /api/admin/products/restore` takes back within 30 days (issue 29, decision 0027).
   */
  asins: z.array(z.string()).optional(),
});
export type DeletedCountResponse = z.infer<typeof deletedCountResponseSchema>;

export const cacheClearedResponseSchema = z.object({
  cleared: z.literal(true),
  /** The catalogue version after the bump: every answer cache keyed by an older one is dropped. */
  catalogueVersion: z.number().int(),
});
export type CacheClearedResponse = z.infer<typeof cacheClearedResponseSchema>;

/** `GET /api/admin/stats` (admin-area §2 "Statistics tab", §3 "Admin stats", plus the two charts). */
export const adminStatsSchema = z.object({
  total: z.number().int(),
  /** Every stored category (the ten and `other`), largest first; categories without products included with 0. */
  byCategory: z.array(z.object({ category: z.string(), label: z.string(), count: z.number().int() })),
  /**
   * Mean discount percent (one decimal) of the products that have a substantiated discount
   * (original price above the price: a labelled saving basis or our own 30-day high); null when none has.
   */
  avgDiscount: z.number().nullable(),
  /** How many products have a substantiated discount (the products averaged in `avgDiscount`). */
  discountedCount: z.number().int(),
  /** How many products are deals by docs/decisions/0008 (the shopper deal pages' rule). */
  dealCount: z.number().int(),
  /** Cheapest and dearest price, pounds strings; null with no products. */
  priceRange: z.object({ min: z.string(), max: z.string() }).nullable(),
  /** Products per price band (common/admin-products.ts PRICE_BAND_EDGES_PENCE), every band, cheapest first. */
  priceHistogram: z.array(
    z.object({
      /** Inclusive lower edge, pence. */
      fromPence: z.number().int(),
      /** Exclusive upper edge, pence; null for the open-ended last band. */
      toPence: z.number().int().nullable(),
      /** e.g. "£5–£10", "£1,000+". */
      label: z.string(),
      count: z.number().int(),
    }),
  ),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

const chipKeys = TOP_DEAL_CHIPS.map((c) => c.key) as [string, ...string[]];

/** A top deal: the admin product shape and the chip it falls under (never 'all'). */
export const topDealSchema = adminProductSchema.extend({ chip: z.enum(chipKeys) });
export type TopDeal = z.infer<typeof topDealSchema>;

/** `GET /api/admin/top-deals`: the top 60 deals and, for every chip, how many of them it holds ('all' = all of them). */
export const topDealsResponseSchema = z.object({
  products: z.array(topDealSchema),
  categories: z.array(z.object({ key: z.enum(chipKeys), label: z.string(), count: z.number().int() })),
});
export type TopDealsResponse = z.infer<typeof topDealsResponseSchema>;

/** Categories an owner may give a product: the ten shopper keys or 'other'. */
export const EDITABLE_CATEGORY_KEYS = [...SHOPPER_CATEGORY_KEYS, 'other'] as const;

/**
 * `PATCH /api/admin/products/{asin}` (issue 29 "Edit a product"): at least one of
 * - `title`: 1–1000 characters, trimmed;
 * - `price`: pounds, a number or a string such as "12.99" or "£1,299.99" (more than 0, at most
 *   £1,000,000); recorded as a price observation (source 'admin');
 * - `imageUrl`: an http(s) URL of at most 2048 characters, or null to remove it;
 * - `category`: one of the ten shopper category keys or 'other';
 * - `isActive`: true or false; false takes the product off every shopper page and out of alert
 *   e-mails until it is true again (docs/decisions/0034-inactive-products.md).
 *
 * Unknown fields are refused with 400 naming them.
 */
export const productEditBodySchema = z
  .object({
    title: safeText(1000).trim().min(1, 'must not be empty').optional(),
    price: z
      .union([z.number(), safeText(40)], 'must be a price in pounds, e.g. 12.99')
      .transform((value, ctx) => {
        const parsed = parsePriceToPence(value);
        if (parsed.ok) return parsed.pence;
        ctx.addIssue({ code: 'custom', message: `must be a price in pounds above 0 and at most £1,000,000 (${parsed.reason})` });
        return z.NEVER;
      })
      .optional(),
    imageUrl: safeText(2048)
      .trim()
      .refine((v) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), 'must be an http(s) URL')
      .nullable()
      .optional(),
    category: z.enum(EDITABLE_CATEGORY_KEYS, `must be one of ${EDITABLE_CATEGORY_KEYS.join(', ')}`).optional(),
    isActive: z.boolean('must be true or false').optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'must change at least one of title, price, imageUrl, category, isActive');
export type ProductEditBody = z.input<typeof productEditBodySchema>;
export type ProductEdit = z.output<typeof productEditBodySchema>;

/** The edit's answer: the product as the list shows it now, and what changed ("old → new" per field). */
export const productEditResponseSchema = z.object({
  product: adminProductSchema,
  changed: z.record(z.string(), z.string()),
});
export type ProductEditResponse = z.infer<typeof productEditResponseSchema>;
