/**
 * Admin access through HTTP on a fresh PGlite (issue 11 parts 1 and 3 "Tests"; DESIGN.md §4
 * "Admin"): a sample of admin routes × no session / idle-expired / absolutely expired / valid /
 * wrong Origin (every admin route's 401 and 403, read from the route table, are checked in
 * admin-area.access.test.ts), the sign-in throttle (per address, per account, the owner's
 * known networks: issue 25), one answer for an unknown e-mail and a wrong password, session
 * rotation at sign-in, sign-out, the audit log and the first-start account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { createTestApp } from '../../test-support/test-app';
import { createTestDatabase } from '../../test-support/test-db';
import { sessionCookieOf, TEST_ADMIN_PASSWORD } from '../../test-support/admin-session';
import { recordAdminAction } from '../audit/audit.service';
import { ensureFirstAdmin, login, saveAdminAccount } from './admin-auth.service';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './admin-auth.rules';

const PUBLIC_URL = 'https://deals.example';
const ORIGIN = 'https://deals.example';
const OWNER = 'owner@example.com';
const MINUTE = 60_000;

let app: App;
let database: Database;
let close: () => Promise<void>;
let now = new Date('2026-06-01T09:00:00Z');
let nextIp = 1;
/**
 * A client address no earlier test has used, on a network (/24) no earlier test has used either,
 * so the per-address throttle starts empty and the network is unknown to every account.
 */
const freshIp = () => {
  const n = nextIp++;
  return `198.${18 + (n >> 8)}.${n & 255}.7`;
};
/** Another address on the same /24 network as the IPv4 address `ip`. */
const neighbourOf = (ip: string, last: number) => `${ip.split('.').slice(0, 3).join('.')}.${last}`;
const env = testEnv({ PUBLIC_URL });

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env, clock: () => now }));
  await saveAdminAccount(database.db, OWNER, TEST_ADMIN_PASSWORD, now);
});
afterAll(() => close?.());

const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

function postLogin(body: { email: string; password: string }, options: { ip?: string; cookie?: string; origin?: string | null } = {}) {
  const headers: Record<string, string> = {};
  if (options.origin !== null) headers.origin = options.origin ?? ORIGIN;
  if (options.cookie) headers.cookie = options.cookie;
  return app.inject({ method: 'POST', url: '/api/admin/login', headers, payload: body, remoteAddress: options.ip ?? freshIp() });
}

async function signIn(email = OWNER, password = TEST_ADMIN_PASSWORD): Promise<string> {
  const res = await postLogin({ email, password });
  expect(res.statusCode, res.body).toBe(204);
  const cookie = sessionCookieOf(res.headers['set-cookie']);
  expect(cookie).toBeDefined();
  return cookie as string;
}

interface AdminRoute {
  method: 'GET' | 'POST';
  url: string;
  /** Status of a valid session with the right Origin. */
  ok: number;
}

/**
 * A sample for the session's lifetime: routes inside `/api/admin` and one of the spec's admin paths
 * outside it, a change, and an unknown admin path. Every admin route: admin-area.access.test.ts.
 */
const ROUTES: AdminRoute[] = [
  { method: 'GET', url: '/api/admin/me', ok: 200 },
  { method: 'GET', url: '/api/admin/audit-log?limit=5', ok: 200 },
  { method: 'POST', url: '/api/admin/logout', ok: 204 },
  { method: 'GET', url: '/api/price-check-logs', ok: 200 },
  { method: 'GET', url: '/api/admin/no-such-endpoint', ok: 404 },
];

const call = (route: AdminRoute, headers: Record<string, string> = {}) =>
  app.inject({ method: route.method, url: route.url, headers: route.method === 'GET' ? headers : { origin: ORIGIN, ...headers } });

