/**
 * Who may receive subscribed mail (DESIGN.md §4 "Visitors": no price-drop or marketing e-mail goes
 * to an unconfirmed or unsubscribed address). Read by the sender at send time and by the price
 * check when it composes; the subscriptions feature writes the state. Addresses are compared
 * lower-cased.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { subscribers } from '../db/schema/visitors.schema';

const normalise = (email: string) => email.trim().toLowerCase();

/**
 * True when `email` may receive price-drop and marketing mail: it has confirmed (double opt-in) and
 * has not unsubscribed since. Unknown addresses are not mailable.
 */
export async function isMailable(db: Db | Tx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(and(eq(subscribers.email, normalise(email)), isNotNull(subscribers.confirmedAt), isNull(subscribers.unsubscribedAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * The batch form of {@link isMailable}: the subset of `emails` (returned lower-cased) that may be
 * mailed. One query with one array parameter however many addresses; an empty input makes no query.
 */
export async function mailableEmails(db: Db | Tx, emails: string[]): Promise<Set<string>> {
  const wanted = [...new Set(emails.map(normalise))];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ email: subscribers.email })
    .from(subscribers)
    // One array parameter, not one per address: no limit on how many a run asks about.
    .where(
      and(
        sql`${subscribers.email} = any(${sql.param(wanted)}::text[])`,
        isNotNull(subscribers.confirmedAt),
        isNull(subscribers.unsubscribedAt),
      ),
    );
  return new Set(rows.map((r) => r.email));
}
