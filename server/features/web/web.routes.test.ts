import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test-support/test-app';
import { WEB_DIST } from './web.routes';

const built = existsSync(path.join(WEB_DIST, 'index.html'));
if (!built) console.warn(`Skipping the web-serving tests: no build in ${WEB_DIST} (run \`npm run build\`; \`npm test\` does).`);

describe.skipIf(!built)('serving the built web app', () => {
  let app: App;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await createTestApp({ serveWeb: true }));
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

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Not Found' });
  });
});
