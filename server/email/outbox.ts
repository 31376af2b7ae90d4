/**
 * Writing to the e-mail outbox (DESIGN.md §4 "E-mail"). Call {@link enqueueEmail} inside the same
 * transaction as the event that causes the message; the unique `dedupeKey` makes a second write of
 * the same (recipient, cause) a no-op, so each message is sent at most once.
 * Delivery is the sender job's business (server/jobs/send-email.job.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { emailOutbox } from '../db/schema/email.schema';

/**
 * A message for the outbox: either composed now (`subject`, `html`, `text`), or deferred: only a
 * `payload` that the sender composes right before sending (email/deferred-email.ts), so a job that
 * queues thousands of messages (the price check) holds its transaction for no rendering.
 */
export type OutgoingEmail = ComposedEmail | DeferredEmail;

interface OutgoingBase {
  recipient: string;
  /** 'confirmation' | 'price-drop' | … */
  kind: string;
  /** Unique per (recipient, cause), e.g. `price-drop:alert:12:obs:345`. */
  dedupeKey: string;
  /** When the cause happened (default: the database's clock); the hourly send budget counts by it. */
  createdAt?: Date;
  /** Hold the message until then (the hourly budget of send-budget.ts); default: send at once. */
  notBefore?: Date;
  /** The From address (owner-sent mail: one of the six senders on MAIL_DOMAIN); default MAIL_FROM. */
  sender?: string;
  /** Budgeted kinds only (send-budget.ts): the recipient's mailbox key and the asking network's keyed hash. */
  mailbox?: string;
  sourceNetwork?: string | null;
}

/** A message rendered when queued. */
export interface ComposedEmail extends OutgoingBase {
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  payload?: undefined;
}

/** A message the sender composes from `payload` (JSON) by its `kind` at send time. */
export interface DeferredEmail extends OutgoingBase {
  payload: Record<string, unknown>;
  subject?: undefined;
}

/** `last_error` of a message held back by the hourly budget: makes the sender respect `next_attempt_at`. */
export const DELAYED_BY_BUDGET = 'delayed: MAX_CONFIRMATIONS_PER_HOUR reached';

function toRow(message: OutgoingEmail) {
  const { notBefore, createdAt, ...rest } = message;
  return {
    ...rest,
    recipient: message.recipient.toLowerCase(),
    headers: message.payload ? {} : (message.headers ?? {}),
    ...(createdAt ? { createdAt } : {}),
    ...(notBefore ? { nextAttemptAt: notBefore, lastError: DELAYED_BY_BUDGET } : {}),
  };
}

/** Inserts the message unless its dedupe key exists. Returns the new row id, or null when it was a duplicate. */
export async function enqueueEmail(db: Db | Tx, message: OutgoingEmail): Promise<number | null> {
  const rows = await db
    .insert(emailOutbox)
    .values(toRow(message))
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  return rows[0]?.id ?? null;
}

/** Messages per INSERT in {@link enqueueEmails} (a price-drop message is about 10 KB). */
const ENQUEUE_BATCH = 200;

/**
 * The batch form of {@link enqueueEmail}, for jobs that queue many messages in one transaction (the
 * price check): one INSERT per 200 messages, duplicates of existing dedupe keys skipped. Returns the
 * dedupe keys that were new (those messages will be sent).
 */
export async function enqueueEmails(db: Db | Tx, messages: readonly OutgoingEmail[]): Promise<Set<string>> {
  const added = new Set<string>();
  for (let i = 0; i < messages.length; i += ENQUEUE_BATCH) {
    const rows = await db
      .insert(emailOutbox)
      .values(messages.slice(i, i + ENQUEUE_BATCH).map(toRow))
      .onConflictDoNothing({ target: emailOutbox.dedupeKey })
      .returning({ dedupeKey: emailOutbox.dedupeKey });
    for (const row of rows) added.add(row.dedupeKey);
  }
  return added;
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
