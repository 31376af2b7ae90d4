/**
 * Shopper engagement tables (issue 9): preference survey answers (shopper-screens §3 "User
 * preferences") and signups with their consent record (content-and-account-pages §2.2, §2.3, §7).
 *
 * Rows remember which visitor token created them (`created_by_token_id`), so a device token reaches
 * only what that browser saved (DESIGN.md §4 "Visitors"; server/features/visitors/visitor.guard.ts).
 */
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const userPreferences = pgTable('user_preferences', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Lower-cased e-mail address; one row per address. */
  email: text('email').notNull().unique(),
  /** Survey category values (kitchen, electronics, …; common/api/preferences.schema.ts). */
  preferredCategories: jsonb('preferred_categories').$type<string[]>().notNull(),
  /** 'daily' | 'weekly' | 'monthly': for the deal digests of a later issue. */
  emailFrequency: text('email_frequency').notNull(),
  hasCompletedSurvey: boolean('has_completed_survey').notNull().default(false),
  /** The visitor token that last saved the row (visitor_tokens.id); null when unknown. */
  createdByTokenId: integer('created_by_token_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Survey answers saved with a *device* token (issue 25: "nothing a stranger does locks the owner
 * out"): one row per token, never read by digests. They become the address's `user_preferences`
 * when that browser opens a link e-mailed to the address (preferences.service `promotePreferences`).
 */
export const devicePreferences = pgTable(
  'device_preferences',
  {
    /** visitor_tokens.id of the device token that saved the answers. */
    tokenId: integer('token_id').primaryKey(),
    /** Lower-cased e-mail address the answers were saved for. */
    email: text('email').notNull(),
    preferredCategories: jsonb('preferred_categories').$type<string[]>().notNull(),
    emailFrequency: text('email_frequency').notNull(),
    hasCompletedSurvey: boolean('has_completed_survey').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('device_preferences_email_idx').on(t.email)],
);

export const signups = pgTable(
  'signups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Lower-cased e-mail address. A second signup of an address is a second row (its own consent). */
    email: text('email').notNull(),
    /** 'signup_page' | 'signup_popup' (content-and-account-pages §7). */
    source: text('source').notNull(),
    /** The consent wording shown beside the form, verbatim, as the visitor saw it. */
    consentWording: text('consent_wording').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    referrer: text('referrer'),
    /** Whether this signup wrote a confirmation e-mail to the outbox (none within the hour of another). */
    confirmationQueued: boolean('confirmation_queued').notNull(),
    /** The device token minted for this signup (visitor_tokens.id). */
    createdByTokenId: integer('created_by_token_id'),
  },
  (t) => [index('signups_email_idx').on(t.email), index('signups_created_by_token_idx').on(t.createdByTokenId)],
);
