/**
 * SQL of the admin Users and Preferences tabs (admin-area §2; issue 12 part 1). The Users tab
 * gathers every address we hold anything about, from signups, alerts, preferences, clicks and
 * subscriber rows, with one grouped count per table (no per-person queries).
 */
import { count, desc, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { userPreferences } from '../../db/schema/engagement.schema';

type Queryable = Db | Tx;
export type PreferencesRow = typeof userPreferences.$inferSelect;

/** The `limit` most recently updated preference rows, and how many there are. */
export async function listPreferences(db: Queryable, limit: number): Promise<{ rows: PreferencesRow[]; total: number }> {
  const rows = await db.select().from(userPreferences).orderBy(desc(userPreferences.updatedAt), desc(userPreferences.id)).limit(limit);
  const [total] = await db.select({ n: count() }).from(userPreferences);
  return { rows, total: Number(total?.n ?? 0) };
}

export interface UserAnalysisDbRow {
  email: string;
  click_count: number;
  alert_count: number;
  signup_count: number;
  confirmed_at: Date | string | null;
  unsubscribed_at: Date | string | null;
  has_subscriber: boolean;
  categories: string[] | null;
  email_frequency: string | null;
  last_seen_at: Date | string | null;
  total: number;
}

/** Every known address (most clicks first, then alphabetical), at most `limit`, each row carrying the total. */
export async function userAnalysis(db: Queryable, limit: number): Promise<UserAnalysisDbRow[]> {
  const result = await db.execute(sql`
    with
      c as (select email, count(*)::int as n, max(clicked_at) as last from product_clicks where email is not null group by email),
      a as (select user_email as email, count(*)::int as n, max(created_at) as last from deal_alerts group by user_email),
      s as (select email, count(*)::int as n, max(consent_at) as last from signups group by email),
      people as (
        select email from c union select email from a union select email from s
        union select email from user_preferences union select email from subscribers
      )
    select p.email,
      coalesce(c.n, 0) as click_count, coalesce(a.n, 0) as alert_count, coalesce(s.n, 0) as signup_count,
      sub.confirmed_at, sub.unsubscribed_at, (sub.id is not null) as has_subscriber,
      up.preferred_categories as categories, up.email_frequency,
      greatest(c.last, a.last, s.last, up.updated_at, sub.created_at) as last_seen_at,
      (count(*) over ())::int as total
    from people p
      left join c on c.email = p.email
      left join a on a.email = p.email
      left join s on s.email = p.email
      left join user_preferences up on up.email = p.email
      left join subscribers sub on sub.email = p.email
    order by click_count desc, p.email
    limit ${limit}`);
  return rowsOf<UserAnalysisDbRow>(result);
}

export interface UserClickRow {
  clicked_at: Date | string;
  asin: string | null;
  title: string | null;
  click_type: string;
  price_pence: number | null;
  category: string | null;
  affiliate_tag: string;
  referrer: string | null;
}

/** Every click of `email`, newest first (for its CSV export). */
export async function allClicksOf(db: Queryable, email: string): Promise<UserClickRow[]> {
  return rowsOf<UserClickRow>(
    await db.execute(sql`
      select clicked_at, asin, title, click_type, price_pence, category, affiliate_tag, referrer
      from product_clicks where email = ${email} order by clicked_at desc, id desc`),
  );
}
