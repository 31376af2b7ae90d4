/**
 * Category pages the owners create (shopper-screens §2 "Category page with {slug}", §7; admin-area
 * §3): `GET /api/category-pages/{slug}` and `…/products` (404 'Category "{slug}" not found'), and
 * the category click record, `POST /api/category-clicks`, sent only with a tracking e-mail.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryClickInput, CategoryPage } from '../../../common/api/deals.schema';
import type { Product } from '../../../common/api/products.schema';
import { apiRequest } from '../../lib/http.client';
import { trackingEmail, trackingToken } from '../../lib/outbound-link';

/** A slug as the API accepts it (common/api/deals.schema.ts `categoryPageSlugSchema`). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** True when `slug` can name a category page (anything else is not asked for: a plain 404 page). */
export function isCategoryPageSlug(slug: string): boolean {
  return slug.length <= 100 && SLUG.test(slug);
}

export function categoryPageQuery(slug: string) {
  return queryOptions({
    queryKey: ['category-pages', slug],
    queryFn: ({ signal }) =>
      apiRequest<{ categoryPage: CategoryPage }>('GET', `/api/category-pages/${encodeURIComponent(slug)}`, undefined, { signal }),
  });
}

export function categoryPageProductsQuery(slug: string) {
  return queryOptions({
    queryKey: ['category-pages', slug, 'products'],
    queryFn: ({ signal }) =>
      apiRequest<{ products: Product[] }>('GET', `/api/category-pages/${encodeURIComponent(slug)}/products`, undefined, { signal }),
  });
}

/** The page's name, description and tag; its products load beside it (both start at once). */
export function useCategoryPage(slug: string) {
  const page = useQuery(categoryPageQuery(slug));
  const products = useQuery(categoryPageProductsQuery(slug));
  return { page, products };
}

/** Home buttons that record a category click (spec §7: Sports, Automotive, Gaming, Books, Baby do not). */
export const TRACKED_HOME_CATEGORIES: ReadonlySet<string> = new Set([
  'trending',
  'home-kitchen',
  'electronics',
  'fashion',
  'health-beauty',
]);

/**
 * Records a category button click when a tracking e-mail is stored (spec §6, §7); otherwise sends
 * nothing. Failures are ignored (spec §7): the click must never get in the visitor's way.
 */
export function recordCategoryClick(click: { categoryName: string; categorySlug: string }): void {
  const email = trackingEmail();
  if (!email) return;
  const body: CategoryClickInput = { ...click, userEmail: email, pageUrl: window.location.href.slice(0, 2000) };
  // The click is attributed to the address only with its token (issue 25).
  apiRequest('POST', '/api/category-clicks', body, { token: trackingToken() }).catch(() => undefined);
}
