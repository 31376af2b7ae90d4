/**
 * Subscribers (double opt-in state per e-mail address) and visitor tokens (DESIGN.md §4 "Visitors").
 * Tokens are stored only as SHA-256 hashes.
 */
import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  },
  (t) => [index('visitor_tokens_email_idx').on(t.email)],
);