describe('the session on a sample of admin routes', () => {
  for (const route of ROUTES) {
    describe(`${route.method} ${route.url}`, () => {
      it('answers 401 without a session, and with a made-up cookie', async () => {
        const none = await call(route);
        expect(none.statusCode).toBe(401);
        expect(none.json()).toEqual({ error: 'Unauthorized', message: 'session: an admin session is required; sign in at /admin/login' });
        const forged = await call(route, { cookie: `__Host-admin_session=${'A'.repeat(43)}` });
        expect(forged.statusCode).toBe(401);
      });

      it('answers 401 once the session has been idle for 30 minutes', async () => {
        const cookie = await signIn();
        advance(SESSION_IDLE_MS - MINUTE);
        expect((await app.inject({ url: '/api/admin/me', headers: { cookie } })).statusCode).toBe(200);
        advance(SESSION_IDLE_MS); // 30 min after that last request
        expect((await call(route, { cookie })).statusCode).toBe(401);
      });

      it('answers 401 twelve hours after sign-in, however active the session was', async () => {
        const cookie = await signIn();
        // A request every 25 minutes keeps the idle clock from running out (sliding expiry)…
        for (let elapsed = 25 * MINUTE; elapsed < SESSION_ABSOLUTE_MS; elapsed += 25 * MINUTE) {
          advance(25 * MINUTE);
          expect((await app.inject({ url: '/api/admin/me', headers: { cookie } })).statusCode).toBe(200);
        }
        // …but not past the absolute limit.
        advance(25 * MINUTE);
        expect((await call(route, { cookie })).statusCode).toBe(401);
      });

      it(`answers ${route.ok} with a valid session`, async () => {
        const cookie = await signIn();
        const res = await call(route, { cookie });
        expect(res.statusCode, res.body).toBe(route.ok);
      });

      if (route.method !== 'GET') {
        it('answers 403 to a state-changing call from another origin or with none, and changes nothing', async () => {
          const cookie = await signIn();
          const cross = await app.inject({ method: route.method, url: route.url, headers: { cookie, origin: 'https://evil.example' } });
          expect(cross.statusCode).toBe(403);
          expect(cross.json().message).toMatch(/^origin: /);
          const none = await app.inject({ method: route.method, url: route.url, headers: { cookie } });
          expect(none.statusCode).toBe(403);
          // The session is still there: nothing was done.
          expect((await app.inject({ url: '/api/admin/me', headers: { cookie } })).statusCode).toBe(200);
        });
      }
    });
  }

  it('refuses a sign-in from another origin (login CSRF) with 403', async () => {
    expect((await postLogin({ email: OWNER, password: TEST_ADMIN_PASSWORD }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await postLogin({ email: OWNER, password: TEST_ADMIN_PASSWORD }, { origin: null })).statusCode).toBe(403);
  });
});

describe('POST /api/admin/login', () => {
  it('sets an HttpOnly, SameSite=Strict, Secure __Host- cookie for the whole site, and /me names the owner', async () => {
    const res = await postLogin({ email: ' Owner@Example.com ', password: TEST_ADMIN_PASSWORD });
    expect(res.statusCode).toBe(204);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-admin_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/Domain=/i);
    const me = await app.inject({ url: '/api/admin/me', headers: { cookie: sessionCookieOf(res.headers['set-cookie']) as string } });
    expect(me.json()).toMatchObject({ email: OWNER });
    expect(Date.parse(me.json().sessionExpiresAt)).toBe(now.getTime() + SESSION_ABSOLUTE_MS);
  });

  it('answers admin calls with Cache-Control: no-store', async () => {
    const cookie = await signIn();
    expect((await app.inject({ url: '/api/admin/me', headers: { cookie } })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/api/price-check-logs', headers: { cookie } })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/api/admin/me' })).headers['cache-control']).toBe('no-store');
  });

  it('ends every session of an account whose password is changed', async () => {
    await saveAdminAccount(database.db, 'reset@example.com', TEST_ADMIN_PASSWORD, now);
    const cookie = await signIn('reset@example.com');
    expect(await saveAdminAccount(database.db, 'reset@example.com', 'a brand new password', now)).toBe('updated');
    expect((await app.inject({ url: '/api/admin/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await postLogin({ email: 'reset@example.com', password: TEST_ADMIN_PASSWORD })).statusCode).toBe(401);
    expect((await postLogin({ email: 'reset@example.com', password: 'a brand new password' })).statusCode).toBe(204);
  });

  it('stores only a hash of the session id', async () => {
    const cookie = await signIn();
    const token = cookie.split('=')[1] as string;
    const rows = await database.query<{ token_hash: string }>('select token_hash from admin_sessions');
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.some((r) => r.token_hash.includes(token))).toBe(false);
    expect(rows.rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('gives the same status and body for an unknown e-mail and a wrong password, in similar time', async () => {
    const unknown = await postLogin({ email: 'nobody@example.com', password: 'whatever it is' });
    const wrong = await postLogin({ email: OWNER, password: 'not the password' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.headers['set-cookie']).toBeUndefined();
    // Both verify one argon2id hash: the unknown e-mail is not answered early.
    const time = async (email: string) => {
      const began = performance.now();
      await login({ db: database.db, secret: env.SECRET_KEY, now }, { email, password: 'not the password', ip: freshIp() });
      return performance.now() - began;
    };
    // Medians of five, interleaved, and wide bounds: on a loaded 2-CPU CI machine one hash can take
    // twice another, while an early answer would be a hundred times faster than a hash.
    const unknownRuns: number[] = [];
    const wrongRuns: number[] = [];
    for (let i = 0; i < 5; i++) {
      unknownRuns.push(await time('nobody@example.com'));
      wrongRuns.push(await time(OWNER));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2] as number;
    const unknownMs = median(unknownRuns);
    const wrongMs = median(wrongRuns);
    expect(unknownMs).toBeGreaterThan(wrongMs * 0.25);
    expect(unknownMs).toBeLessThan(wrongMs * 4);
  });

  it('rotates the session: signing in with an old cookie ends that session', async () => {
    const first = await signIn();
    const res = await postLogin({ email: OWNER, password: TEST_ADMIN_PASSWORD }, { cookie: first });
    const second = sessionCookieOf(res.headers['set-cookie']) as string;
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await app.inject({ url: '/api/admin/me', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/admin/me', headers: { cookie: second } })).statusCode).toBe(200);
  });

  it('names the field of a malformed body with 400', async () => {
    const res = await postLogin({ email: OWNER, password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^password: /);
  });
});

describe('the sign-in throttle (issue 25: failures slow the attacker down, never lock the owner out)', () => {
  const wrongFrom = (email: string, ip: string, i = 0) => postLogin({ email, password: `wrong guess ${i}` }, { ip });
  const rightFrom = (email: string, ip: string) => postLogin({ email, password: TEST_ADMIN_PASSWORD }, { ip });

  it('holds the address after 5 failures on the account, while the owner signs in from another network', async () => {
    await saveAdminAccount(database.db, 'second@example.com', TEST_ADMIN_PASSWORD, now);
    const attacker = freshIp();
    for (let i = 0; i < 5; i += 1) expect((await wrongFrom('second@example.com', attacker, i)).statusCode).toBe(401);
    const held = await rightFrom('second@example.com', attacker);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(held.json().message).toBe('login: too many failed sign-ins; try again in 15 minutes');
    // The owner, on another network (never signed in from before), is not held back.
    expect((await rightFrom('second@example.com', freshIp())).statusCode).toBe(204);
    // The attacker's address is still held (the owner's success does not clear others' failures)…
    expect((await rightFrom('second@example.com', attacker)).statusCode).toBe(429);
    // …until its failures are 15 minutes old.
    advance(15 * MINUTE + 1000);
    expect((await rightFrom('second@example.com', attacker)).statusCode).toBe(204);
  });

  it('counts an IPv6 client by its /64, so rotating addresses inside it does not help', async () => {
    await saveAdminAccount(database.db, 'six@example.com', TEST_ADMIN_PASSWORD, now);
    for (let i = 1; i <= 5; i += 1) expect((await wrongFrom('six@example.com', `2001:db8:6:6::${i}`, i)).statusCode).toBe(401);
    expect((await rightFrom('six@example.com', '2001:db8:6:6::abcd')).statusCode).toBe(429);
    expect((await rightFrom('six@example.com', '2001:db8:6:7::1')).statusCode).toBe(204);
  });

  it("under attack from many addresses, the owner's known network signs in; unknown networks wait until the failures age out", async () => {
    await saveAdminAccount(database.db, 'third@example.com', TEST_ADMIN_PASSWORD, now);
    const home = freshIp();
    expect((await rightFrom('third@example.com', home)).statusCode).toBe(204);
    // Only a keyed hash of the network is stored, never the address.
    const known = await database.query<{ client_hash: string }>(
      `select client_hash from admin_known_clients k join admin_users u on u.id = k.admin_id where u.email = 'third@example.com'`,
    );
    expect(known.rows).toHaveLength(1);
    expect(known.rows[0]?.client_hash).toMatch(/^[0-9a-f]{64}$/);
    advance(MINUTE);

    // Twelve guesses from twelve networks: ten are checked (401), then strangers wait (429).
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await wrongFrom('third@example.com', freshIp(), i)).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);

    // The owner from home (another address of the same /24) signs in…
    expect((await rightFrom('third@example.com', neighbourOf(home, 200))).statusCode).toBe(204);
    // …while a network that never signed in waits, even with the right password, until the failures age out.
    const stranger = await rightFrom('third@example.com', freshIp());
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(stranger.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    advance(15 * MINUTE + 1000);
    expect((await rightFrom('third@example.com', freshIp())).statusCode).toBe(204);
  });

  it('holds a known network only for failures made from inside it, and forgets a network after 90 days', async () => {
    await saveAdminAccount(database.db, 'fourth@example.com', TEST_ADMIN_PASSWORD, now);
    const home = freshIp();
    expect((await rightFrom('fourth@example.com', home)).statusCode).toBe(204);
    advance(MINUTE);
    // Ten failures from five addresses of the home network itself (two each, under the per-address 5).
    for (let i = 0; i < 10; i += 1)
      expect((await wrongFrom('fourth@example.com', neighbourOf(home, 10 + (i % 5)), i)).statusCode).toBe(401);
    expect((await rightFrom('fourth@example.com', neighbourOf(home, 99))).statusCode).toBe(429);
    advance(15 * MINUTE + 1000);
    expect((await rightFrom('fourth@example.com', home)).statusCode).toBe(204);

    // 90 days without a sign-in from it: home is a stranger again while the account is under attack.
    advance(91 * 24 * 60 * MINUTE);
    for (let i = 0; i < 10; i += 1) expect((await wrongFrom('fourth@example.com', freshIp(), i)).statusCode).toBe(401);
    expect((await rightFrom('fourth@example.com', home)).statusCode).toBe(429);
    advance(15 * MINUTE + 1000);
  });

  it('throttles an unknown e-mail exactly like a known one (no enumeration through the limit)', async () => {
    const attacker = freshIp();
    for (let i = 0; i < 5; i += 1) expect((await wrongFrom('ghost@example.com', attacker, i)).statusCode).toBe(401);
    const held = await wrongFrom('ghost@example.com', attacker);
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBeDefined();
    for (let i = 0; i < 5; i += 1) expect((await wrongFrom('ghost@example.com', freshIp(), i)).statusCode).toBe(401);
    expect((await wrongFrom('ghost@example.com', freshIp())).statusCode).toBe(429);
    advance(15 * MINUTE + 1000);
  });

  it('holds an address after 20 failures on any accounts; other addresses still sign in', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i += 1) expect((await wrongFrom(`guess${i}@example.com`, ip)).statusCode).toBe(401);
    const held = await rightFrom(OWNER, ip);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect((await rightFrom(OWNER, freshIp())).statusCode).toBe(204);
    advance(15 * MINUTE + 1000);
    expect((await rightFrom(OWNER, ip)).statusCode).toBe(204);
  });

  it('keeps its counts in the database: another instance on the same database holds the same address', async () => {
    await saveAdminAccount(database.db, 'fifth@example.com', TEST_ADMIN_PASSWORD, now);
    const attacker = freshIp();
    for (let i = 0; i < 5; i += 1) expect((await wrongFrom('fifth@example.com', attacker, i)).statusCode).toBe(401);
    const other = await createTestApp({ database, env, clock: () => now });
    try {
      const held = await other.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { origin: ORIGIN },
        payload: { email: 'fifth@example.com', password: TEST_ADMIN_PASSWORD },
        remoteAddress: attacker,
      });
      expect(held.statusCode).toBe(429);
    } finally {
      await other.close();
    }
    advance(15 * MINUTE + 1000);
  });
});

describe('POST /api/admin/logout', () => {
  it('destroys the session and clears the cookie', async () => {
    const cookie = await signIn();
    const res = await app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie, origin: ORIGIN } });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/^__Host-admin_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await app.inject({ url: '/api/admin/me', headers: { cookie } })).statusCode).toBe(401);
    const again = await app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie, origin: ORIGIN } });
    expect(again.statusCode).toBe(401);
  });
});

