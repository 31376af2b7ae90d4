/**
 * How It Works (content-and-account-pages §2.7): four steps (browse, set an alert, we monitor, get
 * notified) and the two ways on. One source for the first HTML response and the web app
 * (common/content/document.ts); each step names its icon, which the web app draws.
 */
import { paths } from '../paths';

export interface HowItWorksStep {
  /** The icon the web app draws beside the step (web/features/content/components/how-it-works-steps.tsx). */
  icon: 'search' | 'bell' | 'trending-down' | 'mail';
  title: string;
  text: string;
}

export const HOW_IT_WORKS = {
  /** The `<h1>` and `<title>`. */
  title: 'How It Works',
  intro: 'Four steps from browsing to a better price. Free, with no account and no password.',
  steps: [
    {
      icon: 'search',
      title: 'Browse deals',
      text: 'Search or browse ten categories of discounted products on Amazon UK. Every card shows the price with the time we saw it, and a saving only when we can say what it is measured against: a labelled RRP or was price, or the highest price we saw in the last 30 days.',
    },
    {
      icon: 'bell',
      title: 'Set an alert',
      text: 'Press "Set Deal Alert", enter your e-mail address and, if you like, the price you want to pay. The first time, we e-mail you a link to confirm your address (double opt-in); nothing else is sent until you do.',
    },
    {
      icon: 'trending-down',
      title: 'We monitor prices',
      text: 'We check prices on a schedule, several times a day, and record every change. That record is the price history on each product page and the "Lowest in 30 days" badge.',
    },
    {
      icon: 'mail',
      title: 'Get notified',
      text: 'When the price falls below the last price your alert saw, or reaches your target, we send one e-mail for that drop, linking to the product page. Every e-mail has a one-click unsubscribe link.',
    },
  ] satisfies readonly HowItWorksStep[] as readonly HowItWorksStep[],
  /** The buttons under the steps: [href, label, primary?]. */
  links: [
    { href: paths.todaysDeals(), label: "Browse Today's Deals", primary: true },
    { href: paths.faq(), label: 'Read the FAQ', primary: false },
  ],
} as const;
