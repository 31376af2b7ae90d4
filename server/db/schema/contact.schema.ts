/**
 * Messages sent through the contact form (issue 10; DESIGN.md §5: the form stores the message and
 * e-mails the owners). Stored as typed; HTML in any field is text, never rendered as HTML. The
 * client IP and user agent are kept for abuse handling (see the privacy policy's retention).
 */
import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    /** Lower-cased reply address, as given (not proved). */
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** The outbox row that e-mails the message to CONTACT_EMAIL. */
    outboxId: bigint('outbox_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
