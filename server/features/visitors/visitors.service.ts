/**
 * Visitor tokens (DESIGN.md §4 "Visitors", §5 "visitor tokens"): an e-mail address alone never
 * reveals data. Creating an alert, or confirming an address through its e-mailed link, hands the
 * browser a bearer token for that address; reading or deleting that address's data needs it.
 *
 * A token is 32 random bytes, base64url (43 characters). Only its SHA-256 (hex) is stored, so a
 * leaked database does not leak working tokens. Tokens do not expire; `revoked_at` switches one off.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { visitorTokens } from '../../db/schema/visitors.schema';

/** `last_used_at` is refreshed at most this often (ms), so reads do not turn into a write each. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** A base64url token of 32 bytes is 43 characters; anything else is rejected before hashing. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Hex SHA-256 of a token: the only form stored in `visitor_tokens.token_hash`. */
export function hashVisitorToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Issues a new token for `email` (lower-cased here) and stores its hash, created and last used at
 * `now`. Use the request's transaction so the token exists only if the request's writes do.
 * Returns the token (base64url, 43 characters); it is never stored and cannot be recovered.
 */
export async function issueVisitorToken(db: Db | Tx, email: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(visitorTokens)
    .values({ email: email.trim().toLowerCase(), tokenHash: hashVisitorToken(token), createdAt: now, lastUsedAt: now });
  return token;
}

/**
 * Reads the visitor token from `Authorization: Bearer <token>` or, failing that, the
 * `X-Visitor-Token` header. Returns null when neither carries a well-formed token.
 */
export function visitorTokenFromRequest(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match?.[1] && TOKEN_PATTERN.test(match[1])) return match[1];
  }
  const header = request.headers['x-visitor-token'];
  const value = Array.isArray(header) ? header[0] : header;
  const trimmed = value?.trim();
  return trimmed && TOKEN_PATTERN.test(trimmed) ? trimmed : null;
}

/**
 * The address a request's visitor token belongs to, or null when there is no token, it is
 * malformed, unknown or revoked. Refreshes `last_used_at` when it is older than a minute
 * ({@link LAST_USED_RESOLUTION_MS}). `now` defaults to the wall clock; routes pass `deps.clock()`.
 */
export async function authenticateVisitor(db: Db | Tx, request: FastifyRequest, now: Date = new Date()): Promise<{ email: string } | null> {
  const token = visitorTokenFromRequest(request);
  if (!token) return null;
  const tokenHash = hashVisitorToken(token);
  const [row] = await db
    .select({ id: visitorTokens.id, email: visitorTokens.email, lastUsedAt: visitorTokens.lastUsedAt })
    .from(visitorTokens)
    .where(and(eq(visitorTokens.tokenHash, tokenHash), isNull(visitorTokens.revokedAt)))
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db.update(visitorTokens).set({ lastUsedAt: now }).where(eq(visitorTokens.id, row.id));
  }
  return { email: row.email };
}
