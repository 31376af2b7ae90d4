/**
 * The e-mail outbox (DESIGN.md §4 "E-mail"): every message is written here in the same
 * transaction as its cause, with a unique dedupe key, then delivered by the sender job.
 */
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    /** Subject, HTML and plain text; null until the sender composes a deferred message from `payload`. */
    subject: text('subject'),
    html: text('html'),
    text: text('text'),
    /**
     * What a deferred message is composed from at send time (email/deferred-email.ts), e.g. the
     * price drop of one alert; null for a message composed when it was queued.
     */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    /** 'confirmation' | 'price-drop' | … */
    kind: text('kind').notNull(),
    /** Unique per (recipient, cause): the message is sent at most once. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    /** 'pending' | 'sent' | 'dead' | 'suppressed' */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Message-ID given by the transport (or the .eml file name when SMTP is not set). */
    messageId: text('message_id'),
  },
  (t) => [index('email_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
