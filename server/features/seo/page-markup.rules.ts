/**
 * The plain, semantic HTML a crawler without JavaScript sees inside `<div id="root">` (issue 10
 * part 2; docs/decisions/0010-first-html.md): a site header with the main links, the page's `<main>`
 * (its heading and content) and a footer with the spec's footer links (content-and-account-pages
 * §2.12). Pure functions of their data; every value goes through {@link html}, so it is escaped.
 * The client's createRoot replaces all of it when the app starts. Classes are ones the web app
 * already uses, so the built stylesheet styles this markup too.
 */
import type { BlogArticle, BlogSummary } from '../../../common/api/blog.schema';
import type { Product } from '../../../common/api/products.schema';
import { formatPriceString } from '../../../common/money';
import { paths } from '../../../common/paths';
import { SHOPPER_CATEGORIES } from '../../../common/categories';
import { ukDateTime, ukLongDate } from '../../../common/uk-time';
import { html, trustedHtml, type SafeHtml } from './html.rules';

export { ukDateTime, ukLongDate };

const HEADER_LINKS: ReadonlyArray<[string, string]> = [
  [paths.home(), 'Home'],
  [paths.todaysDeals(), "Today's Deals"],
  [paths.trending(), 'Trending'],
  [paths.search(), 'Search'],
  [paths.blog(), 'Blog'],
];

const FOOTER_LINKS: ReadonlyArray<[string, string]> = [
  [paths.todaysDeals(), "Today's Deals"],
  [paths.blog(), 'Blog'],
  [paths.about(), 'About Us'],
  [paths.contact(), 'Contact Us'],
  [paths.faq(), 'FAQ'],
  [paths.howItWorks(), 'How It Works'],
  [paths.privacyPolicy(), 'Privacy Policy'],
  [paths.termsOfService(), 'Terms of Service'],
  [paths.cookiePolicy(), 'Cookie Policy'],
];

function linkList(links: ReadonlyArray<readonly [string, string]>): SafeHtml {
  return html`<ul class="flex flex-wrap gap-4">
    ${links.map(([href, label]) => html`<li><a href="${href}">${label}</a></li>`)}
  </ul>`;
}

/** The whole page: header, `<main>` with `content`, footer with the category and footer links. */
export function pageShell(content: SafeHtml): SafeHtml {
  const categories = SHOPPER_CATEGORIES.map((c) => [paths.categoryDeals(c.key), c.name] as const);
  return html`<header data-first-html class="border-b border-slate-200 bg-white">
      <div class="mx-auto max-w-6xl px-4 py-3">
        <a href="/" class="font-bold text-slate-900">Deal Alerts UK</a>
        <nav aria-label="Main">${linkList(HEADER_LINKS)}</nav>
      </div>
    </header>
    <main id="main-content" class="mx-auto max-w-6xl px-4 py-6">${content}</main>
    <footer class="border-t border-slate-200 bg-white">
      <div class="mx-auto max-w-6xl px-4 py-6">
        <nav aria-label="Categories">${linkList(categories)}</nav>
        <nav aria-label="Footer">${linkList(FOOTER_LINKS)}</nav>
        <p>As an Amazon Associate we earn from qualifying purchases.</p>
      </div>
    </footer>`;
}

/** The line a product shows instead of a price we may not show (Amazon's data over 24 hours old, decision 0014). */
export const TODAYS_PRICE_TEXT = "See today's price on Amazon";

/** The link to today's price at Amazon (our tracked redirect), shown instead of a hidden price. */
function todaysPriceLink(asin: string): SafeHtml {
  return html`<p><a href="${paths.go(asin)}" rel="sponsored nofollow">${TODAYS_PRICE_TEXT}</a></p>`;
}

/**
 * One product as a list item: name (linked to its page), price, saving and "as of" time; a link to
 * today's price on Amazon when the price may not be shown.
 */
export function productItem(product: Product): SafeHtml {
  if (product.price === null || product.asOf === null)
    return html`<li>
      <article>
        <h2 class="font-semibold text-slate-900"><a href="${paths.product(product.asin)}">${product.title}</a></h2>
        ${todaysPriceLink(product.asin)}
      </article>
    </li>`;
  const was = product.originalPrice
    ? html` <span
        >was <s>${formatPriceString(product.originalPrice)}</s>${product.savingBasisLabel ? html` (${product.savingBasisLabel})` : ''}</span
      >`
    : '';
  const off = product.discountPercent ? html` <span>${product.discountPercent}% off</span>` : '';
  if (product.priceStale)
    return html`<li>
      <article>
        <h2 class="font-semibold text-slate-900"><a href="${paths.product(product.asin)}">${product.title}</a></h2>
        ${lastSeenMarkup(product.price, product.asOf)} ${todaysPriceLink(product.asin)}
      </article>
    </li>`;
  return html`<li>
    <article>
      <h2 class="font-semibold text-slate-900"><a href="${paths.product(product.asin)}">${product.title}</a></h2>
      <p><span>${formatPriceString(product.price)}</span>${was}${off}</p>
      <p class="text-sm text-slate-600">Price as of <time datetime="${product.asOf}">${ukDateTime(product.asOf)}</time></p>
    </article>
  </li>`;
}

