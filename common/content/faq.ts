/**
 * The FAQ (content-and-account-pages §2.7): five categories (Getting Started, Deal Alerts, Privacy &
 * Security, Deals & Pricing, Technical Support) of questions and answers, true to how the site works.
 * One source for the first HTML response and the web app (common/content/document.ts).
 */
import { paths } from '../paths';
import { link, t, type RichText } from './document';

export interface FaqItem {
  q: string;
  a: RichText;
}

export interface FaqCategory {
  title: string;
  items: readonly FaqItem[];
}

/** The page's `<h1>` (also the `<title>`). */
export const FAQ_TITLE = 'Frequently Asked Questions';

/** The line under the heading. */
export const FAQ_INTRO: RichText = t`Can't find your answer? ${link(paths.contact(), 'Contact us')} and we'll reply within 24 hours.`;

/** The category open when the page loads. */
export const FAQ_FIRST_OPEN = 'Getting Started';

const plain = (text: string): RichText => [text];

export const FAQ_CATEGORIES: readonly FaqCategory[] = [
  {
    title: 'Getting Started',
    items: [
      {
        q: 'What is Deal Alerts UK?',
        a: plain(
          'A free site that finds discounted products on Amazon UK, shows their price history and e-mails you when a price you are watching falls.',
        ),
      },
      {
        q: 'Does it cost anything?',
        a: plain(
          'No. We earn a commission from Amazon as an Amazon Associate when you buy through our links; it does not change the price you pay.',
        ),
      },
      {
        q: 'Do I need an account?',
        a: plain('No passwords, no account. You browse freely; an e-mail address is needed only for alerts and signup e-mails.'),
      },
    ],
  },
  {
    title: 'Deal Alerts',
    items: [
      {
        q: 'How do I set a price alert?',
        a: plain(
          'Press "Set Deal Alert" on any product, enter your e-mail address and, if you like, a target price. Confirm your address from the e-mail we send, and you are done.',
        ),
      },
      {
        q: 'Why did I get a confirmation e-mail?',
        a: plain(
          'We use double opt-in: nothing is sent to an address until its owner confirms it, so nobody can sign you up without your say-so.',
        ),
      },
      {
        q: 'How often do you check prices?',
        a: plain(
          'On a schedule several times a day (every six hours by default) and whenever a new price feed arrives. Each price drop is e-mailed once.',
        ),
      },
      {
        q: 'Where can I see my alerts?',
        a: plain(
          'Press the bell at the bottom of any page to open "Your Deal Alerts". An alert turns green with "PRICE DROP!" when the price falls.',
        ),
      },
    ],
  },
  {
    title: 'Privacy & Security',
    items: [
      {
        q: 'What do you do with my e-mail address?',
        a: t`We use it only to send what you asked for. We never sell it or share it with advertisers. See our ${link(paths.privacyPolicy(), 'Privacy Policy')}.`,
      },
      {
        q: 'Can someone see my alerts by typing my e-mail address?',
        a: plain(
          'No. An e-mail address alone reveals nothing. Only the browser that created an alert, or a link we e-mail to you, can reach it.',
        ),
      },
      {
        q: 'How do I unsubscribe?',
        a: t`Use the one-click link at the bottom of any of our e-mails: it works at once, without signing in. You can also use the ${link(paths.unsubscribe(), 'Unsubscribe page')}, which e-mails you a link to confirm.`,
      },
    ],
  },
  {
    title: 'Deals & Pricing',
    items: [
      {
        q: 'How do you work out a saving?',
        a: plain(
          'Only against a price the retailer labels (RRP or was price) or the highest price we saw in the last 30 days, and the card says which. With neither, we show no percentage.',
        ),
      },
      {
        q: 'Why is the price on Amazon different?',
        a: plain(
          'Prices change often. Every price we show has the time we saw it when it is more than an hour old; the price at Amazon’s checkout is the one that counts.',
        ),
      },
      {
        q: 'What does "Lowest in 30 days" mean?',
        a: plain('Today’s price is the lowest we have recorded for that product in the last 30 days.'),
      },
    ],
  },
  {
    title: 'Technical Support',
    items: [
      {
        q: 'I did not receive the confirmation e-mail.',
        a: plain(
          'Check your spam or junk folder. We send at most one confirmation an hour to an address; after an hour, setting an alert or signing up again sends a new one.',
        ),
      },
      {
        q: 'My alerts are gone on a new device.',
        a: plain(
          'Alerts are tied to the browser that created them. Use Sign In to get a link by e-mail; opening it shows all your alerts on that device.',
        ),
      },
      {
        q: 'Something else is wrong.',
        a: t`${link(paths.contact(), 'Contact us')} and we will reply within 24 hours.`,
      },
    ],
  },
];
