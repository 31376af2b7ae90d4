/**
 * Outbound clicks through HTTP on a fresh database (issue 9 part 3; shopper-screens §4, §5, §7):
 * the redirect records the click with the tag that earned it and never leaves Amazon (fast-check).
 * Issue 25: crawlers are redirected but not counted, an address is attributed only with its proof,
 * referrers lose their query strings, and category clicks count only for categories we have.
 * Requests come from a desktop Chrome unless a test says otherwise (light-my-request's own
 * User-Agent is a script's, and scripts are not counted).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { desc, sql } from 'drizzle-orm';
import { isAllowedAmazonUrl } from '../../../common/affiliate';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { productClicks } from '../../db/schema/product-clicks.schema';
import { categoryClicks } from '../../db/schema/category-clicks.schema';
import { categoryPages } from '../../db/schema/category-pages.schema';
import { siteVisits } from '../../db/schema/site-visits.schema';
import { testEnv } from '../../env';
import { createTestApp } from '../../test-support/test-app';
import { seedProducts } from '../products/products.test-seed';
import { issueVisitorToken } from '../visitors/visitors.service';

const env = testEnv({ AFFILIATE_TAG: 'plain-21', AFFILIATE_TAG_NEW_USER: 'fresh-21' });
const now = new Date('2025-08-01T10:00:00Z');
let database: Database;
let app: App;
let close: () => Promise<void>;
const ASIN = 'B0CLICK001';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const browser = { 'user-agent': CHROME };
const CRAWLERS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'curl/8.5.0',
];

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env, clock: () => now }));
  await seedProducts(database.db, [
    { asin: ASIN, title: 'Tefal Frying Pan 28 cm', pricePence: 1999, listPricePence: 2999, category: 'home-kitchen' },
  ]);
  await database.db.insert(categoryPages).values([
    { slug: 'summer-kitchen', name: 'Summer Kitchen', affiliateTag: 'summer-21' },
    { slug: 'old-page', name: 'Old page', affiliateTag: 'old-21', isActive: false },
  ]);
});
afterAll(() => close?.());

async function lastClick() {
  const [row] = await database.db.select().from(productClicks).orderBy(desc(productClicks.id)).limit(1);
  return row;
}

const countClicks = async () => (await database.db.select().from(productClicks)).length;

/** A device token for `email`, as a signup or an alert in that browser would have handed it. */
const tokenOf = async (email: string) => (await issueVisitorToken(database.db, { email, proof: 'device', now })).token;

