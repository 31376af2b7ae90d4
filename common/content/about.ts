/**
 * About (content-and-account-pages §2.10): header, statistics, Our Story, Our Mission, Our Values
 * (Transparency, Accuracy, Community), Meet Our Team, Company Information with quick and legal links.
 * One source for the first HTML response and the web app (common/content/document.ts); icons are
 * named here and drawn by the web app.
 *
 * Departures (issue 10: invent no facts about real people or awards): the statistics are the site's
 * own live or fixed facts instead of the spec's customer and savings figures; 'Meet Our Team'
 * describes the four roles without naming anyone; the testimonials and Awards & Recognition sections
 * are left out until there are real ones to show.
 */
import { paths } from '../paths';
import { company, t, type RichText } from './document';
import { formatCount } from '../numbers';

export interface AboutStat {
  number: string;
  label: string;
}

export interface AboutCard {
  icon: 'eye' | 'scale' | 'users' | 'search' | 'line-chart' | 'message-circle' | 'wrench';
  title: string;
  text: string;
}

/** The catalogue-size statistic once there is a catalogue (`count` formatted en-GB). */
export function catalogueStat(count: number): AboutStat {
  return { number: formatCount(count), label: 'products with price histories' };
}

export const ABOUT = {
  /** The `<title>` (the `<h1>` is {@link ABOUT.heading}). */
  title: 'About Us',
  heading: t`About ${company('name')}` as RichText,
  tagline: 'Honest prices, price-drop alerts that arrive once, and deals worth your time, for UK shoppers.',
  /** The first statistic before there is a catalogue (then {@link catalogueStat}), and the other three. */
  emptyCatalogueStat: { number: '30', label: 'days of price history behind every saving' } as AboutStat,
  stats: [
    { number: '10', label: 'shopper categories' },
    { number: '£0', label: 'cost to you, always' },
    { number: '1', label: 'e-mail per price drop, never more' },
  ] as readonly AboutStat[],
  statsHeading: 'The site in numbers',
  story: {
    title: 'Our Story',
    paragraphs: [
      'We started Deal Alerts UK because deal hunting had become guesswork. Crossed-out prices that nobody ever charged, "sales" that were the usual price, and alert services that sent the same e-mail three times.',
      'So we built the site we wanted to use: every price with the time we saw it, a full price history for every product, and alerts that tell you once, when it matters.',
    ],
  },
  mission: {
    title: 'Our Mission',
    paragraphs: [
      'To help UK shoppers pay less for the things they actually want, without being rushed by countdown clocks or misled by inflated list prices.',
      'We do that with evidence: the price history of each product, and an alert that waits for the price you decided on.',
    ],
  },
  valuesTitle: 'Our Values',
  values: [
    {
      icon: 'eye',
      title: 'Transparency',
      text: 'We earn a commission from Amazon when you buy through our links, and we say so on every page. It never changes which products we show or how we work out a saving.',
    },
    {
      icon: 'scale',
      title: 'Accuracy',
      text: 'Every price carries the time we saw it. A saving is shown only against a labelled list or was price, or a price we observed ourselves; we never invent one.',
    },
    {
      icon: 'users',
      title: 'Community',
      text: 'We build for UK shoppers: no passwords, no selling your address, double opt-in for every alert and one-click unsubscribe in every e-mail.',
    },
  ] as readonly AboutCard[],
  teamTitle: 'Meet Our Team',
  teamIntro: 'A small team, four jobs:',
  team: [
    { icon: 'search', title: 'Deal research', text: 'Reviews categories and deal pages, and writes the buying guides on our blog.' },
    {
      icon: 'line-chart',
      title: 'Price data',
      text: 'Keeps the catalogue and price histories complete and checks that every saving is substantiated.',
    },
    { icon: 'message-circle', title: 'Customer support', text: 'Answers every message sent through our contact form within 24 hours.' },
    { icon: 'wrench', title: 'Engineering', text: 'Builds the site and the alerts, and keeps your data private and secure.' },
  ] as readonly AboutCard[],
  companyTitle: 'Company Information',
  quickLinksTitle: 'Quick Links',
  quickLinks: [
    { href: paths.todaysDeals(), label: "Today's Deals" },
    { href: paths.blog(), label: 'Blog' },
    { href: '/about', label: 'About' },
    { href: paths.contact(), label: 'Contact Us' },
  ],
  legalLinksTitle: 'Legal',
  legalLinks: [
    { href: paths.privacyPolicy(), label: 'Privacy Policy' },
    { href: paths.termsOfService(), label: 'Terms of Service' },
    { href: paths.cookiePolicy(), label: 'Cookie Policy' },
  ],
} as const;
