/** Terms of Service text (content-and-account-pages §2.7; issue 10), for what the site really does. */
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import { ContactEmailLink, useCompany } from './company';

export function TermsOfServiceText() {
  const company = useCompany();
  return (
    <>
      <h2>About these terms</h2>
      <p>
        These terms apply when you use this website, run by {company.name} ({company.address}). By using the site you agree to them. If you
        have a question, e-mail <ContactEmailLink email={company.email} />.
      </p>

      <h2>What we offer</h2>
      <p>
        We help you find deals on Amazon UK, show product prices and price histories, and send price-drop alerts by e-mail. The service is
        free. We do not sell anything ourselves: when you buy, you buy from Amazon or a seller on Amazon, on their terms.
      </p>

      <h2>Prices and savings</h2>
      <ul>
        <li>
          Prices and availability are accurate as of the date and time shown and may change. The price Amazon shows at checkout is the one
          that applies.
        </li>
        <li>
          We show a saving only against a price the retailer labels (such as RRP or a was price) or against the highest price we observed in
          the last 30 days, and we say which.
        </li>
        <li>We check prices on a schedule, so we may not see every short-lived price change.</li>
      </ul>

      <h2>Affiliate disclosure</h2>
      <p>
        As an Amazon Associate we earn from qualifying purchases. When you buy through our links we may receive a commission from Amazon. It
        costs you nothing extra and does not affect the prices or savings we show.
      </p>

      <h2>Deal alerts and e-mails</h2>
      <ul>
        <li>The first time you use an address we send a confirmation e-mail; we send alerts only after you confirm.</li>
        <li>Each price drop is e-mailed once. We cannot promise an alert for every drop, or that a price will still be available.</li>
        <li>Every e-mail has a one-click unsubscribe link, which takes effect at once.</li>
      </ul>

      <h2>Who may use the site</h2>
      <p>You must be at least 13 years old to set alerts or sign up. Only enter an e-mail address that is yours.</p>

      <h2>Fair use</h2>
      <p>
        Please do not misuse the site: do not sign up other people, send automated requests at a rate that harms the service, try to get
        around our limits or security, or use the contact form to send unsolicited messages.
      </p>

      <h2>Content</h2>
      <p>The site's text and design belong to us. Product names, images and descriptions belong to Amazon, the sellers or the brands.</p>

      <h2>Our responsibility</h2>
      <p>
        We take care to keep the site accurate, but we provide it as it is and cannot promise it will always be available or error-free. We
        are not responsible for products bought from Amazon or its sellers; your rights as a buyer are against them. Nothing in these terms
        limits any liability that cannot be limited by law, or your statutory rights as a consumer.
      </p>

      <h2>Privacy</h2>
      <p>
        Our <Link to={paths.privacyPolicy()}>Privacy Policy</Link> and <Link to={paths.cookiePolicy()}>Cookie Policy</Link> explain what
        data we keep and why.
      </p>

      <h2>Changes and law</h2>
      <p>
        We may update these terms; the date at the top shows the latest version. These terms are governed by the law of England and Wales,
        and you may also bring proceedings in the courts of the part of the UK where you live.
      </p>
    </>
  );
}
