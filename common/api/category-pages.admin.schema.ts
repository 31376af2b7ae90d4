/**
 * The owners' side of category pages (admin-area §2 "Categories tab", §3 "Category page", §5
 * "Create category", §7 the `/api/category-pages*` calls; issue 11 part 3): the slug rule, and the
 * request and answer shapes of the admin-only writes and list. Used by the routes, the admin tab
 * and the tests. Admin code only (shopper code never imports `*.admin.*`).
 */
import { z } from 'zod';
import { AFFILIATE_TAG_PATTERN, ASIN_PATTERN } from '../affiliate';
import { categoryPageSchema } from './deals.schema';
import { freeText, safeText } from './text.schema';
import { categoryPageSlug, CATEGORY_PAGE_ASINS_PER_CALL, CATEGORY_PAGE_DESCRIPTION_MAX, CATEGORY_PAGE_NAME_MAX } from '../category-pages';

export {
  categoryPageSlug,
  CATEGORY_PAGE_ASINS_PER_CALL,
  CATEGORY_PAGE_CSV_MAX_BYTES,
  CATEGORY_PAGE_CSV_REJECTIONS_LISTED,
  CATEGORY_PAGE_DESCRIPTION_MAX,
  CATEGORY_PAGE_MAX_PRODUCTS,
  CATEGORY_PAGE_NAME_MAX,
} from '../category-pages';

const TAG_RULE = 'must be an Associates tag: at most 64 letters, digits, - or _';

/** An affiliate tag as typed: trimmed; '' means "not given" where a default applies. */
const affiliateTagText = safeText(64).trim();

const nameSchema = safeText(CATEGORY_PAGE_NAME_MAX)
  .trim()
  .min(1, { message: 'must not be blank', abort: true })
  .refine((name) => categoryPageSlug(name) !== '', 'must contain at least one letter or digit')
  // Folding can lengthen a name ('ﬃ' → 'ffi'); the slug column holds 100.
  .refine(
    (name) => name.length > CATEGORY_PAGE_NAME_MAX || categoryPageSlug(name).length <= 100,
    'must give a slug of at most 100 characters',
  );

const descriptionSchema = freeText(CATEGORY_PAGE_DESCRIPTION_MAX).trim();

/**
 * `POST /api/category-pages` body (admin-area §7: name, description, affiliateTag, slug, isActive).
 * - `affiliateTag` blank or absent → the site's standard tag (§5).
 * - `slug`, when sent, must equal the name's slug (§5: the slug is derived from the name); the
 *   server derives it either way.
 * - `isActive`, when sent, must be true (§5: new pages are created active).
 */
export const categoryPageCreateSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.optional().default(''),
  affiliateTag: affiliateTagText.refine((t) => t === '' || AFFILIATE_TAG_PATTERN.test(t), TAG_RULE).optional(),
  slug: safeText(200).trim().optional(),
  isActive: z.literal(true, 'must be true: new pages are created active').optional(),
});
export type CategoryPageCreateInput = z.input<typeof categoryPageCreateSchema>;

/**
 * `PUT /api/category-pages/{id}` body (admin-area §7 "affiliateTag → updates tag"; §5 "A tag edit
 * needs a non-blank value"). `name` and `description` may change too; the slug never does, so
 * links already shared keep working.
 */
export const categoryPageUpdateSchema = z
  .object({
    affiliateTag: affiliateTagText.min(1, { message: 'must not be blank', abort: true }).regex(AFFILIATE_TAG_PATTERN, TAG_RULE).optional(),
    name: nameSchema.optional(),
    description: descriptionSchema.optional(),
  })
  .refine((b) => b.affiliateTag !== undefined || b.name !== undefined || b.description !== undefined, {
    message: 'must name at least one of affiliateTag, name, description',
  });
export type CategoryPageUpdateInput = z.input<typeof categoryPageUpdateSchema>;

/** One ASIN in a request: trimmed and upper-cased, then 10 letters or digits. */
export const asinItemSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.string('must be a 10-character ASIN').regex(ASIN_PATTERN, 'must be a 10-character ASIN'),
);

