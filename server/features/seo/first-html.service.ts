/**
 * The first HTML response of every page (issue 10 part 2; docs/decisions/0010-first-html.md): for a
 * path of the route table (content-and-account-pages §2.1, mirrored from web/router.tsx through
 * common/paths.ts), its title, meta description, canonical URL, robots rule, JSON-LD and the plain
 * semantic HTML of its main content, built from the same services the API answers from. Paths no
 * route covers, unknown blog slugs, unknown category keys, owners' category slugs that are not
 * active and unknown ASINs answer status 404 (the web app then shows its own not-found screen).
 *
 * Catalogue pages (listings, search, product pages) are cached by catalogue version, like the API's
 * answers (docs/decisions/0006-answer-cache.md); the home page's key holds the UK date of its heading.
 */
import { ASIN_PATTERN } from '../../../common/affiliate';
import { categoryPageSlugSchema } from '../../../common/api/deals.schema';
import { searchCriteriaSchema } from '../../../common/api/products.schema';
import { getShopperCategory } from '../../../common/categories';
import { paths, routePatterns } from '../../../common/paths';
import { catalogueVersionOf } from '../../catalogue-version';
import type { Db } from '../../db/client';
import { VersionedCache } from '../../http/answer-cache';
import { findArticle, listArticles } from '../blog/blog.service';
import { getCategoryPage, getCategoryPageProducts } from '../category-pages/category-pages.service';
import { listTodaysDeals, listTrending } from '../products/deals.service';
import { createListingCaches, type ListingCaches } from '../products/listing-cache';
import { normaliseCriteria, productDetail, searchProducts } from '../products/products.service';
import { jsonLdScript, type SafeHtml } from './html.rules';
import {
  articleMarkup,
  blogListMarkup,
  listingMarkup,
  notFoundMarkup,
  pageShell,
  productMarkup,
  simpleMarkup,
  ukDateTime,
  ukLongDate,
} from './page-markup.rules';
import { STATIC_PAGES, type StaticPageHead } from './static-pages.rules';
import { articleJsonLd, productJsonLd } from './structured-data.rules';

/** Products a listing's first HTML shows (the web app's page size is 24). */
export const FIRST_HTML_PAGE_SIZE = 24;
const SITE = 'Deal Alerts UK';

/** What the server puts in the page for one path. */
export interface FirstHtml {
  /** 200, or 404 for a path or item that does not exist. */
  status: 200 | 404;
  /** The whole `<title>`, e.g. "Trending Deals | Deal Alerts UK". */
  title: string;
  /** Meta description, plain text (escaped when written). */
  description: string;
  /** Absolute canonical URL (PUBLIC_URL + path), or null for a 404. */
  canonical: string | null;
  /** Meta robots, e.g. "noindex, follow"; undefined to let crawlers index. */
  robots?: string | undefined;
  /** JSON-LD blocks (schema.org Product, Article). */
  jsonLd: SafeHtml[];
  /** The markup placed inside `<div id="root">`. */
  body: SafeHtml;
}

/** A page, or a permanent redirect (the old `/todaysdeals2` spelling). */
export type FirstHtmlAnswer = { kind: 'page'; page: FirstHtml } | { kind: 'redirect'; location: string };

/** What the first HTML is built from. */
export interface FirstHtmlDeps {
  db: Db;
  /** The default Associates tag (AFFILIATE_TAG). */
  affiliateTag: string;
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /** COMPANY_NAME, the publisher of the articles. */
  companyName: string;
  clock: () => Date;
}

interface Ctx extends FirstHtmlDeps {
  caches: ListingCaches;
}
type Render = (params: string[], query: URLSearchParams, ctx: Ctx) => Promise<FirstHtmlAnswer>;

function fullTitle(title: string): string {
  return title ? `${title} | ${SITE}` : SITE;
}

function page(ctx: Ctx, p: { title: string; description: string; path: string; body: SafeHtml; robots?: string; jsonLd?: SafeHtml[] }) {
  return {
    kind: 'page',
    page: {
      status: 200,
      title: fullTitle(p.title),
      description: p.description.length > 300 ? `${p.description.slice(0, 297)}…` : p.description,
      canonical: `${ctx.publicUrl}${p.path}`,
      robots: p.robots,
      jsonLd: p.jsonLd ?? [],
      body: pageShell(p.body),
    },
  } as const satisfies FirstHtmlAnswer;
}

