/** The Privacy Policy's text (content-and-account-pages §2.7; issue 10): see legal-pages.ts. */
import { paths } from '../paths';
import { company, emailLink, h2, link, p, strong, t, ul } from './document';
import { LEGAL_LAST_UPDATED, type LegalPage } from './legal-pages';

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
      t`${strong('Visits')}: once per browser session, and whenever you open a page from a link in one of our e-mails, we count a visit: the page's address on our site, the time, the campaign parameters of the link (for example which e-mail it was) and, only if your browser has one stored for click tracking, your e-mail address. We do not record your IP address, browser details or any fingerprint for visits, so a visit without an e-mail address cannot be traced to you. Your browser keeps a random code for the visit until you close the tab, so that a click to Amazon during it is counted for that campaign.`,
      t`${strong('Searches')}: we count how many keyword searches are made each hour, without the words searched or who searched.`,
      t`${strong('Unsubscribe records')}: the address (if given), your reason, the page, your browser's user agent, your IP address and the referring page, so we can honour the request and spot abuse.`,
      t`${strong('Contact messages')}: your name, e-mail address, subject and message, with your IP address and user agent to protect the form from abuse.`,
      t`${strong('E-mails we send')}: a copy of each message (recipient, subject, content) and whether it was delivered.`,
    ),
    p(
      'Our server logs do not contain e-mail addresses, link signatures, tokens or IP addresses. We count visits, clicks and searches ourselves as described above, and use no third-party analytics or advertising trackers.',
    ),

    h2('Our lawful bases'),
    ul(
      t`${strong('Consent')} for deal alerts, signup e-mails and preferences. You can withdraw it at any time with the one-click unsubscribe link in every e-mail.`,
      t`${strong('Legitimate interests')} for click and visit records (to run and improve the site and to account for affiliate commission), unsubscribe records, security and abuse prevention, and answering messages you send us.`,
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
      'Click and visit records, unsubscribe records, contact messages and sent e-mails: as long as we need them for the purposes above.',
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