describe('GET /api/admin/audit-log', () => {
  it('lists sign-ins, failed sign-ins and sign-outs, newest first, without typed e-mail addresses', async () => {
    advance(MINUTE);
    await postLogin({ email: 'typo@example.com', password: 'nope' });
    advance(MINUTE);
    const cookie = await signIn();
    advance(MINUTE);
    const res = await app.inject({ url: '/api/admin/audit-log?limit=3', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const entries = res.json().entries as { action: string; adminEmail: string | null; target: string | null }[];
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({ action: 'login', adminEmail: OWNER, target: null });
    expect(entries[1]).toMatchObject({ action: 'login.failed', adminEmail: null, target: null });
    expect(res.body).not.toContain('typo@example.com');
  });

  it('checks the limit: 1 to 200', async () => {
    const cookie = await signIn();
    expect((await app.inject({ url: '/api/admin/audit-log?limit=0', headers: { cookie } })).statusCode).toBe(400);
    const tooMany = await app.inject({ url: '/api/admin/audit-log?limit=500', headers: { cookie } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/^limit: /);
  });

  it('records the counts other admin modules report, and refuses an e-mail address as a target', async () => {
    const cookie = await signIn();
    const admin = (await app.inject({ url: '/api/admin/me', headers: { cookie } })).json().id as number;
    await recordAdminAction(database.db, { adminId: admin, action: 'products.delete', target: 'B0TEST0001', counts: { deleted: 3 } }, now);
    await expect(
      recordAdminAction(database.db, { adminId: admin, action: 'signups.delete', target: 'shopper@example.com' }, now),
    ).rejects.toThrow(/must not hold an e-mail address/);
    const res = await app.inject({ url: '/api/admin/audit-log?limit=200', headers: { cookie } });
    const deleted = (res.json().entries as { action: string }[]).find((e) => e.action === 'products.delete');
    expect(deleted).toMatchObject({ target: 'B0TEST0001', counts: { deleted: 3 } });
    expect(res.body).not.toContain('shopper@example.com');
  });
});

describe('the first admin account from ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('is created on a database without admins, then ignored', async () => {
    const fresh = await createTestDatabase();
    try {
      const at = new Date('2026-06-01T09:00:00Z');
      expect(await ensureFirstAdmin(fresh.db, {}, at)).toBe('not-configured');
      expect(await ensureFirstAdmin(fresh.db, { email: 'first@example.com' }, at)).toBe('password-missing');
      expect(await ensureFirstAdmin(fresh.db, { email: 'First@Example.com', password: 'a long first password' }, at)).toBe('created');
      expect(await ensureFirstAdmin(fresh.db, { email: 'other@example.com', password: 'another long password' }, at)).toBe('exists');
      const deps = { db: fresh.db, secret: env.SECRET_KEY, now: at };
      const signedIn = await login(deps, { email: 'first@example.com', password: 'a long first password', ip: '198.51.100.1' });
      expect(signedIn.kind).toBe('signed-in');
      const other = await login(deps, { email: 'other@example.com', password: 'another long password', ip: '198.51.100.1' });
      expect(other.kind).toBe('bad-credentials');
    } finally {
      await fresh.close();
    }
  });
});
