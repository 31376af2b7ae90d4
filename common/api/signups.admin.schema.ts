/**
 * The signups tab's API (admin-area §2 "Signups tab", §3 "Signup", §4 "Signups", §7, §9; issue 12
 * part 1). Dates are ISO 8601 (UTC); prices are pound strings ("12.99"). Admin session only.
 */
import { z } from 'zod';

/** Newest signups listed at most by `GET /api/admin/signups` (the export has them all). */
export const SIGNUPS_LISTED_MAX = 5000;
/** Admin-area §9: "Top users by clicks 10". */
export const TOP_CLICKERS_SHOWN = 10;
/** Clicks shown when a signup's click list is expanded (newest first). */
export const SIGNUP_CLICKS_SHOWN = 50;
/** Admin-area §9 "Signup referrer truncation: 30 characters". */
export const SIGNUP_REFERRER_SHOWN = 30;
/** Bulk deletes take at least 1 and at most this many ids (issue 12 "Bad input"). */
export const BULK_DELETE_MAX = 1000;

/**
 * An address's standing as a subscriber (issue 25: owners' lists say who confirmed; DESIGN.md §4: no
 * marketing e-mail goes to an unconfirmed or unsubscribed address), from its `subscribers` row:
 * 'unsubscribed' when it has unsubscribed (whether or not it had confirmed), else 'confirmed' when it
 * opened its confirmation link, else 'awaiting-confirmation' (also for an address with no row).
 */
export const SUBSCRIBER_STATUSES = ['confirmed', 'awaiting-confirmation', 'unsubscribed'] as const;
export const subscriberStatusSchema = z.enum(SUBSCRIBER_STATUSES);
export type SubscriberStatus = z.infer<typeof subscriberStatusSchema>;

/** How the owners' pages and CSV exports write each status. */
export const SUBSCRIBER_STATUS_LABELS: Readonly<Record<SubscriberStatus, string>> = {
  confirmed: 'Confirmed',
  'awaiting-confirmation': 'Awaiting confirmation',
  unsubscribed: 'Unsubscribed',
};

export const adminSignupSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** 'signup_popup', 'signup_page' or another value (admin-area §3). */
  source: z.string(),
  createdAt: z.string(),
  userAgent: z.string().nullable(),
  referrer: z.string().nullable(),
  /** Product clicks recorded with this address. */
  clickCount: z.number().int(),
  /** Admin-area §2 "NEW USER badge": some click of the address used the new-user affiliate tag. */
  newUser: z.boolean(),
  /** The address's subscriber status now (issue 25). */
  status: subscriberStatusSchema,
});
export type AdminSignup = z.infer<typeof adminSignupSchema>;

export const signupStatsSchema = z.object({
  totalSignups: z.number().int(),
  /** Signups since midnight, Europe/London. */
  todaySignups: z.number().int(),
  popupSignups: z.number().int(),
  pageSignups: z.number().int(),
  otherSignups: z.number().int(),
});
export type SignupStats = z.infer<typeof signupStatsSchema>;

/** Admin-area §2 "Click-tracking summary". */
export const signupClickSummarySchema = z.object({
  /** Signed-up addresses with at least one click. */
  uniqueClickers: z.number().int(),
  /** Distinct signed-up addresses. */
  totalUsers: z.number().int(),
  /** uniqueClickers / totalUsers × 100, one decimal (0 without users). */
  conversionRate: z.number(),
});

export const topClickerSchema = z.object({
  email: z.string(),
  /** The address's newest signup (its click list is `GET /api/admin/signups/{signupId}/clicks`). */
  signupId: z.number().int(),
  clickCount: z.number().int(),
  newUser: z.boolean(),
});

export const signupsResponseSchema = z.object({
  signups: z.array(adminSignupSchema),
  /** All signups; `signups` holds the newest {@link SIGNUPS_LISTED_MAX}. */
  total: z.number().int(),
  stats: signupStatsSchema,
  clickSummary: signupClickSummarySchema,
  topClickers: z.array(topClickerSchema),
});
export type SignupsResponse = z.infer<typeof signupsResponseSchema>;

export const signupClickSchema = z.object({
  id: z.number().int(),
  asin: z.string().nullable(),
  title: z.string().nullable(),
  clickType: z.string(),
  price: z.string().nullable(),
  category: z.string().nullable(),
  affiliateTag: z.string(),
  /** The click used the new-user affiliate tag. */
  newUserTag: z.boolean(),
  clickedAt: z.string(),
});
export type SignupClick = z.infer<typeof signupClickSchema>;

export const signupClicksResponseSchema = z.object({
  clicks: z.array(signupClickSchema),
  /** All clicks of the address; `clicks` holds the newest {@link SIGNUP_CLICKS_SHOWN}. */
  total: z.number().int(),
});
export type SignupClicksResponse = z.infer<typeof signupClicksResponseSchema>;

/**
 * `GET /api/admin/signups/confirmed-emails` (issue 25; the tab's Copy Email List): every signed-up
 * address that is confirmed and not unsubscribed now, once each, in alphabetical order; all
 * signups, not only the newest {@link SIGNUPS_LISTED_MAX}.
 */
export const confirmedSignupEmailsResponseSchema = z.object({ emails: z.array(z.string()) });
export type ConfirmedSignupEmailsResponse = z.infer<typeof confirmedSignupEmailsResponseSchema>;

const idSchema = z.number({ error: 'must be a whole number' }).int('must be a whole number').positive('must be a positive number');

/** `DELETE /api/admin/signups` body. */
export const bulkDeleteSignupsSchema = z.object({
  ids: z
    .array(idSchema, { error: 'must be a list of signup ids' })
    .min(1, 'must hold at least 1 id')
    .max(BULK_DELETE_MAX, `must hold at most ${BULK_DELETE_MAX} ids`),
});
export type BulkDeleteSignups = z.infer<typeof bulkDeleteSignupsSchema>;

export const deleteSignupResponseSchema = z.object({
  signup: adminSignupSchema.omit({ clickCount: true, newUser: true, status: true }),
  /** The address's clicks removed with it (admin-area §4: "Deleting a signup also removes that user's click data"). */
  clicksDeleted: z.number().int(),
});
export type DeleteSignupResponse = z.infer<typeof deleteSignupResponseSchema>;

export const bulkDeleteSignupsResponseSchema = z.object({
  deletedCount: z.number().int(),
  clicksDeleted: z.number().int(),
});
export type BulkDeleteSignupsResponse = z.infer<typeof bulkDeleteSignupsResponseSchema>;
