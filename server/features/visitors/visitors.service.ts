/**
 * Visitor tokens (DESIGN.md §4 "Visitors", §5 "visitor tokens"; issue 5): an e-mail address alone
 * never reveals or changes data.
 *
 * - A **device token** is minted without proof, when this browser creates an alert or signs up. It
 *   reaches only the rows it created (`created_by_token_id`). A browser that already holds a token
 *   for the same address keeps it, so everything it creates stays reachable with one token.
 * - A **mailbox token** is minted by opening a link e-mailed to the address (confirmation, sign-in).
 *   It reaches everything of the address. A second use of the same link revokes the token the first
 *   use minted, so one link never yields more than one live token.
 *
 * A token is 32 random bytes, base64url (43 characters). Only its SHA-256 (hex) is stored, so a
 * leaked database does not leak working tokens. Tokens do not expire; `revoked_at` switches one off.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { visitorTokens } from '../../db/schema/visitors.schema';

/** `last_used_at` is refreshed at most this often (ms), so reads do not turn into a write each. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** A base64url token of 32 bytes is 43 characters; anything else is rejected before hashing. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What a request's visitor token proves. */
export interface Visitor {
  tokenId: number;
  /** The token itself, as the browser sent it (kept only for the request, to hand back unchanged). */
  token: string;
  /** Lower-cased e-mail address of the token. */
  email: string;
  proof: 'device' | 'mailbox';
}

/** Hex SHA-256 of a token: the only form stored in `visitor_tokens.token_hash`. */
export function hashVisitorToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Issues a new token for `email` (lower-cased here) with `proof`, created and last used at `now`.
 * For a mailbox token minted by a link, pass `linkHash` (signed-links.ts `linkHash(sig)`): earlier
 * tokens of the same link are revoked. Use the request's transaction so the token exists only if
 * the request's writes do. Returns the token (base64url, 43 characters; never stored) and its id.
 */
export async function issueVisitorToken(
  db: Db | Tx,
  grant: { email: string; proof: Visitor['proof']; now: Date; linkHash?: string },
): Promise<Visitor> {
  const email = grant.email.trim().toLowerCase();
  if (grant.linkHash) {
    await db
      .update(visitorTokens)
      .set({ revokedAt: grant.now })
      .where(and(eq(visitorTokens.linkHash, grant.linkHash), isNull(visitorTokens.revokedAt)));
  }
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(visitorTokens)
    .values({
      email,
      tokenHash: hashVisitorToken(token),
      createdAt: grant.now,
      lastUsedAt: grant.now,
      proof: grant.proof,
      linkHash: grant.linkHash ?? null,
    })
    .returning({ id: visitorTokens.id });
  if (!row) throw new Error('issueVisitorToken: insert returned no row');
  return { tokenId: row.id, token, email, proof: grant.proof };
}

/**
 * The token this browser should hold for `email` after creating something: the current visitor's
 * own token when it is for the same address (device or mailbox, unchanged), else a new device token.
 */
export async function deviceTokenFor(db: Db | Tx, current: Visitor | undefined, email: string, now: Date): Promise<Visitor> {
  const wanted = email.trim().toLowerCase();
  if (current && current.email === wanted) return current;
  return issueVisitorToken(db, { email: wanted, proof: 'device', now });
}

/**
 * Reads the visitor token from `Authorization: Bearer <token>` or, failing that, the
 * `X-Visitor-Token` header. Returns null when neither carries a well-formed token.
 */
export function visitorTokenFromHeaders(headers: Record<string, string | string[] | undefined>): string | null {
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match?.[1] && TOKEN_PATTERN.test(match[1])) return match[1];
  }
  const header = headers['x-visitor-token'];
  const value = Array.isArray(header) ? header[0] : header;
  const trimmed = value?.trim();
  return trimmed && TOKEN_PATTERN.test(trimmed) ? trimmed : null;
}

/**
 * The visitor of `token`, or undefined when it is unknown or revoked. Refreshes `last_used_at`
 * when it is older than {@link LAST_USED_RESOLUTION_MS}.
 */
export async function findVisitor(db: Db | Tx, token: string, now: Date): Promise<Visitor | undefined> {
  const [row] = await db
    .select({ id: visitorTokens.id, email: visitorTokens.email, proof: visitorTokens.proof, lastUsedAt: visitorTokens.lastUsedAt })
    .from(visitorTokens)
    .where(and(eq(visitorTokens.tokenHash, hashVisitorToken(token)), isNull(visitorTokens.revokedAt)))
    .limit(1);
  if (!row) return undefined;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db.update(visitorTokens).set({ lastUsedAt: now }).where(eq(visitorTokens.id, row.id));
  }
  return { tokenId: row.id, token, email: row.email, proof: row.proof === 'mailbox' ? 'mailbox' : 'device' };
}

/**
 * Whether `visitor` may read or change a row of `email` created by token `createdByTokenId`
 * (DESIGN.md §4 "Visitors"): a mailbox token reaches every row of its address; a device token only
 * the rows it created. Nobody reaches another address's rows.
 */
export function canReachRow(visitor: Visitor | undefined, row: { email: string; createdByTokenId: number | null }): boolean {
  if (!visitor || visitor.email !== row.email.trim().toLowerCase()) return false;
  return visitor.proof === 'mailbox' || (row.createdByTokenId !== null && row.createdByTokenId === visitor.tokenId);
}
