/**
 * API of the deleted-products archive (issue 29 "deleted products and their history can be restored
 * for 30 days"; docs/decisions/0027-product-archive.md). Every call needs an admin session
 * (server/features/admin-auth/admin.guard.ts); the POST also needs this site's Origin.
 *
 * - `GET /api/admin/products/deleted?page&limit&search` → {@link DeletedProductsResponse}: the
 *   products deleted in the last 30 days, newest deletion first.
 * - `POST /api/admin/products/restore` {@link RestoreBody} (`{ asins }`, or `{ all: true, search?,
 *   confirmCount }`) → {@link RestoreResponse}: puts them back
 *   with their price history, category-page and Under £15 places (same ids and ASINs). All or
 *   nothing: 409 naming the ASINs that are in the catalogue again, 410 naming those deleted more
 *   than 30 days ago, 404 naming those not in the archive (never deleted, restored already, or purged).
 *
 * Prices are strings of pounds ("12.99").
 */
import { z } from 'zod';
import { MAX_IDS_PER_CALL } from '../admin-products';
import { safeText } from './text.schema';

/** How long a deleted product can be restored, in days; the nightly job purges older ones. */
export const RESTORE_WINDOW_DAYS = 30;

/** Rows a page of the "Recently deleted" list holds by default and at most. */
export const DELETED_PRODUCTS_PAGE_SIZE = 20;
export const DELETED_PRODUCTS_MAX_LIMIT = 100;

export const deletedProductsQuerySchema = z.object({
  page: z.coerce.number('must be a whole number').int('must be a whole number').min(1, 'must be at least 1').max(1_000_000).default(1),
  limit: z.coerce
    .number('must be a whole number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(DELETED_PRODUCTS_MAX_LIMIT, `must be at most ${DELETED_PRODUCTS_MAX_LIMIT}`)
    .default(DELETED_PRODUCTS_PAGE_SIZE),
  /** Text the title or ASIN contains (case-insensitive); empty means none. */
  search: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), safeText(200).trim().optional()),
});
export type DeletedProductsQuery = z.output<typeof deletedProductsQuerySchema>;

export const deletedProductSchema = z.object({
  asin: z.string(),
  /** The product id it had, and gets back. */
  id: z.string(),
  title: z.string(),
  /** Stored category key. */
  category: z.string(),
  /** Price when deleted, pounds. */
  price: z.string(),
  /** Price observations that come back with it. */
  priceObservationCount: z.number().int(),
  categoryPageCount: z.number().int(),
  onUnder15List: z.boolean(),
  /** 'delete' | 'bulk-delete' | 'clear-all' | 'replace'. */
  reason: z.string(),
  deletedAt: z.string(),
  /** After this instant it can no longer be restored (ISO 8601). */
  restorableUntil: z.string(),
  /** The owner's e-mail address, or null when that account is gone. */
  deletedBy: z.string().nullable(),
});
export type DeletedProduct = z.infer<typeof deletedProductSchema>;

export const deletedProductsResponseSchema = z.object({
  products: z.array(deletedProductSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    /** Restorable products matching the search. */
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
});
export type DeletedProductsResponse = z.infer<typeof deletedProductsResponseSchema>;

/**
 * Either `{ asins }`: 1–1000 ASINs (trimmed, upper-cased; duplicates count once); or `{ all: true,
 * search?, confirmCount }`: every product deleted in the last 30 days (whose title or ASIN contains
 * `search`), when `confirmCount` equals how many that is now (409 with `restoreCount` otherwise), so
 * a whole mistaken Replace All comes back in one call.
 */
export const restoreBodySchema = z.preprocess(
  (v) => v ?? {},
  z
    .object({
      asins: z
        .array(
          z
            .string('must be a list of 10-character ASINs')
            .trim()
            .transform((s) => s.toUpperCase())
            .pipe(z.string().regex(/^[A-Z0-9]{10}$/, 'must be a list of 10-character ASINs')),
          'must be a list of 10-character ASINs',
        )
        .min(1, 'must hold at least one ASIN')
        .max(MAX_IDS_PER_CALL, `must hold at most ${MAX_IDS_PER_CALL} ASINs`)
        .optional(),
      all: z.literal(true, 'must be true (restore every listed product)').optional(),
      search: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), safeText(200).trim().optional()),
      confirmCount: z.number('must be a whole number').int('must be a whole number').min(0, 'must be 0 or more').optional(),
    })
    .strict()
    .superRefine((b, ctx) => {
      if (b.asins === undefined && b.all === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['asins'],
          message: 'must be a list of 10-character ASINs (or send all: true with confirmCount)',
        });
      else if (b.asins !== undefined && (b.all !== undefined || b.search !== undefined || b.confirmCount !== undefined))
        ctx.addIssue({ code: 'custom', path: ['asins'], message: 'must be sent alone (all, search and confirmCount go together)' });
      else if (b.all && b.confirmCount === undefined)
        ctx.addIssue({ code: 'custom', path: ['confirmCount'], message: 'must be the number of deleted products to restore' });
    }),
);
export type RestoreBody = z.input<typeof restoreBodySchema>;
export type RestoreRequest = z.output<typeof restoreBodySchema>;

/** A refused restore: 404 / 409 / 410 naming the ASINs; a 409 of `{ all: true }` also carries how many match now. */
export const restoreRefusedSchema = z.object({
  error: z.string(),
  message: z.string(),
  /** `{ all: true }` only: the number of deleted products matching now (send it as `confirmCount`). */
  restoreCount: z.number().int().optional(),
});

export const restoreResponseSchema = z.object({
  /** Products put back. */
  restored: z.number().int(),
  priceObservations: z.number().int(),
  categoryPageEntries: z.number().int(),
  /** Category-page places not put back because their page was deleted since. */
  categoryPageEntriesSkipped: z.number().int(),
  budgetDealEntries: z.number().int(),
  /** Shoppers' alerts on these ASINs linked to the product again. */
  alertsRelinked: z.number().int(),
});
export type RestoreResponse = z.infer<typeof restoreResponseSchema>;
