/**
 * The admin guard (DESIGN.md §4 "Admin"; issue 11 part 1): one `onRequest` hook on the
 * `/api/admin` scope, and the same hook on each admin-only route the spec places outside that
 * prefix (`GET /api/price-check-logs`), instead of a check in each handler.
 *
 * - Every request needs a live admin session (the session cookie, see
 *   features/admin-auth/admin-auth.service.ts): 401 otherwise. The hook sets `request.admin`.
 * - State-changing requests (POST, PUT, PATCH, DELETE) must also carry an `Origin` header equal to
 *   PUBLIC_URL's origin: 403 otherwise. SameSite=Strict already keeps the cookie off cross-site
 *   requests; this is the second, independent check (OWASP CSRF Cheat Sheet, "Verifying origin").
 * - Every answer carries `Cache-Control: no-store`.
 * - A route marked `config: { adminAccess: 'sign-in' }` (only `POST /api/admin/login`) skips the
 *   session check but not the Origin check.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import { findAdminSession, sessionCookieName, type AdminPrincipal } from '../features/admin-auth/admin-auth.service';
import { errorBody } from './errors';

export type { AdminPrincipal } from '../features/admin-auth/admin-auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin guard on admin routes; undefined elsewhere. */
    admin?: AdminPrincipal;
  }
  interface FastifyContextConfig {
    /** 'sign-in': the admin guard checks Origin but no session (the login route only). */
    adminAccess?: 'sign-in';
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

const hooks = new WeakMap<object, (request: FastifyRequest, reply: FastifyReply) => Promise<void>>();

/**
 * The `onRequest` hook for admin routes (one function per `deps`, so the `/api/admin` scope and
 * the admin-only routes outside it share the very same hook).
 */
export function adminGuard(deps: Pick<AppDeps, 'database' | 'env' | 'clock'>) {
  const existing = hooks.get(deps);
  if (existing) return existing;
  const origin = new URL(deps.env.PUBLIC_URL).origin;
  const requireAdmin = async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
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
  hooks.set(deps, requireAdmin);
  return requireAdmin;
}
