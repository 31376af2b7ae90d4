/**
 * The e-mail outbox (DESIGN.md §4 "E-mail"): every message is written here in the same
 * transaction as its cause, with a unique dedupe key, then delivered by the sender job.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    /**
     * The From address of this message (one of the six senders on MAIL_DOMAIN, admin-area §5), for
     * owner-sent mail; null: MAIL_FROM.
     */
    sender: text('sender'),
    /**
     * For the budgeted kinds (confirmation, sign-in, unsubscribe link; issue 25): the recipient's
     * mailbox key (common/mailbox.ts), so every spelling of one mailbox shares one hourly limit.
     */
    mailbox: text('mailbox'),
    /**
     * For the budgeted kinds: the client network that asked for the message (IPv4 /24, IPv6 /64),
     * as a keyed hash (HMAC-SHA256 with SECRET_KEY, hex), so one network's share of the site-wide
     * budget is counted without storing its address.
     */
    sourceNetwork: text('source_network'),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_mailbox_idx')
      .on(t.mailbox, t.createdAt)
      .where(sql`mailbox is not null`),
    index('email_outbox_network_idx')
      .on(t.sourceNetwork, t.createdAt)
      .where(sql`source_network is not null`),
    index('email_outbox_budgeted_idx')
      .on(t.createdAt)
      .where(sql`kind in ('confirmation', 'unsubscribe-link')`),
  ],
);

/**
 * The owners' e-mail templates (admin-area §2 "Templates tab", §3 "Email template"; issue 12
 * part 3): kept here, not in browser storage, so every owner and every instance sees the same list.
 * `subject` and `html_content` are Mustache templates using only the nine placeholders of
 * admin-area §9, each escaped when rendered (common/email-templates.ts). `sender` is the local part
 * of one of the six sender addresses on MAIL_DOMAIN ('noreply', 'info', 'deals', 'support',
 * 'alerts', 'notifications'). At most one template is the default (`is_default`): owner-sent deal
 * alert notifications use it.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Unique, trimmed; the client sync matches templates by it. */
    name: text('name').notNull().unique(),
    subject: text('subject').notNull(),
    htmlContent: text('html_content').notNull(),
    sender: text('sender').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_templates_one_default_idx')
      .on(t.isDefault)
      .where(sql`is_default`),
  ],
);
