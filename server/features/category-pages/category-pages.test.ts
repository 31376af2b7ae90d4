/**
 * Public category pages through HTTP (issue 8 part 3; shopper-screens §2 "Category page with
 * {slug}", §7; admin-area §3, §7): the page and its products, 404 and 400, and the outbound
 * redirect that carries the page's own affiliate tag. Pages are seeded straight into the tables
 * (the owners' screens come later).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { categoryPageProducts, categoryPages } from '../../db/schema/category-pages.schema';
import { productClicks } from '../../db/schema/product-clicks.schema';
import { testEnv } from '../../env';
import { createTestApp } from '../../test-support/test-app';
import { seedProducts } from '../products/products.test-seed';

const env = testEnv({ AFFILIATE_TAG: 'plain-21', AFFILIATE_TAG_NEW_USER: 'fresh-21' });
let app: App;
let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env }));
  const [kettle, toaster, pan] = await seedProducts(database.db, [
    { asin: 'B0CPAGE001', title: 'Kettle', pricePence: 2999, category: 'home-kitchen' },
    { asin: 'B0CPAGE002', title: 'Toaster', pricePence: 3999, listPricePence: 4999, savingBasisType: 'LIST_PRICE' },
    { asin: 'B0CPAGE003', title: 'Frying pan', pricePence: 1999 },
  ]);
  const [summer, old] = await database.db
    .insert(categoryPages)
    .values([
      { slug: 'summer-kitchen', name: 'Summer Kitchen', description: 'Cool kit for hot days', affiliateTag: 'summer-21' },
      { slug: 'old-page', name: 'Old page', affiliateTag: 'old-21', isActive: false },
    ])
    .returning({ id: categoryPages.id });
  await database.db.insert(categoryPageProducts).values([
    { categoryPageId: summer!.id, productId: toaster!.id, position: 1 },
    { categoryPageId: summer!.id, productId: kettle!.id, position: 2 },
    { categoryPageId: old!.id, productId: pan!.id, position: 1 },
  ]);
});
afterAll(() => close?.());

describe('GET /api/category-pages/{slug}', () => {
  it('answers the active page with its name, description and tag', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/category-pages/summer-kitchen' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      categoryPage: {
        id: expect.any(Number),
        name: 'Summer Kitchen',
        slug: 'summer-kitchen',
        description: 'Cool kit for hot days',
        affiliateTag: 'summer-21',
        isActive: true,
      },
    });
  });

  it('answers 404 naming the slug for an unknown or inactive page, on both routes', async () => {
    for (const url of ['/api/category-pages/no-such-page', '/api/category-pages/old-page', '/api/category-pages/old-page/products']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      const slug = url.split('/')[3];
      expect(res.json(), url).toEqual({ error: 'Not Found', message: `Category "${slug}" not found` });
    }
  });

  it('answers 400 naming the rule for a malformed slug', async () => {
    for (const slug of ['Summer-Kitchen', 'summer--kitchen', 'summer_kitchen', '-summer', 'a%20b']) {
      const res = await app.inject({ method: 'GET', url: `/api/category-pages/${slug}/products` });
      expect(res.statusCode, slug).toBe(400);
      expect(res.json().message, slug).toMatch(/^slug: /);
    }
    // Past 100 characters Fastify's router answers 414 before the schema (maxParamLength).
    expect((await app.inject({ method: 'GET', url: `/api/category-pages/${'x'.repeat(101)}` })).statusCode).toBe(414);
  });
});

describe('GET /api/category-pages/{slug}/products', () => {
  it('lists the page’s products in the owners’ order, each link tagged with the page’s tag', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/category-pages/summer-kitchen/products' });
    expect(res.statusCode).toBe(200);
    const { products } = res.json() as { products: Array<{ title: string; affiliateUrl: string; discountPercent: number | null }> };
    expect(products.map((p) => p.title)).toEqual(['Toaster', 'Kettle']);
    expect(products[0]).toMatchObject({ discountPercent: 20 });
    for (const p of products) expect(new URL(p.affiliateUrl).searchParams.get('tag')).toBe('summer-21');
  });
});

/** A shopper's browser (crawlers are not counted as clicks, issue 25). */
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('GET /go/{asin}?cp={slug}', () => {
  async function lastClick() {
    const [row] = await database.db.select().from(productClicks).orderBy(desc(productClicks.id)).limit(1);
    return row;
  }

  it('sends the shopper on with the page’s stored tag and records that tag, whatever tag the query names', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/go/B0CPAGE001?ct=title&cp=summer-kitchen&tag=evil-21&nu=1',
      headers: { 'user-agent': CHROME },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://www.amazon.co.uk/dp/B0CPAGE001?tag=summer-21&linkCode=osi&th=1&psc=1');
    expect(await lastClick()).toMatchObject({ asin: 'B0CPAGE001', affiliateTag: 'summer-21' });
  });

  it('falls back to our own tag for an unknown or inactive page, so an old link still works', async () => {
    for (const cp of ['no-such-page', 'old-page']) {
      const res = await app.inject({ method: 'GET', url: `/go/B0CPAGE001?cp=${cp}`, headers: { 'user-agent': CHROME } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toContain('tag=plain-21');
      expect(await lastClick()).toMatchObject({ affiliateTag: 'plain-21' });
    }
  });

  it('refuses a malformed cp with 400 naming the field', async () => {
    const res = await app.inject({ method: 'GET', url: '/go/B0CPAGE001?cp=Not%20A%20Slug' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^cp: /);
  });
});
