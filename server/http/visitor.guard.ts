/**
 * The visitor hook (DESIGN.md §4 "Visitors"; issue 5): one `onRequest` hook per scope of shopper
 * routes that touch a visitor's own data. It reads the token from `Authorization: Bearer …` or
 * `X-Visitor-Token` and sets `request.visitor` ({@link Visitor}: token id, address, proof) when the
 * token is valid; it never answers by itself. Services decide what an absent visitor or a device
 * token may reach (`canReachRow`) and return outcomes; routes map them with `sendOutcome`.
 */
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import { findVisitor, visitorTokenFromHeaders, type Visitor } from '../features/visitors/visitors.service';

export { canReachRow, type Visitor } from '../features/visitors/visitors.service';

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

/** The `onRequest` hook: sets `request.visitor` from a valid token; never sends an answer. */
export function visitorOnRequest(deps: Pick<AppDeps, 'database' | 'clock'>) {
  return async function identifyVisitor(request: FastifyRequest): Promise<void> {
    const token = visitorTokenFromHeaders(request.headers);
    if (token) request.visitor = await findVisitor(deps.database.db, token, deps.clock());
  };
}
