/**
 * Every admin route is behind the admin guard (DESIGN.md §4 "Admin"; issue 26), read from Fastify's
 * own route table (`onRoute`, through AppDeps.onRoute) rather than a hand-written list, so a route
 * added later is checked without touching this test. The admin routes are every route under
 * `/api/admin/` and every route of the admin area of server/app.ts (marked `config.adminAccess` by
 * `guardAdminArea`, which also covers the spec's admin paths outside `/api/admin`). For each method
 * and URL (path parameters filled with a sample value):
 *
 * - no cookie → 401; a made-up session cookie, or a shopper's visitor token (with this site's
 *   Origin) → 401; each with the guard's own body, so no route answered for itself;
 * - a state-changing call (POST, PUT, PATCH, DELETE) with a live session but without this site's
 *   Origin (none, or another) → 403, before the handler runs;
 * - the sign-in (`adminAccess: 'sign-in'`) needs no session, but refuses a call without Origin (403).
 *
 * A route under `/api/admin/` registered outside the admin area would answer for itself, and fail
 * here: the last test adds one to a second app and sees it reported. The session's lifetime (idle
 * and absolute expiry) is tested in admin-auth.test.ts.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import { issueVisitorToken } from '../visitors/visitors.service';
import { ADMIN_ORIGIN_REFUSED, ADMIN_SESSION_REQUIRED } from './admin.guard';

const PUBLIC_URL = 'https://deals.example';
const ORIGIN = 'https://deals.example';
const OTHER_ORIGIN = 'https://evil.example';
const env = testEnv({ PUBLIC_URL });
const now = new Date('2026-06-01T09:00:00Z');

/** Fewer admin routes than this means the route table was not read (or most of the area vanished). */
const AT_LEAST = 60;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One method of one admin route, as the route table has it. */
interface AdminRoute {
  method: Method;
  /** The route's URL as registered (`/api/admin/signups/:id`). */
  url: string;
  /** The URL requested: every path parameter (and wildcard) replaced by a sample value. */
  sample: string;
  /** The route's `config.adminAccess`; undefined when it is not in the admin area. */
  access: 'session' | 'sign-in' | undefined;
}

/** `/api/category-pages/:slug/products` → `/api/category-pages/1/products`. */
const sampleUrl = (url: string) => url.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, '1').replace(/\*/g, '1');

/** The admin routes of a route table: every route under `/api/admin/` and every route the admin area marked. */
function adminRoutesOf(routes: RouteOptions[]): AdminRoute[] {
  const found = new Map<string, AdminRoute>();
  for (const route of routes) {
    const access = route.config?.adminAccess;
    if (!route.url.startsWith('/api/admin/') && access === undefined) continue;
    for (const method of ([] as string[]).concat(route.method)) {
      found.set(`${method} ${route.url}`, { method: method as Method, url: route.url, sample: sampleUrl(route.url), access });
    }
  }
  return [...found.values()];
}

/** What the guard must answer, per admin route; each way a route answers otherwise is one line. */
async function unguarded(app: App, routes: AdminRoute[], session: AdminHeaders, visitorToken: string): Promise<string[]> {
  const wrong: string[] = [];
  const expectAnswer = async (
    route: AdminRoute,
    what: string,
    headers: Record<string, string>,
    status: number,
    body: { error: string; message: string },
  ) => {
    const res = await app.inject({ method: route.method, url: route.sample, headers });
    const at = `${route.method} ${route.url} ${what}`;
    if (res.statusCode !== status) return void wrong.push(`${at}: ${res.statusCode}, not ${status}`);
    if (route.method !== 'HEAD' && res.body !== JSON.stringify(body)) wrong.push(`${at}: answered ${res.body}, not the guard's ${status}`);
    if (res.headers['cache-control'] !== 'no-store') wrong.push(`${at}: Cache-Control ${String(res.headers['cache-control'])}`);
  };
  for (const route of routes) {
    if (route.url.startsWith('/api/admin/') && route.access === undefined)
      wrong.push(`${route.method} ${route.url}: not in the admin area`);
    const changes = STATE_CHANGING.has(route.method);
    if (route.access === 'sign-in') {
      // No session needed, but a change from no origin is refused (login CSRF).
      await expectAnswer(route, 'without Origin', {}, 403, ADMIN_ORIGIN_REFUSED);
      continue;
    }
    await expectAnswer(route, 'without a cookie', {}, 401, ADMIN_SESSION_REQUIRED);
    await expectAnswer(
      route,
      'with a made-up session',
      { origin: ORIGIN, cookie: `__Host-admin_session=${'A'.repeat(43)}` },
      401,
      ADMIN_SESSION_REQUIRED,
    );
    await expectAnswer(
      route,
      'with a visitor token (Bearer)',
      { origin: ORIGIN, authorization: `Bearer ${visitorToken}` },
      401,
      ADMIN_SESSION_REQUIRED,
    );
    await expectAnswer(
      route,
      'with a visitor token (X-Visitor-Token)',
      { origin: ORIGIN, 'x-visitor-token': visitorToken },
      401,
      ADMIN_SESSION_REQUIRED,
    );
    if (changes) {
      await expectAnswer(route, 'with a session but no Origin', { cookie: session.cookie }, 403, ADMIN_ORIGIN_REFUSED);
      await expectAnswer(
        route,
        'with a session from another Origin',
        { cookie: session.cookie, origin: OTHER_ORIGIN },
        403,
        ADMIN_ORIGIN_REFUSED,
      );
    }
  }
  return wrong;
}

