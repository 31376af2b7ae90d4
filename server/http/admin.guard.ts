/**
 * The admin guard (DESIGN.md §4 "Admin"): one `onRequest` hook on the `/api/admin` scope (and on
 * each admin-only route the spec places outside that prefix), instead of a check in each handler.
 * It sets `request.admin` for the handlers.
 *
 * Until admin sessions exist (issue 11 "Admin area I"), no request can prove it is an admin, so the
 * hook answers 401 to every call: admin routes are closed, never open by default.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import { errorBody } from './errors';

/** The signed-in owner, set by {@link adminGuard}. */
export interface AdminPrincipal {
  id: number;
  email: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin guard on admin routes; undefined elsewhere. */
    admin?: AdminPrincipal;
  }
}

/** 401 body for admin routes without a valid session. */
export const ADMIN_SESSION_REQUIRED = errorBody(401, 'session: an admin session is required; sign in at /admin/login');

/**
 * Builds the `onRequest` hook for admin routes: answers 401 unless the request carries a valid
 * admin session, else sets `request.admin`.
 */
export function adminGuard(_deps: AppDeps) {
  return async function requireAdmin(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await reply.status(401).send(ADMIN_SESSION_REQUIRED);
  };
}
