/**
 * The first HTML response (issue 10 part 2): each public page fetched WITHOUT JavaScript (the plain
 * HTML the server sends) has its title, meta description, canonical link and heading, product pages
 * their price, "as of" time and Product JSON-LD, articles their text and Article JSON-LD; paths no
 * route covers answer 404; nothing from the catalogue or the URL reaches the page unescaped.
 * Needs the built web app (dist/web), as web.routes.test.ts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { categoryPages } from '../../db/schema/category-pages.schema';
import { createTestApp } from '../../test-support/test-app';
import { SHOPPER_CATEGORIES } from '../../../common/categories';
import { refreshProductStats } from '../prices/prices.service';
import { seedObservations, seedProducts } from '../products/products.test-seed';
import { listArticles } from '../blog/blog.service';
import { ABOUT } from '../../../common/content/about';
import { blockTexts, plainText, type CompanyDetails } from '../../../common/content/document';
import { FAQ_CATEGORIES, FAQ_INTRO } from '../../../common/content/faq';
import { HOW_IT_WORKS } from '../../../common/content/how-it-works';
import { COOKIE_POLICY } from '../../../common/content/cookie-policy';
import { PRIVACY_POLICY } from '../../../common/content/privacy-policy';
import { TERMS_OF_SERVICE } from '../../../common/content/terms-of-service';
import { WEB_DIST } from '../web/web.routes';

const built = existsSync(path.join(WEB_DIST, 'index.html'));
if (!built) console.warn(`Skipping the first-HTML tests: no build in ${WEB_DIST} (run \`npm run build\`; \`npm test\` does).`);

const PUBLIC_URL = 'https://deals.example.co.uk';
const now = new Date('2025-08-10T12:00:00Z');
const DAY = 86_400_000;
const NASTY = 'Kettle <img src=x onerror=alert(1)> & "Co" $& $\' set';
/** Company details from configuration, with markup in the address that must arrive as text. */
const COMPANY: CompanyDetails = {
  name: 'Deal Alerts UK',
  address: '1 <b>High</b> St & "Sons", London',
  email: 'hello@deals.example.co.uk',
};

/** The text a reader sees in `html` (enough to find whole sentences): tags removed, the five entities decoded, white space collapsed. */
function visibleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