describe('GET /go/{asin}', () => {
  it('records the click from our catalogue and answers 302 to the default-tagged product link', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/go/${ASIN}?ct=title&email=Ana@Example.com&utm_source=email&utm_medium=price-drop&utm_campaign=aug`,
      headers: { ...browser, referer: 'http://localhost/deal-alerts', authorization: `Bearer ${await tokenOf('ana@example.com')}` },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`https://www.amazon.co.uk/dp/${ASIN}?tag=plain-21&linkCode=osi&th=1&psc=1`);
    expect(await lastClick()).toMatchObject({
      asin: ASIN,
      email: 'ana@example.com',
      title: 'Tefal Frying Pan 28 cm',
      clickType: 'title',
      pricePence: 1999,
      originalPricePence: 2999,
      category: 'home-kitchen',
      referrer: 'http://localhost/deal-alerts',
      affiliateTag: 'plain-21',
      utmSource: 'email',
      utmMedium: 'price-drop',
      utmCampaign: 'aug',
      recordedBy: 'redirect',
    });
  });

  it('uses the new-user tag when the browser says its 24-hour window is open', async () => {
    const res = await app.inject({ method: 'GET', url: `/go/${ASIN}?nu=1`, headers: browser });
    expect(res.headers.location).toContain('tag=fresh-21');
    expect(await lastClick()).toMatchObject({ affiliateTag: 'fresh-21', clickType: 'shop', email: null });
  });

  it('redirects an ASIN we do not hold to its Amazon page, recording what it knows', async () => {
    const res = await app.inject({ method: 'GET', url: '/go/B0UNKNOWN9', headers: browser });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain('/dp/B0UNKNOWN9?tag=plain-21');
    expect(await lastClick()).toMatchObject({ asin: 'B0UNKNOWN9', title: null, pricePence: null });
  });

  it('refuses a malformed ASIN, a foreign url and a bad click type with 400 naming the field, recording nothing', async () => {
    const before = await countClicks();
    const cases: Array<[string, string]> = [
      ['/go/not-an-asin', 'asin'],
      ['/go?url=https%3A%2F%2Fevil.example%2Fdp%2FB0CLICK001', 'url'],
      ['/go?url=https%3A%2F%2Fwww.amazon.co.uk.evil.example%2F', 'url'],
      ['/go?url=javascript%3Aalert(1)', 'url'],
      [`/go/${ASIN}?ct=banner`, 'ct'],
      ['/go', 'asin'],
    ];
    for (const [url, field] of cases) {
      const res = await app.inject({ method: 'GET', url, headers: browser });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.json().message).toMatch(new RegExp(`^${field}: `));
    }
    expect(await countClicks()).toBe(before);
  });

  it('takes a deal page Amazon search link, with our tag in place of theirs', async () => {
    const target = 'https://www.amazon.co.uk/s?k=air+fryer&tag=someone-21';
    const res = await app.inject({ method: 'GET', url: `/go?deal=air-fryer&url=${encodeURIComponent(target)}`, headers: browser });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://www.amazon.co.uk/s?k=air+fryer&tag=plain-21');
    expect(await lastClick()).toMatchObject({ asin: null, dealId: 'air-fryer', category: 'deals' });
  });

  it('redirects crawlers, link expanders and scripts to the same tagged link without counting them; a browser counts', async () => {
    const tagged = `https://www.amazon.co.uk/dp/${ASIN}?tag=plain-21&linkCode=osi&th=1&psc=1`;
    const before = await countClicks();
    for (const ua of CRAWLERS) {
      const res = await app.inject({ method: 'GET', url: `/go/${ASIN}?ct=shop`, headers: { 'user-agent': ua } });
      expect(res.statusCode, ua).toBe(302);
      expect(res.headers.location, ua).toBe(tagged);
      const deal = await app.inject({
        method: 'GET',
        url: '/go?deal=luggage&url=https%3A%2F%2Fwww.amazon.co.uk%2Fs%3Fk%3Dluggage',
        headers: { 'user-agent': ua },
      });
      expect(deal.statusCode, ua).toBe(302);
    }
    const noAgent = await app.inject({ method: 'GET', url: `/go/${ASIN}`, headers: { 'user-agent': '' } });
    expect(noAgent.statusCode).toBe(302);
    expect(await countClicks()).toBe(before);

    const res = await app.inject({ method: 'GET', url: `/go/${ASIN}?ct=shop`, headers: browser });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(tagged);
    expect(await countClicks()).toBe(before + 1);
  });

  it('stores a typed ?email= without proof as no address, and attributes it with that address’s visitor token', async () => {
    const url = `/go/${ASIN}?ct=shop&email=Victim%40Example.com`;
    const asked: Array<[Record<string, string>, string | null]> = [
      [browser, null],
      [{ ...browser, authorization: `Bearer ${await tokenOf('mallory@example.com')}` }, null],
      [{ ...browser, authorization: 'Bearer not-a-token' }, null],
      [{ ...browser, authorization: `Bearer ${await tokenOf('victim@example.com')}` }, 'victim@example.com'],
      [{ ...browser, 'x-visitor-token': await tokenOf('victim@example.com') }, 'victim@example.com'],
    ];
    for (const [headers, email] of asked) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toContain('tag=plain-21');
      expect(await lastClick(), JSON.stringify(headers)).toMatchObject({ asin: ASIN, email });
    }
  });

  it('attributes a redirect (a navigation, no header) through the visit its browser reported with the token', async () => {
    const report = async (headers: Record<string, string>) => {
      const res = await app.inject({ method: 'POST', url: '/api/visits', headers, payload: { path: '/', userEmail: 'dee@example.com' } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().visit as string;
    };
    const proven = await report({ ...browser, authorization: `Bearer ${await tokenOf('dee@example.com')}` });
    const typed = await report(browser);
    const stale = '0'.repeat(31) + '1';
    await database.db.execute(
      sql`insert into site_visits (ref, path, email, visited_at) values (${stale}, '/', 'dee@example.com', ${new Date(now.getTime() - 25 * 3600_000).toISOString()})`,
    );
    const cases: Array<[string, string, string | null]> = [
      ['dee%40example.com', proven, 'dee@example.com'],
      ['dee%40example.com', typed, null],
      ['victim%40example.com', proven, null],
      ['dee%40example.com', stale, null],
    ];
    for (const [email, visit, stored] of cases) {
      const res = await app.inject({ method: 'GET', url: `/go/${ASIN}?email=${email}&visit=${visit}`, headers: browser });
      expect(res.statusCode).toBe(302);
      expect(await lastClick(), `${email} ${visit}`).toMatchObject({ email: stored, visitRef: visit });
    }
  });

  it('keeps the referrer as scheme, host and path: a signed link in Referer or from= loses its query', async () => {
    await app.inject({
      method: 'GET',
      url: `/go/${ASIN}`,
      headers: {
        ...browser,
        referer: 'https://deals.example/api/unsubscribe/one-click?email=ana%40example.com&t=1760000000&sig=c2lnbmF0dXJl',
      },
    });
    expect((await lastClick())?.referrer).toBe('https://deals.example/api/unsubscribe/one-click');
    const from = encodeURIComponent('/confirm-email?email=ana%40example.com&t=1760000000&sig=c2lnbmF0dXJl#x');
    await app.inject({ method: 'GET', url: `/go/${ASIN}?from=${from}`, headers: browser });
    expect((await lastClick())?.referrer).toBe('/confirm-email');
  });

  it('never answers with a Location off the Amazon allowlist, whatever the input (fast-check)', async () => {
    const segment = fc.oneof(fc.string(), fc.constantFrom(ASIN, 'B0UNKNOWN9', '%2F%2Fevil.example', '..', 'https:'));
    const url = fc.oneof(
      fc.webUrl(),
      fc.string(),
      fc.constantFrom(
        '//evil.example',
        'https://amazon.co.uk@evil.example/',
        'https://evil.example/?https://www.amazon.co.uk/',
        'https://www.amazon.co.uk/dp/B0CLICK001',
      ),
      fc.webUrl().map((u) => u.replace(/^(https?:\/\/)[^/]+/, '$1www.amazon.co.uk')),
    );
    await fc.assert(
      fc.asyncProperty(segment, fc.option(url), fc.option(fc.string()), async (path, target, extra) => {
        const query = new URLSearchParams();
        if (target !== null) query.set('url', target);
        if (extra !== null) query.set('from', extra);
        const res = await app.inject({ method: 'GET', url: `/go/${encodeURIComponent(path)}?${query.toString()}`, headers: browser });
        const location = res.headers.location;
        if (location !== undefined) {
          expect(res.statusCode).toBe(302);
          expect(isAllowedAmazonUrl(String(location))).toBe(true);
          expect(new URL(String(location)).protocol).toBe('https:');
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('POST /api/product-clicks', () => {
  it('stores the spec body with prices in pence and the tag of the link', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/product-clicks',
      headers: { ...browser, authorization: `Bearer ${await tokenOf('bo@example.com')}` },
      payload: {
        productAsin: ASIN,
        productTitle: 'Tefal Frying Pan 28 cm',
        userEmail: 'Bo@Example.com',
        affiliateUrl: `https://www.amazon.co.uk/dp/${ASIN}?tag=fresh-21&linkCode=osi&th=1&psc=1`,
        price: '£19.99',
        originalPrice: 29.99,
        category: 'home-kitchen',
        clickType: 'shop',
        referrer: '/todays-deals',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ recorded: true, affiliateTag: 'fresh-21' });
    expect(await lastClick()).toMatchObject({
      email: 'bo@example.com',
      pricePence: 1999,
      originalPricePence: 2999,
      affiliateTag: 'fresh-21',
      recordedBy: 'api',
    });
  });

  it('stores the anonymous placeholder as no e-mail and a deal id as the deal', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/product-clicks',
      headers: browser,
      payload: {
        productAsin: 'deal-page',
        userEmail: 'anonymous',
        affiliateUrl: 'https://www.amazon.co.uk/s?k=luggage&tag=x',
        price: null,
        category: 'deals',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(await lastClick()).toMatchObject({ email: null, asin: null, dealId: 'deal-page', affiliateTag: 'plain-21' });
  });

  it('refuses a foreign affiliateUrl, odd ids and oversized bodies, naming the field', async () => {
    const base = { productAsin: ASIN, affiliateUrl: 'https://www.amazon.co.uk/dp/B0CLICK001' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, affiliateUrl: 'https://evil.example/dp/B0CLICK001' }, 'affiliateUrl'],
      [{ ...base, productAsin: '<script>' }, 'productAsin'],
      [{ ...base, clickType: 'hover' }, 'clickType'],
      [{ ...base, productTitle: 'x'.repeat(501) }, 'productTitle'],
    ];
    for (const [payload, field] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/product-clicks', headers: browser, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(`${field}: `);
    }
    const huge = await app.inject({
      method: 'POST',
      url: '/api/product-clicks',
      headers: browser,
      payload: { ...base, referrer: 'x'.repeat(20_000) },
    });
    expect(huge.statusCode).toBe(413);
  });

  it('stores a typed userEmail without its token as no address, and the referrer without its query', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/product-clicks',
      headers: { ...browser, authorization: `Bearer ${await tokenOf('mallory@example.com')}` },
      payload: {
        productAsin: ASIN,
        userEmail: 'victim@example.com',
        affiliateUrl: `https://www.amazon.co.uk/dp/${ASIN}?tag=plain-21`,
        referrer: 'https://deals.example/confirm-email?email=victim%40example.com&t=1&sig=abc',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(await lastClick()).toMatchObject({ email: null, referrer: 'https://deals.example/confirm-email' });
  });

  it('answers a crawler 204 and stores nothing', async () => {
    const before = await countClicks();
    for (const ua of CRAWLERS) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/product-clicks',
        headers: { 'user-agent': ua },
        payload: { productAsin: ASIN, affiliateUrl: `https://www.amazon.co.uk/dp/${ASIN}?tag=plain-21` },
      });
      expect(res.statusCode, ua).toBe(204);
      expect(res.body).toBe('');
    }
    expect(await countClicks()).toBe(before);
  });
});

describe('POST /api/category-clicks', () => {
  async function lastCategoryClick() {
    const [row] = await database.db.select().from(categoryClicks).orderBy(desc(categoryClicks.id)).limit(1);
    return row;
  }
  const countCategoryClicks = async () => (await database.db.select().from(categoryClicks)).length;
  const post = (payload: Record<string, unknown>, headers: Record<string, string> = browser) =>
    app.inject({ method: 'POST', url: '/api/category-clicks', headers, payload });

  it('stores the click with the e-mail its token proves, lower-cased, and answers 201 { recorded: true }', async () => {
    const res = await post(
      { categoryName: 'Kitchen', categorySlug: 'home-kitchen', userEmail: 'Ana@Example.com', pageUrl: 'http://localhost/' },
      { ...browser, authorization: `Bearer ${await tokenOf('ana@example.com')}` },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ recorded: true });
    expect(await lastCategoryClick()).toMatchObject({
      categoryName: 'Kitchen',
      categorySlug: 'home-kitchen',
      userEmail: 'ana@example.com',
      pageUrl: 'http://localhost/',
      clickedAt: now,
    });
  });

  it('keeps a click without an address, or with a typed address and no token, as anonymous', async () => {
    expect((await post({ categoryName: 'Trending', categorySlug: 'trending', userEmail: 'anonymous' })).statusCode).toBe(201);
    expect(await lastCategoryClick()).toMatchObject({ categorySlug: 'trending', userEmail: null, pageUrl: null });
    expect((await post({ categoryName: 'Gaming', categorySlug: 'gaming', userEmail: 'victim@example.com' })).statusCode).toBe(201);
    expect(await lastCategoryClick()).toMatchObject({ categorySlug: 'gaming', userEmail: null });
  });

  it('counts an active owners’ page under its own name, and stores our name and the page without its query', async () => {
    const res = await post({
      categoryName: '<b>Free money</b>',
      categorySlug: 'summer-kitchen',
      pageUrl: 'https://deals.example/category/summer-kitchen?email=ana%40example.com&sig=abc#top',
    });
    expect(res.statusCode).toBe(201);
    expect(await lastCategoryClick()).toMatchObject({
      categoryName: 'Summer Kitchen',
      categorySlug: 'summer-kitchen',
      pageUrl: 'https://deals.example/category/summer-kitchen',
    });
    expect((await post({ categoryName: 'Whatever', categorySlug: 'electronics' })).statusCode).toBe(201);
    expect(await lastCategoryClick()).toMatchObject({ categoryName: 'Electronics', categorySlug: 'electronics' });
  });

  it('refuses a slug that is no category of ours with 400 naming the field and the rule, storing nothing', async () => {
    const before = await countCategoryClicks();
    for (const slug of ['<script>alert(1)</script>', 'free-money', 'old-page', 'Home-Kitchen', 'other']) {
      const res = await post({ categoryName: 'Kitchen', categorySlug: slug });
      expect(res.statusCode, slug).toBe(400);
      expect(res.json().message, slug).toBe(
        "categorySlug: must be one of the ten shopper categories, 'trending' (the home page) or an owners' category page",
      );
    }
    expect(await countCategoryClicks()).toBe(before);
  });

  it('answers a crawler 204 and stores nothing', async () => {
    const before = await countCategoryClicks();
    for (const ua of CRAWLERS) {
      const res = await post({ categoryName: 'Kitchen', categorySlug: 'home-kitchen' }, { 'user-agent': ua });
      expect(res.statusCode, ua).toBe(204);
    }
    expect(await countCategoryClicks()).toBe(before);
  });

  it('refuses bad input with 400 naming the field, storing nothing', async () => {
    const before = await countCategoryClicks();
    const base = { categoryName: 'Kitchen', categorySlug: 'home-kitchen' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, categoryName: '   ' }, 'categoryName'],
      [{ categoryName: 'Kitchen' }, 'categorySlug'],
      [{ ...base, categorySlug: 'x'.repeat(101) }, 'categorySlug'],
      [{ ...base, pageUrl: 'http://localhost/\u0000' }, 'pageUrl'],
      [{ ...base, userEmail: 42 }, 'userEmail'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message, field).toContain(`${field}: `);
    }
    expect(await countCategoryClicks()).toBe(before);
  });
});

