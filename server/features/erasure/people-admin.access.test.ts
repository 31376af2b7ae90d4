/**
 * The access matrix of every endpoint of issue 12 parts 1 and 2 (the owners' people, alerts and
 * price-check calls): no session → 401, a made-up cookie → 401, a session idle for 30 minutes → 401,
 * a state-changing call from another Origin or with none → 403 (and nothing changed), and a valid
 * session → its success status. The routes' own behaviour is tested beside each feature.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { signups } from '../../db/schema/engagement.schema';
import { testEnv } from '../../env';
import { signInAsAdmin } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import { SESSION_IDLE_MS } from '../admin-auth/admin-auth.rules';

const PUBLIC_URL = 'https://deals.example';
const ORIGIN = 'https://deals.example';

let app: App;
let database: Database;
let close: () => Promise<void>;
let now = new Date('2026-06-01T09:00:00Z');

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env: testEnv({ PUBLIC_URL }), clock: () => now }));
});
afterAll(() => close?.());

interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
  /** Status with a valid session and the right Origin. */
  ok: number;
}

/** Each new route once; ids that do not exist answer 404 with a session, which still proves the guard let it through. */
const ROUTES: Route[] = [
  { method: 'GET', url: '/api/admin/signups', ok: 200 },
  { method: 'GET', url: '/api/admin/signups/export', ok: 200 },
  { method: 'GET', url: '/api/admin/signups/1/clicks', ok: 404 },
  { method: 'DELETE', url: '/api/admin/signups/999999', ok: 404 },
  { method: 'DELETE', url: '/api/admin/signups', payload: { ids: [1, 2] }, ok: 200 },
  { method: 'GET', url: '/api/admin/unsubscribes', ok: 200 },
  { method: 'GET', url: '/api/admin/unsubscribe-stats', ok: 200 },
  { method: 'GET', url: '/api/admin/unsubscribes/1', ok: 404 },
  { method: 'GET', url: '/api/admin/user-preferences', ok: 200 },
  { method: 'GET', url: '/api/admin/user-preferences/export', ok: 200 },
  { method: 'GET', url: '/api/admin/user-analysis', ok: 200 },
  { method: 'GET', url: '/api/admin/user-analysis/clicks.csv?email=ann%40example.com', ok: 200 },
  { method: 'POST', url: '/api/admin/erasure', payload: { email: 'ann@example.com' }, ok: 200 },
  { method: 'GET', url: '/api/admin/deal-alerts', ok: 200 },
  { method: 'DELETE', url: '/api/admin/deal-alerts/1', ok: 404 },
  { method: 'POST', url: '/api/admin/price-checks', ok: 200 },
  // Issue 29: the Users and Alerts tabs' bulk actions.
  { method: 'POST', url: '/api/admin/users/bulk', payload: { action: 'unsubscribe', emails: ['ann@example.com'] }, ok: 200 },
  { method: 'POST', url: '/api/admin/deal-alerts/bulk', payload: { action: 'deactivate', ids: [1] }, ok: 200 },
  { method: 'GET', url: '/api/admin/price-check-outcomes', ok: 200 },
  { method: 'GET', url: '/api/price-check-logs?page=1&limit=10', ok: 200 },
];

const call = (route: Route, headers: Record<string, string>) =>
  app.inject({ method: route.method, url: route.url, headers, ...(route.payload === undefined ? {} : { payload: route.payload }) });

describe('who may call the people and alerts endpoints', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.url}`, async () => {
      const origin: Record<string, string> = route.method === 'GET' ? {} : { origin: ORIGIN };
      expect((await call(route, origin)).statusCode).toBe(401);
      expect((await call(route, { ...origin, cookie: `admin_session=${'A'.repeat(43)}` })).statusCode).toBe(401);

      // A session left idle for 30 minutes is over.
      const stale = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);
      now = new Date(now.getTime() + SESSION_IDLE_MS);
      expect((await call(route, { ...origin, cookie: stale.cookie })).statusCode).toBe(401);

      const admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);
      if (route.method !== 'GET') {
        await database.db.insert(signups).values({
          email: 'kept@example.com',
          source: 'signup_page',
          consentWording: 'x',
          consentAt: now,
          confirmationQueued: false,
        });
        const before = await database.db.$count(signups);
        const cross = await call(route, { cookie: admin.cookie, origin: 'https://evil.example' });
        expect(cross.statusCode).toBe(403);
        expect(cross.json().message).toMatch(/^origin: /);
        expect((await call(route, { cookie: admin.cookie })).statusCode).toBe(403);
        expect(await database.db.$count(signups)).toBe(before);
      }
      const res = await call(route, { ...origin, cookie: admin.cookie });
      expect(res.statusCode, res.body).toBe(route.ok);
    });
  }
});
