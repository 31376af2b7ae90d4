/**
 * Privacy Policy text (content-and-account-pages §2.7; issue 10): what this site really stores
 * (server/db/schema: subscribers, visitor_tokens, deal_alerts, user_preferences, signups,
 * product_clicks, site_visits, search_counts, unsubscribe_records, contact_messages, email_outbox) and keeps in the browser.
 */
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import { ContactEmailLink, useCompany } from './company';

export function PrivacyPolicyText() {
  const company = useCompany();
  return (
    <>
      <h2>Who we are</h2>
      <p>
        {company.name} ("we", "us") runs this website, which helps UK shoppers find deals on Amazon UK and sends price-drop alerts by
        e-mail. We are the controller of the personal data described here under the UK GDPR and the Data Protection Act 2018. Our address is{' '}
        {company.address}. For anything about your data, e-mail <ContactEmailLink email={company.email} />.
      </p>

      <h2>What we collect, and why</h2>
      <p>
        You can browse and search the site without giving us any personal data. We collect data only when you use a feature that needs it:
      </p>
      <ul>
        <li>
          <strong>Your e-mail address</strong>, when you set a deal alert, sign up, ask for a sign-in link, unsubscribe or contact us. We
          use it to send what you asked for.
        </li>
        <li>
          <strong>Your consent record</strong>: where and when you gave consent (for example the signup page), the wording you agreed to,
          when you confirmed your address from our e-mail (double opt-in), and, if you unsubscribe, when and why. We keep this to show we
          had your permission and to make sure we never e-mail you after you unsubscribe.
        </li>
        <li>
          <strong>Deal alerts</strong>: the product, your target price if you set one, the prices we checked and when we last e-mailed you
          about it.
        </li>
        <li>
          <strong>Preferences</strong> you choose in the survey: favourite categories and how often you would like e-mails.
        </li>
        <li>
          <strong>Signups</strong>: the page you signed up from, your browser's user-agent string and the page that referred you.
        </li>
        <li>
          <strong>Visitor tokens</strong>: random codes that let your browser reach the alerts it created. We store only a one-way hash of
          each token, never the token itself.
        </li>
        <li>
          <strong>Clicks to Amazon</strong>: when you follow one of our links to Amazon we record the product, its price and category, the
          type of link, the page you came from, any campaign parameters in the link, the affiliate tag used and, if your browser has one
          stored, your e-mail address. We do not record your IP address for clicks.
        </li>
        <li>
          <strong>Visits</strong>: once per browser session, and whenever you open a page from a link in one of our e-mails, we count a
          visit: the page's address on our site, the time, the campaign parameters of the link (for example which e-mail it was) and, only
          if your browser has one stored for click tracking, your e-mail address. We do not record your IP address, browser details or any
          fingerprint for visits, so a visit without an e-mail address cannot be traced to you. Your browser keeps a random code for the
          visit until you close the tab, so that a click to Amazon during it is counted for that campaign.
        </li>
        <li>
          <strong>Searches</strong>: we count how many keyword searches are made each hour, without the words searched or who searched.
        </li>
        <li>
          <strong>Unsubscribe records</strong>: the address (if given), your reason, the page, your browser's user agent, your IP address
          and the referring page, so we can honour the request and spot abuse.
        </li>
        <li>
          <strong>Contact messages</strong>: your name, e-mail address, subject and message, with your IP address and user agent to protect
          the form from abuse.
        </li>
        <li>
          <strong>E-mails we send</strong>: a copy of each message (recipient, subject, content) and whether it was delivered.
        </li>
      </ul>
      <p>
        Our server logs do not contain e-mail addresses, link signatures, tokens or IP addresses. We count visits, clicks and searches
        ourselves as described above, and use no third-party analytics or advertising trackers.
      </p>

      <h2>Our lawful bases</h2>
      <ul>
        <li>
          <strong>Consent</strong> for deal alerts, signup e-mails and preferences. You can withdraw it at any time with the one-click
          unsubscribe link in every e-mail.
        </li>
        <li>
          <strong>Legitimate interests</strong> for click and visit records (to run and improve the site and to account for affiliate
          commission), unsubscribe records, security and abuse prevention, and answering messages you send us.
        </li>
      </ul>

      <h2>Who we share it with</h2>
      <ul>
        <li>Our hosting and e-mail delivery providers, who process data only on our instructions.</li>
        <li>
          <strong>Amazon</strong>: when you click through, you leave our site for amazon.co.uk, where Amazon's privacy notice applies. The
          link carries our affiliate tag; we do not send Amazon your e-mail address.
        </li>
        <li>Authorities, if the law requires it.</li>
      </ul>
      <p>We do not sell your data or share it with advertisers.</p>

      <h2>How long we keep it</h2>
      <ul>
        <li>Alerts and preferences: until you delete them or ask us to.</li>
        <li>
          Your subscription and consent record: while you are subscribed, and afterwards the fact that you unsubscribed, so we never e-mail
          you again by mistake.
        </li>
        <li>
          Click and visit records, unsubscribe records, contact messages and sent e-mails: as long as we need them for the purposes above.
        </li>
      </ul>
      <p>Deletion is currently done by hand: if you would like your data removed sooner, e-mail us and we will do it within one month.</p>

      <h2>Keeping it safe</h2>
      <p>
        There are no passwords for shoppers. Only a link we e-mail to you proves you own an address; confirmation and sign-in links expire
        after 7 days and unsubscribe links after a year. An e-mail address on its own never reveals or changes anyone's alerts.
      </p>

      <h2>Your rights</h2>
      <p>
        You have the right to access, correct or delete your data, to restrict or object to how we use it, to data portability, and to
        withdraw consent. E-mail <ContactEmailLink email={company.email} /> and we will reply within one month. If you are unhappy with our
        answer, you can complain to the Information Commissioner's Office (ico.org.uk).
      </p>

      <h2>Children</h2>
      <p>This site is not meant for children under 13, and we do not knowingly collect their data.</p>

      <h2>Browser storage and cookies</h2>
      <p>
        See our <Link to={paths.cookiePolicy()}>Cookie Policy</Link> for what we keep in your browser and for how long.
      </p>

      <h2>Changes</h2>
      <p>If we change how we use your data, we will update this page and the date at the top.</p>
    </>
  );
}
