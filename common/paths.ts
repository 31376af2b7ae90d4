/**
 * Every route of the site, each path written once (issue 26 "each path written once"; route tables
 * of content-and-account-pages §2.1 and shopper-screens §2; docs/design.md §3).
 *
 * - {@link routePatterns} is the one table: a React Router pattern per route, relative to the site
 *   root ('/' for home), `:name` for one segment, a trailing `*` for the rest. The web router, the
 *   server's first HTML and page metadata (canonical paths) read it.
 * - {@link paths} are the builders of the links we write (pages, navigation, e-mails, sitemap,
 *   canonical links), each derived from its pattern by {@link pathTo}: no path is spelled here twice.
 *
 * Built paths start with '/' and encode their arguments (encodeURIComponent).
 */
export const routePatterns = {
  home: '/',
  dealAlerts: 'deal-alerts',
  todaysDeals: 'todays-deals',
  /** Trending deals; `/todaysdeals2` redirects here (docs/design.md §5). */
  trending: 'todays-deals2',
  trendingAlias: 'todaysdeals2',
  /** The spec's `/deals` "deals screen" (contents not shown in the spec): redirects to today's deals. */
  dealsScreen: 'deals',
  /** Category deals page for one of the ten keys (shopper-screens §2). */
  categoryDeals: 'categories/:key',
  /** The same page at the spelling the footers link to (shopper-screens §2). */
  categoryDealsAlias: 'category-deals/:key',
  /** A category page the owners created (admin-area §3; shopper-screens §2 "Category page with {slug}"). */
  categoryPage: 'category/:slug',
  /** The same page at the spec's "/category-pages with {slug}" (shopper-screens §2 route list). */
  categoryPages: 'category-pages/:slug',
  /** Single-segment catch-all for owners' category pages (content-and-account-pages §2.1). */
  categoryPageCatchAll: ':slug',
  search: 'search',
  product: 'deals/:asin',
  confirmEmail: 'confirm-email',
  unsubscribe: 'unsubscribe',
  signup: 'signup',
  /** Deal landing page: the generic page, or a preset or deal id (content-and-account-pages §2.6). */
  deal: 'deal',
  dealPreset: 'deal/:dealId',
  // Content, help and account pages (content-and-account-pages §2.4–§2.12).
  blog: 'blog',
  blogArticle: 'blog/:slug',
  about: 'about',
  aboutUs: 'about-us',
  contact: 'contact',
  contactUs: 'contact-us',
  faq: 'faq',
  howItWorks: 'how-it-works',
  privacyPolicy: 'privacy-policy',
  termsOfService: 'terms-of-service',
  cookiePolicy: 'cookie-policy',
  subscribe: 'subscribe',
  subscribeAny: 'subscribe/*',
  // The owners' area (admin-area §2), outside the shoppers' shell.
  adminLogin: 'admin/login',
  adminArea: 'admin/*',
  management: 'management/*',
  /** Our tracked affiliate redirect for a product: a server route (server/features/clicks), not a page. */
  go: 'go/:asin',
} as const;

/** One string argument per `:name` segment of pattern `P`, in order (`'deal/:dealId'` → `[string]`). */
export type PathArgs<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string, ...PathArgs<Rest>]
  : P extends `${string}:${string}`
    ? [string]
    : [];

/**
 * The path of `pattern` with its `:name` segments filled in order by `values`, each encoded:
 * `pathTo('deals/:asin', 'B0 1')` → `'/deals/B0%201'`; `pathTo('/')` → `'/'`.
 *
 * @throws Error when the pattern ends in `*` (it names many paths, not one) or when the number of
 *   values differs from its `:name` segments (a programming error; the types prevent both).
 */
export function pathTo<P extends string>(pattern: P, ...values: PathArgs<P>): string {
  const given = values as readonly string[];
  const segments = pattern.split('/').filter(Boolean);
  let used = 0;
  const filled = segments.map((segment) => {
    if (segment === '*') throw new Error(`pathTo: '${pattern}' matches many paths; build one of them instead`);
    if (!segment.startsWith(':')) return segment;
    const value = given[used++];
    if (value === undefined) throw new Error(`pathTo: '${pattern}' needs a value for ${segment}`);
    return encodeURIComponent(value);
  });
  if (used !== given.length) throw new Error(`pathTo: '${pattern}' takes ${used} values, got ${given.length}`);
  return `/${filled.join('/')}`;
}

/** The builder of one pattern: a function of its `:name` values. */
const to =
  <P extends string>(pattern: P) =>
  (...values: PathArgs<P>): string =>
    pathTo(pattern, ...values);

const r = routePatterns;

/**
 * Builders of the paths we link to, one per page (aliases are reached but not linked, except
 * where the spec links the alias: the footers' `/category-deals/{key}`).
 */
export const paths = {
  home: to(r.home),
  dealAlerts: to(r.dealAlerts),
  todaysDeals: to(r.todaysDeals),
  trending: to(r.trending),
  categoryDeals: to(r.categoryDeals),
  /** `/category-deals/{key}`: the spelling footers link to (shopper-screens §2). */
  categoryDealsAlias: to(r.categoryDealsAlias),
  /** An owners' category page; also reachable as `/category-pages/{slug}` and `/{slug}`. */
  categoryPage: to(r.categoryPage),
  search: (q?: string) => (q ? `${pathTo(r.search)}?q=${encodeURIComponent(q)}` : pathTo(r.search)),
  product: to(r.product),
  confirmEmail: to(r.confirmEmail),
  unsubscribe: to(r.unsubscribe),
  signup: to(r.signup),
  /** Deal landing page: a preset or deal id, or the generic page (content-and-account-pages §2.6). */
  deal: (dealId?: string) => (dealId ? pathTo(r.dealPreset, dealId) : pathTo(r.deal)),
  go: to(r.go),
  blog: to(r.blog),
  blogArticle: to(r.blogArticle),
  /** The spec's first spelling, `/about-us` (`/about` shows the same page). */
  about: to(r.aboutUs),
  /** `/contact-us` (`/contact` shows the same page). */
  contact: to(r.contactUs),
  faq: to(r.faq),
  howItWorks: to(r.howItWorks),
  privacyPolicy: to(r.privacyPolicy),
  termsOfService: to(r.termsOfService),
  cookiePolicy: to(r.cookiePolicy),
  subscribe: to(r.subscribe),
  adminLogin: to(r.adminLogin),
} as const;
