/**
 * The admin guard (DESIGN.md §4 "Admin"; issue 11 part 1, issue 26): the `onRequest` hook of the
 * admin area, the one scope of server/app.ts that holds every owner-side route (the `/api/admin`
 * modules and the admin routes the spec places outside that prefix, such as
 * `GET /api/price-check-logs`), instead of a check in each handler. {@link guardAdminArea} makes a
 * scope that area.
 *
 * - Every request needs a live admin session (the session cookie, see admin-auth.service.ts):
 *   401 otherwise. The hook sets `request.admin`.
 * - State-changing requests (POST, PUT, PATCH, DELETE) must also carry an `Origin` header equal to
 *   PUBLIC_URL's origin: 403 otherwise. SameSite=Strict already keeps the cookie off cross-site
 *   requests; this is the second, independent check (OWASP CSRF Cheat Sheet, "Verifying origin").
 * - Every answer carries `Cache-Control: no-store`.
 * - A route marked `config: { adminAccess: 'sign-in' }` (only `POST /api/admin/login`) skips the
 *   session check but not the Origin check. Every other route of the area is marked
 *   `adminAccess: 'session'` as it is registered, so Fastify's route table says which routes are
 *   admin routes (the OpenAPI document and the access test read it).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { errorBody } from '../../http/errors';
import { findAdminSession, sessionCookieName, type AdminPrincipal } from './admin-auth.service';

export type { AdminPrincipal } from './admin-auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin guard on admin routes; undefined elsewhere. */
    admin?: AdminPrincipal;
  }
  interface FastifyContextConfig {
    /**
     * Set on every route of the admin area ({@link guardAdminArea}); absent elsewhere. 'session': the
     * admin guard needs a live session (and Origin on a change); 'sign-in': it checks Origin but no
     * session (the login route only, which says so itself).
     */
    adminAccess?: 'session' | 'sign-in';
  }
}

/** 401 body for admin routes without a valid session. */
export const ADMIN_SESSION_REQUIRED = errorBody(401, 'session: an admin session is required; sign in at /admin/login');

/** 403 body for a state-changing admin call from another origin (or none). */
export const ADMIN_ORIGIN_REFUSED = errorBody(403, "origin: admin changes must come from this site's own pages");

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The admin session id from the request's cookie (@fastify/cookie), if any. */
export function adminSessionToken(request: FastifyRequest, publicUrl: string): string | undefined {
  return request.cookies?.[sessionCookieName(publicUrl)];
}

/** The `onRequest` hook of the admin area (see the top of this file). */
export function adminGuard(deps: Pick<AppDeps, 'database' | 'env' | 'clock'>) {
  const origin = new URL(deps.env.PUBLIC_URL).origin;
  return async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // Admin answers are personal: never kept by the browser's or a proxy's cache.
    reply.header('cache-control', 'no-store');
    const signIn = request.routeOptions.config?.adminAccess === 'sign-in';
    if (!signIn) {
      const admin = await findAdminSession(deps.database.db, adminSessionToken(request, deps.env.PUBLIC_URL), deps.clock());
      if (!admin) return void (await reply.status(401).send(ADMIN_SESSION_REQUIRED));
      request.admin = admin;
    }
    if (STATE_CHANGING.has(request.method) && request.headers.origin !== origin) {
      return void (await reply.status(403).send(ADMIN_ORIGIN_REFUSED));
    }
  };
}

/**
 * Makes `scope` the admin area: {@link adminGuard} is its one `onRequest` hook (so it also runs for
 * the routes and not-found handlers of the scopes registered inside it afterwards), and every route
 * registered in it from now on is marked `config.adminAccess` ('session' unless the route asked
 * for 'sign-in'). Call it first in the scope, before any route or child scope is added.
 */
export function guardAdminArea(scope: FastifyInstance, deps: Pick<AppDeps, 'database' | 'env' | 'clock'>): void {
  scope.addHook('onRoute', (route) => {
    // A new object: route modules may share one options object between routes.
    route.config = { ...route.config, adminAccess: route.config?.adminAccess ?? 'session' };
  });
  scope.addHook('onRequest', adminGuard(deps));
}
