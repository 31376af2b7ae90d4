/**
 * The owners' category-page calls through HTTP (admin-area §2 "Categories tab", §5, §7; issue 11
 * part 3): who may call them (no session, a made-up or expired session → 401; a write from another
 * origin or none → 403), the slug rule and the 400s naming the field, create / tag edit / delete,
 * adding and removing products, the audit entries with their counts, and that what shoppers get —
 * `GET /api/category-pages/{slug}/products`, the `/go` redirect, the first HTML of
 * `/category/{slug}` and the sitemap (cached by catalogue version) — follows each change at once. The CSV upload has its own file (category-page-upload.admin.test.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import { SESSION_IDLE_MS } from '../admin-auth/admin-auth.rules';
import { seedProducts } from '../products/products.test-seed';
import { WEB_DIST } from '../web/web.routes';
import { csvForm } from './multipart.test-support';

const PUBLIC_URL = 'https://deals.example';
const ORIGIN = PUBLIC_URL;
const built = existsSync(path.join(WEB_DIST, 'index.html'));

let app: App;
let database: Database;
let close: () => Promise<void>;
let admin: AdminHeaders;
let now = new Date('2026-06-01T09:00:00Z');
const advance = (ms: number) => (now = new Date(now.getTime() + ms));

const KETTLE = 'B0CADM0001';
const TOASTER = 'B0CADM0002';
const BLENDER = 'B0CADM0003';

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({
    env: testEnv({ PUBLIC_URL, AFFILIATE_TAG: 'site-21' }),
    clock: () => now,
    serveWeb: built,
  }));
  await seedProducts(database.db, [
    { asin: KETTLE, title: 'Cordless Kettle 1.7L', pricePence: 2999, category: 'home-kitchen' },
    { asin: TOASTER, title: 'Four Slice Toaster', pricePence: 3999, listPricePence: 4999, savingBasisType: 'LIST_PRICE' },
    { asin: BLENDER, title: 'Personal Blender', pricePence: 1999 },
  ]);
  admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);
});
afterAll(() => close?.());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = admin) =>
  app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function createPage(body: Record<string, unknown>) {
  const res = await send('POST', '/api/category-pages', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().categoryPage as { id: number; slug: string; affiliateTag: string; productCount: number };
}

/** What a shopper gets: the titles on the page, in order, and the tag on each link. */
async function shopperView(slug: string) {
  const res = await app.inject({ method: 'GET', url: `/api/category-pages/${slug}/products` });
  if (res.statusCode !== 200) return { status: res.statusCode, titles: [] as string[], tags: [] as (string | null)[] };
  const products = res.json().products as { title: string; affiliateUrl: string }[];
  return {
    status: 200,
    titles: products.map((p) => p.title),
    tags: [...new Set(products.map((p) => new URL(p.affiliateUrl).searchParams.get('tag')))],
  };
}

