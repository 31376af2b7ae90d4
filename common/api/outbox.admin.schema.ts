/**
 * The delivery log (issue 29 "a delivery log"; DESIGN.md §4 "E-mail": the outbox readable in the
 * admin area): every outbox message with its kind, masked recipient, state, attempts, last error and
 * next try, and the resend of a dead message.
 *
 * - `GET /api/admin/outbox?state=&page=&limit=` → {@link outboxPageSchema}
 * - `POST /api/admin/outbox/{id}/resend` → {@link outboxResendResponseSchema}; 409 unless the message is dead.
 */
import { z } from 'zod';

/**
 * A message's state as the owner reads it, from the outbox row's status (server/db/schema/email.schema.ts):
 * - `waiting`: queued, not tried yet (or being sent now);
 * - `budget`: held back by the hourly send budget (MAX_CONFIRMATIONS_PER_HOUR) until its next try;
 * - `failed`: tried and failed, will be retried at its next try;
 * - `sent`: handed to the mail server (or written as an .eml file without SMTP_URL);
 * - `dead`: given up on (attempts used up, refused for good, or could not be composed): may be resent;
 * - `suppressed`: not sent because the recipient is not confirmed or has unsubscribed.
 */
export const OUTBOX_STATES = ['waiting', 'budget', 'failed', 'sent', 'dead', 'suppressed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export const OUTBOX_PAGE_SIZE = 50;
export const OUTBOX_MAX_PAGE_SIZE = 200;

export const outboxQuerySchema = z.object({
  state: z.enum(OUTBOX_STATES, { error: `must be one of ${OUTBOX_STATES.join(', ')}` }).optional(),
  page: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(1),
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(OUTBOX_MAX_PAGE_SIZE, `must be at most ${OUTBOX_MAX_PAGE_SIZE}`)
    .default(OUTBOX_PAGE_SIZE),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

/** One outbox message; the recipient masked (`j***@example.com`), the error without addresses, URLs or stack. */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  /** 'confirmation' | 'price-drop' | 'deal-alert-notification' | 'deal-digest' | … */
  kind: z.string(),
  recipient: z.string(),
  state: z.enum(OUTBOX_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** ISO 8601; null once sent, dead or suppressed. */
  nextTryAt: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxPageSchema = z.object({
  messages: z.array(outboxMessageSchema),
  /** Messages matching the filter, all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Messages in each state (the whole outbox, not only the filter). */
  // One named property per state (a record keyed by an enum lists them as required without
  // defining them, which OpenAPI tools flag).
  counts: z.object({
    waiting: z.number().int(),
    budget: z.number().int(),
    failed: z.number().int(),
    sent: z.number().int(),
    dead: z.number().int(),
    suppressed: z.number().int(),
  } satisfies Record<(typeof OUTBOX_STATES)[number], z.ZodNumber>),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const outboxIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1'),
});

export const outboxResendResponseSchema = z.object({ message: outboxMessageSchema });
