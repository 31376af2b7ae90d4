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
 * Amazon's prices follow the licence's 24 hours (docs/decisions/0014-amazon-data-24h.md): each page
 * is built with a public price view at the request's clock, and a cached page is not served once
 * its first Amazon price passes 24 hours.
 */
import { ASIN_PATTERN } from '../../../common/affiliate';
import { categoryPageSlugSchema } from '../../../common/api/deals.schema';
import { searchCriteriaSchema } from '../../../common/api/products.schema';
import { getShopperCategory } from '../../../common/categories';
import { ABOUT, catalogueStat } from '../../../common/content/about';
import type { CompanyDetails } from '../../../common/content/document';
import { COOKIE_POLICY } from '../../../common/content/cookie-policy';
import { PRIVACY_POLICY } from '../../../common/content/privacy-policy';
import { TERMS_OF_SERVICE } from '../../../common/content/terms-of-service';
import {
  clipDescription,
  describe,
  fullTitle,
  NOINDEX,
  pageParam,
  pageRoute,
  patternToRegExp,
  searchTerm,
  STATIC_PAGES,
  withPage,
  type StaticPageHead,
  type StaticPageKey,
} from '../../../common/page-meta';
import { paths, routePatterns } from '../../../common/paths';
import { catalogueVersionOf } from '../../catalogue-version';
import type { Db } from '../../db/client';
import { VersionedCache } from '../../http/answer-cache';
import { findArticle, listArticles } from '../blog';
import { getCategoryPage, getCategoryPageProducts } from '../category-pages';
import {
  createListingCaches,
  listTodaysDeals,
  listTrending,
  normaliseCriteria,
  productDetail,
  publicPriceView,
  searchProducts,
  type ListingCaches,
  type PriceView,
} from '../products';
import { jsonLdScript, type SafeHtml } from './html.rules';
import {
  articleMarkup,
  blogListMarkup,
  listingMarkup,
  notFoundMarkup,
  pageShell,
  productMarkup,
  simpleMarkup,
  ukLongDate,
} from './page-markup.rules';
import { aboutMarkup, faqMarkup, howItWorksMarkup, legalPageMarkup } from './content-markup.rules';
import { countProducts } from './seo.queries';
import { articleJsonLd, productJsonLd } from './structured-data.rules';

/** Products a listing's first HTML shows (the web app's page size is 24). */
export const FIRST_HTML_PAGE_SIZE = 24;

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
  /** COMPANY_NAME (the publisher of the articles), COMPANY_ADDRESS and CONTACT_EMAIL, for the static pages' text. */
  company: CompanyDetails;
  clock: () => Date;
}

interface Ctx extends FirstHtmlDeps {
  caches: ListingCaches;
  /** What this page may show of prices (a public view at the request's clock). */
  prices: PriceView;
}
type Render = (params: string[], query: URLSearchParams, ctx: Ctx) => Promise<FirstHtmlAnswer>;

/**
 * A found page. Its canonical link and robots rule are filled in by {@link createFirstHtml} from
 * common/page-meta.ts `pageRoute`, the rule the web app applies after a client-side navigation.
 */
function page(p: { title: string; description: string; body: SafeHtml; jsonLd?: SafeHtml[] }) {
  return {
    kind: 'page',
    page: {
      status: 200,
      title: fullTitle(p.title),
      description: clipDescription(p.description),
      canonical: null,
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
      robots: NOINDEX,
      jsonLd: [],
      body: pageShell(notFoundMarkup(heading, hint)),
    },
  };
}

