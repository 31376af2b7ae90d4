/**
 * The Privacy Policy, Terms of Service and Cookie Policy (content-and-account-pages §2.7; issue 10),
 * written for what this site really stores and does (server/db/schema: subscribers, visitor_tokens,
 * deal_alerts, user_preferences, signups, product_clicks, unsubscribe_records, contact_messages,
 * email_outbox; in the browser: web/features/session/session.rules.ts STORAGE_KEYS and
 * web/lib/outbound-link.ts). One source for the first HTML response and the web app
 * (common/content/document.ts).
 */
import { paths } from '../paths';
import { company, emailLink, h2, link, p, strong, t, ul, type Block, type StorageItem } from './document';

/** When the legal pages were last reviewed against what the site stores and does. */
export const LEGAL_LAST_UPDATED = '23 November 2026';

/** A legal page: its `<h1>` (also the `<title>`), the line under it, and its sections. */
export interface LegalPage {
  title: string;
  intro: string;
  updated: string;
  body: readonly Block[];
}

export const PRIVACY_POLICY: LegalPage = {
  title: 'Privacy Policy',
  intro: 'What we collect, why, and what you can ask us to do with it.',
  updated: LEGAL_LAST_UPDATED,
  body: [
    h2('Who we are'),
    p(
      t`${company('name')} ("we", "us") runs this website, which helps UK shoppers find deals on Amazon UK and sends price-drop alerts by e-mail. We are the controller of the personal data described here under the UK GDPR and the Data Protection Act 2018. Our address is ${company('address')}. For anything about your data, e-mail ${emailLink}.`,
    ),

    h2('What we collect, and why'),
    p('You can browse and search the site without giving us any personal data. We collect data only when you use a feature that needs it:'),
    ul(
      t`${strong('Your e-mail address')}, when you set a deal alert, sign up, ask for a sign-in link, unsubscribe or contact us. We use it to send what you asked for.`,
      t`${strong('Your consent record')}: where and when you gave consent (for example the signup page), the wording you agreed to, when you confirmed your address from our e-mail (double opt-in), and, if you unsubscribe, when and why. We keep this to show we had your permission and to make sure we never e-mail you after you unsubscribe.`,
      t`${strong('Deal alerts')}: the product, your target price if you set one, the prices we checked and when we last e-mailed you about it.`,
      t`${strong('Preferences')} you choose in the survey: favourite categories and how often you would like e-mails.`,
      t`${strong('Signups')}: the page you signed up from, your browser's user-agent string and the page that referred you.`,
      t`${strong('Visitor tokens')}: random codes that let your browser reach the alerts it created. We store only a one-way hash of each token, never the token itself.`,
      t`${strong('Clicks to Amazon')}: when you follow one of our links to Amazon we record the product, its price and category, the type of link, the page you came from, any campaign parameters in the link, the affiliate tag used and, if your browser has one stored, your e-mail address. We do not record your IP address for clicks.`,
      t`${strong('Unsubscribe records')}: the address (if given), your reason, the page, your browser's user agent, your IP address and the referring page, so we can honour the request and spot abuse.`,
      t`${strong('Contact messages')}: your name, e-mail address, subject and message, with your IP address and user agent to protect the form from abuse.`,
      t`${strong('E-mails we send')}: a copy of each message (recipient, subject, content) and whether it was delivered.`,
    ),
    p(
      'Our server logs do not contain e-mail addresses, link signatures, tokens or IP addresses. We do not use analytics or advertising trackers.',
    ),

    h2('Our lawful bases'),
    ul(
      t`${strong('Consent')} for deal alerts, signup e-mails and preferences. You can withdraw it at any time with the one-click unsubscribe link in every e-mail.`,
      t`${strong('Legitimate interests')} for click records (to run and improve the site and to account for affiliate commission), unsubscribe records, security and abuse prevention, and answering messages you send us.`,
    ),

    h2('Who we share it with'),
    ul(
      'Our hosting and e-mail delivery providers, who process data only on our instructions.',
      t`${strong('Amazon')}: when you click through, you leave our site for amazon.co.uk, where Amazon's privacy notice applies. The link carries our affiliate tag; we do not send Amazon your e-mail address.`,
      'Authorities, if the law requires it.',
    ),
    p('We do not sell your data or share it with advertisers.'),

    h2('How long we keep it'),
    ul(
      'Alerts and preferences: until you delete them or ask us to.',
      'Your subscription and consent record: while you are subscribed, and afterwards the fact that you unsubscribed, so we never e-mail you again by mistake.',
      'Click records, unsubscribe records, contact messages and sent e-mails: as long as we need them for the purposes above.',
    ),
    p('Deletion is currently done by hand: if you would like your data removed sooner, e-mail us and we will do it within one month.'),

    h2('Keeping it safe'),
    p(
      "There are no passwords for shoppers. Only a link we e-mail to you proves you own an address; confirmation and sign-in links expire after 7 days and unsubscribe links after a year. An e-mail address on its own never reveals or changes anyone's alerts.",
    ),

    h2('Your rights'),
    p(
      t`You have the right to access, correct or delete your data, to restrict or object to how we use it, to data portability, and to withdraw consent. E-mail ${emailLink} and we will reply within one month. If you are unhappy with our answer, you can complain to the Information Commissioner's Office (ico.org.uk).`,
    ),

    h2('Children'),
    p('This site is not meant for children under 13, and we do not knowingly collect their data.'),

    h2('Browser storage and cookies'),
    p(t`See our ${link(paths.cookiePolicy(), 'Cookie Policy')} for what we keep in your browser and for how long.`),

    h2('Changes'),
    p('If we change how we use your data, we will update this page and the date at the top.'),
  ],
};

