/**
 * Issue 5, reproducers 2 and 4 and the hardening around them: forged X-Forwarded-For no longer lifts
 * per-IP limits (TRUST_PROXY), security headers on pages and API answers, and a request log that
 * holds no address, signature, IP or SQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema/catalogue.schema';
import { EnvError, loadEnv, testEnv } from '../env';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { errorSummary, redactUrl } from './log-redaction';

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
    for (let i = 0; i < 22; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/deal-alerts',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { productAsin: ASIN, userEmail: `shopper${i}@example.com` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
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
