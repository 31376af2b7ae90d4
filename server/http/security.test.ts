/**
 * Issue 5, reproducers 2 and 4 and the hardening around them: forged X-Forwarded-For no longer lifts
 * per-IP limits (TRUST_PROXY), security headers on pages and API answers, and a request log that
 * holds no address, signature, IP or SQL. Issue 25 "Clean answers": `Permissions-Policy` on every
 * answer, and `Cache-Control: no-store` on every answer holding a shopper's own data or token.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema/catalogue.schema';
import { EnvError, loadEnv, testEnv } from '../env';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { WEB_DIST } from '../features/web/web.routes';
import { signLink } from '../email/signed-links';
import { errorSummary, redactUrl } from './log-redaction';
import { PERMISSIONS_POLICY } from './security-headers';

const ASIN = 'B0SECURE01';

describe('TRUST_PROXY (reproducer 2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // NODE_ENV=production: the real limits, not the test scaling.
    t = await createTestApp({ env: testEnv({ NODE_ENV: 'production' }) });
    await t.database.db.insert(products).values({ asin: ASIN, title: 'Secure kettle', pricePence: 1999, priceAsOf: new Date() });
  });
  afterAll(() => t.close());

  it('keeps counting one client whose X-Forwarded-For changes on every request (limit 20 a minute)', async () => {
    const statuses: number[] = [];
    const cacheControls: Array<string | undefined> = [];
    for (let i = 0; i < 22; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/deal-alerts',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { productAsin: ASIN, userEmail: `shopper${i}@example.com` },
      });
      statuses.push(res.statusCode);
      cacheControls.push(res.headers['cache-control'] as string | undefined);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    // Issue 25: the limit's answers are private answers too.
    expect(new Set(cacheControls)).toEqual(new Set(['no-store']));
  });

  it('believes X-Forwarded-For only from a proxy it names', async () => {
    const behind = await createTestApp({ env: testEnv({ TRUST_PROXY: '127.0.0.1' }) });
    behind.app.get('/__ip', async (request) => ({ ip: request.ip }));
    try {
      const viaProxy = await behind.app.inject({
        url: '/__ip',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(viaProxy.json().ip).toBe('198.51.100.7');
      const direct = await behind.app.inject({
        url: '/__ip',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(direct.json().ip).toBe('203.0.113.9');
    } finally {
      await behind.close();
    }
  });

  it('with a hop count, takes the address the nearest proxy saw', async () => {
    const behind = await createTestApp({ env: testEnv({ TRUST_PROXY: '1' }) });
    behind.app.get('/__ip', async (request) => ({ ip: request.ip }));
    try {
      const res = await behind.app.inject({
        url: '/__ip',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '203.0.113.1, 198.51.100.7' },
      });
      expect(res.json().ip).toBe('198.51.100.7');
    } finally {
      await behind.close();
    }
  });

  it('refuses "true" and malformed values at start-up, naming the variable', () => {
    for (const bad of ['true', 'yes', '10.0.0.0/33', 'proxy.example', '0']) {
      expect(() => loadEnv({ TRUST_PROXY: bad }, { persistSecret: false }), bad).toThrow(EnvError);
      try {
        loadEnv({ TRUST_PROXY: bad }, { persistSecret: false });
      } catch (error) {
        expect((error as EnvError).problems.join('\n')).toMatch(/^TRUST_PROXY: /);
      }
    }
    expect(loadEnv({ TRUST_PROXY: '2' }, { persistSecret: false }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, ::1' }, { persistSecret: false }).TRUST_PROXY).toEqual(['10.0.0.0/8', '::1']);
    expect(loadEnv({}, { persistSecret: false }).TRUST_PROXY).toBeUndefined();
  });
});

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: testEnv({ PUBLIC_URL: 'http://localhost:3000' }), serveWeb: true });
  });
  afterAll(() => t.close());

  it.each(['/', `/deals/${ASIN}`, '/api/health'])('%s carries CSP, nosniff, Referrer-Policy and frame denial', async (url) => {
    const res = await t.app.inject({ url });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/img-src [^;]*https:\/\/m\.media-amazon\.com/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // Plain http: no HSTS, no upgrade (it would strand a local install).
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('sends HSTS and upgrades requests when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ env: testEnv({ PUBLIC_URL: 'https://deals.example' }) });
    try {
      const res = await secure.app.inject({ url: '/api/health' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });
});

describe('Permissions-Policy (issue 25)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ serveWeb: true });
  });
  afterAll(() => t.close());

  const policyOf = (res: { headers: Record<string, unknown> }) => String(res.headers['permissions-policy'] ?? '');

  it('turns off the powerful features the site never uses, and leaves sharing and the clipboard alone', () => {
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics'])
      expect(PERMISSIONS_POLICY).toContain(`${feature}=()`);
    // The blog's share button and the copy buttons use these: they must stay allowed.
    expect(PERMISSIONS_POLICY).not.toMatch(/web-share|clipboard/);
  });

  it.each([
    ['a page', 'GET', '/'],
    ['an API answer', 'GET', '/api/health'],
    ['an API 404', 'GET', '/api/no-such-endpoint'],
    ['a missing asset (404)', 'GET', '/assets/no-such-chunk-OLD.js'],
    ['a 400', 'POST', '/api/products/search'],
    ['an admin 401', 'GET', '/api/admin/products'],
    ['an API error with a bad body', 'POST', '/api/deal-alerts'],
  ])('is on %s (%s %s)', async (_what, method, url) => {
    const res = await t.app.inject({
      method: method as 'GET' | 'POST',
      url,
      ...(method === 'POST'
        ? { headers: { 'content-type': 'application/json' }, payload: url.includes('search') ? '{"page":0}' : '{' }
        : {}),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(200);
    expect(policyOf(res)).toBe(PERMISSIONS_POLICY);
  });

  const built = existsSync(path.join(WEB_DIST, 'index.html'));
  it.skipIf(!built)('is on the built page and its static files (needs `npm run build`)', async () => {
    const page = await t.app.inject({ url: '/' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(policyOf(page)).toBe(PERMISSIONS_POLICY);
    const asset = /\/assets\/[^"]+\.js/.exec(page.body)?.[0] as string;
    const script = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'br' } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toContain('immutable');
    expect(policyOf(script)).toBe(PERMISSIONS_POLICY);
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(policyOf(icon)).toBe(PERMISSIONS_POLICY);
  });
});

describe('private answers are never cached (issue 25)', () => {
  let t: TestApp;
  let token = '';
  let alertId = 0;
  const email = 'cache.shopper@example.com';
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.insert(products).values({ asin: ASIN, title: 'Secure kettle', pricePence: 1999, priceAsOf: new Date() });
  });
  afterAll(() => t.close());

  const auth = () => ({ authorization: `Bearer ${token}` });

  it('marks answers that hand out a visitor token no-store', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/deal-alerts', payload: { productAsin: ASIN, userEmail: email } });
    expect(created.statusCode, created.body).toBe(201);
    token = created.json().visitorToken;
    alertId = created.json().id;
    expect(token).toBeTruthy();
    expect(created.headers['cache-control']).toBe('no-store');
    const signup = await t.app.inject({ method: 'POST', url: '/api/signup', payload: { email, source: 'signup_page' } });
    expect(signup.statusCode, signup.body).toBeLessThan(300);
    expect(signup.json().visitorToken).toBeTruthy();
    expect(signup.headers['cache-control']).toBe('no-store');
    // Opening the confirmation link: the answer carries the mailbox token, which reads the subscription.
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/subscribers/confirm',
      payload: signLink(testEnv().SECRET_KEY, 'confirm', email, new Date()),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().visitorToken).toBeTruthy();
    expect(confirmed.headers['cache-control']).toBe('no-store');
    const status = await t.app.inject({
      url: '/api/subscribers/status',
      headers: { authorization: `Bearer ${confirmed.json().visitorToken}` },
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['GET', '/api/deal-alerts', undefined],
    ['GET', `/api/user-preferences/${encodeURIComponent(email)}`, undefined],
    ['POST', '/api/user-preferences', { email, preferredCategories: ['electronics'] }],
  ])('marks %s %s no-store', async (method, url, payload) => {
    const res = await t.app.inject({ method: method as 'GET' | 'POST', url, headers: auth(), ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('marks their errors no-store too: 400, 401, 403 and 404', async () => {
    const answers = [
      await t.app.inject({ method: 'POST', url: '/api/subscribers/confirm', payload: { email, t: '1', sig: 'forged' } }),
      await t.app.inject({ method: 'POST', url: '/api/subscribers/confirm', payload: { email: 'not an address' } }),
      await t.app.inject({ method: 'POST', url: '/api/deal-alerts', payload: { productAsin: 'short', userEmail: email } }),
      await t.app.inject({ method: 'GET', url: '/api/deal-alerts' }),
      // A device token may not see the subscription (only a mailbox token may).
      await t.app.inject({ method: 'GET', url: '/api/subscribers/status', headers: auth() }),
      await t.app.inject({ method: 'DELETE', url: `/api/deal-alerts/${alertId + 1000}`, headers: auth() }),
      await t.app.inject({ method: 'POST', url: '/api/signup', payload: { email, source: 'elsewhere' } }),
      await t.app.inject({ method: 'POST', url: `/api/deal-alerts/${alertId}/check-price` }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([400, 400, 400, 401, 403, 404, 400, 401]);
    for (const res of answers) expect(res.headers['cache-control'], `${res.statusCode} ${res.body}`).toBe('no-store');
  });

  it('leaves public listings cacheable as before', async () => {
    for (const [method, url] of [
      ['POST', '/api/products/search'],
      ['GET', '/api/deals'],
      ['GET', `/api/products/${ASIN}`],
      ['GET', '/api/health'],
    ] as const) {
      const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).not.toBe('no-store');
    }
  });
});

describe('request log (reproducer 4)', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: testEnv({ LOG_LEVEL: 'info' }), logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => t.close());

  it('holds no e-mail address, link signature, link time or client IP', async () => {
    await t.app.inject({ url: '/api/subscribers/status?email=victim%40example.com', remoteAddress: '203.0.113.77' });
    await t.app.inject({ url: '/confirm-email?email=victim@example.com&t=1782903900&sig=SECRETSIG', remoteAddress: '203.0.113.77' });
    await t.app.inject({ url: '/api/unsubscribe/victim@example.com', remoteAddress: '203.0.113.77' });
    const log = lines.join('');
    expect(log).toContain('/api/subscribers/status?email=[redacted]');
    expect(log).not.toMatch(/victim/);
    expect(log).not.toContain('SECRETSIG');
    expect(log).not.toContain('1782903900');
    expect(log).not.toContain('203.0.113.77');
  });

  it('summarises a database error by type and code, without its SQL or parameters', async () => {
    let caught: unknown;
    try {
      await t.database.db.execute(sql`select * from no_such_table where email = ${'victim@example.com'}`);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeDefined();
    const summary = JSON.stringify(errorSummary(caught));
    expect(summary).toContain('42P01');
    expect(summary).not.toMatch(/victim|select|no_such_table/i);
  });

  it('names the cause of a wrapped error that is not a statement the database refused, never SQL or an address', () => {
    const dropped = Object.assign(new Error('failed query: select * from subscribers where email = $1'), {
      cause: new Error('Connection terminated unexpectedly'),
    });
    expect(errorSummary(dropped)).toEqual({ type: 'Error', cause: 'Error', causeMessage: 'Connection terminated unexpectedly' });
    const leaky = Object.assign(new Error('failed query'), { cause: new TypeError('no row for victim@example.com') });
    const summary = errorSummary(leaky);
    expect(summary).toEqual({ type: 'Error', cause: 'TypeError' });
    const refused = Object.assign(new Error('failed query'), {
      cause: Object.assign(new Error('duplicate key value (victim)'), { code: '23505' }),
    });
    expect(errorSummary(refused)).toEqual({ type: 'Error', code: '23505', cause: 'Error' });
  });

  it('redacts addresses in paths and queries and keeps the rest', () => {
    expect(redactUrl('/go/B0SECURE01?ct=shop&email=a%40b.com&utm_source=mail')).toBe(
      '/go/B0SECURE01?ct=shop&email=[redacted]&utm_source=mail',
    );
    expect(redactUrl('/api/unsubscribe/one-click?email=a@b.com&t=1&sig=x')).toBe(
      '/api/unsubscribe/one-click?email=[redacted]&t=[redacted]&sig=[redacted]',
    );
    expect(redactUrl('/x/a%40b.com/y?q=kettle&from=a@b.com')).toBe('/x/[redacted]/y?q=kettle&from=[redacted]');
    expect(redactUrl('/search?q=kettle')).toBe('/search?q=kettle');
  });
});
