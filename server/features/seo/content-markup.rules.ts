/**
 * The static pages' full text in the first HTML response (issue 10 part 2; docs/decisions/
 * 0010-first-html.md): the Privacy Policy, Terms of Service, Cookie Policy, FAQ, How It Works and
 * About pages rendered from common/content/*.ts, the same data the web app renders
 * (web/features/content/components/content-blocks.tsx), so a crawler without JavaScript reads the
 * words a visitor reads. Pure functions; every value goes through {@link html}, so it is escaped,
 * company details included. Layout and classes follow the app's components, so the swap to the app
 * is mild; the FAQ's categories are `<details>` (first open), which open without JavaScript too.
 */
import type { Block, CompanyDetails, Inline, RichText } from '../../../common/content/document';
import { plainText } from '../../../common/content/document';
import { ABOUT } from '../../../common/content/about';
import { FAQ_CATEGORIES, FAQ_FIRST_OPEN, FAQ_INTRO, FAQ_TITLE } from '../../../common/content/faq';
import { HOW_IT_WORKS } from '../../../common/content/how-it-works';
import type { LegalPage } from '../../../common/content/legal-pages';
import { paths } from '../../../common/paths';
import { html, type SafeHtml } from './html.rules';

function inlineMarkup(inline: Inline, company: CompanyDetails): SafeHtml | string {
  if (typeof inline === 'string') return inline;
  switch (inline.kind) {
    case 'strong':
      return html`<strong>${inline.text}</strong>`;
    case 'link':
      return html`<a href="${inline.href}">${inline.text}</a>`;
    case 'company':
      return company[inline.field];
    case 'email-link':
      return html`<a href="mailto:${company.email}">${company.email}</a>`;
  }
}

/** Rich text as escaped HTML. */
export function richTextMarkup(text: RichText, company: CompanyDetails): SafeHtml {
  return html`${text.map((inline) => inlineMarkup(inline, company))}`;
}

/** A page's sections as escaped HTML (the Cookie Policy's storage table as a table). */
export function blocksMarkup(blocks: readonly Block[], company: CompanyDetails): SafeHtml {
  return html`${blocks.map((block) => {
    switch (block.kind) {
      case 'h2':
        return html`<h2>${block.text}</h2>`;
      case 'p':
        return html`<p>${richTextMarkup(block.text, company)}</p>`;
      case 'ul':
        return html`<ul>
          ${block.items.map((item) => html`<li>${richTextMarkup(item, company)}</li>`)}
        </ul>`;
      case 'storage-table':
        return html`<div class="overflow-x-auto">
          <table class="w-full border-collapse text-left text-sm">
            <thead>
              <tr class="border-b border-slate-300">
                <th scope="col" class="py-2 pr-3">Name</th>
                <th scope="col" class="py-2 pr-3">Type</th>
                <th scope="col" class="py-2 pr-3">Purpose</th>
                <th scope="col" class="py-2">How long</th>
              </tr>
            </thead>
            <tbody>
              ${block.items.map(
                (row) =>
                  html`<tr class="border-b border-slate-200 align-top">
                    <td class="py-2 pr-3 font-mono text-xs break-words">${row.name}</td>
                    <td class="py-2 pr-3">${row.kind}</td>
                    <td class="py-2 pr-3">${row.purpose}</td>
                    <td class="py-2">${row.duration}</td>
                  </tr>`,
              )}
            </tbody>
          </table>
        </div>`;
    }
  })}`;
}

const BACK_HOME = html`<p class="flex flex-wrap gap-3 [&_a]:text-blue-800 [&_a]:underline"><a href="${paths.home()}">Home</a></p>`;

/** A legal page: title, 'Last updated', the line under it and its sections. */
export function legalPageMarkup(page: LegalPage, company: CompanyDetails): SafeHtml {
  return html`<div class="mx-auto max-w-3xl space-y-6">
    ${BACK_HOME}
    <article class="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <header class="mb-6 border-b border-slate-200 pb-6">
        <h1 class="text-3xl font-bold text-slate-900 sm:text-4xl">${page.title}</h1>
        <p class="mt-2 text-sm text-slate-600">Last updated: ${page.updated}</p>
        <p class="mt-4 text-lg text-slate-700">${page.intro}</p>
      </header>
      <div class="article-body">${blocksMarkup(page.body, company)}</div>
    </article>
  </div>`;
}

/** The FAQ: heading, the line under it and five `<details>` categories, the first open. */
export function faqMarkup(company: CompanyDetails): SafeHtml {
  return html`<div class="mx-auto max-w-3xl space-y-6">
    <header>
      <h1 class="text-3xl font-bold text-slate-900 sm:text-4xl">${FAQ_TITLE}</h1>
      <p class="mt-2 text-lg text-slate-700 [&_a]:text-blue-800 [&_a]:underline">${richTextMarkup(FAQ_INTRO, company)}</p>
    </header>
    <div class="space-y-4">
      ${FAQ_CATEGORIES.map(
        (category) =>
          html`<details
            class="rounded-xl border border-slate-200 bg-white shadow-sm"
            ${category.title === FAQ_FIRST_OPEN ? html`open` : ''}
          >
            <summary class="cursor-pointer rounded-xl px-5 py-4 text-lg font-bold text-slate-900">
              <h2 class="inline">${category.title}</h2>
            </summary>
            <dl class="space-y-4 border-t border-slate-200 px-5 py-4">
              ${category.items.map(
                (item) =>
                  html`<div>
                    <dt class="font-semibold text-slate-900">${item.q}</dt>
                    <dd class="mt-1 text-slate-700 [&_a]:text-blue-800 [&_a]:underline">${richTextMarkup(item.a, company)}</dd>
                  </div>`,
              )}
            </dl>
          </details>`,
      )}
    </div>
  </div>`;
}

