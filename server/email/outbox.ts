/**
 * Writing to the e-mail outbox (DESIGN.md §4 "E-mail"). Call {@link enqueueEmail} inside the same
 * transaction as the event that causes the message; the unique `dedupeKey` makes a second write of
 * the same (recipient, cause) a no-op, so each message is sent at most once.
 * Delivery is the sender job's business (server/jobs/send-email.job.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { emailOutbox } from '../db/schema/email.schema';

export interface OutgoingEmail {
  recipient: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  /** 'confirmation' | 'price-drop' | … */
  kind: string;
  /** Unique per (recipient, cause), e.g. `price-drop:alert:12:obs:345`. */
  dedupeKey: string;
}

/** Inserts the message unless its dedupe key exists. Returns the new row id, or null when it was a duplicate. */
export async function enqueueEmail(db: Db | Tx, message: OutgoingEmail): Promise<number | null> {
  const rows = await db
    .insert(emailOutbox)
    .values({ ...message, recipient: message.recipient.toLowerCase(), headers: message.headers ?? {} })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  return rows[0]?.id ?? null;
}

/** Marks every unsent message to `email` as suppressed (after an unsubscribe). Returns how many. */
export async function suppressPendingEmail(db: Db | Tx, email: string, kinds?: string[]): Promise<number> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'suppressed', lastError: 'recipient unsubscribed' })
    .where(
      sql`${emailOutbox.recipient} = ${email.toLowerCase()} and ${emailOutbox.status} = 'pending'${kinds ? sql` and ${emailOutbox.kind} in ${kinds}` : sql``}`,
    )
    .returning({ id: emailOutbox.id });
  return rows.length;
}
