/**
 * Crawler routes (issue 10 part 2): sitemap (and its split over the URL limit), robots.txt and the
 * RSS feeds, over a seeded catalogue, an owners' category page and the blog's articles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { categoryPages } from '../../db/schema/category-pages.schema';
import { createTestApp } from '../../test-support/test-app';
import { SHOPPER_CATEGORY_KEYS } from '../../../common/categories';
import { refreshProductStats } from '../prices/prices.service';
import { seedObservations, seedProducts } from '../products/products.test-seed';
import { listArticles } from '../blog/blog.service';
import { robotsTxt, sitemapXml } from './seo.service';

const PUBLIC_URL = 'https://deals.example.co.uk';
const now = new Date('2025-08-10T12:00:00Z');
const DAY = 86_400_000;

let app: App;
let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env: testEnv({ PUBLIC_URL }), clock: () => now }));
  const rows = await seedProducts(database.db, [
    {
      asin: 'B0SEO00001',
      title: 'Kettle <b>&</b> "Toaster" $& ]]> ]]> set',
      pricePence: 2999,
      listPricePence: 4999,
      savingBasisType: 'LIST_PRICE',
      category: 'home-kitchen',
      priceAsOf: new Date(now.getTime() - DAY),
    },
    {
      asin: 'B0SEO00002',
      title: 'Headphones',
      pricePence: 3999,
      listPricePence: 5999,
      savingBasisType: 'LIST_PRICE',
      category: 'electronics',
      priceAsOf: new Date(now.getTime() - DAY),
    },
    { asin: 'B0SEO00003', title: 'Old lamp', pricePence: 1500, category: 'home-kitchen' },
  ]);
  for (const row of rows) await seedObservations(database.db, row, [{ pricePence: 4999, observedAt: new Date(now.getTime() - 20 * DAY) }]);
  await refreshProductStats(
    database.db,
    rows.map((r) => r.id),
    now,
  );
  await database.db.insert(categoryPages).values([
    { slug: 'summer-kitchen', name: 'Summer Kitchen', affiliateTag: 'summer-21' },
    { slug: 'hidden-page', name: 'Hidden', affiliateTag: 'hidden-21', isActive: false },
  ]);
});
afterAll(() => close?.());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);

describe('GET /sitemap.xml', () => {
  it('lists the public pages, the ten categories, active owners’ pages, every article and every product, absolute', async () => {
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<urlset');
    const urls = locs(res.body);
    for (const path of ['/', '/todays-deals', '/todays-deals2', '/blog', '/about-us', '/faq', '/privacy-policy', '/cookie-policy'])
      expect(urls).toContain(`${PUBLIC_URL}${path}`);
    for (const key of SHOPPER_CATEGORY_KEYS) expect(urls).toContain(`${PUBLIC_URL}/categories/${key}`);
    expect(urls).toContain(`${PUBLIC_URL}/category/summer-kitchen`);
    expect(urls.some((u) => u.includes('hidden-page'))).toBe(false);
    for (const article of await listArticles()) expect(urls).toContain(`${PUBLIC_URL}/blog/${article.slug}`);
    for (const asin of ['B0SEO00001', 'B0SEO00002', 'B0SEO00003']) expect(urls).toContain(`${PUBLIC_URL}/deals/${asin}`);
    expect(urls.some((u) => /management|admin|\/api\//.test(u))).toBe(false);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('becomes a sitemap index of parts when the URLs pass the limit, and each part stays within it', async () => {
    const db = database.db;
    const pages = locs((await sitemapXml(db, PUBLIC_URL, { kind: 'root' })) as string).length;
    const limit = pages - 1;
    const index = (await sitemapXml(db, PUBLIC_URL, { kind: 'root' }, limit)) as string;
    expect(index).toContain('<sitemapindex');
    expect(locs(index)).toEqual([`${PUBLIC_URL}/sitemaps/pages.xml`, `${PUBLIC_URL}/sitemaps/products-1.xml`]);
    const pagePart = locs((await sitemapXml(db, PUBLIC_URL, { kind: 'pages' }, limit)) as string);
    const productPart = locs((await sitemapXml(db, PUBLIC_URL, { kind: 'products', n: 1 }, limit)) as string);
    expect(pagePart.length + productPart.length).toBe(pages);
    expect(productPart).toHaveLength(3);
    const tiny = (await sitemapXml(db, PUBLIC_URL, { kind: 'root' }, 2)) as string;
    expect(locs(tiny).filter((u) => u.includes('/sitemaps/products-'))).toHaveLength(2);
    expect(locs((await sitemapXml(db, PUBLIC_URL, { kind: 'products', n: 2 }, 2)) as string)).toHaveLength(1);
    expect(await sitemapXml(db, PUBLIC_URL, { kind: 'products', n: 3 }, 2)).toBeNull();
    expect(await sitemapXml(db, PUBLIC_URL, { kind: 'pages' })).toBeNull();
  });

  it('answers 404 for parts of a sitemap that is not split', async () => {
    for (const url of ['/sitemaps/pages.xml', '/sitemaps/products-1.xml', '/sitemaps/other.xml'])
      expect((await app.inject({ url })).statusCode, url).toBe(404);
  });
});

describe('GET /robots.txt', () => {
  it('lets crawlers in, keeps them out of the admin area, the API and redirects, and names the sitemap', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/api/', '/admin', '/management', '/go/']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(robotsTxt('http://localhost:3000')).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });
});

describe('RSS feeds', () => {
  it('/deals.rss lists today’s deals with absolute links, prices and the time each was checked', async () => {
    const res = await app.inject({ url: '/deals.rss' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(res.body).toContain('<rss version="2.0"');
    expect(res.body).toContain(`<link>${PUBLIC_URL}/deals/B0SEO00001</link>`);
    expect(res.body).toContain('£29.99');
    expect(res.body).toContain('Price as of 9 Aug 2025');
    // Catalogue text cannot end its CDATA section: every `]]>` is broken up.
    const title = /<title><!\[CDATA\[(Kettle[^]*?)\]\]><\/title>/.exec(res.body)?.[1];
    expect(title).toBe('Kettle <b>&</b> "Toaster" $& ]] > ]] > set: £29.99 – 40% off');
  });

  it('/categories/{key}.rss lists only that category; an unknown key is 404', async () => {
    const kitchen = await app.inject({ url: '/categories/home-kitchen.rss' });
    expect(kitchen.statusCode).toBe(200);
    expect(kitchen.body).toContain('Home &amp; Kitchen');
    expect(kitchen.body).not.toContain('B0SEO00002');
    const electronics = await app.inject({ url: '/categories/electronics.rss' });
    expect(electronics.body).toContain('B0SEO00002');
    expect(electronics.body).not.toContain('B0SEO00001');
    expect((await app.inject({ url: '/categories/nope.rss' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/categories/%3Cscript%3E.rss' })).body).not.toContain('<script>');
  });
});
