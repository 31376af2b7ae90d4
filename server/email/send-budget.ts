/**
 * The site-wide hourly budget of unsolicited-by-proof e-mails (issue 5; DESIGN.md §4 "Visitors"):
 * confirmation, sign-in and unsubscribe-link messages go to addresses nobody has proved yet, so a
 * script could use the site to mail strangers. At most `MAX_CONFIRMATIONS_PER_HOUR` (default 200)
 * of them leave per hour; beyond that requests are still accepted, but the message waits for a
 * later hour (the caller logs it for the owners, without the address).
 */
import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { emailOutbox } from '../db/schema/email.schema';

/** Outbox kinds counted against the budget. */
export const BUDGETED_KINDS = ['confirmation', 'unsubscribe-link'] as const;

const HOUR_MS = 60 * 60 * 1000;

/**
 * When a budgeted message created at `now` may be sent: null for "at once" when fewer than
 * `maxPerHour` budgeted messages were created in the hour before `now`; otherwise the start of
 * the first later hour with room (`now + ⌊count / maxPerHour⌋ h`). Call inside the transaction
 * that enqueues the message, with the message's `createdAt` set to `now`.
 */
export async function budgetedSendTime(db: Db | Tx, now: Date, maxPerHour: number): Promise<Date | null> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.kind, [...BUDGETED_KINDS]), gt(emailOutbox.createdAt, new Date(now.getTime() - HOUR_MS))));
  const count = row?.count ?? 0;
  if (count < maxPerHour) return null;
  return new Date(now.getTime() + Math.floor(count / maxPerHour) * HOUR_MS);
}