describe('POST /api/visits', () => {
  const lastVisit = async () => {
    const [row] = await database.db.select().from(siteVisits).orderBy(desc(siteVisits.id)).limit(1);
    return row;
  };
  const countVisits = async () => (await database.db.select().from(siteVisits)).length;

  it('stores the tracking e-mail only with that address’s token', async () => {
    const payload = { path: '/todays-deals', userEmail: 'Erin@Example.com' };
    const typed = await app.inject({ method: 'POST', url: '/api/visits', headers: browser, payload });
    expect(typed.statusCode).toBe(201);
    expect(await lastVisit()).toMatchObject({ ref: typed.json().visit, path: '/todays-deals', email: null });
    const proven = await app.inject({
      method: 'POST',
      url: '/api/visits',
      headers: { ...browser, authorization: `Bearer ${await tokenOf('erin@example.com')}` },
      payload,
    });
    expect(proven.statusCode).toBe(201);
    expect(await lastVisit()).toMatchObject({ ref: proven.json().visit, email: 'erin@example.com' });
  });

  it('answers a crawler 204 and stores nothing', async () => {
    const before = await countVisits();
    for (const ua of [
      ...CRAWLERS,
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/visits', headers: { 'user-agent': ua }, payload: { path: '/' } });
      expect(res.statusCode, ua).toBe(204);
    }
    expect(await countVisits()).toBe(before);
  });
});
