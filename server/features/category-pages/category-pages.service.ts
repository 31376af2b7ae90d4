/**
 * Public category pages (issue 8 part 3; shopper-screens §2 "Category page with {slug}", §7;
 * admin-area §3, §7): a page the owners created, and its products. Every product link of a page
 * carries that page's affiliate tag: `affiliateUrl` here, and our redirect `/go/{asin}?cp={slug}`
 * through {@link categoryPageTag} (the tag is looked up on the server, never taken from a query).
 * Read-only; the owners' write endpoints come with the admin area.
 */
import { AFFILIATE_TAG_PATTERN } from '../../../common/affiliate';
import type { CategoryPage } from '../../../common/api/deals.schema';
import type { Product } from '../../../common/api/products.schema';
import type { Db } from '../../db/client';
import { fail, ok, type Outcome } from '../../http/outcome';
import { toProduct, type PriceView } from '../products';
import { findActivePage, findPageProducts } from './category-pages.queries';

/** Most products one page answers (owners add them one by one or by CSV; the page shows them all). */
export const MAX_PAGE_PRODUCTS = 1000;

/** The 404 message of the spec (shopper-screens §2: 'Category "{slug}" not found'). */
export function notFoundMessage(slug: string): string {
  return `Category "${slug}" not found`;
}

/** The page's tag when it is a well-formed Associates tag, else `fallbackTag` (a bad row never breaks links). */
function usableTag(tag: string, fallbackTag: string): string {
  return AFFILIATE_TAG_PATTERN.test(tag) ? tag : fallbackTag;
}

/**
 * GET /api/category-pages/{slug}: the active page with this slug (slug already validated by
 * categoryPageSlugSchema), or not-found `Category "{slug}" not found` when absent or inactive.
 */
export async function getCategoryPage(db: Db, slug: string): Promise<Outcome<{ categoryPage: CategoryPage }>> {
  const page = await findActivePage(db, slug);
  if (!page) return fail('not-found', notFoundMessage(slug));
  return ok({ categoryPage: page });
}

/**
 * GET /api/category-pages/{slug}/products: the page's products in the owners' order (at most
 * {@link MAX_PAGE_PRODUCTS}), each `affiliateUrl` tagged with the page's tag (`defaultTag` when the
 * stored tag is malformed), prices as `view` allows (Amazon's data over 24 hours old is hidden);
 * not-found as {@link getCategoryPage}.
 */
export async function getCategoryPageProducts(
  db: Db,
  defaultTag: string,
  slug: string,
  view: PriceView,
): Promise<Outcome<{ products: Product[] }>> {
  const page = await findActivePage(db, slug);
  if (!page) return fail('not-found', notFoundMessage(slug));
  const tag = usableTag(page.affiliateTag, defaultTag);
  const rows = await findPageProducts(db, page.id, MAX_PAGE_PRODUCTS);
  return ok({ products: rows.map((row) => toProduct(row, tag, view)) });
}

/**
 * The affiliate tag of the active page `slug` for our outbound redirect, or null when there is no
 * such page or its stored tag is malformed (the caller then uses its usual tag).
 */
export async function categoryPageTag(db: Db, slug: string): Promise<string | null> {
  const page = await findActivePage(db, slug);
  return page && AFFILIATE_TAG_PATTERN.test(page.affiliateTag) ? page.affiliateTag : null;
}
