/**
 * Admin sign-in and sign-out (issue 11 part 1), registered inside the `/api/admin` scope behind
 * the admin guard (admin.guard.ts):
 *
 * - `POST /api/admin/login` `{ email, password }` → 204 with the session cookie. **Anyone** may
 *   call it (the guard checks only its Origin). 401 with one message for an unknown e-mail and a
 *   wrong password alike; 429 with Retry-After (seconds) while the sign-in throttle holds the
 *   client (admin-auth.service.ts: 5 failures in 15 minutes from its address on the account, 20
 *   on any accounts, or 10 on the account from all addresses when the client's network is not one
 *   the owner signed in from). The session the browser came with, if any, is replaced.
 * - `POST /api/admin/logout` → 204; deletes the session and clears the cookie. **Signed-in admins
 *   only** (401 without a session, 403 from another origin).
 * - `GET /api/admin/me` → `{ id, email, sessionExpiresAt }`. **Signed-in admins only** (401
 *   otherwise); the admin pages call it to decide between the shell and the sign-in page.
 */
import { z } from 'zod';
import type { App, AppDeps } from '../../app-deps';
import { adminLoginBodySchema, adminMeSchema } from '../../../common/api/admin-auth.admin.schema';
import { adminSessionToken } from './admin.guard';
import { apiErrorSchema, errorBody } from '../../http/errors';
import { perWindow } from '../../http/rate-limit';
import { login, logout, sessionCookieName, sessionCookieOptions } from './admin-auth.service';

/** One answer for every failed sign-in, so it never tells whether the e-mail has an account. */
export const LOGIN_REFUSED = errorBody(401, 'email or password: not recognised');

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

export async function adminAuthRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const cookieName = sessionCookieName(deps.env.PUBLIC_URL);

  app.post(
    '/login',
    {
      // Beside the failure throttle, a plain cap on attempts: each costs an argon2 verification.
      config: { adminAccess: 'sign-in', ...perWindow(deps.env, 20) },
      schema: { body: adminLoginBodySchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const result = await login(
        { db, secret: deps.env.SECRET_KEY, now: deps.clock() },
        { ...request.body, ip: request.ip, previousToken: adminSessionToken(request, deps.env.PUBLIC_URL) },
      );
      if (result.kind === 'throttled') {
        const minutes = Math.ceil(result.retryAfterSeconds / 60);
        return reply
          .header('retry-after', String(result.retryAfterSeconds))
          .status(429)
          .send(errorBody(429, `login: too many failed sign-ins; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`));
      }
      if (result.kind === 'bad-credentials') return reply.status(401).send(LOGIN_REFUSED);
      reply.setCookie(cookieName, result.token, sessionCookieOptions(deps.env.PUBLIC_URL));
      return reply.status(204).send(null);
    },
  );

  app.post('/logout', { schema: { response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await logout(db, request.admin!, deps.clock());
    const { maxAge: _maxAge, ...attributes } = sessionCookieOptions(deps.env.PUBLIC_URL);
    reply.clearCookie(cookieName, attributes);
    return reply.status(204).send(null);
  });

  app.get('/me', { schema: { response: { 200: adminMeSchema, 401: apiErrorSchema } } }, async (request) => {
    const admin = request.admin!;
    return { id: admin.id, email: admin.email, sessionExpiresAt: admin.sessionExpiresAt.toISOString() };
  });
}
