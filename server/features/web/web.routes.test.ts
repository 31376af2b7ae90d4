import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { createTestApp } from '../../test-support/test-app';
import { seedProducts } from '../products/products.test-seed';
import { WEB_DIST } from './web.routes';

const built = existsSync(path.join(WEB_DIST, 'index.html'));
if (!built) console.warn(`Skipping the web-serving tests: no build in ${WEB_DIST} (run \`npm run build\`; \`npm test\` does).`);

describe.skipIf(!built)('serving the built web app', () => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, database, close } = await createTestApp({ serveWeb: true }));
    // A product page of a product we hold (an unknown ASIN answers 404: first-html.test.ts).
    await seedProducts(database.db, [{ asin: 'B0ABCDEF12', title: 'Test kettle', pricePence: 1999 }]);
  });
  afterAll(() => close?.());

  it('answers the app shell on / and on client routes, never cached', async () => {
    for (const url of ['/', '/search?q=kettle', '/deals/B0ABCDEF12', '/deal-alerts']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets as immutable files', async () => {
    const index = await app.inject({ method: 'GET', url: '/' });
    const asset = /\/assets\/[^"]+\.js/.exec(index.body)?.[0];
    expect(asset).toBeTruthy();
    const res = await app.inject({ method: 'GET', url: asset as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed brotli or gzip file of an asset when the browser accepts it (issue 7)', async () => {
    const index = await app.inject({ method: 'GET', url: '/' });
    const asset = /\/assets\/index-[^"]+\.js/.exec(index.body)?.[0] as string;
    const raw = await app.inject({ method: 'GET', url: asset });
    const br = await app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.length).toBeLessThan(raw.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(raw.body);
    const gz = await app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(raw.body);
    expect(raw.headers['content-encoding']).toBeUndefined();
  });

  it('names the lazy chunk of the requested route and what it imports, for web/boot.ts to preload after the first paint (issue 7 "Pages")', async () => {
    const chunks = {
      '/': 'home.route',
      '/search?q=headphones': 'search.route',
      '/deals/B0ABCDEF12': 'deal.route',
      '/deal-alerts': 'home.route',
    };
    for (const [url, chunk] of Object.entries(chunks)) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      // No modulepreload in the page itself: nothing may compete with the first paint.
      expect(head, url).not.toContain('rel="modulepreload"');
      const preloads = (/<meta name="first-screen-modules" content="([^"]+)">/.exec(head)?.[1] ?? '').split(' ');
      expect(
        preloads.some((href) => href.startsWith(`/assets/${chunk}-`)),
        `${url} preloads ${chunk}`,
      ).toBe(true);
      // Only the route asked for: no other page's chunk.
      const otherRoutes = preloads.filter((href) => /\.route-/.test(href) && !href.startsWith(`/assets/${chunk}-`));
      expect(otherRoutes, url).toEqual([]);
      // Every preloaded file is a real asset, served immutable (a wrong hint would cost a download).
      for (const href of preloads) {
        const asset = await app.inject({ method: 'GET', url: href });
        expect(asset.statusCode, href).toBe(200);
        expect(asset.headers['cache-control'], href).toBe('public, max-age=31536000, immutable');
      }
      expect(new Set(preloads).size, url).toBe(preloads.length);
      expect(head).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/config">');
    }
  });

  it('preloads the product of a product page, and nothing for a malformed ASIN', async () => {
    const page = await app.inject({ method: 'GET', url: '/deals/B0ABCDEF12' });
    expect(page.body).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/products/B0ABCDEF12">');
    const odd = await app.inject({ method: 'GET', url: '/deals/%22%3E%3Cscript%3E' });
    expect(odd.statusCode).toBe(404);
    expect(odd.body).not.toContain('/api/products/');
    expect(odd.body).not.toContain('<script>');
  });

  it('answers 404 for a missing asset, not the page in its place', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/home.route-OLDBUILD.js' });
    expect(res.statusCode).toBe(404);
  });

  it('compresses the page and JSON answers over 1 KiB', async () => {
    const page = await app.inject({ method: 'GET', url: '/deals/B0ABCDEF12', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toContain('<div id="root">');
    const res = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toHaveProperty('paths');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Not Found' });
  });
});
