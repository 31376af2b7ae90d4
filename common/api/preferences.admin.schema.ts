/**
 * The Users and Preferences tabs' API (admin-area §2 "Users tab", "Preferences tab", §3 "User
 * preference", §7; issue 12 part 1). Dates ISO 8601 (UTC). Admin session only.
 */
import { z } from 'zod';
import { emailSchema } from './alerts.schema';

/** Rows listed at most by `GET /api/admin/user-preferences` and `GET /api/admin/user-analysis`. */
export const PEOPLE_LISTED_MAX = 5000;

export const adminPreferenceSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** Survey category values (common/engagement.ts SURVEY_CATEGORIES). */
  preferredCategories: z.array(z.string()),
  emailFrequency: z.string(),
  hasCompletedSurvey: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPreference = z.infer<typeof adminPreferenceSchema>;

export const userPreferencesResponseSchema = z.object({
  preferences: z.array(adminPreferenceSchema),
  /** All rows; `preferences` holds the {@link PEOPLE_LISTED_MAX} most recently updated. */
  total: z.number().int(),
});
export type UserPreferencesResponse = z.infer<typeof userPreferencesResponseSchema>;

/**
 * One person of the Users tab: every address we hold anything about (signups, alerts,
 * preferences, clicks, subscriber rows), with what we hold.
 */
export const userAnalysisRowSchema = z.object({
  email: z.string(),
  /** Affiliate links clicked (product_clicks rows of the address). */
  clickCount: z.number().int(),
  alertCount: z.number().int(),
  signupCount: z.number().int(),
  /** 'confirmed', 'unconfirmed', 'unsubscribed', or null without a subscriber row. */
  subscription: z.enum(['confirmed', 'unconfirmed', 'unsubscribed']).nullable(),
  /** The survey answers, or null ('No preferences set'). */
  preferences: z.object({ categories: z.array(z.string()), emailFrequency: z.string() }).nullable(),
  lastSeenAt: z.string().nullable(),
});
export type UserAnalysisRow = z.infer<typeof userAnalysisRowSchema>;

export const userAnalysisResponseSchema = z.object({
  users: z.array(userAnalysisRowSchema),
  /** All addresses; `users` holds the {@link PEOPLE_LISTED_MAX} with the most clicks. */
  total: z.number().int(),
});
export type UserAnalysisResponse = z.infer<typeof userAnalysisResponseSchema>;

/** `GET /api/admin/user-analysis/clicks.csv?email=`: one person's clicks as CSV. */
export const userClicksExportQuerySchema = z.object({ email: emailSchema });