export const TERMS_OF_SERVICE: LegalPage = {
  title: 'Terms of Service',
  intro: 'The rules for using this site, in plain English.',
  updated: LEGAL_LAST_UPDATED,
  body: [
    h2('About these terms'),
    p(
      t`These terms apply when you use this website, run by ${company('name')} (${company('address')}). By using the site you agree to them. If you have a question, e-mail ${emailLink}.`,
    ),

    h2('What we offer'),
    p(
      'We help you find deals on Amazon UK, show product prices and price histories, and send price-drop alerts by e-mail. The service is free. We do not sell anything ourselves: when you buy, you buy from Amazon or a seller on Amazon, on their terms.',
    ),

    h2('Prices and savings'),
    ul(
      'Prices and availability are accurate as of the date and time shown and may change. The price Amazon shows at checkout is the one that applies.',
      'We show a saving only against a price the retailer labels (such as RRP or a was price) or against the highest price we observed in the last 30 days, and we say which.',
      'We check prices on a schedule, so we may not see every short-lived price change.',
    ),

    h2('Affiliate disclosure'),
    p(
      'As an Amazon Associate we earn from qualifying purchases. When you buy through our links we may receive a commission from Amazon. It costs you nothing extra and does not affect the prices or savings we show.',
    ),

    h2('Deal alerts and e-mails'),
    ul(
      'The first time you use an address we send a confirmation e-mail; we send alerts only after you confirm.',
      'Each price drop is e-mailed once. We cannot promise an alert for every drop, or that a price will still be available.',
      'Every e-mail has a one-click unsubscribe link, which takes effect at once.',
    ),

    h2('Who may use the site'),
    p('You must be at least 13 years old to set alerts or sign up. Only enter an e-mail address that is yours.'),

    h2('Fair use'),
    p(
      'Please do not misuse the site: do not sign up other people, send automated requests at a rate that harms the service, try to get around our limits or security, or use the contact form to send unsolicited messages.',
    ),

    h2('Content'),
    p("The site's text and design belong to us. Product names, images and descriptions belong to Amazon, the sellers or the brands."),

    h2('Our responsibility'),
    p(
      'We take care to keep the site accurate, but we provide it as it is and cannot promise it will always be available or error-free. We are not responsible for products bought from Amazon or its sellers; your rights as a buyer are against them. Nothing in these terms limits any liability that cannot be limited by law, or your statutory rights as a consumer.',
    ),

    h2('Privacy'),
    p(
      t`Our ${link(paths.privacyPolicy(), 'Privacy Policy')} and ${link(paths.cookiePolicy(), 'Cookie Policy')} explain what data we keep and why.`,
    ),

    h2('Changes and law'),
    p(
      'We may update these terms; the date at the top shows the latest version. These terms are governed by the law of England and Wales, and you may also bring proceedings in the courts of the part of the UK where you live.',
    ),
  ],
};

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
