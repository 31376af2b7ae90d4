/**
 * Sitemap, robots.txt and RSS feeds (issue 10 part 2). Absolute URLs start with PUBLIC_URL.
 *
 * - Sitemap (`sitemap` package): the public pages, the ten category pages, the owners' active
 *   category pages, every blog article and every product page. At most {@link SITEMAP_URL_LIMIT}
 *   URLs in one file (the protocol's limit): over that, `/sitemap.xml` is a sitemap index of
 *   `/sitemaps/pages.xml` and `/sitemaps/products-{n}.xml` (n from 1, each ≤ the limit).
 * - robots.txt: everyone may crawl the shop; the admin area, the API, our affiliate redirect and the
 *   account pages are disallowed; the sitemap is named.
 * - Feeds (`feed` package, RSS 2.0): today's deals, and the deals of one category, newest first as
 *   the listing orders them; each item is one price of one product (its guid changes with the price).
 *   A deal whose price may not be shown (Amazon's data over 24 hours old; decision 0014) is left out.
 */
import { Readable } from 'node:stream';
import { Feed } from 'feed';
import { EnumChangefreq, SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import type { ListedProduct } from '../../../common/api/deals.schema';
import { SHOPPER_CATEGORIES, getShopperCategory } from '../../../common/categories';
import { formatPriceString } from '../../../common/money';
import { paths } from '../../../common/paths';
import type { Db } from '../../db/client';
import { listTodaysDeals, type ListingTotals, type PriceView } from '../products';
import { listArticles } from '../blog';
import { ukDateTime } from './page-markup.rules';
import { countProducts, findActiveCategoryPages, findProductAsins, findProductIdAt } from './seo.queries';

/** Most URLs in one sitemap file (sitemaps.org protocol). */
export const SITEMAP_URL_LIMIT = 50_000;
/** Items in a feed. */
export const FEED_ITEMS = 48;

/** The public pages every sitemap lists first. */
const { DAILY, HOURLY, MONTHLY, WEEKLY } = EnumChangefreq;
const PUBLIC_PAGES: ReadonlyArray<{ url: string; changefreq: EnumChangefreq; priority: number }> = [
  { url: paths.home(), changefreq: HOURLY, priority: 1 },
  { url: paths.todaysDeals(), changefreq: HOURLY, priority: 0.9 },
  { url: paths.trending(), changefreq: HOURLY, priority: 0.8 },
  { url: paths.blog(), changefreq: WEEKLY, priority: 0.6 },
  { url: paths.signup(), changefreq: MONTHLY, priority: 0.4 },
  { url: paths.about(), changefreq: MONTHLY, priority: 0.4 },
  { url: paths.contact(), changefreq: MONTHLY, priority: 0.3 },
  { url: paths.faq(), changefreq: MONTHLY, priority: 0.4 },
  { url: paths.howItWorks(), changefreq: MONTHLY, priority: 0.4 },
  { url: paths.privacyPolicy(), changefreq: MONTHLY, priority: 0.2 },
  { url: paths.termsOfService(), changefreq: MONTHLY, priority: 0.2 },
  { url: paths.cookiePolicy(), changefreq: MONTHLY, priority: 0.2 },
];

/** A sitemap answer: the XML, or null for a part that does not exist (404). */
export type SitemapPart = { kind: 'pages' } | { kind: 'products'; n: number } | { kind: 'root' };

async function toXml(items: SitemapItemLoose[], publicUrl: string): Promise<string> {
  const stream = new SitemapStream({ hostname: publicUrl, xmlns: { news: false, video: false, image: false, xhtml: false } });
  return (await streamToPromise(Readable.from(items).pipe(stream))).toString('utf8');
}

/** The pages, categories, owners' pages and articles (a few hundred at most). */
async function pageItems(db: Db): Promise<SitemapItemLoose[]> {
  const [ownerPages, articles] = await Promise.all([findActiveCategoryPages(db), listArticles()]);
  return [
    ...PUBLIC_PAGES.map((p) => ({ ...p })),
    ...SHOPPER_CATEGORIES.map((c) => ({ url: paths.categoryDeals(c.key), changefreq: DAILY, priority: 0.7 })),
    ...ownerPages.map((p) => ({ url: paths.categoryPage(p.slug), lastmod: p.updatedAt.toISOString(), changefreq: DAILY, priority: 0.6 })),
    ...articles.map((a) => ({ url: paths.blogArticle(a.slug), lastmod: a.date, changefreq: MONTHLY, priority: 0.5 })),
  ];
}

/** Product pages `offset`..`offset + limit - 1` by product id (keyset reads of 5,000 rows). */
async function productItems(db: Db, offset: number, limit: number): Promise<SitemapItemLoose[]> {
  const start = await findProductIdAt(db, offset);
  if (start === null) return [];
  const items: SitemapItemLoose[] = [];
  let after = start - 1;
  while (items.length < limit) {
    const rows = await findProductAsins(db, after, Math.min(5000, limit - items.length));
    for (const row of rows)
      items.push({ url: paths.product(row.asin), lastmod: row.updatedAt.toISOString(), changefreq: DAILY, priority: 0.5 });
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
  }
  return items;
}

/**
 * One sitemap file as XML: `root` (`/sitemap.xml`: every URL when they fit in `limit`, else the
 * index), `pages` or the `n`-th (1-based) `products` part; null when that part does not exist.
 * `limit` is {@link SITEMAP_URL_LIMIT} except in tests.
 */
export async function sitemapXml(db: Db, publicUrl: string, part: SitemapPart, limit = SITEMAP_URL_LIMIT): Promise<string | null> {
  const [pages, productCount] = await Promise.all([pageItems(db), countProducts(db)]);
  const split = pages.length + productCount > limit;
  if (part.kind === 'root' && !split) return toXml([...pages, ...(await productItems(db, 0, productCount))], publicUrl);
  if (part.kind === 'root') {
    const parts = Math.ceil(productCount / limit);
    const urls = [
      `${publicUrl}/sitemaps/pages.xml`,
      ...Array.from({ length: parts }, (_, i) => `${publicUrl}/sitemaps/products-${i + 1}.xml`),
    ];
    const index = new SitemapIndexStream();
    return (await streamToPromise(Readable.from(urls.map((url) => ({ url }))).pipe(index))).toString('utf8');
  }
  if (!split) return null;
  if (part.kind === 'pages') return toXml(pages, publicUrl);
  if (part.n < 1 || (part.n - 1) * limit >= productCount) return null;
  return toXml(await productItems(db, (part.n - 1) * limit, limit), publicUrl);
}

/** robots.txt for `publicUrl`: crawl the shop, not the admin area, the API, redirects or account pages. */
export function robotsTxt(publicUrl: string): string {
  const disallowed = ['/api/', '/admin', '/management', '/go/', '/go?', paths.confirmEmail(), paths.unsubscribe(), paths.subscribe()];
  return ['User-agent: *', 'Allow: /', ...disallowed.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

/**
 * Text for a CDATA section: the `feed` package's XML writer escapes only the first `]]>` of a text,
 * so every one is broken up here and no catalogue text can end the section early.
 */
function cdataSafe(text: string): string {
  return text.replaceAll(']]>', ']] >');
}

/** A listed product with a price that may be shown. */
type PricedProduct = ListedProduct & { price: string; asOf: string };

function feedItem(product: PricedProduct, publicUrl: string) {
  const link = `${publicUrl}${paths.product(product.asin)}`;
  const saving = product.originalPrice
    ? `, was ${formatPriceString(product.originalPrice)}${product.savingBasisLabel ? ` (${product.savingBasisLabel})` : ''}`
    : '';
  const off = product.discountPercent ? ` – ${product.discountPercent}% off` : '';
  return {
    title: cdataSafe(`${product.title}: ${formatPriceString(product.price)}${off}`),
    id: `${link}#${product.asOf}`,
    link,
    date: new Date(product.asOf),
    description: cdataSafe(
      `${formatPriceString(product.price)}${saving}. ${product.dealBasis ? `${product.dealBasis.label}. ` : ''}Price as of ${ukDateTime(product.asOf)}; prices and availability are subject to change.`,
    ),
    ...(product.imageUrl ? { image: product.imageUrl } : {}),
  };
}

/**
 * RSS 2.0 of today's deals (`categoryKey` undefined) or of one of the ten categories: the first
 * {@link FEED_ITEMS} deals of the listing whose price `view` shows (popular fillers and prices
 * hidden by the licence's 24 hours left out). Null for an unknown key.
 */
export async function dealsFeed(
  db: Db,
  totals: ListingTotals,
  affiliateTag: string,
  publicUrl: string,
  view: PriceView,
  categoryKey?: string,
): Promise<string | null> {
  const category = categoryKey === undefined ? undefined : getShopperCategory(categoryKey);
  if (categoryKey !== undefined && !category) return null;
  const listing = await listTodaysDeals(db, totals, affiliateTag, { category: category?.key, page: 1, itemCount: FEED_ITEMS }, view);
  const deals = listing.products.filter((p): p is PricedProduct => p.section === 'deal' && p.price !== null && p.asOf !== null);
  const pagePath = category ? paths.categoryDeals(category.key) : paths.todaysDeals();
  const feedPath = category ? `${paths.categoryDeals(category.key)}.rss` : '/deals.rss';
  const newest = deals.reduce((t, p) => Math.max(t, Date.parse(p.asOf) || 0), 0);
  const feed = new Feed({
    id: `${publicUrl}${pagePath}`,
    title: category ? `Today's Top ${category.name} Deals | Deal Alerts UK` : "Today's Deals | Deal Alerts UK",
    description: category
      ? `Honest Amazon UK ${category.name} deals, biggest saving first.`
      : 'Honest Amazon UK deals, biggest saving first.',
    link: `${publicUrl}${pagePath}`,
    language: 'en-GB',
    copyright: 'Prices from Amazon.co.uk as of the time shown. As an Amazon Associate we earn from qualifying purchases.',
    updated: newest > 0 ? new Date(newest) : undefined,
    generator: 'Deal Alerts UK',
    feedLinks: { rss: `${publicUrl}${feedPath}` },
  });
  for (const product of deals) feed.addItem(feedItem(product, publicUrl));
  return feed.rss2();
}