describe.skipIf(!built)('first HTML without JavaScript', () => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, database, close } = await createTestApp({
      env: testEnv({ PUBLIC_URL, COMPANY_NAME: COMPANY.name, COMPANY_ADDRESS: COMPANY.address, CONTACT_EMAIL: COMPANY.email }),
      clock: () => now,
      serveWeb: true,
    }));
    const rows = await seedProducts(database.db, [
      {
        asin: 'B0FIRST001',
        title: NASTY,
        pricePence: 2999,
        listPricePence: 4999,
        savingBasisType: 'LIST_PRICE',
        category: 'home-kitchen',
        brand: 'Acme',
        priceAsOf: new Date('2025-08-09T08:30:00Z'),
      },
      { asin: 'B0FIRST002', title: 'Noise Cancelling Headphones', pricePence: 5999, category: 'electronics', priceAsOf: now },
    ]);
    for (const row of rows)
      await seedObservations(database.db, row, [{ pricePence: 6999, observedAt: new Date(now.getTime() - 20 * DAY) }]);
    await refreshProductStats(
      database.db,
      rows.map((r) => r.id),
      now,
    );
    await database.db.insert(categoryPages).values([
      { slug: 'summer-kitchen', name: 'Summer Kitchen', description: 'Cool kit for hot days', affiliateTag: 'summer-21' },
      { slug: 'old-page', name: 'Old page', affiliateTag: 'old-21', isActive: false },
    ]);
  });
  afterAll(() => close?.());

  /** The page as a crawler without JavaScript gets it. */
  async function fetchPage(url: string) {
    const res = await app.inject({ method: 'GET', url });
    const body = res.body;
    const head = body.slice(0, body.indexOf('</head>'));
    const root = body.slice(body.indexOf('<div id="root">'), body.lastIndexOf('</div>'));
    return {
      status: res.statusCode,
      body,
      root,
      title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
      description: /<meta name="description" content="([^"]*)">/.exec(head)?.[1],
      canonical: /<link rel="canonical" href="([^"]*)">/.exec(head)?.[1],
      robots: /<meta name="robots" content="([^"]*)">/.exec(head)?.[1],
      h1: /<h1[^>]*>([^]*?)<\/h1>/.exec(root)?.[1],
      jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1] as string)),
    };
  }

  const PAGES: Array<[string, string, string]> = [
    // [url, heading, canonical path]
    ['/', 'Today&#39;s Top Deals - 10 August 2025', '/'],
    ['/deal-alerts', 'Today&#39;s Top Deals - 10 August 2025', '/'],
    ['/todays-deals', 'Today&#39;s Deals', '/todays-deals'],
    ['/todays-deals2', 'Trending Deals', '/todays-deals2'],
    ['/categories/electronics', 'Electronics: prices we track', '/categories/electronics'],
    ['/category-deals/electronics', 'Electronics: prices we track', '/categories/electronics'],
    ['/category/summer-kitchen', 'Summer Kitchen', '/category/summer-kitchen'],
    ['/summer-kitchen', 'Summer Kitchen', '/category/summer-kitchen'],
    ['/category-pages/summer-kitchen', 'Summer Kitchen', '/category/summer-kitchen'],
    ['/search?q=headphones', 'Results for &quot;headphones&quot;', '/search?q=headphones'],
    ['/blog', 'Deal Hunting Blog', '/blog'],
    ['/about', 'About Deal Alerts UK', '/about-us'],
    ['/about-us', 'About Deal Alerts UK', '/about-us'],
    ['/contact-us', 'Contact Us', '/contact-us'],
    ['/contact', 'Contact Us', '/contact-us'],
    ['/faq', 'Frequently Asked Questions', '/faq'],
    ['/how-it-works', 'How It Works', '/how-it-works'],
    ['/privacy-policy', 'Privacy Policy', '/privacy-policy'],
    ['/terms-of-service', 'Terms of Service', '/terms-of-service'],
    ['/cookie-policy', 'Cookie Policy', '/cookie-policy'],
    ['/signup', 'Unlock Home &amp; Kitchen Deals', '/signup'],
    ['/subscribe', 'Your E-mail Preferences', '/subscribe'],
    ['/subscribe/abc/update', 'Your E-mail Preferences', '/subscribe'],
    ['/unsubscribe', 'Unsubscribe', '/unsubscribe'],
  ];

  it('every public page has its title, description, canonical link and heading in the first response', async () => {
    for (const [url, heading, canonical] of PAGES) {
      const page = await fetchPage(url);
      expect(page.status, url).toBe(200);
      expect(page.title, url).toMatch(/ \| Deal Alerts UK$/);
      expect(page.description?.length, url).toBeGreaterThan(20);
      expect(page.canonical, url).toBe(`${PUBLIC_URL}${canonical}`);
      expect(page.h1, url).toBe(heading);
      expect(page.root, url).toContain('<main id="main-content"');
      expect(page.root, url).toContain('href="/privacy-policy"');
    }
  });

  it('the legal pages, FAQ, How It Works and About carry their full text, the words the app shows', async () => {
    const pages: Array<[string, string[]]> = [
      [
        '/privacy-policy',
        [
          PRIVACY_POLICY.title,
          PRIVACY_POLICY.intro,
          `Last updated: ${PRIVACY_POLICY.updated}`,
          ...blockTexts(PRIVACY_POLICY.body, COMPANY),
        ],
      ],
      ['/terms-of-service', [TERMS_OF_SERVICE.title, TERMS_OF_SERVICE.intro, ...blockTexts(TERMS_OF_SERVICE.body, COMPANY)]],
      ['/cookie-policy', [COOKIE_POLICY.title, COOKIE_POLICY.intro, ...blockTexts(COOKIE_POLICY.body, COMPANY)]],
      [
        '/faq',
        [
          plainText(FAQ_INTRO, COMPANY),
          ...FAQ_CATEGORIES.flatMap((c) => [c.title, ...c.items.flatMap((i) => [i.q, plainText(i.a, COMPANY)])]),
        ],
      ],
      [
        '/how-it-works',
        [HOW_IT_WORKS.intro, ...HOW_IT_WORKS.steps.flatMap((step) => [step.title, step.text]), ...HOW_IT_WORKS.links.map((l) => l.label)],
      ],
      [
        '/about-us',
        [
          ABOUT.tagline,
          ...ABOUT.story.paragraphs,
          ...ABOUT.mission.paragraphs,
          ...[...ABOUT.values, ...ABOUT.team].flatMap((card) => [card.title, card.text]),
          ...ABOUT.stats.map((stat) => stat.label),
          // The catalogue holds two products: the first statistic says so, as the app's does.
          '2 products with price histories',
          COMPANY.address,
          COMPANY.email,
        ],
      ],
    ];
    for (const [url, texts] of pages) {
      const page = await fetchPage(url);
      const text = visibleText(page.root);
      expect(texts.length, url).toBeGreaterThan(5);
      for (const expected of texts) expect(text, url).toContain(squash(expected));
    }
    // Long enough to be the whole policy, not a summary.
    expect(visibleText((await fetchPage('/privacy-policy')).root).length).toBeGreaterThan(4000);
  });

  it("writes the static pages' company details and text as text, and keeps their links and the FAQ open without JavaScript", async () => {
    for (const url of ['/privacy-policy', '/terms-of-service', '/about-us']) {
      const page = await fetchPage(url);
      expect(page.root, url).toContain('1 &lt;b&gt;High&lt;/b&gt; St &amp; &quot;Sons&quot;, London');
      expect(page.body, url).not.toContain('<b>High</b>');
    }
    const privacy = await fetchPage('/privacy-policy');
    expect(privacy.root).toContain('<a href="mailto:hello@deals.example.co.uk">hello@deals.example.co.uk</a>');
    expect(privacy.root).toContain('<a href="/cookie-policy">Cookie Policy</a>');
    expect(privacy.root).toContain('<strong>Your e-mail address</strong>');
    const cookies = await fetchPage('/cookie-policy');
    expect(cookies.root).toContain('<th scope="col" class="py-2 pr-3">Name</th>');
    // Five categories a reader without JavaScript can open (details/summary), the first open.
    const faq = await fetchPage('/faq');
    const details = [...faq.root.matchAll(/<details[^>]*>/g)].map((m) => m[0]);
    expect(details).toHaveLength(5);
    expect(details.map((d) => /\sopen(?=[\s>])/.test(d))).toEqual([true, false, false, false, false]);
    expect(faq.root).toContain('<a href="/unsubscribe">Unsubscribe page</a>');
  });

  it('listings show product names with prices and the time each price was checked', async () => {
    for (const url of ['/', '/todays-deals', '/todays-deals2', '/categories/home-kitchen', '/search?q=kettle']) {
      const page = await fetchPage(url);
      expect(page.root, url).toContain('href="/deals/B0FIRST001"');
      expect(page.root, url).toContain('£29.99');
      expect(page.root, url).toContain('Price as of <time datetime="2025-08-09T08:30:00.000Z">9 Aug 2025, 09:30</time>');
    }
    const electronics = await fetchPage('/categories/electronics');
    expect(electronics.root).toContain('Noise Cancelling Headphones');
    expect(electronics.root).not.toContain('B0FIRST001');
  });

  it('a product page shows its name, price, saving and "as of" time, with Product + Offer JSON-LD in GBP', async () => {
    const page = await fetchPage('/deals/B0FIRST001');
    expect(page.status).toBe(200);
    expect(page.h1).toBe('Kettle &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot; $&amp; $&#39; set');
    expect(page.root).toContain('£29.99');
    expect(page.root).toContain('£49.99');
    expect(page.root).toContain('9 Aug 2025, 09:30');
    expect(page.title).toBe('Kettle &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot; $&amp; $&#39; set | Deal Alerts UK');
    expect(page.canonical).toBe(`${PUBLIC_URL}/deals/B0FIRST001`);
    expect(page.jsonLd).toHaveLength(1);
    expect(page.jsonLd[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: NASTY,
      sku: 'B0FIRST001',
      brand: { '@type': 'Brand', name: 'Acme' },
      offers: {
        '@type': 'Offer',
        price: '29.99',
        priceCurrency: 'GBP',
        validFrom: '2025-08-09T08:30:00.000Z',
        url: `${PUBLIC_URL}/deals/B0FIRST001`,
      },
    });
    // Only what we know (issue 27): no stock, condition or seller claim without a stored fact.
    const offer = (page.jsonLd[0] as { offers: Record<string, unknown> }).offers;
    expect(offer).not.toHaveProperty('availability');
    expect(offer).not.toHaveProperty('itemCondition');
    expect(offer).not.toHaveProperty('seller');
    // The raw title never appears as markup anywhere in the page.
    expect(page.body).not.toContain('<img src=x');
  });

  it('a feed price older than FEED_PRICE_MAX_AGE_DAYS (shown as "last seen") has Product JSON-LD without an offer', async () => {
    await seedProducts(database.db, [
      { asin: 'B0STALE001', title: 'Desk lamp seen in an old feed', pricePence: 1999, priceAsOf: new Date(now.getTime() - 30 * DAY) },
    ]);
    const page = await fetchPage('/deals/B0STALE001');
    expect(page.status).toBe(200);
    expect(page.jsonLd[0]).toMatchObject({ '@type': 'Product', name: 'Desk lamp seen in an old feed', sku: 'B0STALE001' });
    expect(page.jsonLd[0]).not.toHaveProperty('offers');
  });

  it('a blog article shows its text, with Article JSON-LD', async () => {
    const [article] = await listArticles();
    const page = await fetchPage(`/blog/${article!.slug}`);
    expect(page.status).toBe(200);
    expect(page.canonical).toBe(`${PUBLIC_URL}/blog/${article!.slug}`);
    expect(page.root).toContain('<div class="prose"><p>');
    expect(page.root.length).toBeGreaterThan(2000);
    expect(page.jsonLd[0]).toMatchObject({
      '@type': 'Article',
      headline: article!.title,
      datePublished: article!.date,
      inLanguage: 'en-GB',
    });
    const list = await fetchPage('/blog');
    for (const a of await listArticles()) expect(list.root).toContain(`href="/blog/${a.slug}"`);
  });

  it('answers 404 with the page for paths no route covers and for unknown slugs, keys and ASINs', async () => {
    const missing = [
      '/no-such-page',
      '/old-page',
      '/a/b/c',
      '/blog/no-such-article',
      '/categories/no-such-key',
      '/category/no-such-page',
      '/deals/B0NOTHERE1',
      '/deals/not-an-asin',
      '/Bad_Slug!',
    ];
    for (const url of missing) {
      const page = await fetchPage(url);
      expect(page.status, url).toBe(404);
      expect(page.body, url).toContain('<div id="root">');
      expect(page.robots, url).toBe('noindex');
      expect(page.canonical, url).toBeUndefined();
    }
    expect((await fetchPage('/a/b/c')).h1).toBe('404 Page Not Found');
    expect((await fetchPage('/no-such-page')).h1).toBe('Category &quot;no-such-page&quot; not found');
    expect((await fetchPage('/blog/no-such-article')).h1).toBe('Article Not Found');
  });

  it('keeps the admin area, account pages and search results out of the index, and redirects the old trending spelling', async () => {
    for (const url of ['/management', '/admin/login', '/admin/users']) {
      const page = await fetchPage(url);
      expect(page.status, url).toBe(200);
      expect(page.robots, url).toBe('noindex, nofollow');
    }
    expect((await fetchPage('/unsubscribe')).robots).toBe('noindex, follow');
    expect((await fetchPage('/search?q=kettle')).robots).toBe('noindex, follow');
    expect((await fetchPage('/search')).robots).toBeUndefined();
    const old = await app.inject({ url: '/todaysdeals2?page=2' });
    expect(old.statusCode).toBe(301);
    const dealsScreen = await app.inject({ url: '/deals' });
    expect(dealsScreen.statusCode).toBe(301);
    expect(dealsScreen.headers.location).toBe('/todays-deals');
    expect(old.headers.location).toBe('/todays-deals2?page=2');
  });

  it('reflects nothing from the URL unescaped', async () => {
    const page = await fetchPage('/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.h1).toBe('Results for &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;');
    const key = await fetchPage('/categories/%3Cb%3Ex%3C%2Fb%3E');
    expect(key.status).toBe(404);
    expect(key.body).not.toContain('<b>x</b>');
  });

  it('names every category page in the footer, so a crawler finds them all', async () => {
    const page = await fetchPage('/faq');
    for (const c of SHOPPER_CATEGORIES) expect(page.root).toContain(`href="/categories/${c.key}"`);
  });
});
