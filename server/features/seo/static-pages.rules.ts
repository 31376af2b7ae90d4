/**
 * Head and heading of the pages whose content lives in the web app (content-and-account-pages
 * §2.4–§2.12; issue 10): what the first HTML response says about them (title, meta description,
 * canonical path, robots rule). Headings match the web app's `<h1>`.
 */
import { paths } from '../../../common/paths';

/** One page known by its head and heading. */
export interface StaticPageHead {
  /** `<title>` before " | Deal Alerts UK". */
  title: string;
  /** The page's `<h1>`. */
  heading: string;
  /** Meta description and the first paragraph. */
  description: string;
  /** Canonical path (the spec's first spelling when a page has two). */
  path: string;
  /** Meta robots for pages that are not for the index. */
  robots?: string;
}

const NOINDEX = 'noindex, follow';

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
    description: 'Sign up for free deal alerts: up to 70% off, price-drop e-mails and early access to flash sales.',
    path: paths.signup(),
  },
  subscribe: {
    title: 'Your E-mail Preferences',
    heading: 'Your E-mail Preferences',
    description: 'Your details have been updated.',
    path: paths.subscribe(),
    robots: NOINDEX,
  },
  unsubscribe: {
    title: 'Unsubscribe',
    heading: 'Unsubscribe',
    description: 'Stop all e-mail from Deal Alerts UK to your address.',
    path: paths.unsubscribe(),
    robots: NOINDEX,
  },
  confirmEmail: {
    title: 'Confirm your e-mail',
    heading: 'Confirm your e-mail',
    description: 'Confirming your e-mail address for Deal Alerts UK.',
    path: paths.confirmEmail(),
    robots: NOINDEX,
  },
  deal: {
    title: 'Deal',
    heading: 'Deal',
    description: 'A hand-picked Amazon UK deal.',
    path: paths.deal(),
    robots: NOINDEX,
  },
  admin: {
    title: 'Admin',
    heading: 'Admin',
    description: 'The owners’ area of Deal Alerts UK.',
    path: '/management',
    robots: 'noindex, nofollow',
  },
} as const satisfies Record<string, StaticPageHead>;
