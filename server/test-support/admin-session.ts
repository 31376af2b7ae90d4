/**
 * Admin sessions for integration tests (issue 11): creates an owner account and signs in through
 * `POST /api/admin/login`, as a browser would, returning the headers later admin calls need.
 */
import type { App } from '../app';
import type { Database } from '../db/client';
import { saveAdminAccount } from '../features/admin-auth/admin-auth.service';

export const TEST_ADMIN_PASSWORD = 'correct horse battery staple';

/** Headers of a signed-in admin: the session cookie, and the site's Origin for state-changing calls. */
export interface AdminHeaders {
  cookie: string;
  origin: string;
  [name: string]: string;
}

/** The `name=value` of the session cookie in a login answer's Set-Cookie, or undefined. */
export function sessionCookieOf(setCookie: string | string[] | undefined): string | undefined {
  const first = ([] as string[]).concat(setCookie ?? []).find((c) => /admin_session=/.test(c));
  return first?.split(';')[0];
}

/**
 * Ensures `email` is an admin with {@link TEST_ADMIN_PASSWORD} and signs in. `publicUrl` must be
 * the app's PUBLIC_URL (the Origin the guard expects).
 */
export async function signInAsAdmin(
  app: App,
  database: Database,
  publicUrl: string,
  email = 'owner@example.com',
  now = new Date(),
): Promise<AdminHeaders> {
  await saveAdminAccount(database.db, email, TEST_ADMIN_PASSWORD, now);
  const origin = new URL(publicUrl).origin;
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { origin },
    payload: { email, password: TEST_ADMIN_PASSWORD },
  });
  const cookie = sessionCookieOf(res.headers['set-cookie']);
  if (res.statusCode !== 204 || !cookie) throw new Error(`admin sign-in failed: ${res.statusCode} ${res.body}`);
  return { cookie, origin };
}