const renderHome: Render = async (_params, _query, ctx) => {
  const listing = await listTodaysDeals(
    ctx.db,
    ctx.caches.counts,
    ctx.affiliateTag,
    { page: 1, itemCount: FIRST_HTML_PAGE_SIZE },
    ctx.prices,
  );
  // Issue 27: deal words only over verified deals (the web app's home says the same).
  const deals = listing.verifiedDeals > 0;
  return page({
    title: deals ? "Today's Top Deals" : 'Prices we track',
    description: describe.home(),
    body: listingMarkup({
      heading: `${deals ? "Today's Top Deals" : 'Prices we track'} - ${ukLongDate(ctx.clock())}`,
      intro: deals
        ? 'Honest Amazon UK deals: every saving is checked against the price history, and every price shows when it was checked.'
        : 'No product has a saving we can verify yet: these are the Amazon UK prices we track, each with the time it was observed.',
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
    const listing = await list(
      ctx.db,
      ctx.caches.counts,
      ctx.affiliateTag,
      { category: category?.key, page: requested, itemCount: FIRST_HTML_PAGE_SIZE },
      ctx.prices,
    );
    const base =
      kind === 'trending'
        ? paths.trending()
        : params[0] && category
          ? paths.categoryDeals(category.key)
          : category
            ? `${paths.todaysDeals()}?category=${category.key}`
            : paths.todaysDeals();
    const { heading, intro } = describe.listing(kind, category ?? null, Boolean(params[0]), listing.verifiedDeals, listing.orderedBy);
    return page({
      title: listing.page > 1 ? `${heading} (page ${listing.page})` : heading,
      description: intro,
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
  const term = searchTerm(query);
  const parsed = searchCriteriaSchema.safeParse({ keywords: term, page: pageParam(query), itemCount: 20, maxPrice: 99999, minRating: 1 });
  const runnable = term.length >= 3 && parsed.success;
  const results = runnable ? await searchProducts(ctx.db, ctx.caches, ctx.affiliateTag, normaliseCriteria(parsed.data), ctx.prices) : null;
  return page({
    title: term ? `Search: ${term}` : 'Search',
    description: describe.search(term),
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
  const detail = await productDetail(ctx.db, ctx.affiliateTag, asin, ctx.clock(), ctx.prices);
  if (!detail) return missing();
  const { product } = detail;
  const path = paths.product(product.asin);
  return page({
    title: product.title,
    description: describe.product(product),
    jsonLd: [jsonLdScript(productJsonLd(product, `${ctx.publicUrl}${path}`))],
    body: productMarkup(product),
  });
};

const renderOwnerPage: Render = async ([slug = ''], _query, ctx) => {
  if (!categoryPageSlugSchema.safeParse(slug).success) return notFoundPage();
  const found = await getCategoryPage(ctx.db, slug);
  const productsOutcome = found.ok ? await getCategoryPageProducts(ctx.db, ctx.affiliateTag, slug, ctx.prices) : null;
  if (!found.ok || !productsOutcome?.ok) return notFoundPage(`Category "${slug}" not found`, 'There is no category page at this address.');
  const info = found.value.categoryPage;
  return page({
    title: info.name,
    description: describe.categoryPage(info),
    body: listingMarkup({
      heading: info.name,
      intro: info.description || 'Hand-picked Amazon UK products with honest prices.',
      products: productsOutcome.value.products.slice(0, 100),
      emptyText: 'The owners have not added products to this page yet.',
    }),
  });
};

const renderBlog: Render = async () =>
  page({
    title: 'Deal Hunting Blog',
    description: describe.blog(),
    body: blogListMarkup(await listArticles()),
  });

const renderArticle: Render = async ([slug = ''], _query, ctx) => {
  const article = await findArticle(slug);
  if (!article) return notFoundPage('Article Not Found', 'There is no article at this address. The blog lists them all.');
  const path = paths.blogArticle(article.slug);
  return page({
    title: article.title,
    description: describe.article(article),
    jsonLd: [jsonLdScript(articleJsonLd(article, `${ctx.publicUrl}${path}`, ctx.publicUrl, ctx.company.name))],
    body: articleMarkup(article),
  });
};

/** The main content of the pages whose full text lives in common/content/*.ts. */
const FULL_TEXT: Partial<Record<StaticPageKey, (ctx: Ctx) => Promise<SafeHtml>>> = {
  privacyPolicy: async (ctx) => legalPageMarkup(PRIVACY_POLICY, ctx.company),
  termsOfService: async (ctx) => legalPageMarkup(TERMS_OF_SERVICE, ctx.company),
  cookiePolicy: async (ctx) => legalPageMarkup(COOKIE_POLICY, ctx.company),
  faq: async (ctx) => faqMarkup(ctx.company),
  howItWorks: async () => howItWorksMarkup(),
  // The first statistic as the app shows it: the catalogue size once there is a catalogue.
  about: async (ctx) => {
    const size = await countProducts(ctx.db);
    return aboutMarkup(ctx.company, size > 0 ? catalogueStat(size) : ABOUT.emptyCatalogueStat);
  },
};

/**
 * A page with fixed words: its full text where common/content holds it (legal pages, FAQ, How It
 * Works, About), otherwise its heading and a sentence (account and form pages, the admin area).
 */
function staticRenderer(key: StaticPageKey): Render {
  return async (_params, _query, ctx) => {
    const s: StaticPageHead = STATIC_PAGES[key];
    const full = FULL_TEXT[key];
    return page({
      title: s.title,
      description: s.description,
      body: full ? await full(ctx) : simpleMarkup(s.heading, s.description),
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
  [[r.categoryPage, r.categoryPages], renderOwnerPage, false],
  [[r.search], renderSearch, true],
  [[r.product], renderProduct, true],
  [[r.blog], renderBlog, false],
  [[r.blogArticle], renderArticle, false],
  [[r.confirmEmail], staticRenderer('confirmEmail'), false],
  [[r.unsubscribe], staticRenderer('unsubscribe'), false],
  [[r.signup], staticRenderer('signup'), false],
  [[r.deal, r.dealPreset], staticRenderer('deal'), false],
  // About shows the catalogue size: cached by catalogue version like the listings.
  [[r.about, r.aboutUs], staticRenderer('about'), true],
  [[r.contact, r.contactUs], staticRenderer('contact'), false],
  [[r.faq], staticRenderer('faq'), false],
  [[r.howItWorks], staticRenderer('howItWorks'), false],
  [[r.privacyPolicy], staticRenderer('privacyPolicy'), false],
  [[r.termsOfService], staticRenderer('termsOfService'), false],
  [[r.cookiePolicy], staticRenderer('cookiePolicy'), false],
  [[r.subscribe, `${r.subscribe}/*`], staticRenderer('subscribe'), false],
  // The admin area (issue 11) is not for crawlers, but it is a page.
  [[r.adminArea, r.management], staticRenderer('admin'), false],
  [[r.categoryPageCatchAll], renderOwnerPage, false],
];
const MATCHERS = ROUTES.flatMap(([patterns, render, cached]) => patterns.map((p) => ({ re: patternToRegExp(p), render, cached })));

/**
 * The first-HTML renderer of one app: `(pathname, query)` → the page (or a redirect). `pathname` is
 * decoded and starts with '/'. Rejects only when the database fails (the caller answers the plain
 * page). Catalogue pages are cached by catalogue version, at most 500 of them, each until its first
 * Amazon price passes the licence's 24 hours.
 */
export function createFirstHtml(deps: FirstHtmlDeps): (pathname: string, query: URLSearchParams) => Promise<FirstHtmlAnswer> {
  const nowMs = () => deps.clock().getTime();
  const base = { ...deps, caches: createListingCaches(deps.db, undefined, nowMs) };
  const cache = new VersionedCache<FirstHtmlAnswer>(
    catalogueVersionOf(deps.db),
    { maxEntries: 500, maxBytes: 16 * 1024 * 1024 },
    (a) => (a.kind === 'page' ? a.page.body.value.length * 2 + 512 : 64),
    nowMs,
  );
  const render = async (pathname: string, query: URLSearchParams): Promise<FirstHtmlAnswer> => {
    for (const m of MATCHERS) {
      const match = m.re.exec(pathname);
      if (!match) continue;
      const params = match.slice(1).filter((p): p is string => p !== undefined);
      if (!m.cached) return m.render(params, query, { ...base, prices: publicPriceView(deps.clock()) });
      const key = `${pathname}?${[...query].sort().join('&')}|${ukLongDate(deps.clock())}`;
      const answer = await cache.get(key, async (life) => {
        const prices = publicPriceView(deps.clock());
        const built = await m.render(params, query, { ...base, prices });
        if (Number.isFinite(prices.expiresAtMs)) life.expiresAt(prices.expiresAtMs);
        return built;
      });
      return answer as FirstHtmlAnswer;
    }
    return notFoundPage();
  };
  return async (pathname, query) => {
    const answer = await render(pathname, query);
    if (answer.kind !== 'page' || answer.page.status !== 200) return answer;
    // Canonical link and robots rule by the shared rule (common/page-meta.ts), as the app sets them.
    const route = pageRoute(pathname, query);
    return {
      kind: 'page',
      page: { ...answer.page, canonical: route ? `${deps.publicUrl}${route.canonicalPath}` : null, robots: route?.robots },
    };
  };
}
