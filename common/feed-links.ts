/**
 * The public feeds a page points at with `<link rel="alternate">` in its `<head>` (issue 30: "rel=
 * alternate links to the feeds that exist"; the feeds are server/features/seo: `/deals.rss` and
 * `/categories/{key}.rss`, RSS 2.0). Deal pages (home, today's deals, a product, a deal landing
 * page) point at today's deals; a category's deals page at its own feed first, then today's deals.
 * Other pages point at none. The server's first HTML and the app's head (web/lib/feed-links.ts)
 * both read it, from the page's canonical URL.
 */
import { getShopperCategory } from './categories';
import { paths } from './paths';

export interface FeedLink {
  title: string;
  /** Absolute when the canonical URL given was absolute, else a path. */
  href: string;
  type: 'application/rss+xml';
}

/** Path of today's deals feed. */
export const DEALS_FEED_PATH = '/deals.rss';

/** Path of one category's deals feed: `/categories/{key}.rss`. */
export const categoryFeedPath = (key: string): string => `${paths.categoryDeals(key)}.rss`;

const DEALS_FEED = { title: "Today's Deals | Deal Alerts UK", path: DEALS_FEED_PATH };
/** '/categories/' and '/deals/': the fixed starts of a category's and a product's paths (common/paths.ts). */
const CATEGORY_PREFIX = paths.categoryDeals('_').slice(0, -1);
const PRODUCT_PREFIX = paths.product('_').slice(0, -1);

/**
 * The feed links of the page whose canonical URL (absolute, or a path) is `canonical`; [] for null
 * (a not-found page) and for pages that are not deal or category pages.
 */
export function feedLinksFor(canonical: string | null): FeedLink[] {
  if (!canonical) return [];
  const url = new URL(canonical, 'http://relative.invalid');
  const origin = url.origin === 'http://relative.invalid' ? '' : url.origin;
  const path = url.pathname;
  const link = (f: { title: string; path: string }): FeedLink => ({
    title: f.title,
    href: `${origin}${f.path}`,
    type: 'application/rss+xml',
  });
  const rest = (prefix: string) => (path.startsWith(prefix) && !path.slice(prefix.length).includes('/') ? path.slice(prefix.length) : null);
  const category = rest(CATEGORY_PREFIX);
  if (category) {
    const known = getShopperCategory(decodeURIComponent(category));
    return known ? [link({ title: `${known.name} Deals | Deal Alerts UK`, path: categoryFeedPath(known.key) }), link(DEALS_FEED)] : [];
  }
  const dealPage =
    path === paths.home() ||
    path === paths.todaysDeals() ||
    path === paths.trending() ||
    path === paths.deal() ||
    path.startsWith(`${paths.deal()}/`) ||
    !!rest(PRODUCT_PREFIX);
  return dealPage ? [link(DEALS_FEED)] : [];
}