/** Body of `POST` and `DELETE /api/category-pages/{slug}/products`: the products, by ASIN. */
export const categoryPageAsinsSchema = z.object({
  asins: z
    .array(asinItemSchema)
    .min(1, 'must name at least one product')
    .max(CATEGORY_PAGE_ASINS_PER_CALL, `must name at most ${CATEGORY_PAGE_ASINS_PER_CALL} products`),
});
export type CategoryPageAsinsInput = z.input<typeof categoryPageAsinsSchema>;

/** A page as the owners see it: the public fields, its product count and its times (ISO 8601). */
export const adminCategoryPageSchema = categoryPageSchema.extend({
  productCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminCategoryPage = z.infer<typeof adminCategoryPageSchema>;

/** `GET /api/category-pages` (admin only): every page, active or not, by name. */
export const adminCategoryPagesResponseSchema = z.object({ categoryPages: z.array(adminCategoryPageSchema) });
export type AdminCategoryPagesResponse = z.infer<typeof adminCategoryPagesResponseSchema>;

/** Answer of create (201) and update (200). */
export const adminCategoryPageResponseSchema = z.object({ categoryPage: adminCategoryPageSchema });
export type AdminCategoryPageResponse = z.infer<typeof adminCategoryPageResponseSchema>;

/** Answer of `DELETE /api/category-pages/{id}`: what was deleted and how many product links went with it. */
export const categoryPageDeletedSchema = z.object({
  deleted: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  removedProducts: z.number().int(),
});
export type CategoryPageDeleted = z.infer<typeof categoryPageDeletedSchema>;

/** Answer of `POST /api/category-pages/{slug}/products`. */
export const categoryPageProductsAddedSchema = z.object({
  added: z.number().int(),
  alreadyOnPage: z.number().int(),
  /** Named ASINs the catalogue does not hold (import them first). */
  notInCatalogue: z.array(z.string()),
  /** Named products left out because the page would hold more than {@link CATEGORY_PAGE_MAX_PRODUCTS}. */
  overLimit: z.array(z.string()),
  /** Products on the page now. */
  productCount: z.number().int(),
});
export type CategoryPageProductsAdded = z.infer<typeof categoryPageProductsAddedSchema>;

/** Answer of `DELETE /api/category-pages/{slug}/products`. */
export const categoryPageProductsRemovedSchema = z.object({
  removed: z.number().int(),
  productCount: z.number().int(),
});
export type CategoryPageProductsRemoved = z.infer<typeof categoryPageProductsRemovedSchema>;

/** One row of an upload the page did not take, with the 1-based physical line where it starts. */
export const csvRejectionSchema = z.object({ line: z.number().int(), reason: z.string() });
export type CsvRejection = z.infer<typeof csvRejectionSchema>;

/**
 * Answer of `POST /api/category-pages/{slug}/upload-csv` (admin-area §7 "total"): `total` is the
 * number of distinct products of the file the page now shows (`added` + `alreadyOnPage`);
 * `rejected` lists the first {@link CATEGORY_PAGE_CSV_REJECTIONS_LISTED} rows not taken, each with
 * its line and reason, and `rejectedCount` counts them all.
 */
export const categoryPageCsvReportSchema = z.object({
  fileName: z.string(),
  rowsRead: z.number().int(),
  total: z.number().int(),
  added: z.number().int(),
  alreadyOnPage: z.number().int(),
  rejectedCount: z.number().int(),
  rejected: z.array(csvRejectionSchema),
  productCount: z.number().int(),
  /**
   * ASINs the catalogue lacked that this upload added to it (issue 29): fetched through the Amazon
   * Creators API when it is configured, else (or when Amazon did not give it) created from the
   * file's row (title, price… as the catalogue importer reads them).
   */
  fetchedFromAmazon: z.number().int(),
  createdFromFile: z.number().int(),
  /** Those rows, each with its line and how its product was added (the first {@link CATEGORY_PAGE_CSV_REJECTIONS_LISTED}). */
  created: z.array(
    z.object({ line: z.number().int(), asin: z.string(), source: z.enum(['creators-api', 'file']), note: z.string().optional() }),
  ),
});
export type CategoryPageCsvReport = z.infer<typeof categoryPageCsvReportSchema>;
