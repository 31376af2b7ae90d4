/**
 * Route guard for a visitor's own data (DESIGN.md §4 "Visitors": "reading or deleting alerts and
 * preferences needs a token for that address"). Used by the alerts, subscriptions and price-check
 * routes; never reveals another person's data.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { authenticateVisitor } from './visitors.service';

/** 401 body: no token, or a malformed, unknown or revoked one. */
export const VISITOR_TOKEN_REQUIRED = {
  error: 'Unauthorized',
  message: 'A visitor token is required: open the link in your confirmation e-mail or create an alert on this device.',
} as const;

/** 403 body: a valid token, but for a different e-mail address. */
export const VISITOR_TOKEN_OTHER_ADDRESS = {
  error: 'Forbidden',
  message: 'This visitor token belongs to another e-mail address.',
} as const;

/**
 * Authorises the request for the data of `email`.
 *
 * Contract:
 * - Reads the token from `Authorization: Bearer <token>` or the `X-Visitor-Token` header.
 * - `email` given (any case, surrounding spaces ignored): resolves `{ email }` (lower-cased) when
 *   the token belongs to that address.
 * - `email` null/undefined/blank: any valid token will do; resolves `{ email }` of the token's address.
 * - Otherwise it has **already sent** the answer and resolves `null`; the handler must then
 *   `return reply` without sending anything else:
 *   - 401 `{ error: 'Unauthorized', message: 'A visitor token is required: open the link in your
 *     confirmation e-mail or create an alert on this device.' }` with no, a malformed, an unknown
 *     or a revoked token;
 *   - 403 `{ error: 'Forbidden', message: 'This visitor token belongs to another e-mail address.' }`
 *     when the token is valid but belongs to a different address.
 * - `now` (default the wall clock; pass `deps.clock()`) is used to refresh the token's `last_used_at`
 *   (at most once a minute).
 *
 * Usage:
 * ```ts
 * const visitor = await requireVisitorFor(deps.database.db, request, reply, alert.userEmail, deps.clock());
 * if (!visitor) return reply;
 * ```
 */
export async function requireVisitorFor(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  email?: string | null,
  now: Date = new Date(),
): Promise<{ email: string } | null> {
  const visitor = await authenticateVisitor(db, request, now);
  if (!visitor) {
    reply.status(401).send(VISITOR_TOKEN_REQUIRED);
    return null;
  }
  const wanted = email?.trim().toLowerCase();
  if (wanted && wanted !== visitor.email) {
    reply.status(403).send(VISITOR_TOKEN_OTHER_ADDRESS);
    return null;
  }
  return visitor;
}
