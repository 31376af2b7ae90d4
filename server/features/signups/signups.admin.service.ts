/**
 * The owners' side of signups (admin-area §2 "Signups tab", §4 "Signups", §5, §9; issue 12 part 1):
 * the list with stat cards, click summary and top clickers; one address's clicks; the CSV export;
 * single and bulk delete, which also remove the addresses' clicks (spec §4), in one transaction
 * with its audit entry (counts only, never an address). Issue 25: every listed or exported signup
 * carries its address's subscriber status (Confirmed / Awaiting confirmation / Unsubscribed), and
 * the list to copy for mailing holds confirmed, subscribed addresses only.
 */
import type {
  AdminSignup,
  BulkDeleteSignupsResponse,
  ConfirmedSignupEmailsResponse,
  DeleteSignupResponse,
  SignupClicksResponse,
  SignupsResponse,
} from '../../../common/api/signups.admin.schema';
import {
  SIGNUP_CLICKS_SHOWN,
  SIGNUPS_LISTED_MAX,
  SUBSCRIBER_STATUS_LABELS,
  TOP_CLICKERS_SHOWN,
} from '../../../common/api/signups.admin.schema';
import { penceToPriceString } from '../../../common/money';
import type { Db } from '../../db/client';
import type { CsvColumn } from '../../http/csv-download';
import { fail, ok, type Outcome } from '../../http/outcome';
import { recordAdminAction } from '../audit';
import {
  clicksOfEmail,
  confirmedSignupEmails,
  deleteSignupsAndClicks,
  findSignup,
  listSignupsWithClicks,
  signupStats,
  topClickers,
  type SignupListRow,
  type SignupRow,
} from './signups.admin.queries';

const iso = (value: Date | string) => new Date(value).toISOString();

const shapeSignup = (row: SignupRow) => ({
  id: row.id,
  email: row.email,
  source: row.source,
  createdAt: iso(row.created_at),
  userAgent: row.user_agent,
  referrer: row.referrer,
});

const shapeListed = (row: SignupListRow): AdminSignup => ({
  ...shapeSignup(row),
  clickCount: row.click_count,
  newUser: row.new_user,
  status: row.status,
});

/** Admin-area §9: unique clickers ÷ users as a percentage with one decimal; 0 without users. */
export function conversionRate(uniqueClickers: number, users: number): number {
  return users === 0 ? 0 : Math.round((uniqueClickers * 1000) / users) / 10;
}

/** The signups tab's data at `now`. `newUserTag` is AFFILIATE_TAG_NEW_USER. */
export async function signupsOverview(db: Db, newUserTag: string, now: Date): Promise<SignupsResponse> {
  const [rows, stats, top] = [
    await listSignupsWithClicks(db, newUserTag, SIGNUPS_LISTED_MAX),
    await signupStats(db, now),
    await topClickers(db, newUserTag, TOP_CLICKERS_SHOWN),
  ];
  return {
    signups: rows.map(shapeListed),
    total: stats.total,
    stats: {
      totalSignups: stats.total,
      todaySignups: stats.today,
      popupSignups: stats.popup,
      pageSignups: stats.page,
      otherSignups: stats.total - stats.popup - stats.page,
    },
    clickSummary: { uniqueClickers: stats.clickers, totalUsers: stats.users, conversionRate: conversionRate(stats.clickers, stats.users) },
    topClickers: top.map((t) => ({ email: t.email, signupId: t.signup_id, clickCount: t.click_count, newUser: t.new_user })),
  };
}

/** The newest clicks of signup `id`'s address; not-found for an unknown id. */
export async function signupClicks(db: Db, newUserTag: string, id: number): Promise<Outcome<SignupClicksResponse>> {
  const signup = await findSignup(db, id);
  if (!signup) return fail('not-found', `id: no signup ${id}`);
  const { rows, total } = await clicksOfEmail(db, signup.email, SIGNUP_CLICKS_SHOWN);
  return ok({
    total,
    clicks: rows.map((c) => ({
      id: c.id,
      asin: c.asin,
      title: c.title,
      clickType: c.click_type,
      price: c.price_pence === null ? null : penceToPriceString(c.price_pence),
      category: c.category,
      affiliateTag: c.affiliate_tag,
      newUserTag: c.affiliate_tag === newUserTag,
      clickedAt: iso(c.clicked_at),
    })),
  });
}

/** Columns of `GET /api/admin/signups/export` (admin-area §3 "Signup" plus the click figures). */
export const SIGNUP_CSV_COLUMNS: readonly CsvColumn<AdminSignup>[] = [
  { header: 'id', value: (s) => s.id },
  { header: 'email', value: (s) => s.email },
  { header: 'source', value: (s) => s.source },
  { header: 'createdAt', value: (s) => s.createdAt },
  { header: 'userAgent', value: (s) => s.userAgent },
  { header: 'referrer', value: (s) => s.referrer },
  { header: 'clickCount', value: (s) => s.clickCount },
  { header: 'newUser', value: (s) => (s.newUser ? 'yes' : 'no') },
  { header: 'status', value: (s) => SUBSCRIBER_STATUS_LABELS[s.status] },
];

/** Every signup, newest first, for the CSV export. */
export async function allSignups(db: Db, newUserTag: string): Promise<AdminSignup[]> {
  return (await listSignupsWithClicks(db, newUserTag, null)).map(shapeListed);
}

/** The signed-up addresses to copy for mailing: confirmed and not unsubscribed now, once each, alphabetical. */
export async function signupMailingList(db: Db): Promise<ConfirmedSignupEmailsResponse> {
  return { emails: await confirmedSignupEmails(db) };
}

/** Deletes signup `id` and its address's clicks, audited as 'signups.delete'; not-found for an unknown id. */
export async function deleteSignup(db: Db, adminId: number, id: number, now: Date): Promise<Outcome<DeleteSignupResponse>> {
  return db.transaction(async (tx) => {
    const { deleted, clicksDeleted } = await deleteSignupsAndClicks(tx, [id]);
    const [signup] = deleted;
    if (!signup) return fail('not-found', `id: no signup ${id}`);
    await recordAdminAction(
      tx,
      { adminId, action: 'signups.delete', target: `signup ${id}`, counts: { signups: 1, clicks: clicksDeleted } },
      now,
    );
    return ok({ signup: shapeSignup(signup), clicksDeleted });
  });
}

/** Deletes the signups `ids` (unknown ids are skipped) and their addresses' clicks, audited as 'signups.bulk-delete'. */
export async function deleteSignups(db: Db, adminId: number, ids: readonly number[], now: Date): Promise<BulkDeleteSignupsResponse> {
  return db.transaction(async (tx) => {
    const { deleted, clicksDeleted } = await deleteSignupsAndClicks(tx, [...new Set(ids)]);
    await recordAdminAction(
      tx,
      { adminId, action: 'signups.bulk-delete', counts: { requested: ids.length, signups: deleted.length, clicks: clicksDeleted } },
      now,
    );
    return { deletedCount: deleted.length, clicksDeleted };
  });
}
