/**
 * What each page says about itself in `<head>` (issue 10 part 2; docs/decisions/0010-first-html.md):
 * title, meta description, canonical path and robots rule, by the same rules on both sides. The
 * server writes them into the first HTML response (server/features/seo/first-html.service.ts); the
 * web app sets them again after every client-side navigation (web/lib/document-title.hook.ts).
 *
 * - {@link pageRoute}: the canonical path and robots rule of a requested path and query, from the
 *   route table (content-and-account-pages §2.1, the same patterns as web/router.tsx): `/about` →
 *   `/about-us`, `/category-deals/{key}` → `/categories/{key}`, `/{slug}` → `/category/{slug}`, a
 *   listing's `?page=`, search results and account pages `noindex, follow`, the admin area
 *   `noindex, nofollow`. Null for paths no route covers (404: `noindex`, no canonical).
 * - {@link describe}: the meta descriptions of pages built from data (listings, search, product
 *   pages, owners' category pages, articles); {@link STATIC_PAGES}: the pages with fixed words.
 */
import { getShopperCategory, type ShopperCategory } from './categories';
import { paths, routePatterns } from './paths';
import { ukDateTime } from './uk-time';

/** The site's name, after " | " in every `<title>`. */
export const SITE_NAME = 'Deal Alerts UK';

/** "{title} | Deal Alerts UK", or the site name alone for an empty title. */
export function fullTitle(title: string): string {
  return title ? `${title} | ${SITE_NAME}` : SITE_NAME;
}

/** The robots rule of a page that is not for the index but whose links are. */
export const NOINDEX_FOLLOW = 'noindex, follow';
/** The robots rule of the admin area. */
export const NOINDEX_NOFOLLOW = 'noindex, nofollow';
/** The robots rule of a 404. */
export const NOINDEX = 'noindex';

/** One page known by its head and heading. */
export interface StaticPageHead {
  /** `<title>` before " | Deal Alerts UK". */
  title: string;
  /** The page's `<h1>`. */
  heading: string;
  /** Meta description (and, for pages without full text in the first HTML, its first paragraph). */
  description: string;
  /** Canonical path (the spec's first spelling when a page has two). */
  path: string;
  /** Meta robots for pages that are not for the index. */
  robots?: string;
}

/** The pages with fixed words (content-and-account-pages §2.4–§2.12); headings match the web app's `<h1>`. */
export const STATIC_PAGES = {
  about: {
    title: 'About Us',
    heading: 'About Deal Alerts UK',
    description: 'Who we are, why we built Deal Alerts UK, and the honest-price rules every deal on this site has to pass.',
    path: paths.about(),
  },
  contact: {
    title: 'Contact Us',
    heading: 'Contact Us',
    description: 'Questions, corrections or ideas? Send us a message and we will reply within 24 hours.',
    path: paths.contact(),
  },
  faq: {
    title: 'Frequently Asked Questions',
    heading: 'Frequently Asked Questions',
    description: 'Answers about getting started, deal alerts, privacy and security, deals and pricing, and technical support.',
    path: paths.faq(),
  },
  howItWorks: {
    title: 'How It Works',
    heading: 'How It Works',
    description: 'Browse honest deals, set a price alert, we monitor the price, and you get an e-mail when it drops.',
    path: paths.howItWorks(),
  },
  privacyPolicy: {
    title: 'Privacy Policy',
    heading: 'Privacy Policy',
    description: 'What Deal Alerts UK collects, why, how long we keep it, and what you can ask us to do with it.',
    path: paths.privacyPolicy(),
  },
  termsOfService: {
    title: 'Terms of Service',
    heading: 'Terms of Service',
    description: 'The rules for using Deal Alerts UK, in plain English, including our Amazon Associates disclosure.',
    path: paths.termsOfService(),
  },
  cookiePolicy: {
    title: 'Cookie Policy',
    heading: 'Cookie Policy',
    description: 'What Deal Alerts UK keeps in your browser, and for how long.',
    path: paths.cookiePolicy(),
  },
  signup: {
    title: 'Sign Up',
    heading: 'Unlock Home & Kitchen Deals',
    description: 'Sign up for free price-drop e-mails on the Amazon UK products you care about, with honest prices.',
    path: paths.signup(),
  },
  subscribe: {
    title: 'Your E-mail Preferences',
    heading: 'Your E-mail Preferences',
    description: 'Your details have been updated.',
    path: paths.subscribe(),
    robots: NOINDEX_FOLLOW,
  },
  unsubscribe: {
    title: 'Unsubscribe',
    heading: 'Unsubscribe',
    description: 'Stop all e-mail from Deal Alerts UK to your address.',
    path: paths.unsubscribe(),
    robots: NOINDEX_FOLLOW,
  },
  confirmEmail: {
    title: 'Confirm your e-mail',
    heading: 'Confirm your e-mail',
    description: 'Confirming your e-mail address for Deal Alerts UK.',
    path: paths.confirmEmail(),
    robots: NOINDEX_FOLLOW,
  },
  deal: {
    title: 'Deal',
    heading: 'Deal',
    description: 'An Amazon UK product with the facts we hold: its price, when we saw it, and its price history.',
    path: paths.deal(),
    robots: NOINDEX_FOLLOW,
  },
  admin: {
    title: 'Admin',
    heading: 'Admin',
    description: 'The owners’ area of Deal Alerts UK.',
    path: '/management',
    robots: NOINDEX_NOFOLLOW,
  },
} as const satisfies Record<string, StaticPageHead>;