/** The 404 page: the heading the web app shows for this kind of missing thing, and a hint. */
export function notFoundPage(
  heading = '404 Page Not Found',
  hint = 'The page you asked for does not exist or has moved.',
): FirstHtmlAnswer {
  return {
    kind: 'page',
    page: {
      status: 404,
      title: fullTitle('Page Not Found'),
      description: hint,
      canonical: null,
      robots: 'noindex',
      jsonLd: [],
      body: pageShell(notFoundMarkup(heading, hint)),
    },
  };
}

/** `?page=` as a whole number 1..10,000 (1 when absent or malformed). */
function pageParam(query: URLSearchParams): number {
  const n = Number(query.get('page') ?? '1');
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

function withPage(path: string, pageNumber: number): string {
  return pageNumber > 1 ? `${path}${path.includes('?') ? '&' : '?'}page=${pageNumber}` : path;
}

const renderHome: Render = async (_params, _query, ctx) => {
  const listing = await listTodaysDeals(ctx.db, ctx.caches.counts, ctx.affiliateTag, { page: 1, itemCount: FIRST_HTML_PAGE_SIZE });
  return page(ctx, {
    title: "Today's Top Deals",
    description: "Today's best Amazon UK deals with honest prices, price history and free price-drop e-mail alerts.",
    path: paths.home(),
    body: listingMarkup({
      heading: `Today's Top Deals - ${ukLongDate(ctx.clock())}`,
      intro: 'Honest Amazon UK deals: every saving is checked against the price history, and every price shows when it was checked.',
      products: listing.products,
      emptyText: 'No deals yet: the catalogue is empty.',
      nextPageHref: listing.totalPages > 1 ? withPage(paths.todaysDeals(), 2) : undefined,
    }),
  });
};

function listingRenderer(kind: 'deals' | 'trending'): Render {
  return async (params, query, ctx) => {
    const key = params[0] ?? query.get('category') ?? undefined;
    const category = key ? getShopperCategory(key) : undefined;
    if (key && !category) return notFoundPage('Category not found', `There is no category "${key}". Browse today's deals instead.`);
    const requested = pageParam(query);
    const list = kind === 'trending' ? listTrending : listTodaysDeals;
    const listing = await list(ctx.db, ctx.caches.counts, ctx.affiliateTag, {
      category: category?.key,
      page: requested,
      itemCount: FIRST_HTML_PAGE_SIZE,
    });
    const base =
      kind === 'trending'
        ? paths.trending()
        : params[0] && category
          ? paths.categoryDeals(category.key)
          : category
            ? `${paths.todaysDeals()}?category=${category.key}`
            : paths.todaysDeals();
    const heading =
      kind === 'trending'
        ? 'Trending Deals'
        : params[0] && category
          ? `Today's Top ${category.name} Deals`
          : `Today's ${category ? `${category.name} ` : ''}Deals`;
    const intro =
      kind === 'trending'
        ? 'The Amazon UK products shoppers are watching most right now, with honest prices.'
        : category
          ? `${category.description} Honest savings, biggest first, with the time each price was checked.`
          : 'Every Amazon UK deal we can vouch for today, biggest honest saving first, with the time each price was checked.';
    return page(ctx, {
      title: listing.page > 1 ? `${heading} (page ${listing.page})` : heading,
      description: intro,
      path: withPage(base, listing.page),
      body: listingMarkup({
        heading,
        intro,
        products: listing.products,
        emptyText: 'No products in this category yet.',
        nextPageHref: listing.page < listing.totalPages ? withPage(base, listing.page + 1) : undefined,
      }),
    });
  };
}

const renderSearch: Render = async (_params, query, ctx) => {
  const term = (query.get('q') ?? '').trim().slice(0, 200);
  const parsed = searchCriteriaSchema.safeParse({ keywords: term, page: pageParam(query), itemCount: 20, maxPrice: 99999, minRating: 1 });
  const runnable = term.length >= 3 && parsed.success;
  const results = runnable ? await searchProducts(ctx.db, ctx.caches, ctx.affiliateTag, normaliseCriteria(parsed.data)) : null;
  return page(ctx, {
    title: term ? `Search: ${term}` : 'Search',
    description: term
      ? `Amazon UK products matching "${term}", with honest prices and price-drop alerts.`
      : 'Search Amazon UK products by name, with honest prices and price-drop alerts.',
    path: paths.search(term || undefined),
    // Result pages of our own search are not for the index; their products are, through links.
    robots: term ? 'noindex, follow' : undefined,
    body: listingMarkup({
      heading: term ? `Results for "${term}"` : 'Search',
      intro: term ? `${results?.total ?? 0} products found.` : 'Type at least three letters to search the catalogue.',
      products: results?.products ?? [],
      emptyText: term ? 'No products match your search.' : '',
    }),
  });
};

const renderProduct: Render = async ([asin = ''], _query, ctx) => {
  const missing = () => notFoundPage('Deal not found', 'We hold no product with this ASIN. Browse today\u2019s deals instead.');
  if (!ASIN_PATTERN.test(asin)) return missing();
  const detail = await productDetail(ctx.db, ctx.affiliateTag, asin, ctx.clock());
  if (!detail) return missing();
  const { product } = detail;
  const path = paths.product(product.asin);
  return page(ctx, {
    title: product.title,
    description: `${product.title}: £${product.price} on Amazon UK (price as of ${ukDateTime(product.asOf)}), with its price history and free price-drop alerts.`,
    path,
    jsonLd: [jsonLdScript(productJsonLd(product, `${ctx.publicUrl}${path}`))],
    body: productMarkup(product),
  });
};

const renderOwnerPage: Render = async ([slug = ''], _query, ctx) => {
  if (!categoryPageSlugSchema.safeParse(slug).success) return notFoundPage();
  const found = await getCategoryPage(ctx.db, slug);
  const productsOutcome = found.ok ? await getCategoryPageProducts(ctx.db, ctx.affiliateTag, slug) : null;
  if (!found.ok || !productsOutcome?.ok) return notFoundPage(`Category "${slug}" not found`, 'There is no category page at this address.');
  const info = found.value.categoryPage;
  return page(ctx, {
    title: info.name,
    description: info.description || `${info.name}: hand-picked Amazon UK products with honest prices.`,
    path: paths.categoryPage(info.slug),
    body: listingMarkup({
      heading: info.name,
      intro: info.description || 'Hand-picked Amazon UK products with honest prices.',
      products: productsOutcome.value.products.slice(0, 100),
      emptyText: 'The owners have not added products to this page yet.',
    }),
  });
};

const renderBlog: Render = async (_params, _query, ctx) =>
  page(ctx, {
    title: 'Deal Hunting Blog',
    description: 'Practical, honest advice on finding real deals on Amazon UK: price alerts, sale seasons, fake discounts and more.',
    path: paths.blog(),
    body: blogListMarkup(await listArticles()),
  });

const renderArticle: Render = async ([slug = ''], _query, ctx) => {
  const article = await findArticle(slug);
  if (!article) return notFoundPage('Article Not Found', 'There is no article at this address. The blog lists them all.');
  const path = paths.blogArticle(article.slug);
  return page(ctx, {
    title: article.title,
    description: article.excerpt,
    path,
    jsonLd: [jsonLdScript(articleJsonLd(article, `${ctx.publicUrl}${path}`, ctx.publicUrl, ctx.companyName))],
    body: articleMarkup(article),
  });
};

function staticRenderer(key: keyof typeof STATIC_PAGES): Render {
  return async (_params, _query, ctx) => {
    const s: StaticPageHead = STATIC_PAGES[key];
    return page(ctx, {
      title: s.title,
      description: s.description,
      path: s.path,
      robots: s.robots,
      body: simpleMarkup(s.heading, s.description),
    });
  };
}

const redirectToTrending: Render = async (_params, query) => {
  const search = query.toString();
  return { kind: 'redirect', location: `${paths.trending()}${search ? `?${search}` : ''}` };
};

/** `/deals` (the spec's deals screen, contents not shown) → today's deals, keeping the query. */
const redirectToTodaysDeals: Render = async (_params, query) => {
  const search = query.toString();
  return { kind: 'redirect', location: `${paths.todaysDeals()}${search ? `?${search}` : ''}` };
};

/** `deals/:asin` → /^\/deals\/([^/]+)\/?$/; a trailing `/*` matches the rest (or nothing). */
export function patternToRegExp(pattern: string): RegExp {
  const rest = pattern.endsWith('/*');
  const segments = (rest ? pattern.slice(0, -2) : pattern)
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? '([^/]+)' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}${rest ? '(?:/.*)?' : '/?'}$`);
}

const r = routePatterns;
/** The route table in web/router.tsx's order; the single-segment catch-all comes last. */
const ROUTES: ReadonlyArray<[string[], Render, boolean]> = [
  // [patterns, render, cached by catalogue version]
  [[r.home, r.dealAlerts], renderHome, true],
  [[r.todaysDeals], listingRenderer('deals'), true],
  [[r.trending], listingRenderer('trending'), true],
  [[r.trendingAlias], redirectToTrending, false],
  [[r.dealsScreen], redirectToTodaysDeals, false],
  [[r.categoryDeals, r.categoryDealsAlias], listingRenderer('deals'), true],
  [[r.categoryPage], renderOwnerPage, false],
  [[r.search], renderSearch, true],
  [[r.product], renderProduct, true],
  [[r.blog], renderBlog, false],
  [[r.blogArticle], renderArticle, false],
  [[r.confirmEmail], staticRenderer('confirmEmail'), false],
  [[r.unsubscribe], staticRenderer('unsubscribe'), false],
  [[r.signup], staticRenderer('signup'), false],
  [[r.deal, r.dealPreset], staticRenderer('deal'), false],
  [[r.about, r.aboutUs], staticRenderer('about'), false],
  [[r.contact, r.contactUs], staticRenderer('contact'), false],
  [[r.faq], staticRenderer('faq'), false],
  [[r.howItWorks], staticRenderer('howItWorks'), false],
  [[r.privacyPolicy], staticRenderer('privacyPolicy'), false],
  [[r.termsOfService], staticRenderer('termsOfService'), false],
  [[r.cookiePolicy], staticRenderer('cookiePolicy'), false],
  [[r.subscribe, `${r.subscribe}/*`], staticRenderer('subscribe'), false],
  // The admin area (issue 11) is not for crawlers, but it is a page.
  [['admin/*', 'management/*'], staticRenderer('admin'), false],
  [[r.categoryPageCatchAll], renderOwnerPage, false],
];
const MATCHERS = ROUTES.flatMap(([patterns, render, cached]) => patterns.map((p) => ({ re: patternToRegExp(p), render, cached })));

/**
 * The first-HTML renderer of one app: `(pathname, query)` → the page (or a redirect). `pathname` is
 * decoded and starts with '/'. Rejects only when the database fails (the caller answers the plain
 * page). Catalogue pages are cached by catalogue version, at most 500 of them.
 */
export function createFirstHtml(deps: FirstHtmlDeps): (pathname: string, query: URLSearchParams) => Promise<FirstHtmlAnswer> {
  const ctx: Ctx = { ...deps, caches: createListingCaches(deps.db) };
  const cache = new VersionedCache<FirstHtmlAnswer>(catalogueVersionOf(deps.db), { maxEntries: 500, maxBytes: 16 * 1024 * 1024 }, (a) =>
    a.kind === 'page' ? a.page.body.value.length * 2 + 512 : 64,
  );
  return async (pathname, query) => {
    for (const m of MATCHERS) {
      const match = m.re.exec(pathname);
      if (!match) continue;
      const params = match.slice(1).filter((p): p is string => p !== undefined);
      if (!m.cached) return m.render(params, query, ctx);
      const key = `${pathname}?${[...query].sort().join('&')}|${ukLongDate(ctx.clock())}`;
      return (await cache.get(key, () => m.render(params, query, ctx))) as FirstHtmlAnswer;
    }
    return notFoundPage();
  };
}
