/** The Terms of Service's text (content-and-account-pages §2.7; issue 10): see legal-pages.ts. */
import { paths } from '../paths';
import { company, emailLink, h2, link, p, t, ul } from './document';
import { LEGAL_LAST_UPDATED, type LegalPage } from './legal-pages';

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
