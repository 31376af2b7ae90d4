/**
 * SQL of the Users tab's bulk actions (issue 29): who the tab lists (every address we hold
 * anything about: clicks, alerts, signups, preferences, a subscriber row; the same people as
 * preferences.admin.queries `userAnalysis`) narrowed by its e-mail search, and the subscriber ids
 * and states of a set of addresses (the audit entry names subscriber ids, never addresses).
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { subscribers } from '../../db/schema/visitors.schema';

type Queryable = Db | Tx;

/** Every listed address containing `search` (lower case; all for '' or undefined), alphabetical. */
export async function peopleMatching(db: Queryable, search: string | undefined): Promise<string[]> {
  const pattern = `%${(search ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const result = await db.execute(sql`
    select email from (
      select email from product_clicks where email is not null
      union select user_email from deal_alerts
      union select email from signups
      union select email from user_preferences
      union select email from subscribers
    ) people
    where email like ${pattern}
    order by email`);
  return rowsOf<{ email: string }>(result).map((r) => r.email);
}

/** Of `emails`, those the Users tab lists (unknown addresses dropped), alphabetical. */
export async function listedPeople(db: Queryable, emails: readonly string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const list = sql.join(
    emails.map((e) => sql`${e}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select email from (
      select email from product_clicks where email in (${list})
      union select user_email from deal_alerts where user_email in (${list})
      union select email from signups where email in (${list})
      union select email from user_preferences where email in (${list})
      union select email from subscribers where email in (${list})
    ) people
    order by email`);
  return rowsOf<{ email: string }>(result).map((r) => r.email);
}

/** The subscriber rows of `emails`: id and whether unsubscribed. */
export async function subscriberIdsOf(
  db: Queryable,
  emails: readonly string[],
): Promise<Array<{ id: number; email: string; unsubscribed: boolean }>> {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ id: subscribers.id, email: subscribers.email, unsubscribedAt: subscribers.unsubscribedAt })
    .from(subscribers)
    .where(inArray(subscribers.email, [...emails]));
  return rows.map((r) => ({ id: r.id, email: r.email, unsubscribed: r.unsubscribedAt !== null })).sort((a, b) => a.id - b.id);
}
