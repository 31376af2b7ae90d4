/**
 * SQL of the admin signups tab (admin-area §2 "Signups tab"; issue 12 part 1): the signups with
 * their click counts, the stat cards, the click-tracking summary, the top clickers, and deletion
 * of signups together with their addresses' clicks. A signup's "created" time is its consent time.
 * Click rows are read from `product_clicks` by address (lower-cased on both sides when written);
 * an address's subscriber status from `subscribers` by address (issue 25).
 */
import { sql } from 'drizzle-orm';
import type { SubscriberStatus } from '../../../common/api/signups.admin.schema';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';

type Queryable = Db | Tx;

/** A PostgreSQL array literal of ids, one parameter (PGlite and node-postgres alike). */
const idArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/**
 * The subscriber status (signups.admin.schema.ts `SUBSCRIBER_STATUSES`) of the `subscribers` row
 * aliased `sub`, joined on the address; no row reads as 'awaiting-confirmation'. The one place the
 * rule is written in SQL: the list and the confirmed-address list both use it.
 */
const STATUS_SQL = sql.raw(`case when sub.unsubscribed_at is not null then 'unsubscribed'
  when sub.confirmed_at is not null then 'confirmed' else 'awaiting-confirmation' end`);

export interface SignupListRow {
  id: number;
  email: string;
  source: string;
  created_at: Date | string;
  user_agent: string | null;
  referrer: string | null;
  click_count: number;
  new_user: boolean;
  status: SubscriberStatus;
}

/**
 * The newest `limit` signups (all when `limit` is null), each with its address's click count,
 * whether any of them used `newUserTag`, and its subscriber status. One pass over the clicks of
 * signed-up addresses.
 */
export async function listSignupsWithClicks(db: Queryable, newUserTag: string, limit: number | null): Promise<SignupListRow[]> {
  const result = await db.execute(sql`
    with c as (
      select pc.email, count(*)::int as click_count, bool_or(pc.affiliate_tag = ${newUserTag}) as new_user
      from product_clicks pc
      where pc.email in (select email from signups)
      group by pc.email
    )
    select s.id::int as id, s.email, s.source, s.consent_at as created_at, s.user_agent, s.referrer,
      coalesce(c.click_count, 0) as click_count, coalesce(c.new_user, false) as new_user, ${STATUS_SQL} as status
    from signups s left join c on c.email = s.email left join subscribers sub on sub.email = s.email
    order by s.consent_at desc, s.id desc
    ${limit === null ? sql`` : sql`limit ${limit}`}`);
  return rowsOf<SignupListRow>(result);
}

/** Every signed-up address whose status is 'confirmed' now, once each, alphabetical. */
export async function confirmedSignupEmails(db: Queryable): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct s.email from signups s left join subscribers sub on sub.email = s.email
    where ${STATUS_SQL} = 'confirmed'
    order by s.email`);
  return rowsOf<{ email: string }>(result).map((r) => r.email);
}

export interface SignupStatsRow {
  total: number;
  today: number;
  popup: number;
  page: number;
  users: number;
  clickers: number;
}

/** The stat cards and click summary; "today" is the calendar day of `now` in Europe/London. */
export async function signupStats(db: Queryable, now: Date): Promise<SignupStatsRow> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    select count(*)::int as total,
      (count(*) filter (where (s.consent_at at time zone 'Europe/London')::date = (${at}::timestamptz at time zone 'Europe/London')::date))::int as today,
      (count(*) filter (where s.source = 'signup_popup'))::int as popup,
      (count(*) filter (where s.source = 'signup_page'))::int as page,
      count(distinct s.email)::int as users,
      (select count(distinct pc.email)::int from product_clicks pc where pc.email in (select email from signups)) as clickers
    from signups s`);
  const [row] = rowsOf<SignupStatsRow>(result);
  return row ?? { total: 0, today: 0, popup: 0, page: 0, users: 0, clickers: 0 };
}

export interface TopClickerRow {
  email: string;
  signup_id: number;
  click_count: number;
  new_user: boolean;
}

/** The `limit` signed-up addresses with the most clicks (ties: address order), each with its newest signup id. */
export async function topClickers(db: Queryable, newUserTag: string, limit: number): Promise<TopClickerRow[]> {
  const result = await db.execute(sql`
    select pc.email, count(*)::int as click_count, bool_or(pc.affiliate_tag = ${newUserTag}) as new_user,
      (select s.id::int from signups s where s.email = pc.email order by s.consent_at desc, s.id desc limit 1) as signup_id
    from product_clicks pc
    where pc.email in (select email from signups)
    group by pc.email
    order by click_count desc, pc.email
    limit ${limit}`);
  return rowsOf<TopClickerRow>(result);
}

export interface SignupRow {
  id: number;
  email: string;
  source: string;
  created_at: Date | string;
  user_agent: string | null;
  referrer: string | null;
}

/** Signup `id`, or undefined. */
export async function findSignup(db: Queryable, id: number): Promise<SignupRow | undefined> {
  const result = await db.execute(sql`
    select id::int as id, email, source, consent_at as created_at, user_agent, referrer from signups where id = ${id}`);
  return rowsOf<SignupRow>(result)[0];
}

export interface ClickRow {
  id: number;
  asin: string | null;
  title: string | null;
  click_type: string;
  price_pence: number | null;
  category: string | null;
  affiliate_tag: string;
  clicked_at: Date | string;
}

/** The newest `limit` clicks of `email`, and how many it has in all. */
export async function clicksOfEmail(db: Queryable, email: string, limit: number): Promise<{ rows: ClickRow[]; total: number }> {
  const rows = rowsOf<ClickRow>(
    await db.execute(sql`
      select id::int as id, asin, title, click_type, price_pence, category, affiliate_tag, clicked_at
      from product_clicks where email = ${email} order by clicked_at desc, id desc limit ${limit}`),
  );
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from product_clicks where email = ${email}`));
  return { rows, total: count?.n ?? 0 };
}

/**
 * Deletes the signups `ids` and every click of their addresses; returns the deleted signups and
 * the number of clicks removed. Run it inside the request's transaction.
 */
export async function deleteSignupsAndClicks(tx: Tx, ids: readonly number[]): Promise<{ deleted: SignupRow[]; clicksDeleted: number }> {
  const deleted = rowsOf<SignupRow>(
    await tx.execute(sql`
      delete from signups where id = any(${idArray(ids)}::bigint[])
      returning id::int as id, email, source, consent_at as created_at, user_agent, referrer`),
  );
  const emails = [...new Set(deleted.map((s) => s.email))];
  if (emails.length === 0) return { deleted, clicksDeleted: 0 };
  const clicks = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with d as (delete from product_clicks where email = any(${sql.param(emails)}::text[]) returning 1)
      select count(*)::int as n from d`),
  );
  return { deleted, clicksDeleted: clicks[0]?.n ?? 0 };
}
