/**
 * Outbound clicks through HTTP on a fresh database (issue 9 part 3; shopper-screens §4, §5, §7):
 * the redirect records the click with the tag that earned it and never leaves Amazon (fast-check).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { desc } from 'drizzle-orm';
import { isAllowedAmazonUrl } from '../../../common/affiliate';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { productClicks } from '../../db/schema/product-clicks.schema';
import { categoryClicks } from '../../db/schema/category-clicks.schema';
import { testEnv } from '../../env';
import { createTestApp } from '../../test-support/test-app';
import { seedProducts } from '../products/products.test-seed';

const env = testEnv({ AFFILIATE_TAG: 'plain-21', AFFILIATE_TAG_NEW_USER: 'fresh-21' });
const now = new Date('2025-08-01T10:00:00Z');
let database: Database;
let app: App;
let close: () => Promise<void>;
const ASIN = 'B0CLICK001';

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env, clock: () => now }));
  await seedProducts(database.db, [
    { asin: ASIN, title: 'Tefal Frying Pan 28 cm', pricePence: 1999, listPricePence: 2999, category: 'home-kitchen' },
  ]);
});
afterAll(() => close?.());

async function lastClick() {
  const [row] = await database.db.select().from(productClicks).orderBy(desc(productClicks.id)).limit(1);
  return row;
}

describe('GET /go/{asin}', () => {
  it('records the click from our catalogue and answers 302 to the default-tagged product link', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/go/${ASIN}?ct=title&email=Ana@Example.com&utm_source=email&utm_medium=price-drop&utm_campaign=aug`,
      headers: { referer: 'http://localhost/deal-alerts' },
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
    const res = await app.inject({ method: 'GET', url: `/go/${ASIN}?nu=1` });
    expect(res.headers.location).toContain('tag=fresh-21');
    expect(await lastClick()).toMatchObject({ affiliateTag: 'fresh-21', clickType: 'shop', email: null });
  });

  it('redirects an ASIN we do not hold to its Amazon page, recording what it knows', async () => {
    const res = await app.inject({ method: 'GET', url: '/go/B0UNKNOWN9' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain('/dp/B0UNKNOWN9?tag=plain-21');
    expect(await lastClick()).toMatchObject({ asin: 'B0UNKNOWN9', title: null, pricePence: null });
  });

  it('refuses a malformed ASIN, a foreign url and a bad click type with 400 naming the field, recording nothing', async () => {
    const before = (await database.db.select().from(productClicks)).length;
    const cases: Array<[string, string]> = [
      ['/go/not-an-asin', 'asin'],
      ['/go?url=https%3A%2F%2Fevil.example%2Fdp%2FB0CLICK001', 'url'],
      ['/go?url=https%3A%2F%2Fwww.amazon.co.uk.evil.example%2F', 'url'],
      ['/go?url=javascript%3Aalert(1)', 'url'],
      [`/go/${ASIN}?ct=banner`, 'ct'],
      ['/go', 'asin'],
    ];
    for (const [url, field] of cases) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.json().message).toMatch(new RegExp(`^${field}: `));
    }
    expect((await database.db.select().from(productClicks)).length).toBe(before);
  });

  it('takes a deal page Amazon search link, with our tag in place of theirs', async () => {
    const target = 'https://www.amazon.co.uk/s?k=air+fryer&tag=someone-21';
    const res = await app.inject({ method: 'GET', url: `/go?deal=air-fryer&url=${encodeURIComponent(target)}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://www.amazon.co.uk/s?k=air+fryer&tag=plain-21');
    expect(await lastClick()).toMatchObject({ asin: null, dealId: 'air-fryer', category: 'deals' });
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
        const res = await app.inject({ method: 'GET', url: `/go/${encodeURIComponent(path)}?${query.toString()}` });
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
      const res = await app.inject({ method: 'POST', url: '/api/product-clicks', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(`${field}: `);
    }
    const huge = await app.inject({ method: 'POST', url: '/api/product-clicks', payload: { ...base, referrer: 'x'.repeat(20_000) } });
    expect(huge.statusCode).toBe(413);
  });
});

describe('POST /api/category-clicks', () => {
  async function lastCategoryClick() {
    const [row] = await database.db.select().from(categoryClicks).orderBy(desc(categoryClicks.id)).limit(1);
    return row;
  }

  it('stores the click with the e-mail lower-cased and answers 201 { recorded: true }', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/category-clicks',
      payload: { categoryName: 'Kitchen', categorySlug: 'home-kitchen', userEmail: 'Ana@Example.com', pageUrl: 'http://localhost/' },
    });
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

  it('keeps a click without an address as anonymous', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/category-clicks',
      payload: { categoryName: 'Trending', categorySlug: 'trending', userEmail: 'anonymous' },
    });
    expect(res.statusCode).toBe(201);
    expect(await lastCategoryClick()).toMatchObject({ categorySlug: 'trending', userEmail: null, pageUrl: null });
  });

  it('refuses bad input with 400 naming the field, storing nothing', async () => {
    const before = (await database.db.select().from(categoryClicks)).length;
    const base = { categoryName: 'Kitchen', categorySlug: 'home-kitchen' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, categoryName: '   ' }, 'categoryName'],
      [{ categoryName: 'Kitchen' }, 'categorySlug'],
      [{ ...base, categorySlug: 'x'.repeat(101) }, 'categorySlug'],
      [{ ...base, pageUrl: 'http://localhost/\u0000' }, 'pageUrl'],
      [{ ...base, userEmail: 42 }, 'userEmail'],
    ];
    for (const [payload, field] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/category-clicks', payload });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message, field).toContain(`${field}: `);
    }
    expect((await database.db.select().from(categoryClicks)).length).toBe(before);
  });
});