export type StaticPageKey = keyof typeof STATIC_PAGES;

/** The description of the site as a whole (index.html's), for a page that has none of its own. */
export const SITE_DESCRIPTION = "Today's best Amazon UK deals with honest prices, price history and free price-drop e-mail alerts.";

/**
 * True when a listing's order (`orderedBy` keys, first key first) puts popular or trending products
 * first, so "Popular in …" or "Trending products" is a fair heading (issue 27).
 */
export function ordersByPopularity(orderedBy: readonly string[] | undefined): boolean {
  return (orderedBy ?? []).some((key) => key === 'popularity' || key === 'trending');
}

/** The words a listing's heading, intro and meta description use. */
export interface ListingWords {
  /** The `<h1>` (and `<title>`, with "(page n)" after page 1). */
  heading: string;
  /** The paragraph under it; also the meta description. */
  intro: string;
}

/** Meta descriptions (and listing headings) of the pages built from data, shared by the server and the app. */
export const describe = {
  home: (): string => SITE_DESCRIPTION,
  /**
   * Today's deals (`/todays-deals`, `?category=`), a category's deals (`/categories/{key}`:
   * `viaPath`) or trending (`/todays-deals2`). `verifiedDeals` 0 gives neutral words (no deal claim
   * without a basis); absent (unknown) keeps the deal words. `orderedBy` is the answer's order keys
   * (common/api/deals.schema.ts `LISTING_ORDER_KEYS`), first key first.
   */
  listing(
    kind: 'deals' | 'trending',
    category: ShopperCategory | null,
    viaPath = false,
    verifiedDeals?: number,
    orderedBy?: readonly string[],
  ): ListingWords {
    // Issue 27: with no verified deal the words are neutral (docs/pricing/reference-prices.md);
    // trending may say "Trending products" only while its order is about popularity (`orderedBy`).
    if (verifiedDeals === 0) {
      const trendingHeading = ordersByPopularity(orderedBy) ? 'Trending products' : 'Prices we track';
      return {
        heading: kind === 'trending' ? trendingHeading : category ? `${category.name}: prices we track` : 'Prices we track today',
        intro: `Amazon UK ${category ? `${category.name} ` : ''}prices we track, with the time each was observed and free price-drop alerts.`,
      };
    }
    const heading =
      kind === 'trending'
        ? 'Trending Deals'
        : viaPath && category
          ? `Today's Top ${category.name} Deals`
          : `Today's ${category ? `${category.name} ` : ''}Deals`;
    const intro =
      kind === 'trending'
        ? 'The Amazon UK products shoppers are watching most right now, with honest prices.'
        : category
          ? `${category.description} Honest savings, biggest first, with the time each price was checked.`
          : 'Every Amazon UK deal we can vouch for today, biggest honest saving first, with the time each price was checked.';
    return { heading, intro };
  },
  search: (term: string): string =>
    term
      ? `Amazon UK products matching "${term}", with honest prices and price-drop alerts.`
      : 'Search Amazon UK products by name, with honest prices and price-drop alerts.',
  /**
   * A product page: name, price in pounds ("12.99") and when it was checked (UK time); without a
   * price we may show (Amazon's data over 24 hours old: decision 0014) it names none.
   */
  product: (product: { title: string; price: string | null; asOf: string | null; priceStale: boolean }): string =>
    product.price === null || product.asOf === null
      ? `${product.title} on Amazon UK, with its price history and free price-drop alerts.`
      : product.priceStale
        ? `${product.title}: last seen at £${product.price} on Amazon UK on ${ukDateTime(product.asOf)}, with its price history and free price-drop alerts.`
        : `${product.title}: £${product.price} on Amazon UK (price as of ${ukDateTime(product.asOf)}), with its price history and free price-drop alerts.`,
  categoryPage: (page: { name: string; description: string | null }): string =>
    page.description || `${page.name}: hand-picked Amazon UK products with honest prices.`,
  blog: (): string => 'Practical, honest advice on finding real deals on Amazon UK: price alerts, sale seasons, fake discounts and more.',
  article: (article: { excerpt: string }): string => article.excerpt,
};

/** Longest meta description written (longer ones end in "…"). */
export function clipDescription(description: string): string {
  return description.length > 300 ? `${description.slice(0, 297)}…` : description;
}

