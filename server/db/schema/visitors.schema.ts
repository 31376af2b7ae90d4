/**
 * Subscribers (double opt-in state per e-mail address) and visitor tokens (DESIGN.md §4 "Visitors").
 * Tokens are stored only as SHA-256 hashes.
 */
import { bigserial, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const subscribers = pgTable('subscribers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Lower-cased e-mail address. */
  email: text('email').notNull().unique(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  unsubscribeReason: text('unsubscribe_reason'),
  /** Where consent was given: 'deal_alert', 'signup_page', 'signup_popup', … */
  consentSource: text('consent_source').notNull(),
  consentAt: timestamp('consent_at', { withTimezone: true }).notNull().defaultNow(),
  confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Unsubscribe records (admin-area §3 "Unsubscribe record"; content-and-account-pages §7
 * "POST /api/unsubscribe"): every request, with or without proof. `email` may be empty;
 * `effective` says whether it took effect at once (signed link or mailbox token) or a one-click
 * link was e-mailed instead (issue 5). `ip_address` is personal data: admins see it truncated.
 */
export const unsubscribeRecords = pgTable(
  'unsubscribe_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email'),
    reason: text('reason').notNull(),
    visitedPath: text('visited_path'),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    referrer: text('referrer'),
    effective: boolean('effective').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('unsubscribe_records_created_idx').on(t.createdAt)],
);

export const visitorTokens = pgTable(
  'visitor_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    /** Hex SHA-256 of the token; the token itself is only ever given to the visitor. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * What the token proves (DESIGN.md §4 "Visitors"): 'device' when minted without proof (an alert
     * or a signup: it reaches only rows it created), 'mailbox' when minted by opening a link e-mailed
     * to the address (it reaches everything of the address).
     */
    proof: text('proof').$type<'device' | 'mailbox'>().notNull().default('device'),
    /** SHA-256 (hex) of the signed link that minted a 'mailbox' token: a second use revokes the first token. */
    linkHash: text('link_hash'),
  },
  (t) => [index('visitor_tokens_email_idx').on(t.email), index('visitor_tokens_link_hash_idx').on(t.linkHash)],
);
