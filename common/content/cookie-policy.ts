/** The Cookie Policy's text (content-and-account-pages §2.7 durations; issue 10): see legal-pages.ts. */
import { paths } from '../paths';
import { emailLink, h2, link, p, strong, t, ul, type StorageItem } from './document';
import { LEGAL_LAST_UPDATED, type LegalPage } from './legal-pages';

/** What the site keeps in the browser (web/features/session/session.rules.ts, web/lib/outbound-link.ts). */
export const BROWSER_STORAGE: readonly StorageItem[] = [
  {
    name: 'userEmail',
    kind: 'Essential',
    purpose: 'The e-mail address you used, so the site knows your alerts are yours.',
    duration: 'Until you sign out (Sign Out removes it)',
  },
  {
    name: 'visitorToken',
    kind: 'Essential',
    purpose: 'The random code that lets this browser reach its alerts and preferences.',
    duration: 'Until you sign out',
  },
  {
    name: 'isNewUser, newUserSignupTime, userSignupTime',
    kind: 'Functional',
    purpose: 'Marks a new signup, so the new-member affiliate tag applies for 24 hours.',
    duration: 'Used for 24 hours after signing up; stays until you clear site data',
  },
  {
    name: 'clickTrackingEmail',
    kind: 'Functional',
    purpose: 'Links your clicks to Amazon with your address in our click records.',
    duration: 'Until you sign out',
  },
  {
    name: 'campaign (session storage)',
    kind: 'Functional',
    purpose: 'The campaign of the e-mail link you arrived from, recorded with your clicks.',
    duration: 'Until you close the tab',
  },
  {
    name: 'visit (session storage)',
    kind: 'Functional',
    purpose:
      'A random code for this visit, so a click to Amazon can be counted for the e-mail campaign that brought you. It identifies no one.',
    duration: 'Until you close the tab',
  },
  {
    name: 'Survey shown (session storage)',
    kind: 'Functional',
    purpose: 'Stops the preference survey opening twice.',
    duration: 'Until you close the tab',
  },
];

export const COOKIE_POLICY: LegalPage = {
  title: 'Cookie Policy',
  intro: 'What we keep in your browser, and for how long.',
  updated: LEGAL_LAST_UPDATED,
  body: [
    h2('The short version'),
    p(
      "We do not use analytics or advertising cookies, tracking pixels or third-party scripts. Shoppers get no cookies from us at all: the little we keep is in your browser's own storage (local storage and session storage), listed below. Owners who sign in to the admin area get one essential, HttpOnly session cookie that ends when they sign out or after a period of inactivity.",
    ),

    h2('How long things may be kept'),
    p('Our policy sets these maximum lifetimes for anything we store in your browser:'),
    ul(
      'Essential (sign-in and security): up to 1 year.',
      'Functional (remembering your choices): up to 1 year.',
      'Analytics: up to 2 years. We use none today.',
      'Advertising: up to 1 year. We set none.',
    ),
    p("Local storage has no expiry date of its own: the items below stay until you sign out or clear this site's data in your browser."),

    h2('What we store in your browser'),
    { kind: 'storage-table', items: BROWSER_STORAGE },

    h2("Amazon's cookies"),
    p(
      "When you follow a link to Amazon, you are on Amazon's website, and Amazon sets its own cookies (including those that credit us with a referral) under its own cookie notice. We do not control them.",
    ),

    h2('Your choices'),
    p(
      t`Use ${strong('Sign Out')} in the header to remove your e-mail and token from this browser, or clear this site's data in your browser's settings. The site still works without storage; you will just need to confirm your address again to see your alerts.`,
    ),

    h2('More'),
    p(t`Our ${link(paths.privacyPolicy(), 'Privacy Policy')} explains what we keep on our servers. Questions: ${emailLink}.`),
  ],
};