/** How It Works: heading, intro, the four numbered steps and the two ways on. */
export function howItWorksMarkup(): SafeHtml {
  return html`<div class="mx-auto max-w-5xl space-y-8">
    <header class="text-center">
      <h1 class="text-3xl font-bold text-slate-900 sm:text-4xl">${HOW_IT_WORKS.title}</h1>
      <p class="mx-auto mt-2 max-w-2xl text-lg text-slate-700">${HOW_IT_WORKS.intro}</p>
    </header>
    <ol class="grid gap-6 md:grid-cols-2">
      ${HOW_IT_WORKS.steps.map(
        (step, index) =>
          html`<li class="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <div>
              <p class="text-sm font-semibold text-blue-800">Step ${index + 1}</p>
              <h2 class="mb-2 text-xl font-bold text-slate-900">${step.title}</h2>
              <p class="text-slate-700">${step.text}</p>
            </div>
          </li>`,
      )}
    </ol>
    <p class="flex flex-wrap justify-center gap-3 [&_a]:text-blue-800 [&_a]:underline">
      ${HOW_IT_WORKS.links.map((l) => html`<a href="${l.href}">${l.label}</a>`)}
    </p>
  </div>`;
}

function cardList(cards: typeof ABOUT.values, listClass: string, cardClass: string, textClass: string): SafeHtml {
  return html`<ul class="${listClass}">
    ${cards.map(
      (card) =>
        html`<li class="${cardClass}">
          <h3 class="mb-2 text-lg font-bold text-slate-900">${card.title}</h3>
          <p class="${textClass}">${card.text}</p>
        </li>`,
    )}
  </ul>`;
}

function textSection(section: { title: string; paragraphs: readonly string[] }): SafeHtml {
  return html`<section class="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
    <h2 class="mb-3 text-2xl font-bold text-slate-900">${section.title}</h2>
    ${section.paragraphs.map((text) => html`<p class="mb-3 text-slate-700">${text}</p>`)}
  </section>`;
}

/** About: every section of common/content/about.ts; the first statistic as before a catalogue exists. */
export function aboutMarkup(company: CompanyDetails, catalogueStat = ABOUT.emptyCatalogueStat): SafeHtml {
  const stats = [catalogueStat, ...ABOUT.stats];
  const links = (label: string, title: string, list: ReadonlyArray<{ href: string; label: string }>) =>
    html`<nav aria-label="${label}">
      <h3 class="mb-2 font-semibold text-slate-900">${title}</h3>
      <ul class="space-y-1 [&_a]:text-blue-800 [&_a]:underline">
        ${list.map((l) => html`<li><a href="${l.href}">${l.label}</a></li>`)}
      </ul>
    </nav>`;
  return html`<div class="space-y-12">
    <header class="rounded-2xl bg-gradient-to-br from-blue-900 to-blue-700 px-6 py-12 text-center text-white sm:px-12">
      <h1 class="text-3xl font-bold sm:text-4xl">${plainText(ABOUT.heading, company)}</h1>
      <p class="mx-auto mt-4 max-w-2xl text-lg text-blue-50">${ABOUT.tagline}</p>
    </header>
    <section>
      <h2 class="sr-only">${ABOUT.statsHeading}</h2>
      <ul class="grid grid-cols-2 gap-4 md:grid-cols-4">
        ${stats.map(
          (stat) =>
            html`<li class="rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm">
              <p class="text-3xl font-black text-blue-800">${stat.number}</p>
              <p class="mt-1 text-sm text-slate-700">${stat.label}</p>
            </li>`,
        )}
      </ul>
    </section>
    <div class="grid gap-8 md:grid-cols-2">${textSection(ABOUT.story)}${textSection(ABOUT.mission)}</div>
    <section>
      <h2 class="mb-4 text-2xl font-bold text-slate-900">${ABOUT.valuesTitle}</h2>
      ${cardList(ABOUT.values, 'grid gap-6 md:grid-cols-3', 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm', 'text-slate-700')}
    </section>
    <section>
      <h2 class="mb-1 text-2xl font-bold text-slate-900">${ABOUT.teamTitle}</h2>
      <p class="mb-4 text-slate-700">${ABOUT.teamIntro}</p>
      ${cardList(
        ABOUT.team,
        'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4',
        'rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm',
        'text-sm text-slate-700',
      )}
    </section>
    <section class="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 class="mb-4 text-2xl font-bold text-slate-900">${ABOUT.companyTitle}</h2>
      <div class="grid gap-6 text-slate-700 md:grid-cols-3">
        <div>
          <h3 class="mb-2 font-semibold text-slate-900">${company.name}</h3>
          <p class="whitespace-pre-line">${company.address}</p>
          <p class="mt-2 [&_a]:text-blue-800 [&_a]:underline"><a href="mailto:${company.email}">${company.email}</a></p>
        </div>
        ${links('Quick links', ABOUT.quickLinksTitle, ABOUT.quickLinks)} ${links('Legal', ABOUT.legalLinksTitle, ABOUT.legalLinks)}
      </div>
    </section>
  </div>`;
}
