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
  search: (q?: string) => (q ? `/search?q=${encodeURIComponent(q)}` : '/search'),
  product: (asin: string) => `/deals/${encodeURIComponent(asin)}`,
  confirmEmail: () => '/confirm-email',
  unsubscribe: () => '/unsubscribe',
  signup: () => '/signup',
  /** Deal landing page: a preset or deal id, or the generic page (content-and-account-pages §2.6). */
  deal: (dealId?: string) => (dealId ? `/deal/${encodeURIComponent(dealId)}` : '/deal'),
  /** Our tracked affiliate redirect for a product (server/features/clicks). */
  go: (asin: string) => `/go/${encodeURIComponent(asin)}`,
} as const;

/** Router patterns (React Router syntax) for the pages above, for `web/router.tsx`. */
export const routePatterns = {
  home: '/',
  dealAlerts: 'deal-alerts',
  todaysDeals: 'todays-deals',
  search: 'search',
  product: 'deals/:asin',
  confirmEmail: 'confirm-email',
  unsubscribe: 'unsubscribe',
  signup: 'signup',
  deal: 'deal',
  dealPreset: 'deal/:dealId',
} as const;
