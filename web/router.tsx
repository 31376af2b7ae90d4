/**
 * Routes (content-and-account-pages §2.1; shopper-screens §2) with React Router in library mode.
 * Every page is a lazy chunk, so the first load carries only the shell and that page (DESIGN.md
 * §7: ≤ 150 KiB gzipped JS). Not yet built: category pages, /todays-deals2, signup, deal presets.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout, RouteFallback } from './shell/root-layout';

/** Linked content pages not written yet: a "Coming soon" page under their title, not a 404. */
const COMING_SOON: Readonly<Record<string, string>> = {
  'privacy-policy': 'Privacy Policy',
  'terms-of-service': 'Terms of Service',
  'cookie-policy': 'Cookie Policy',
  'about-us': 'About Us',
  about: 'About Us',
  'contact-us': 'Contact Us',
  faq: 'FAQ',
  'how-it-works': 'How It Works',
  blog: 'Blog',
  'blog/:slug': 'Blog',
};

const home = async () => ({ Component: (await import('./routes/home.route')).HomePage });
const comingSoon = async () => ({ Component: (await import('./routes/coming-soon.route')).ComingSoonPage });

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: RouteFallback,
    children: [
      { index: true, lazy: home },
      { path: 'deal-alerts', lazy: home },
      { path: 'todays-deals', lazy: home },
      { path: 'search', lazy: async () => ({ Component: (await import('./routes/search.route')).SearchPage }) },
      { path: 'deals/:asin', lazy: async () => ({ Component: (await import('./routes/deal.route')).DealPage }) },
      { path: 'confirm-email', lazy: async () => ({ Component: (await import('./routes/confirm-email.route')).ConfirmEmailPage }) },
      { path: 'unsubscribe', lazy: async () => ({ Component: (await import('./routes/unsubscribe.route')).UnsubscribePage }) },
      { path: 'signup', lazy: async () => ({ Component: (await import('./routes/signup.route')).SignupPage }) },
      { path: 'deal', lazy: async () => ({ Component: (await import('./routes/deal-landing.route')).DealLandingPage }) },
      { path: 'deal/:dealId', lazy: async () => ({ Component: (await import('./routes/deal-landing.route')).DealLandingPage }) },
      ...Object.entries(COMING_SOON).map(([path, title]) => ({ path, lazy: comingSoon, handle: { title } })),
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found.route')).NotFoundPage }) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