let app: App;
let database: Database;
let close: () => Promise<void>;
const table: RouteOptions[] = [];
let session: AdminHeaders;
let visitorToken: string;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env, clock: () => now, onRoute: (route) => void table.push(route) }));
  session = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);
  visitorToken = (await issueVisitorToken(database.db, { email: 'owner@example.com', proof: 'mailbox', now })).token;
});
afterAll(() => close?.());

describe('every admin route, from the route table', () => {
  it(`finds the admin routes: every /api/admin/ route, the admin paths outside it, ${AT_LEAST} or more`, () => {
    const routes = adminRoutesOf(table);
    const named = new Set(routes.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`));
    expect(named.size).toBeGreaterThanOrEqual(AT_LEAST);
    // The spec's admin paths outside /api/admin are read from the table too (a sample of them).
    for (const outside of [
      'GET /api/price-check-logs',
      'POST /api/emails/test',
      'POST /api/amazon/search',
      'POST /api/products/import/bulk',
      'PUT /api/category-pages/:id',
    ])
      expect(named).toContain(outside);
    // And no shopper route is taken for one.
    for (const shopper of ['GET /api/category-pages/:slug', 'POST /api/products/search', 'POST /api/deal-alerts/check-all-prices'])
      expect(named).not.toContain(shopper);
  });

  it('answers every admin route as the guard does: 401 without a live session, 403 for a change without this site’s Origin', async () => {
    expect(await unguarded(app, adminRoutesOf(table), session, visitorToken)).toEqual([]);
  });

  it('answers unknown /api/admin paths through the guard too: 401, and 404 only with a session', async () => {
    const route: AdminRoute = {
      method: 'GET',
      url: '/api/admin/no-such-endpoint',
      sample: '/api/admin/no-such-endpoint',
      access: 'session',
    };
    expect(await unguarded(app, [route, { ...route, method: 'POST' }], session, visitorToken)).toEqual([]);
    expect((await app.inject({ url: route.url, headers: { cookie: session.cookie } })).statusCode).toBe(404);
  });

  it('reports a route under /api/admin registered outside the admin area', async () => {
    const escapedTable: RouteOptions[] = [];
    const escaped = await createTestApp({ database, env, clock: () => now, onRoute: (route) => void escapedTable.push(route) });
    try {
      // As a shopper module would, were it to add an owner's route beside its own.
      await escaped.app.register(async (scope) => {
        scope.get('/api/admin/escaped-report', async () => ({ secret: true }));
        scope.delete('/api/admin/escaped-report/:id', async () => ({ deleted: 1 }));
      });
      const wrong = await unguarded(escaped.app, adminRoutesOf(escapedTable), session, visitorToken);
      expect(wrong).toContain('GET /api/admin/escaped-report: not in the admin area');
      expect(wrong).toContain('GET /api/admin/escaped-report without a cookie: 200, not 401');
      expect(wrong).toContain('DELETE /api/admin/escaped-report/:id with a session but no Origin: 200, not 403');
      // Nothing else: the real admin routes of that app pass.
      expect(wrong.every((line) => line.includes('/api/admin/escaped-report'))).toBe(true);
    } finally {
      await escaped.close();
    }
  });
});
