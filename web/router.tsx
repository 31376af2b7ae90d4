/**
 * Routes (content-and-account-pages §2.1; shopper-screens §2) with React Router in library mode.
 * Every page is a lazy chunk, so the first load carries only the shell and that page (DESIGN.md
 * §7: ≤ 150 KiB gzipped JS). Static paths rank above the single-segment `/:slug` catch-all of the
 * owners' category pages, so it never shadows a page of its own (blog, faq, signup, search…).
 * Every pattern comes from common/paths.ts `routePatterns`, the one table of the site's paths (issue 26).
 */
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { RootLayout, RouteFallback } from './shell/root-layout';
import { paths, routePatterns } from '../common/paths';
import { SearchBox } from './features/search/components/search-box';

const home = async () => ({ Component: (await import('./routes/home.route')).HomePage });
// Content, help and account pages (issue 10).
const about = async () => ({ Component: (await import('./routes/about.route')).AboutPage });
const contact = async () => ({ Component: (await import('./routes/contact.route')).ContactPage });
const subscribe = async () => ({ Component: (await import('./routes/subscribe.route')).SubscribePage });
const CONTENT_ROUTES: RouteObject[] = [
  { path: routePatterns.blog, lazy: async () => ({ Component: (await import('./routes/blog.route')).BlogPage }) },
  { path: routePatterns.blogArticle, lazy: async () => ({ Component: (await import('./routes/blog-article.route')).BlogArticlePage }) },
  { path: routePatterns.about, lazy: about },
  { path: routePatterns.aboutUs, lazy: about },
  { path: routePatterns.contact, lazy: contact },
  { path: routePatterns.contactUs, lazy: contact },
  { path: routePatterns.faq, lazy: async () => ({ Component: (await import('./routes/faq.route')).FaqPage }) },
  { path: routePatterns.howItWorks, lazy: async () => ({ Component: (await import('./routes/how-it-works.route')).HowItWorksPage }) },
  {
    path: routePatterns.privacyPolicy,
    lazy: async () => ({ Component: (await import('./routes/privacy-policy.route')).PrivacyPolicyPage }),
  },
  {
    path: routePatterns.termsOfService,
    lazy: async () => ({ Component: (await import('./routes/terms-of-service.route')).TermsOfServicePage }),
  },
  { path: routePatterns.cookiePolicy, lazy: async () => ({ Component: (await import('./routes/cookie-policy.route')).CookiePolicyPage }) },
  { path: routePatterns.subscribe, lazy: subscribe },
  { path: routePatterns.subscribeAny, lazy: subscribe },
];
const trending = async () => ({ Component: (await import('./routes/trending.route')).TrendingPage });
/**
 * The search page gets the header's search box from here (the shell's chunk) for its landing page:
 * imported by the lazy route itself, it split react-router out of the first-load chunk (+1 KiB
 * gzipped on every page, measured with web/scripts/first-load-size.ts).
 */
const searchPage = async () => {
  const { SearchPage } = await import('./routes/search.route');
  return { Component: () => <SearchPage SearchBox={SearchBox} /> };
};
const categoryDeals = async () => ({ Component: (await import('./routes/category-deals.route')).CategoryDealsPage });
const categoryPage = async () => ({ Component: (await import('./routes/category-page.route')).CategoryPagePage });

/** `/todaysdeals2` → `/todays-deals2`, keeping the query (DESIGN.md §5: both work). */
function toTrending({ request }: { request: Request }) {
  return redirect(`${paths.trending()}${new URL(request.url).search}`);
}
// The admin area (issue 11): its own layout, outside the shoppers' shell, in lazy chunks only.
const adminShell = async () => ({ Component: (await import('./admin/routes/admin-shell.route')).AdminShellPage });
const adminLogin = async () => ({ Component: (await import('./admin/routes/admin-login.route')).AdminLoginPage });

export const routes: RouteObject[] = [
  {
    path: routePatterns.home,
    Component: RootLayout,
    HydrateFallback: RouteFallback,
    children: [
      { index: true, lazy: home },
      { path: routePatterns.dealAlerts, lazy: home },
      {
        path: routePatterns.todaysDeals,
        lazy: async () => ({ Component: (await import('./routes/todays-deals.route')).TodaysDealsPage }),
      },
      { path: routePatterns.trending, lazy: trending },
      { path: routePatterns.trendingAlias, loader: toTrending, element: null },
      { path: routePatterns.dealsScreen, loader: () => redirect(paths.todaysDeals()), element: null },
      { path: routePatterns.categoryDeals, lazy: categoryDeals },
      { path: routePatterns.categoryDealsAlias, lazy: categoryDeals },
      { path: routePatterns.categoryPage, lazy: categoryPage },
      { path: routePatterns.categoryPages, lazy: categoryPage },
      { path: routePatterns.search, lazy: searchPage },
      { path: routePatterns.product, lazy: async () => ({ Component: (await import('./routes/deal.route')).DealPage }) },
      {
        path: routePatterns.confirmEmail,
        lazy: async () => ({ Component: (await import('./routes/confirm-email.route')).ConfirmEmailPage }),
      },
      { path: routePatterns.unsubscribe, lazy: async () => ({ Component: (await import('./routes/unsubscribe.route')).UnsubscribePage }) },
      { path: routePatterns.signup, lazy: async () => ({ Component: (await import('./routes/signup.route')).SignupPage }) },
      { path: routePatterns.deal, lazy: async () => ({ Component: (await import('./routes/deal-landing.route')).DealLandingPage }) },
      { path: routePatterns.dealPreset, lazy: async () => ({ Component: (await import('./routes/deal-landing.route')).DealLandingPage }) },
      ...CONTENT_ROUTES,
      {
        path: routePatterns.categoryPageCatchAll,
        lazy: async () => ({ Component: (await import('./routes/category-page.route')).CategoryPageCatchAll }),
      },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found.route')).NotFoundPage }) },
    ],
  },
  { path: routePatterns.adminLogin, lazy: adminLogin, HydrateFallback: RouteFallback },
  // One route each (a splat, not an optional segment), so switching tabs never remounts the shell.
  { path: routePatterns.adminArea, lazy: adminShell, HydrateFallback: RouteFallback },
  { path: routePatterns.management, lazy: adminShell, HydrateFallback: RouteFallback },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
