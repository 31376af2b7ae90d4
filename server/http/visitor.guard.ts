/**
 * SHIM (issue 9): a minimal stand-in for issue 5's visitor guard, with the same contract, so the
 * lead can replace this file with issue 5's version at merge. Keep it small.
 *
 * Contract (DESIGN.md §4 "Visitors"):
 * - {@link visitorOnRequest} builds an `onRequest` hook that sets `request.visitor` when the request
 *   carries a valid visitor token (`Authorization: Bearer …` or `X-Visitor-Token`), else leaves it
 *   undefined. It never answers by itself: each route decides what an absent visitor means.
 * - `request.visitor = { tokenId, email, proof }`: `proof` is 'mailbox' for a token given by opening
 *   a link e-mailed to the address, 'device' for one minted without proof (an alert, a signup).
 * - {@link canReachRow}: mailbox proof reaches every row of its address; a device token only the
 *   rows it created.
 *
 * How this shim tells the two apart on today's tokens (which carry no proof column): a token is
 * 'mailbox' when it was issued in the same transaction that first confirmed its address (the
 * confirmation link sets `subscribers.confirmed_at` and the token's `created_at` to the same `now`)
 * and no signup minted it. Everything else is 'device'. The rule fails safe: a doubtful token gets
 * the smaller reach. Issue 5 stores the proof on the token itself.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import type { Db, Tx } from '../db/client';
import { signups } from '../db/schema/engagement.schema';
import { subscribers, visitorTokens } from '../db/schema/visitors.schema';
import { hashVisitorToken, visitorTokenFromRequest } from '../features/visitors/visitors.service';

/** What a visitor token proves about the request. */
export interface Visitor {
  tokenId: number;
  /** Lower-cased e-mail address of the token. */
  email: string;
  proof: 'device' | 'mailbox';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the visitor hook when a valid visitor token came with the request. */
    visitor?: Visitor;
  }
}

/** The visitor of a token, or undefined for an unknown or revoked one. */
export async function visitorForToken(db: Db | Tx, token: string): Promise<Visitor | undefined> {
  const [row] = await db
    .select({ id: visitorTokens.id, email: visitorTokens.email, createdAt: visitorTokens.createdAt, confirmedAt: subscribers.confirmedAt })
    .from(visitorTokens)
    .leftJoin(subscribers, eq(subscribers.email, visitorTokens.email))
    .where(and(eq(visitorTokens.tokenHash, hashVisitorToken(token)), isNull(visitorTokens.revokedAt)))
    .limit(1);
  if (!row) return undefined;
  const [minted] = await db.select({ id: signups.id }).from(signups).where(eq(signups.createdByTokenId, row.id)).limit(1);
  const mailbox = !minted && row.confirmedAt !== null && row.confirmedAt.getTime() === row.createdAt.getTime();
  return { tokenId: row.id, email: row.email, proof: mailbox ? 'mailbox' : 'device' };
}

/** The `onRequest` hook: sets `request.visitor` from a valid token; never sends an answer. */
export function visitorOnRequest(deps: Pick<AppDeps, 'database'>) {
  return async function identifyVisitor(request: FastifyRequest): Promise<void> {
    const token = visitorTokenFromRequest(request);
    if (token) request.visitor = await visitorForToken(deps.database.db, token);
  };
}

/** Whether `visitor` may read or change a row of `email` created by token `createdByTokenId`. */
export function canReachRow(visitor: Visitor | undefined, row: { email: string; createdByTokenId: number | null }): boolean {
  if (!visitor || visitor.email !== row.email.trim().toLowerCase()) return false;
  return visitor.proof === 'mailbox' || (row.createdByTokenId !== null && row.createdByTokenId === visitor.tokenId);
}

/** SHIM helper: the id of a token just issued by issueVisitorToken (issue 5 returns it directly). */
export async function tokenIdOf(db: Db | Tx, token: string): Promise<number> {
  const [row] = await db
    .select({ id: visitorTokens.id })
    .from(visitorTokens)
    .where(eq(visitorTokens.tokenHash, hashVisitorToken(token)))
    .limit(1);
  if (!row) throw new Error('visitor token not found');
  return row.id;
}