/** A listing: heading, intro, the products and a link to the next page when there is one. */
export function listingMarkup(args: {
  heading: string;
  intro: string;
  products: readonly Product[];
  emptyText: string;
  nextPageHref?: string | undefined;
}): SafeHtml {
  const list =
    args.products.length > 0
      ? html`<ul class="grid gap-4">
          ${args.products.map(productItem)}
        </ul>`
      : html`<p>${args.emptyText}</p>`;
  const next = args.nextPageHref ? html`<p><a href="${args.nextPageHref}" rel="next">Next page</a></p>` : '';
  return html`<h1 class="text-2xl font-bold text-slate-900 sm:text-3xl">${args.heading}</h1>
    <p class="text-slate-700">${args.intro}</p>
    ${list}${next}`;
}

/**
 * "Last seen £X on {date}" for a feed's price older than FEED_PRICE_MAX_AGE_DAYS (issue 27: never
 * shown as current; docs/pricing/reference-prices.md).
 */
function lastSeenMarkup(price: string, asOf: string): SafeHtml {
  return html`<p>Last seen at ${formatPriceString(price)} on <time datetime="${asOf}">${ukDateTime(asOf)}</time></p>`;
}

/** The price block of the product page: price, saving and "as of" time, or the link to today's price. */
function productPriceMarkup(product: Product): SafeHtml {
  if (product.price === null || product.asOf === null) return todaysPriceLink(product.asin);
  if (product.priceStale) return html`${lastSeenMarkup(product.price, product.asOf)} ${todaysPriceLink(product.asin)}`;
  const was = product.originalPrice
    ? html`<p>
        Was
        <s>${formatPriceString(product.originalPrice)}</s
        >${product.savingBasisLabel ? html` (${product.savingBasisLabel})` : ''}${product.discountPercent ? html`, ${product.discountPercent}% off` : ''}
      </p>`
    : '';
  return html`<p class="text-2xl font-bold">${formatPriceString(product.price)}</p>
    ${was}
    <p class="text-sm text-slate-600">
      Price as of <time datetime="${product.asOf}">${ukDateTime(product.asOf)}</time>. Prices and availability are accurate as of the date
      and time indicated and are subject to change.
    </p>`;
}

/** The product page: name, price, saving, "as of" time (or the link to today's price), features and the Amazon link. */
export function productMarkup(product: Product): SafeHtml {
  const features =
    product.features.length > 0
      ? html`<h2 class="font-semibold">Features</h2>
          <ul>
            ${product.features.map((f) => html`<li>${f}</li>`)}
          </ul>`
      : '';
  return html`<article>
    <h1 id="product-title" class="text-xl font-bold text-slate-900 sm:text-2xl">${product.title}</h1>
    ${product.brand ? html`<p>Brand: ${product.brand}</p>` : ''} ${productPriceMarkup(product)} ${features}
    <p><a href="${paths.go(product.asin)}" rel="sponsored nofollow">View on Amazon</a></p>
  </article>`;
}

/** The blog list: heading and every article with its date, read time and excerpt. */
export function blogListMarkup(articles: readonly BlogSummary[]): SafeHtml {
  const items = articles.map(
    (a) =>
      html`<li>
        <article>
          <h2 class="font-semibold"><a href="${paths.blogArticle(a.slug)}">${a.title}</a></h2>
          <p class="text-sm text-slate-600">
            ${a.category} · <time datetime="${a.date}">${ukLongDate(new Date(`${a.date}T12:00:00Z`))}</time> · ${a.readTime}
          </p>
          <p>${a.excerpt}</p>
        </article>
      </li>`,
  );
  return html`<h1 class="text-3xl font-bold text-slate-900 sm:text-4xl">Deal Hunting Blog</h1>
    <p class="text-slate-700">Practical, honest advice on finding real deals on Amazon UK.</p>
    <ul class="grid gap-4">
      ${items}
    </ul>`;
}

/** A blog article: back link, category, title, author, date, read time and the sanitised body. */
export function articleMarkup(article: BlogArticle): SafeHtml {
  return html`<article>
    <p><a href="${paths.blog()}">Back to Blog</a></p>
    <p>${article.category}</p>
    <h1 class="text-2xl font-bold text-slate-900 sm:text-4xl">${article.title}</h1>
    <p class="text-sm text-slate-600">
      ${article.author} · <time datetime="${article.date}">${ukLongDate(new Date(`${article.date}T12:00:00Z`))}</time> · ${article.readTime}
    </p>
    <div class="prose">${trustedHtml(article.content)}</div>
  </article>`;
}

/** A page known only by its heading and a sentence (static and account pages). */
export function simpleMarkup(heading: string, text: string): SafeHtml {
  return html`<h1 class="text-3xl font-bold text-slate-900 sm:text-4xl">${heading}</h1>
    <p class="text-slate-700">${text}</p>`;
}

/** The not-found page: heading, hint and the way back. */
export function notFoundMarkup(heading: string, hint: string): SafeHtml {
  return html`<h1 class="text-2xl font-bold text-slate-900">${heading}</h1>
    <p class="text-slate-700">${hint}</p>
    <p>
      <a href="${paths.home()}">Back to Home</a> · <a href="${paths.todaysDeals()}">Today's Deals</a> · <a href="${paths.blog()}">Blog</a>
    </p>`;
}
