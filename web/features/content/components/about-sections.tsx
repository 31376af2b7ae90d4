/**
 * About (content-and-account-pages §2.10): the sections of common/content/about.ts (header,
 * statistics, Our Story, Our Mission, Our Values, Meet Our Team, Company Information), the words
 * the server also sends in the first HTML response, with their icons. The departures from the spec
 * (no invented people, figures or awards) are explained in common/content/about.ts.
 */
import { Link } from 'react-router';
import type { ComponentType } from 'react';
import { BadgeCheck, Eye, LineChart, MessageCircle, Scale, Search, Users, Wrench } from 'lucide-react';
import { ABOUT, catalogueStat, type AboutCard } from '../../../../common/content/about';
import { useConfig } from '../../../lib/config.query';
import { ContactEmailLink, useCompany } from './company';
import { RichText } from './content-blocks';

const ICONS: Record<AboutCard['icon'], ComponentType<{ className?: string }>> = {
  eye: Eye,
  scale: Scale,
  users: Users,
  search: Search,
  'line-chart': LineChart,
  'message-circle': MessageCircle,
  wrench: Wrench,
};

function Statistics() {
  const { data } = useConfig();
  // The live catalogue size once there is one; before that, a fact that holds for every product.
  const stats = [data && data.catalogueSize > 0 ? catalogueStat(data.catalogueSize) : ABOUT.emptyCatalogueStat, ...ABOUT.stats];
  return (
    <section aria-labelledby="about-stats">
      <h2 id="about-stats" className="sr-only">
        {ABOUT.statsHeading}
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

function TextSection({ id, section }: { id: string; section: { title: string; paragraphs: readonly string[] } }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="mb-3 text-2xl font-bold text-slate-900">
        {section.title}
      </h2>
      {section.paragraphs.map((text, i) => (
        <p key={i} className={i < section.paragraphs.length - 1 ? 'mb-3 text-slate-700' : 'text-slate-700'}>
          {text}
        </p>
      ))}
    </section>
  );
}

function LinkList({ label, title, links }: { label: string; title: string; links: ReadonlyArray<{ href: string; label: string }> }) {
  return (
    <nav aria-label={label}>
      <h3 className="mb-2 font-semibold text-slate-900">{title}</h3>
      <ul className="space-y-1 [&_a]:text-blue-800 [&_a]:underline">
        {links.map((l) => (
          <li key={l.href}>
            <Link to={l.href}>{l.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AboutSections() {
  const company = useCompany();
  return (
    <div className="space-y-12">
      <header className="rounded-2xl bg-gradient-to-br from-blue-900 to-blue-700 px-6 py-12 text-center text-white sm:px-12">
        <h1 className="text-3xl font-bold sm:text-4xl">
          <RichText text={ABOUT.heading} />
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-blue-50">{ABOUT.tagline}</p>
      </header>

      <Statistics />

      <div className="grid gap-8 md:grid-cols-2">
        <TextSection id="about-story" section={ABOUT.story} />
        <TextSection id="about-mission" section={ABOUT.mission} />
      </div>

      <section aria-labelledby="about-values">
        <h2 id="about-values" className="mb-4 text-2xl font-bold text-slate-900">
          {ABOUT.valuesTitle}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {ABOUT.values.map(({ title, text, icon }) => {
            const Icon = ICONS[icon];
            return (
              <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <Icon className="mb-3 h-8 w-8 text-blue-700" aria-hidden="true" />
                <h3 className="mb-2 text-lg font-bold text-slate-900">{title}</h3>
                <p className="text-slate-700">{text}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="about-team">
        <h2 id="about-team" className="mb-1 text-2xl font-bold text-slate-900">
          {ABOUT.teamTitle}
        </h2>
        <p className="mb-4 text-slate-700">{ABOUT.teamIntro}</p>
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {ABOUT.team.map(({ title, text, icon }) => {
            const Icon = ICONS[icon];
            return (
              <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
                <span className="mx-auto mb-3 flex h-14 w-14 items-center justify-center rounded-full bg-blue-100 text-blue-800">
                  <Icon className="h-7 w-7" aria-hidden="true" />
                </span>
                <h3 className="mb-2 text-lg font-bold text-slate-900">{title}</h3>
                <p className="text-sm text-slate-700">{text}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="about-company" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="about-company" className="mb-4 flex items-center gap-2 text-2xl font-bold text-slate-900">
          <BadgeCheck className="h-6 w-6 text-green-700" aria-hidden="true" />
          {ABOUT.companyTitle}
        </h2>
        <div className="grid gap-6 text-slate-700 md:grid-cols-3">
          <div>
            <h3 className="mb-2 font-semibold text-slate-900">{company.name}</h3>
            <p className="whitespace-pre-line">{company.address}</p>
            <p className="mt-2 [&_a]:text-blue-800 [&_a]:underline">
              <ContactEmailLink email={company.email} />
            </p>
          </div>
          <LinkList label="Quick links" title={ABOUT.quickLinksTitle} links={ABOUT.quickLinks} />
          <LinkList label="Legal" title={ABOUT.legalLinksTitle} links={ABOUT.legalLinks} />
        </div>
      </section>
    </div>
  );
}
