/**
 * The access matrix of every endpoint issue 14 added (DESIGN.md §4 "Admin"; docs/decisions/
 * 0011-admin-access.md), as server/features/admin-auth/admin-auth.test.ts does for the shell's own
 * routes: each route × no session / a made-up cookie / a session idle for 30 minutes / a session
 * 12 hours old however active / a valid session, and, for the state-changing ones, another Origin
 * or none. A refused call must spend no Amazon request (the fake's log) and change no product.
 * The routes' behaviour is tested in amazon-api.test.ts. Real app, in-memory database, the fake
 * Creators API on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { connectToFake, startFakeCreatorsApi, type FakeCreatorsApi } from '../../sources/creators-api/fake-creators-api.test-support';
import { signInAsAdmin } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import { createTestDatabase } from '../../test-support/test-db';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../admin-auth/admin-auth.rules';

const OTHER_ORIGIN = 'https://evil.example';
const MINUTE = 60_000;

let app: App;
let database: Database;
let fake: FakeCreatorsApi;
let env: Env;
let close: () => Promise<void>;
let now = new Date('2026-06-01T09:00:00Z');

beforeAll(async () => {
  fake = await startFakeCreatorsApi({
    ratePerSecond: 50,
    realCatalogue: false,
    products: [{ asin: 'B0ACCESS01', title: 'Kitchen utensils set for the access test', pricePence: 999, categoryName: 'Kitchen' }],
  });
  database = await createTestDatabase();
  const connected = connectToFake(fake, database.db, { ratePerSecond: 50, clock: () => now });
  env = connected.env;
  ({ app, close } = await createTestApp({
    database,
    env,
    amazon: connected.connection,
    priceSource: connected.connection.source,
    clock: () => now,
  }));
});

afterAll(async () => {
  await close?.();
  await database?.close();
  await fake?.close();
});

interface Route {
  method: 'GET' | 'POST';
  url: string;
  payload?: Record<string, unknown>;
  /** Amazon requests a valid call makes (a refused one makes none). */
  amazonRequests: number;
}

/** Every route of issue 14, in the spec's places: the search outside `/api/admin`, the rest inside. */
const ROUTES: Route[] = [
  { method: 'POST', url: '/api/amazon/search', payload: { searchIndex: 'All', keywords: 'kitchen utensils' }, amazonRequests: 1 },
  { method: 'POST', url: '/api/admin/amazon/import', payload: { asins: ['B0ACCESS01'] }, amazonRequests: 1 },
  { method: 'GET', url: '/api/admin/amazon/status', amazonRequests: 0 },
  { method: 'GET', url: '/api/admin/amazon/access', amazonRequests: 0 },
];

const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

/** The route called with `headers`; a state-changing call gets the site's Origin unless `headers` says otherwise. */
function call(route: Route, headers: Record<string, string | undefined> = {}) {
  const base: Record<string, string> = route.method === 'GET' ? {} : { origin: new URL(env.PUBLIC_URL).origin };
  const merged = Object.fromEntries(Object.entries({ ...base, ...headers }).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return app.inject({ method: route.method, url: route.url, headers: merged, ...(route.payload ? { payload: route.payload } : {}) });
}

const signIn = async () => (await signInAsAdmin(app, database, env.PUBLIC_URL, 'owner@example.com', now)).cookie;
const productCount = async () => Number((await database.query<{ n: string }>('select count(*)::text as n from products')).rows[0]!.n);

describe('who may call the Amazon API tab endpoints', () => {
  for (const route of ROUTES) {
    describe(`${route.method} ${route.url}`, () => {
      it('answers 401 without a session and with a made-up cookie, spending no Amazon request', async () => {
        const requests = fake.log.length;
        const none = await call(route);
        expect(none.statusCode).toBe(401);
        expect(none.json()).toEqual({ error: 'Unauthorized', message: 'session: an admin session is required; sign in at /admin/login' });
        expect((await call(route, { cookie: `__Host-admin_session=${'A'.repeat(43)}` })).statusCode).toBe(401);
        expect(fake.log.length).toBe(requests);
      });

      it('answers 401 once the session has been idle for 30 minutes', async () => {
        const cookie = await signIn();
        advance(SESSION_IDLE_MS - MINUTE);
        expect((await app.inject({ url: '/api/admin/me', headers: { cookie } })).statusCode).toBe(200);
        advance(SESSION_IDLE_MS);
        const requests = fake.log.length;
        expect((await call(route, { cookie })).statusCode).toBe(401);
        expect(fake.log.length).toBe(requests);
      });

      it('answers 401 twelve hours after sign-in, however active the session was', async () => {
        const cookie = await signIn();
        for (let elapsed = 25 * MINUTE; elapsed < SESSION_ABSOLUTE_MS; elapsed += 25 * MINUTE) {
          advance(25 * MINUTE);
          expect((await app.inject({ url: '/api/admin/me', headers: { cookie } })).statusCode).toBe(200);
        }
        advance(25 * MINUTE);
        const requests = fake.log.length;
        expect((await call(route, { cookie })).statusCode).toBe(401);
        expect(fake.log.length).toBe(requests);
      });

      if (route.method !== 'GET') {
        it('answers 403 from another Origin or with none, spending no Amazon request and changing no product', async () => {
          const cookie = await signIn();
          const requests = fake.log.length;
          const products = await productCount();
          const cross = await call(route, { cookie, origin: OTHER_ORIGIN });
          expect(cross.statusCode).toBe(403);
          expect(cross.json().message).toMatch(/^origin: /);
          expect((await call(route, { cookie, origin: undefined })).statusCode).toBe(403);
          expect(fake.log.length).toBe(requests);
          expect(await productCount()).toBe(products);
          // The session is still there: nothing was done to it either.
          expect((await app.inject({ url: '/api/admin/me', headers: { cookie } })).statusCode).toBe(200);
        });
      }

      it('answers 200 to a valid session', async () => {
        const cookie = await signIn();
        const requests = fake.log.length;
        const res = await call(route, { cookie });
        expect(res.statusCode, res.body).toBe(200);
        expect(fake.log.length - requests).toBe(route.amazonRequests);
      });
    });
  }
});