/** `deals/:asin` → /^\/deals\/([^/]+)\/?$/; a trailing `/*` matches the rest (or nothing). */
export function patternToRegExp(pattern: string): RegExp {
  const rest = pattern.endsWith('/*');
  const segments = (rest ? pattern.slice(0, -2) : pattern)
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? '([^/]+)' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}${rest ? '(?:/.*)?' : '/?'}$`);
}

/** `?page=` as a whole number 1..10,000 (1 when absent or malformed). */
export function pageParam(query: URLSearchParams): number {
  const n = Number(query.get('page') ?? '1');
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/** `path` with `?page=n` (or `&page=n`) after page 1. */
export function withPage(path: string, pageNumber: number): string {
  return pageNumber > 1 ? `${path}${path.includes('?') ? '&' : '?'}page=${pageNumber}` : path;
}

/** The search term of `?q=`: trimmed, at most 200 characters. */
export function searchTerm(query: URLSearchParams): string {
  return (query.get('q') ?? '').trim().slice(0, 200);
}

/** A page's canonical path and robots rule, and its meta description when its words are fixed. */
export interface PageRoute {
  canonicalPath: string;
  robots?: string | undefined;
  /** Set for pages with fixed words (home, blog, static pages); pages built from data describe themselves. */
  description?: string;
}

type RouteRule = (params: string[], query: URLSearchParams) => PageRoute | null;

const fixed =
  (key: StaticPageKey): RouteRule =>
  () => {
    const head: StaticPageHead = STATIC_PAGES[key];
    return { canonicalPath: head.path, robots: head.robots, description: head.description };
  };

const listing =
  (kind: 'deals' | 'trending'): RouteRule =>
  ([key], query) => {
    const wanted = key ?? query.get('category') ?? undefined;
    const category = wanted ? getShopperCategory(wanted) : undefined;
    if (wanted && !category) return null;
    const base =
      kind === 'trending'
        ? paths.trending()
        : key && category
          ? paths.categoryDeals(category.key)
          : category
            ? `${paths.todaysDeals()}?category=${category.key}`
            : paths.todaysDeals();
    return { canonicalPath: withPage(base, pageParam(query)) };
  };

const r = routePatterns;
/** The route table in web/router.tsx's order; the single-segment catch-all comes last. */
const PAGE_ROUTES: ReadonlyArray<[readonly string[], RouteRule]> = [
  [[r.home, r.dealAlerts], () => ({ canonicalPath: paths.home(), description: describe.home() })],
  [[r.todaysDeals], listing('deals')],
  [[r.trending, r.trendingAlias], listing('trending')],
  [[r.dealsScreen], () => ({ canonicalPath: paths.todaysDeals() })],
  [[r.categoryDeals, r.categoryDealsAlias], listing('deals')],
  [[r.categoryPage, r.categoryPages], ([slug = '']) => ({ canonicalPath: paths.categoryPage(slug) })],
  [
    [r.search],
    (_params, query) => {
      const term = searchTerm(query);
      // Result pages of our own search are not for the index; their products are, through links.
      return { canonicalPath: paths.search(term || undefined), robots: term ? NOINDEX_FOLLOW : undefined };
    },
  ],
  [[r.product], ([asin = '']) => ({ canonicalPath: paths.product(asin) })],
  [[r.blog], () => ({ canonicalPath: paths.blog(), description: describe.blog() })],
  [[r.blogArticle], ([slug = '']) => ({ canonicalPath: paths.blogArticle(slug) })],
  [[r.confirmEmail], fixed('confirmEmail')],
  [[r.unsubscribe], fixed('unsubscribe')],
  [[r.signup], fixed('signup')],
  [[r.deal, r.dealPreset], fixed('deal')],
  [[r.about, r.aboutUs], fixed('about')],
  [[r.contact, r.contactUs], fixed('contact')],
  [[r.faq], fixed('faq')],
  [[r.howItWorks], fixed('howItWorks')],
  [[r.privacyPolicy], fixed('privacyPolicy')],
  [[r.termsOfService], fixed('termsOfService')],
  [[r.cookiePolicy], fixed('cookiePolicy')],
  [[r.subscribe, r.subscribeAny], fixed('subscribe')],
  // The admin area (issue 11) is not for crawlers, but it is a page.
  [[r.adminArea, r.management], fixed('admin')],
  [[r.categoryPageCatchAll], ([slug = '']) => ({ canonicalPath: paths.categoryPage(slug) })],
];
const ROUTE_MATCHERS = PAGE_ROUTES.flatMap(([patterns, rule]) => patterns.map((p) => ({ re: patternToRegExp(p), rule })));

/**
 * The canonical path and robots rule of `pathname` (decoded, starting with '/') with `query`, or
 * null when no route covers it or its category key is unknown (a 404). Whether a slug, ASIN or
 * article exists is for the page to say (it then shows its not-found state: `noindex`, no canonical).
 */
export function pageRoute(pathname: string, query: URLSearchParams): PageRoute | null {
  for (const { re, rule } of ROUTE_MATCHERS) {
    const match = re.exec(pathname);
    if (match)
      return rule(
        match.slice(1).filter((p): p is string => p !== undefined),
        query,
      );
  }
  return null;
}