const sitemap = async () => (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;

interface Route {
  method: Method;
  url: () => string;
  body?: () => unknown;
  multipart?: boolean;
  ok: number;
}

let matrixPage: { id: number; slug: string };
let created = 0;
/** Every admin-only category-page route, with a body that succeeds for a signed-in owner. */
const ROUTES: Route[] = [
  { method: 'GET', url: () => '/api/category-pages', ok: 200 },
  { method: 'POST', url: () => '/api/category-pages', body: () => ({ name: `Matrix page ${++created}` }), ok: 201 },
  { method: 'PUT', url: () => `/api/category-pages/${matrixPage.id}`, body: () => ({ affiliateTag: 'matrix-21' }), ok: 200 },
  { method: 'POST', url: () => `/api/category-pages/${matrixPage.slug}/products`, body: () => ({ asins: [KETTLE] }), ok: 200 },
  { method: 'DELETE', url: () => `/api/category-pages/${matrixPage.slug}/products`, body: () => ({ asins: [KETTLE] }), ok: 200 },
  { method: 'POST', url: () => `/api/category-pages/${matrixPage.slug}/upload-csv`, multipart: true, ok: 200 },
  { method: 'DELETE', url: () => `/api/category-pages/${matrixPage.id}`, ok: 200 },
];

function call(route: Route, headers: Record<string, string>) {
  if (route.multipart) {
    const form = csvForm(`asin\n${KETTLE}\n`);
    return app.inject({ method: route.method, url: route.url(), headers: { ...headers, ...form.headers }, payload: form.payload });
  }
  const body = route.body?.();
  return app.inject({ method: route.method, url: route.url(), headers, ...(body === undefined ? {} : { payload: body as object }) });
}

describe('who may call the category-page writes', () => {
  beforeAll(async () => {
    matrixPage = await createPage({ name: 'Matrix Target' });
  });

  it('answers 401 without a session or with a made-up one, and changes nothing', async () => {
    for (const route of ROUTES) {
      for (const headers of [{ origin: ORIGIN }, { origin: ORIGIN, cookie: 'admin_session=bm90LWEtc2Vzc2lvbg' }] as Record<
        string,
        string
      >[]) {
        const res = await call(route, headers);
        expect(res.statusCode, `${route.method} ${route.url()}`).toBe(401);
        expect(res.json().message).toMatch(/^session: /);
      }
    }
    expect((await shopperView(matrixPage.slug)).titles).toEqual([]);
  });

  it('answers 403 to a write from another origin or with no Origin, and changes nothing', async () => {
    for (const route of ROUTES.filter((r) => r.method !== 'GET')) {
      for (const origin of ['https://evil.example', null]) {
        const headers: Record<string, string> = { cookie: admin.cookie };
        if (origin) headers.origin = origin;
        const res = await call(route, headers);
        expect(res.statusCode, `${route.method} ${route.url()} from ${origin}`).toBe(403);
        expect(res.json().message).toMatch(/^origin: /);
      }
    }
    const list = (await send('GET', '/api/category-pages')).json().categoryPages as { slug: string; affiliateTag: string }[];
    expect(list.map((p) => p.slug)).toEqual(['matrix-target']);
    expect(list[0]?.affiliateTag).toBe('site-21');
  });

  it('lets a signed-in owner from this site do each, in turn', async () => {
    for (const route of ROUTES) {
      const res = await call(route, admin);
      expect(res.statusCode, `${route.method} ${route.url()}: ${res.body}`).toBe(route.ok);
    }
    // The matrix created one page and deleted its target.
    const list = (await send('GET', '/api/category-pages')).json().categoryPages as { id: number; slug: string }[];
    expect(list.map((p) => p.slug)).toEqual([`matrix-page-${created}`]);
    expect((await send('DELETE', `/api/category-pages/${list[0]!.id}`)).statusCode).toBe(200);
  });
});

describe('creating a page: the slug rule and the 400s', () => {
  it('derives the slug from the name, creates it active with the site tag when none is given', async () => {
    const page = await createPage({ name: '  Summer Kitchen & Garden! ', description: 'Cool kit\nfor hot days' });
    expect(page).toMatchObject({
      name: 'Summer Kitchen & Garden!',
      slug: 'summer-kitchen-garden',
      description: 'Cool kit\nfor hot days',
      affiliateTag: 'site-21',
      isActive: true,
      productCount: 0,
    });
    const accented = await createPage({ name: '--Café Crème 2026--', affiliateTag: ' cafe-21 ', slug: 'cafe-creme-2026', isActive: true });
    expect(accented).toMatchObject({ slug: 'cafe-creme-2026', affiliateTag: 'cafe-21' });
    // Active at once: the public page answers.
    expect((await app.inject({ method: 'GET', url: '/api/category-pages/cafe-creme-2026' })).json().categoryPage.name).toBe(
      '--Café Crème 2026--',
    );
  });

  it('answers 409 naming the slug when a page already has it', async () => {
    const res = await send('POST', '/api/category-pages', { name: 'SUMMER kitchen / garden' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('slug: a category page "summer-kitchen-garden" already exists; choose another name');
  });

  it.each([
    [{ name: '   ' }, 'name: must not be blank'],
    [{ name: '!!! £££ ...' }, 'name: must contain at least one letter or digit'],
    [{ name: 'x'.repeat(101) }, 'name: must be at most 100 characters'],
    [{ name: 'Tab\u0007bed' }, 'name: must not contain control characters'],
    [{ description: 'no name' }, /^name: /],
    [{ name: 'Tagged', affiliateTag: 'not a tag!' }, 'affiliateTag: must be an Associates tag: at most 64 letters, digits, - or _'],
    [{ name: 'Slugged', slug: 'something-else' }, 'slug: must be "slugged", the slug of the name (lower case, hyphens between words)'],
    [{ name: 'Inactive', isActive: false }, 'isActive: must be true: new pages are created active'],
    [{ name: 'Long', description: 'd'.repeat(1001) }, 'description: must be at most 1000 characters'],
  ])('refuses %j with 400 “%s”', async (body, message) => {
    const res = await send('POST', '/api/category-pages', body);
    expect(res.statusCode).toBe(400);
    if (typeof message === 'string') expect(res.json().message).toBe(message);
    else expect(res.json().message).toMatch(message);
    expect((await send('GET', '/api/category-pages')).json().categoryPages).toHaveLength(2);
  });
});

describe('a page through its life, as the owners change it and shoppers see it', () => {
  let page: { id: number; slug: string };

  it('adds products by ASIN: each once, unknown ones named, in the order asked', async () => {
    // The sitemap is cached by catalogue version: a write must drop it (the clock stands still here).
    expect(await sitemap()).not.toContain('/category/kitchen-picks');
    page = await createPage({ name: 'Kitchen Picks', affiliateTag: 'picks-21' });
    expect(await sitemap()).toContain(`${PUBLIC_URL}/category/kitchen-picks`);
    const res = await send('POST', `/api/category-pages/${page.slug}/products`, {
      asins: [TOASTER, 'b0cadm0001', 'B0NOTHERE1', TOASTER],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ added: 2, alreadyOnPage: 0, notInCatalogue: ['B0NOTHERE1'], overLimit: [], productCount: 2 });
    expect(await shopperView(page.slug)).toEqual({
      status: 200,
      titles: ['Four Slice Toaster', 'Cordless Kettle 1.7L'],
      tags: ['picks-21'],
    });

    const again = await send('POST', `/api/category-pages/${page.slug}/products`, { asins: [KETTLE, BLENDER] });
    expect(again.json()).toMatchObject({ added: 1, alreadyOnPage: 1, productCount: 3 });
    expect((await shopperView(page.slug)).titles).toEqual(['Four Slice Toaster', 'Cordless Kettle 1.7L', 'Personal Blender']);
  });

  it('lists every page with its product count', async () => {
    const list = (await send('GET', '/api/category-pages')).json().categoryPages as { slug: string; productCount: number }[];
    expect(list.map((p) => [p.slug, p.productCount])).toEqual([
      ['cafe-creme-2026', 0],
      ['kitchen-picks', 3],
      ['summer-kitchen-garden', 0],
    ]);
  });

  it('edits the affiliate tag inline: links and the /go redirect carry the new tag at once', async () => {
    for (const [body, message] of [
      [{ affiliateTag: '   ' }, 'affiliateTag: must not be blank'],
      [{ affiliateTag: 'two words' }, 'affiliateTag: must be an Associates tag: at most 64 letters, digits, - or _'],
      [{}, 'body: must name at least one of affiliateTag, name, description'],
    ] as const) {
      const res = await send('PUT', `/api/category-pages/${page.id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await send('PUT', '/api/category-pages/abc', { affiliateTag: 'x-21' })).json().message).toMatch(/^id: /);
    const missing = await send('PUT', '/api/category-pages/999999', { affiliateTag: 'x-21' });
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'id: there is no category page 999999']);

    const res = await send('PUT', `/api/category-pages/${page.id}`, { affiliateTag: 'newpicks-21' });
    expect(res.statusCode).toBe(200);
    expect(res.json().categoryPage).toMatchObject({ slug: 'kitchen-picks', affiliateTag: 'newpicks-21', productCount: 3 });
    expect((await shopperView(page.slug)).tags).toEqual(['newpicks-21']);
    const go = await app.inject({ method: 'GET', url: `/go/${KETTLE}?cp=${page.slug}` });
    expect(go.headers.location).toContain('tag=newpicks-21');
  });

  it('removes selected products: the first HTML of /category/{slug} follows at once', async () => {
    // The first HTML needs the built web app (npm run build); the API view is checked either way.
    const html = async () => (built ? (await app.inject({ method: 'GET', url: `/category/${page.slug}` })).body : null);
    if (built) expect(await html()).toContain('Personal Blender');
    const res = await send('DELETE', `/api/category-pages/${page.slug}/products`, { asins: [BLENDER, 'B0NOTHERE1'] });
    expect(res.json()).toEqual({ removed: 1, productCount: 2 });
    if (built) {
      const after = await html();
      expect(after).not.toContain('Personal Blender');
      expect(after).toContain('Four Slice Toaster');
    }
    expect((await shopperView(page.slug)).titles).toEqual(['Four Slice Toaster', 'Cordless Kettle 1.7L']);
  });

  it('refuses an empty or malformed selection with 400 naming the field, and an unknown page with 404', async () => {
    for (const [body, message] of [
      [{ asins: [] }, 'asins: must name at least one product'],
      [{ asins: ['not-an-asin'] }, 'asins.0: must be a 10-character ASIN'],
      [{}, /^asins: /],
    ] as const) {
      const res = await send('DELETE', `/api/category-pages/${page.slug}/products`, body);
      expect(res.statusCode).toBe(400);
      if (typeof message === 'string') expect(res.json().message).toBe(message);
      else expect(res.json().message).toMatch(message);
    }
    const res = await send('POST', '/api/category-pages/no-such-page/products', { asins: [KETTLE] });
    expect([res.statusCode, res.json().message]).toEqual([404, 'slug: there is no category page "no-such-page"']);
  });

  it('removes one product (per-row delete), then deletes the page: shoppers get 404, the products stay', async () => {
    expect((await send('DELETE', `/api/category-pages/${page.slug}/products`, { asins: [TOASTER] })).json()).toEqual({
      removed: 1,
      productCount: 1,
    });
    expect((await shopperView(page.slug)).titles).toEqual(['Cordless Kettle 1.7L']);
    const res = await send('DELETE', `/api/category-pages/${page.id}`);
    expect(res.json()).toEqual({ deleted: { id: page.id, slug: 'kitchen-picks', name: 'Kitchen Picks' }, removedProducts: 1 });
    expect((await shopperView(page.slug)).status).toBe(404);
    expect(await sitemap()).not.toContain('/category/kitchen-picks');
    if (built) expect((await app.inject({ method: 'GET', url: `/category/${page.slug}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/products/${KETTLE}` })).statusCode).toBe(200);
    expect((await send('DELETE', `/api/category-pages/${page.id}`)).statusCode).toBe(404);
  });

  it('wrote each change to the audit log with its counts, never a tag or a shopper', async () => {
    const entries = (await send('GET', '/api/admin/audit-log?limit=50')).json().entries as {
      action: string;
      target: string | null;
      counts: Record<string, number> | null;
    }[];
    const mine = entries.filter((e) => e.target === 'kitchen-picks').reverse();
    expect(mine.map((e) => [e.action, e.counts])).toEqual([
      ['category-pages.create', null],
      ['category-pages.products.add', { added: 2, alreadyOnPage: 0, notInCatalogue: 1, overLimit: 0 }],
      ['category-pages.products.add', { added: 1, alreadyOnPage: 1, notInCatalogue: 0, overLimit: 0 }],
      ['category-pages.update-tag', null],
      ['category-pages.products.remove', { asked: 2, removed: 1 }],
      ['category-pages.products.remove', { asked: 1, removed: 1 }],
      ['category-pages.delete', { removedProducts: 1 }],
    ]);
  });
});

describe('an expired session', () => {
  it('answers 401 on every route once the session has been idle for 30 minutes', async () => {
    const page = await createPage({ name: 'Idle Page' });
    matrixPage = page;
    advance(SESSION_IDLE_MS + 60_000);
    for (const route of ROUTES) {
      const res = await call(route, admin);
      expect(res.statusCode, `${route.method} ${route.url()}`).toBe(401);
    }
    expect((await shopperView(page.slug)).status).toBe(200);
  });
});
