/**
 * The visitor hook (DESIGN.md §4 "Visitors"; issue 5): one `onRequest` hook per scope of shopper
 * routes that touch a visitor's own data. It reads the token from `Authorization: Bearer …` or
 * `X-Visitor-Token` and sets `request.visitor` ({@link Visitor}: token id, address, proof) when the
 * token is valid; it never answers by itself. It also marks every answer of its scope
 * `Cache-Control: no-store` (issue 25: private answers), so no route of those scopes can forget it.
 * Services decide what an absent visitor or a device token may reach (`canReachRow`) and return
 * outcomes; routes map them with `sendOutcome`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { findVisitor, visitorTokenFromHeaders, type Visitor } from './visitors.service';

export { canReachRow, type Visitor } from './visitors.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the visitor hook when a valid visitor token came with the request. */
    visitor?: Visitor;
  }
}

/** 401 message: no token, or a malformed, unknown or revoked one. */
export const VISITOR_TOKEN_REQUIRED =
  'token: a visitor token is required: open the link in your confirmation e-mail or create an alert on this device';

/** 403 message: a valid token for a different address. */
export const VISITOR_TOKEN_OTHER_ADDRESS = 'email: this visitor token belongs to another e-mail address';

/** 403 message: a device token asking for what only a mailbox token may see. */
export const MAILBOX_PROOF_REQUIRED =
  'token: open the link we e-mailed to this address (confirmation or sign-in) to see everything of this address on this device';

/**
 * `Cache-Control` of every answer in a visitor scope (issue 25): these answers hold a shopper's own
 * alerts, preferences, subscription state or a fresh visitor token, so no browser cache, proxy or
 * back/forward copy may keep them (RFC 9111 §5.2.2.5 `no-store`).
 */
export const PRIVATE_ANSWER_CACHE_CONTROL = 'no-store';

/**
 * The `onRequest` hook: marks the answer `Cache-Control: no-store`, then sets `request.visitor` from
 * a valid token; never sends an answer. The header is set first, on the reply, so every answer of
 * the scope carries it: successes, the routes' own 4xx, validation 400s (the error handler keeps
 * headers already set), the per-route rate limit's 429 (a route-level hook, which runs after this
 * scope-level one) and a 500 should the token lookup fail.
 */
export function visitorOnRequest(deps: Pick<AppDeps, 'database' | 'clock'>) {
  return async function identifyVisitor(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    reply.header('cache-control', PRIVATE_ANSWER_CACHE_CONTROL);
    const token = visitorTokenFromHeaders(request.headers);
    if (token) request.visitor = await findVisitor(deps.database.db, token, deps.clock());
  };
}
