/**
 * About (content-and-account-pages §2.10): header, statistics, Our Story, Our Mission, Our Values
 * (Transparency, Accuracy, Community), Meet Our Team, Company Information with quick and legal links.
 * Departures (issue 10: invent no facts about real people or awards): the statistics are the site's
 * own live or fixed facts instead of the spec's customer and savings figures; 'Meet Our Team'
 * describes the four roles without naming anyone; the testimonials and Awards & Recognition sections
 * are left out until there are real ones to show.
 */
import { Link } from 'react-router';
import { BadgeCheck, Eye, LineChart, MessageCircle, Scale, Search, Users, Wrench } from 'lucide-react';
import { paths } from '../../../../common/paths';
import { useConfig } from '../../../lib/config.query';
import { ContactEmailLink, useCompany } from './company';

const numberFormat = new Intl.NumberFormat('en-GB');

function Statistics() {
  const { data } = useConfig();
  const stats = [
    // The live catalogue size once there is one; before that, a fact that holds for every product.
    data && data.catalogueSize > 0
      ? { number: numberFormat.format(data.catalogueSize), label: 'products with price histories' }
      : { number: '30', label: 'days of price history behind every saving' },
    { number: '10', label: 'shopper categories' },
    { number: '£0', label: 'cost to you, always' },
    { number: '1', label: 'e-mail per price drop, never more' },
  ];
  return (
    <section aria-labelledby="about-stats">
      <h2 id="about-stats" className="sr-only">
        The site in numbers
      </h2>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {stats.map((stat) => (
          <li key={stat.label} className="rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm">
            <p className="text-3xl font-black text-blue-800">{stat.number}</p>
            <p className="mt-1 text-sm text-slate-700">{stat.label}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const VALUES = [
  {
    title: 'Transparency',
    text: 'We earn a commission from Amazon when you buy through our links, and we say so on every page. It never changes which products we show or how we work out a saving.',
    Icon: Eye,
  },
  {
    title: 'Accuracy',
    text: 'Every price carries the time we saw it. A saving is shown only against a labelled list or was price, or a price we observed ourselves; we never invent one.',
    Icon: Scale,
  },
  {
    title: 'Community',
    text: 'We build for UK shoppers: no passwords, no selling your address, double opt-in for every alert and one-click unsubscribe in every e-mail.',
    Icon: Users,
  },
] as const;

const ROLES = [
  { Icon: Search, role: 'Deal research', bio: 'Reviews categories and deal pages, and writes the buying guides on our blog.' },
  {
    Icon: LineChart,
    role: 'Price data',
    bio: 'Keeps the catalogue and price histories complete and checks that every saving is substantiated.',
  },
  { Icon: MessageCircle, role: 'Customer support', bio: 'Answers every message sent through our contact form within 24 hours.' },
  { Icon: Wrench, role: 'Engineering', bio: 'Builds the site and the alerts, and keeps your data private and secure.' },
] as const;

export function AboutSections() {
  const company = useCompany();
  return (
    <div className="space-y-12">
      <header className="rounded-2xl bg-gradient-to-br from-blue-900 to-blue-700 px-6 py-12 text-center text-white sm:px-12">
        <h1 className="text-3xl font-bold sm:text-4xl">About {company.name}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-blue-50">
          Honest prices, price-drop alerts that arrive once, and deals worth your time, for UK shoppers.
        </p>
      </header>

      <Statistics />

      <div className="grid gap-8 md:grid-cols-2">
        <section aria-labelledby="about-story" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="about-story" className="mb-3 text-2xl font-bold text-slate-900">
            Our Story
          </h2>
          <p className="mb-3 text-slate-700">
            We started Deal Alerts UK because deal hunting had become guesswork. Crossed-out prices that nobody ever charged, "sales" that
            were the usual price, and alert services that sent the same e-mail three times.
          </p>
          <p className="text-slate-700">
            So we built the site we wanted to use: every price with the time we saw it, a full price history for every product, and alerts
            that tell you once, when it matters.
          </p>
        </section>
        <section aria-labelledby="about-mission" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="about-mission" className="mb-3 text-2xl font-bold text-slate-900">
            Our Mission
          </h2>
          <p className="mb-3 text-slate-700">
            To help UK shoppers pay less for the things they actually want, without being rushed by countdown clocks or misled by inflated
            list prices.
          </p>
          <p className="text-slate-700">
            We do that with evidence: the price history of each product, and an alert that waits for the price you decided on.
          </p>
        </section>
      </div>

      <section aria-labelledby="about-values">
        <h2 id="about-values" className="mb-4 text-2xl font-bold text-slate-900">
          Our Values
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {VALUES.map(({ title, text, Icon }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon className="mb-3 h-8 w-8 text-blue-700" aria-hidden="true" />
              <h3 className="mb-2 text-lg font-bold text-slate-900">{title}</h3>
              <p className="text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-team">
        <h2 id="about-team" className="mb-1 text-2xl font-bold text-slate-900">
          Meet Our Team
        </h2>
        <p className="mb-4 text-slate-700">A small team, four jobs:</p>
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {ROLES.map((member) => (
            <li key={member.role} className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
              <span className="mx-auto mb-3 flex h-14 w-14 items-center justify-center rounded-full bg-blue-100 text-blue-800">
                <member.Icon className="h-7 w-7" aria-hidden="true" />
              </span>
              <h3 className="mb-2 text-lg font-bold text-slate-900">{member.role}</h3>
              <p className="text-sm text-slate-700">{member.bio}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-company" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="about-company" className="mb-4 flex items-center gap-2 text-2xl font-bold text-slate-900">
          <BadgeCheck className="h-6 w-6 text-green-700" aria-hidden="true" />
          Company Information
        </h2>
        <div className="grid gap-6 text-slate-700 md:grid-cols-3">
          <div>
            <h3 className="mb-2 font-semibold text-slate-900">{company.name}</h3>
            <p className="whitespace-pre-line">{company.address}</p>
            <p className="mt-2 [&_a]:text-blue-800 [&_a]:underline">
              <ContactEmailLink email={company.email} />
            </p>
          </div>
          <nav aria-label="Quick links">
            <h3 className="mb-2 font-semibold text-slate-900">Quick Links</h3>
            <ul className="space-y-1 [&_a]:text-blue-800 [&_a]:underline">
              <li>
                <Link to={paths.todaysDeals()}>Today's Deals</Link>
              </li>
              <li>
                <Link to={paths.blog()}>Blog</Link>
              </li>
              <li>
                <Link to="/about">About</Link>
              </li>
              <li>
                <Link to={paths.contact()}>Contact Us</Link>
              </li>
            </ul>
          </nav>
          <nav aria-label="Legal">
            <h3 className="mb-2 font-semibold text-slate-900">Legal</h3>
            <ul className="space-y-1 [&_a]:text-blue-800 [&_a]:underline">
              <li>
                <Link to={paths.privacyPolicy()}>Privacy Policy</Link>
              </li>
              <li>
                <Link to={paths.termsOfService()}>Terms of Service</Link>
              </li>
              <li>
                <Link to={paths.cookiePolicy()}>Cookie Policy</Link>
              </li>
            </ul>
          </nav>
        </div>
      </section>
    </div>
  );
}
