/**
 * Double opt-in and unsubscribe (DESIGN.md §4 "Visitors" and "E-mail", §5; RFC 8058;
 * content-and-account-pages §2.5, §7 "POST /api/unsubscribe").
 *
 * - {@link recordConsent}: called inside the transaction that records an alert or signup; writes the
 *   consent and, when due, the confirmation e-mail to the outbox (one per address per hour).
 * - {@link confirmSubscriber}: the confirmation link's signature confirms the address and signs the
 *   visitor in on that device.
 * - {@link unsubscribe}: takes effect at once and suppresses queued mail to the address.
 */
import { emailSchema } from '../../../common/api/alerts.schema';
import type { Db, Tx } from '../../db/client';
import type { Env } from '../../env';
import { enqueueEmail, suppressPendingEmail } from '../../email/outbox';
import { confirmationUrl, verifyEmailSignature } from '../../email/signed-links';
import { issueVisitorToken } from '../visitors/visitors.service';
import {
  CONFIRMATION_RESEND_MS,
  claimConfirmationSend,
  findSubscriber,
  markConfirmed,
  markUnsubscribed,
  upsertConsent,
  type SubscriberRow,
} from './subscriptions.queries';

/** A rendered message ready for the outbox. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** True when the row is confirmed and not unsubscribed since: the address may be e-mailed. */
export function isConfirmedAndSubscribed(row: Pick<SubscriberRow, 'confirmedAt' | 'unsubscribedAt'> | undefined): boolean {
  return !!row?.confirmedAt && !row.unsubscribedAt;
}

/**
 * Whether a confirmation e-mail would be sent for this row at `now` (the same rule as
 * `claimConfirmationSend`, for deciding outside a transaction whether to render one in advance).
 */
export function confirmationDue(row: SubscriberRow | undefined, now: Date): boolean {
  if (!row) return true;
  if (isConfirmedAndSubscribed(row)) return false;
  const sent = row.confirmationSentAt;
  if (!sent) return true;
  if (now.getTime() - sent.getTime() >= CONFIRMATION_RESEND_MS) return true;
  return !!row.unsubscribedAt && sent.getTime() <= row.unsubscribedAt.getTime();
}

/** Renders the confirmation e-mail of `email`, about `productTitle` (from our catalogue) when given. */
export async function composeConfirmationEmail(
  env: Pick<Env, 'PUBLIC_URL' | 'SECRET_KEY'>,
  email: string,
  productTitle?: string | null,
): Promise<RenderedEmail> {
  // Loaded on first use: React Email costs ~0.4 s at start-up.
  const { renderConfirmationEmail } = await import('../../email/templates/confirmation.email');
  return renderConfirmationEmail({
    email,
    confirmUrl: confirmationUrl(env.PUBLIC_URL, env.SECRET_KEY, email),
    productTitle,
    publicUrl: env.PUBLIC_URL,
  });
}

export interface ConsentOutcome {
  /** Confirmed and not unsubscribed since (alerts are e-mailed). */
  confirmed: boolean;
  /** A confirmation e-mail was written to the outbox; call `deps.notifyOutbox()` after commit. */
  confirmationQueued: boolean;
}

/**
 * Records consent from `source` at `now` inside `tx` and, when due (first use of the address, or
 * unconfirmed with no confirmation in the last hour, or unsubscribed with none since), writes the
 * confirmation e-mail to the outbox with dedupe key `confirm:{email}:{epoch ms}`. `message`
 * supplies the rendered e-mail (render it before the transaction when {@link confirmationDue}
 * says so, to keep the transaction short). An unsubscribed address stays unsubscribed until it confirms.
 */
export async function recordConsent(
  tx: Tx,
  consent: { email: string; source: string; now: Date; message: () => Promise<RenderedEmail> },
): Promise<ConsentOutcome> {
  const row = await upsertConsent(tx, consent.email, consent.source, consent.now);
  if (isConfirmedAndSubscribed(row)) return { confirmed: true, confirmationQueued: false };
  if (!(await claimConfirmationSend(tx, row.email, consent.now))) return { confirmed: false, confirmationQueued: false };
  const message = await consent.message();
  const id = await enqueueEmail(tx, {
    recipient: row.email,
    ...message,
    kind: 'confirmation',
    dedupeKey: `confirm:${row.email}:${consent.now.getTime()}`,
  });
  return { confirmed: false, confirmationQueued: id !== null };
}

export type ConfirmResult =
  { ok: true; email: string; confirmed: true; visitorToken: string } | { ok: false; field: 'sig'; message: string };

/**
 * Confirms `email` when `sig` is its confirmation signature (purpose 'confirm'): sets `confirmed_at`
 * (idempotent), clears any unsubscribe (confirming is fresh consent) and issues a visitor token, all
 * in one transaction. A bad signature changes nothing: `{ ok: false, field: 'sig' }`.
 */
export async function confirmSubscriber(
  db: Db,
  env: Pick<Env, 'SECRET_KEY'>,
  now: Date,
  email: string,
  sig: string,
): Promise<ConfirmResult> {
  if (!verifyEmailSignature(env.SECRET_KEY, 'confirm', email, sig)) {
    return { ok: false, field: 'sig', message: 'sig: invalid or expired confirmation link' };
  }
  return db.transaction(async (tx) => {
    const row = await markConfirmed(tx, email, now);
    const visitorToken = await issueVisitorToken(tx, row.email, now);
    return { ok: true as const, email: row.email, confirmed: true as const, visitorToken };
  });
}

/**
 * Unsubscribes `email` at once with `reason` ('one_click', 'manual_unsubscribe', …) and marks its
 * queued, unsent mail suppressed; alerts are left as they are (nothing is mailed while unsubscribed).
 * Unknown addresses are recorded as unsubscribed too, so callers never learn whether one was known.
 */
export async function unsubscribe(db: Db, email: string, reason: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await markUnsubscribed(tx, email, reason, now);
    await suppressPendingEmail(tx, email);
  });
}

export type SignedUnsubscribeResult = { ok: true; email: string } | { ok: false; field: 'sig'; message: string };

/**
 * One-click unsubscribe (RFC 8058) from the signed link of `unsubscribeUrl()`: when `sig` is the
 * 'unsubscribe' signature of `email`, unsubscribes it with reason 'one_click' ({@link unsubscribe}).
 * A bad or missing e-mail or signature changes nothing: `{ ok: false, field: 'sig' }`.
 */
export async function unsubscribeBySignedLink(
  db: Db,
  env: Pick<Env, 'SECRET_KEY'>,
  now: Date,
  rawEmail: string,
  sig: string,
): Promise<SignedUnsubscribeResult> {
  const email = emailSchema.safeParse(rawEmail);
  if (!email.success || !verifyEmailSignature(env.SECRET_KEY, 'unsubscribe', email.data, sig)) {
    return { ok: false, field: 'sig', message: 'sig: invalid or expired unsubscribe link' };
  }
  await unsubscribe(db, email.data, 'one_click', now);
  return { ok: true, email: email.data };
}

/** `{ email, confirmed, unsubscribed }` of an address (see subscriberStatusSchema); unknown addresses are neither. */
export async function subscriberStatus(db: Db, email: string): Promise<{ email: string; confirmed: boolean; unsubscribed: boolean }> {
  const row = await findSubscriber(db, email);
  return { email: email.trim().toLowerCase(), confirmed: isConfirmedAndSubscribed(row), unsubscribed: !!row?.unsubscribedAt };
}
