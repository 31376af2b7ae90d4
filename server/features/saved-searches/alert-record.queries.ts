/**
 * Queries of the shopper's own record (issue 30 "The shopper's own record"): the alert e-mails the
 * outbox sent to an address, and the private alert feeds' tokens (stored as SHA-256 hashes).
 * Who reaches what follows DESIGN.md §4 "Visitors": a mailbox token every alert e-mail of its
 * address; a device token only those about the alerts and saved searches it created.
 */
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { emailOutbox } from '../../db/schema/email.schema';
import { alertFeeds } from '../../db/schema/saved-searches.schema';

/** Outbox kinds that are alert e-mails: price drops (automatic and owner-sent) and saved-search matches. */
export const ALERT_EMAIL_KINDS = ['price-drop', 'deal-alert-notification', 'saved-search'] as const;

/** Who is asking: an address, and for a device token the token whose alerts and searches it reaches. */
export interface RecordScope {
  email: string;
  /** null: every alert e-mail of the address (a mailbox proof). */
  deviceTokenId: number | null;
}

export interface SentEmailRow {
  id: number;
  kind: string;
  subject: string | null;
  payload: Record<string, unknown> | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** The device-token condition: the e-mail is about an alert or a saved search that token created. */
function deviceCondition(tokenId: number): SQL {
  return sql`(
    (${emailOutbox.kind} in ('price-drop', 'deal-alert-notification') and (${emailOutbox.payload}->>'alertId')::bigint in
      (select a.id from deal_alerts a where a.created_by_token_id = ${tokenId}))
    or (${emailOutbox.kind} = 'saved-search' and (${emailOutbox.payload}->>'savedSearchId')::bigint in
      (select s.id from saved_searches s where s.created_by_token_id = ${tokenId})))`;
}

/** The alert e-mails sent to `scope`, newest first, at most `limit`. */
export async function sentAlertEmails(db: Db | Tx, scope: RecordScope, limit: number): Promise<SentEmailRow[]> {
  const conditions: SQL[] = [
    eq(emailOutbox.recipient, scope.email),
    sql`${emailOutbox.kind} in ('price-drop', 'deal-alert-notification', 'saved-search')`,
    eq(emailOutbox.status, 'sent'),
  ];
  if (scope.deviceTokenId !== null) conditions.push(deviceCondition(scope.deviceTokenId));
  return db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      subject: emailOutbox.subject,
      payload: emailOutbox.payload,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(and(...conditions))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}

/** The live feed of `scope` (its creation time), if any: the feed a mailbox or this device made. */
export async function liveFeedOf(db: Db | Tx, scope: RecordScope): Promise<{ id: number; createdAt: Date } | undefined> {
  const [row] = await db
    .select({ id: alertFeeds.id, createdAt: alertFeeds.createdAt })
    .from(alertFeeds)
    .where(and(scopeOfFeed(scope), isNull(alertFeeds.revokedAt)))
    .orderBy(desc(alertFeeds.createdAt))
    .limit(1);
  return row;
}

/** Feeds of the same scope: the address's mailbox feeds, or this device token's. */
function scopeOfFeed(scope: RecordScope): SQL {
  return scope.deviceTokenId === null
    ? (and(eq(alertFeeds.email, scope.email), eq(alertFeeds.proof, 'mailbox')) as SQL)
    : (and(eq(alertFeeds.email, scope.email), eq(alertFeeds.visitorTokenId, scope.deviceTokenId)) as SQL);
}

/** Revokes every live feed of `scope` at `now`; answers how many. */
export async function revokeFeedsOf(db: Db | Tx, scope: RecordScope, now: Date): Promise<number> {
  const rows = await db
    .update(alertFeeds)
    .set({ revokedAt: now })
    .where(and(scopeOfFeed(scope), isNull(alertFeeds.revokedAt)))
    .returning({ id: alertFeeds.id });
  return rows.length;
}

/** Stores a new feed token's hash for `scope`. */
export async function insertFeed(db: Db | Tx, scope: RecordScope, tokenHash: string, now: Date): Promise<void> {
  await db.insert(alertFeeds).values({
    email: scope.email,
    tokenHash,
    proof: scope.deviceTokenId === null ? 'mailbox' : 'device',
    visitorTokenId: scope.deviceTokenId,
    createdAt: now,
  });
}

/** The scope of the live feed whose token hashes to `tokenHash`, or undefined (unknown or revoked). */
export async function feedScopeByHash(db: Db | Tx, tokenHash: string): Promise<RecordScope | undefined> {
  const [row] = await db
    .select({ email: alertFeeds.email, proof: alertFeeds.proof, visitorTokenId: alertFeeds.visitorTokenId })
    .from(alertFeeds)
    .where(and(eq(alertFeeds.tokenHash, tokenHash), isNull(alertFeeds.revokedAt)))
    .limit(1);
  if (!row) return undefined;
  return { email: row.email, deviceTokenId: row.proof === 'mailbox' ? null : row.visitorTokenId };
}
