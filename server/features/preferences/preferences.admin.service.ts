/**
 * The owners' view of people (admin-area §2 "Users tab", "Preferences tab", §3 "User preference";
 * issue 12 part 1): every survey answer, every address we hold data about with its click, alert and
 * signup counts and preferences ('No preferences set' when none), and one person's clicks as CSV
 * (the Users tab's export link).
 */
import type {
  AdminPreference,
  UserAnalysisResponse,
  UserAnalysisRow,
  UserPreferencesResponse,
} from '../../../common/api/preferences.admin.schema';
import { PEOPLE_LISTED_MAX } from '../../../common/api/preferences.admin.schema';
import { penceToPriceString } from '../../../common/money';
import type { Db } from '../../db/client';
import type { CsvColumn } from '../../http/csv-download';
import { allClicksOf, listPreferences, userAnalysis, type UserAnalysisDbRow, type UserClickRow } from './preferences.admin.queries';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Survey answers, most recently updated first: at most `limit` (default {@link PEOPLE_LISTED_MAX}). */
export async function adminPreferences(db: Db, limit = PEOPLE_LISTED_MAX): Promise<UserPreferencesResponse> {
  const { rows, total } = await listPreferences(db, limit);
  return {
    total,
    preferences: rows.map((r) => ({
      id: r.id,
      email: r.email,
      preferredCategories: r.preferredCategories,
      emailFrequency: r.emailFrequency,
      hasCompletedSurvey: r.hasCompletedSurvey,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

function subscriptionOf(row: UserAnalysisDbRow): UserAnalysisRow['subscription'] {
  if (!row.has_subscriber) return null;
  if (row.unsubscribed_at !== null) return 'unsubscribed';
  return row.confirmed_at !== null ? 'confirmed' : 'unconfirmed';
}

/** Every address we hold anything about, most clicks first. */
export async function usersOverview(db: Db): Promise<UserAnalysisResponse> {
  const rows = await userAnalysis(db, PEOPLE_LISTED_MAX);
  return {
    total: rows[0]?.total ?? 0,
    users: rows.map((r) => ({
      email: r.email,
      clickCount: r.click_count,
      alertCount: r.alert_count,
      signupCount: r.signup_count,
      subscription: subscriptionOf(r),
      preferences: r.categories === null ? null : { categories: r.categories, emailFrequency: r.email_frequency ?? 'weekly' },
      lastSeenAt: iso(r.last_seen_at),
    })),
  };
}

/** Columns of `GET /api/admin/user-preferences/export` (spec §3 "User preference"). */
export const PREFERENCES_CSV_COLUMNS: readonly CsvColumn<AdminPreference>[] = [
  { header: 'id', value: (p) => p.id },
  { header: 'email', value: (p) => p.email },
  { header: 'preferredCategories', value: (p) => p.preferredCategories.join('; ') },
  { header: 'emailFrequency', value: (p) => p.emailFrequency },
  { header: 'hasCompletedSurvey', value: (p) => (p.hasCompletedSurvey ? 'yes' : 'no') },
  { header: 'createdAt', value: (p) => p.createdAt },
  { header: 'updatedAt', value: (p) => p.updatedAt },
];

/** Columns of one person's click export (spec §3 "Product click", prices in pounds). */
export const USER_CLICKS_CSV_COLUMNS: readonly CsvColumn<UserClickRow>[] = [
  { header: 'clickedAt', value: (c) => iso(c.clicked_at) },
  { header: 'productAsin', value: (c) => c.asin },
  { header: 'productTitle', value: (c) => c.title },
  { header: 'clickType', value: (c) => c.click_type },
  { header: 'price', value: (c) => (c.price_pence === null ? null : penceToPriceString(c.price_pence)) },
  { header: 'category', value: (c) => c.category },
  { header: 'affiliateTag', value: (c) => c.affiliate_tag },
  { header: 'referrer', value: (c) => c.referrer },
];

/** Every click of `email`, newest first. */
export const userClicks = (db: Db, email: string) => allClicksOf(db, email);
