/**
 * Every route of the site and every link we build, spelled once (DESIGN.md §3; route table of
 * content-and-account-pages §2.1 and shopper-screens §2). The web router, navigation, e-mail
 * links, the sitemap and the server's page handling import these instead of spelling paths.
 *
 * Page paths are relative to the site root and start with '/'. Builders encode their arguments.
 */
export const paths = {
  home: () => '/',
  dealAlerts: () => '/deal-alerts',
  todaysDeals: () => '/todays-deals',
  /** Trending deals; `/todaysdeals2` redirects here (DESIGN.md §5). */
  trending: () => '/todays-deals2',
  /** Category deals page for one of the ten keys (shopper-screens §2); `/category-deals/{key}` too. */
  categoryDeals: (key: string) => `/categories/${encodeURIComponent(key)}`,
  /** A category page the owners created (admin-area §3); also reachable as `/{slug}`. */
  categoryPage: (slug: string) => `/category/${encodeURIComponent(slug)}`,
  search: (q?: string) => (q ? `/search?q=${encodeURIComponent(q)}` : '/search'),
  product: (asin: string) => `/deals/${encodeURIComponent(asin)}`,
  confirmEmail: () => '/confirm-email',
  unsubscribe: () => '/unsubscribe',
  signup: () => '/signup',
  /** Deal landing page: a preset or deal id, or the generic page (content-and-account-pages §2.6). */
  deal: (dealId?: string) => (dealId ? `/deal/${encodeURIComponent(dealId)}` : '/deal'),
  /** Our tracked affiliate redirect for a product (server/features/clicks). */
  go: (asin: string) => `/go/${encodeURIComponent(asin)}`,
  // Content, help and account pages (content-and-account-pages §2.4–§2.12; issue 10).
  blog: () => '/blog',
  blogArticle: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  about: () => '/about-us',
  contact: () => '/contact-us',
  faq: () => '/faq',
  howItWorks: () => '/how-it-works',
  privacyPolicy: () => '/privacy-policy',
  termsOfService: () => '/terms-of-service',
  cookiePolicy: () => '/cookie-policy',
  subscribe: () => '/subscribe',
} as const;

/** Router patterns (React Router syntax) for the pages above, for `web/router.tsx`. */
export const routePatterns = {
  home: '/',
  dealAlerts: 'deal-alerts',
  todaysDeals: 'todays-deals',
  trending: 'todays-deals2',
  trendingAlias: 'todaysdeals2',
  /** The spec's `/deals` "deals screen" (contents not shown in the spec): redirects to today's deals. */
  dealsScreen: 'deals',
  categoryDeals: 'categories/:key',
  categoryDealsAlias: 'category-deals/:key',
  categoryPage: 'category/:slug',
  /** Single-segment catch-all for owners' category pages (shopper-screens §2 route table). */
  categoryPageCatchAll: ':slug',
  search: 'search',
  product: 'deals/:asin',
  confirmEmail: 'confirm-email',
  unsubscribe: 'unsubscribe',
  signup: 'signup',
  deal: 'deal',
  dealPreset: 'deal/:dealId',
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
} as const;
