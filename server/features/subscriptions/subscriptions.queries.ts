/**
 * Queries on `subscribers`: the double opt-in and unsubscribe state of each e-mail address
 * (DESIGN.md §4 "Visitors": no price-drop or marketing e-mail goes to an unconfirmed or
 * unsubscribed address). Addresses are stored lower-cased; every function lower-cases its input.
 */
import { and, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { subscribers, unsubscribeRecords } from '../../db/schema/visitors.schema';

export type SubscriberRow = typeof subscribers.$inferSelect;

/** A confirmation e-mail is sent again to an unconfirmed address only after this long (ms). */
export const CONFIRMATION_RESEND_MS = 60 * 60 * 1000;

const normalise = (email: string) => email.trim().toLowerCase();

/** The subscriber row of `email`, or undefined. */
export async function findSubscriber(db: Db | Tx, email: string): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .select()
    .from(subscribers)
    .where(eq(subscribers.email, normalise(email)))
    .limit(1);
  return row;
}

/**
 * Records consent given now from `source` ('deal_alert', 'signup_page', …): inserts the address or
 * updates its consent source and time. Confirmation and unsubscribe state are left as they are
 * (an unsubscribed address stays unsubscribed until it confirms again).
 */
export async function upsertConsent(tx: Db | Tx, email: string, source: string, now: Date): Promise<SubscriberRow> {
  const [row] = await tx
    .insert(subscribers)
    .values({ email: normalise(email), consentSource: source, consentAt: now, createdAt: now })
    .onConflictDoUpdate({ target: subscribers.email, set: { consentSource: source, consentAt: now } })
    .returning();
  if (!row) throw new Error('upsertConsent returned no row');
  return row;
}

/**
 * Claims the right to send a confirmation e-mail now: sets `confirmation_sent_at = now` and returns
 * true only when the address needs confirming (never confirmed, or unsubscribed since) and no
 * confirmation went out in the last hour, or none since it unsubscribed. One conditional UPDATE, so
 * two concurrent requests cannot both claim it (the second re-checks the row after the first commits).
 */
export async function claimConfirmationSend(tx: Db | Tx, email: string, now: Date): Promise<boolean> {
  const resendBefore = new Date(now.getTime() - CONFIRMATION_RESEND_MS);
  const rows = await tx
    .update(subscribers)
    .set({ confirmationSentAt: now })
    .where(
      and(
        eq(subscribers.email, normalise(email)),
        or(isNull(subscribers.confirmedAt), isNotNull(subscribers.unsubscribedAt)),
        or(
          isNull(subscribers.confirmationSentAt),
          lte(subscribers.confirmationSentAt, resendBefore),
          and(isNotNull(subscribers.unsubscribedAt), lte(subscribers.confirmationSentAt, subscribers.unsubscribedAt)),
        ),
      ),
    )
    .returning({ id: subscribers.id });
  return rows.length > 0;
}

/**
 * Marks `email` confirmed (inserting it when unknown, consent source 'confirmation_link').
 * Idempotent: an address already confirmed and subscribed keeps its first `confirmed_at`; one that had
 * unsubscribed gets `confirmed_at = now` (fresh consent) and its unsubscribe cleared.
 */
export async function markConfirmed(tx: Db | Tx, email: string, now: Date): Promise<SubscriberRow> {
  const [row] = await tx
    .insert(subscribers)
    .values({ email: normalise(email), consentSource: 'confirmation_link', consentAt: now, confirmedAt: now, createdAt: now })
    .onConflictDoUpdate({
      target: subscribers.email,
      set: {
        confirmedAt: sql`case when ${subscribers.confirmedAt} is null or ${subscribers.unsubscribedAt} is not null then ${now.toISOString()}::timestamptz else ${subscribers.confirmedAt} end`,
        unsubscribedAt: null,
        unsubscribeReason: null,
      },
    })
    .returning();
  if (!row) throw new Error('markConfirmed returned no row');
  return row;
}

/**
 * Marks `email` unsubscribed with `reason` (inserting it when unknown, so the address is on record
 * as not to be mailed). Idempotent: an address already unsubscribed keeps its first time and reason.
 */
export async function markUnsubscribed(tx: Db | Tx, email: string, reason: string, now: Date): Promise<void> {
  await tx
    .insert(subscribers)
    .values({
      email: normalise(email),
      consentSource: 'unsubscribe_request',
      consentAt: now,
      unsubscribedAt: now,
      unsubscribeReason: reason,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: subscribers.email,
      set: {
        unsubscribedAt: sql`coalesce(${subscribers.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
        unsubscribeReason: sql`case when ${subscribers.unsubscribedAt} is null then ${reason} else ${subscribers.unsubscribeReason} end`,
      },
    });
}

/** Stores one unsubscribe request (admin-area §3 "Unsubscribe record"); `effective` when it took effect at once. */
export async function insertUnsubscribeRecord(tx: Db | Tx, record: typeof unsubscribeRecords.$inferInsert): Promise<void> {
  await tx.insert(unsubscribeRecords).values(record);
}
