/**
 * Signup and sign-in without passwords (content-and-account-pages §2.2, §2.3, §4, §7; DESIGN.md §4
 * "Visitors" and "E-mail"; issue 9 part 4).
 *
 * - {@link signUp}: stores the signup with its consent (source, time, the wording shown), records
 *   consent with the subscriptions service, which writes the double opt-in confirmation e-mail to the
 *   outbox when due (never twice within the hour), and mints a *device* token for this browser.
 * - {@link requestSignIn}: e-mails the address its confirmation/sign-in link. The answer is the same
 *   whether or not the address is known; at most one such e-mail per address per hour.
 */
import { SIGNUP_CONSENT_WORDING, SIGN_IN_MESSAGE } from '../../../common/api/engagement.schema';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { enqueueEmail } from '../../email/outbox';
import { ok, type Outcome } from '../../http/outcome';
import { tokenIdOf } from '../../http/visitor.guard';
import { composeConfirmationEmail, recordConsent, subscriberStatus } from '../subscriptions/subscriptions.service';
import { issueVisitorToken } from '../visitors/visitors.service';
import { insertSignup } from './signups.queries';

export const SIGNUP_MESSAGE = "Welcome to Today's Deals! Check your inbox for a link to confirm your address.";

/** One sign-in e-mail per address per this many ms (the dedupe key's time bucket). */
export const SIGN_IN_RESEND_MS = 60 * 60 * 1000;

export interface SignupRequest {
  email: string;
  source: 'signup_page' | 'signup_popup';
  userAgent?: string | null;
  referrer?: string | null;
}

/**
 * Signs `email` up at `now` in one transaction. Returns the device token and the signup time
 * (epoch ms) for the browser's new-user window. Call `notifyOutbox` after it returns.
 */
export async function signUp(
  db: Db,
  env: Pick<Env, 'PUBLIC_URL' | 'SECRET_KEY'>,
  input: SignupRequest,
  now: Date,
): Promise<Outcome<{ email: string; visitorToken: string; signupTime: number; message: string }>> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const consent = await recordConsent(tx, {
      email,
      source: input.source,
      now,
      message: () => composeConfirmationEmail(env, email),
    });
    const visitorToken = await issueVisitorToken(tx, email, now);
    await insertSignup(tx, {
      email,
      source: input.source,
      consentWording: SIGNUP_CONSENT_WORDING,
      consentAt: now,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
      referrer: input.referrer?.slice(0, 2000) ?? null,
      confirmationQueued: consent.confirmationQueued,
      createdByTokenId: await tokenIdOf(tx, visitorToken),
    });
    return ok({ email, visitorToken, signupTime: now.getTime(), message: SIGNUP_MESSAGE });
  });
}

/**
 * Sends `email` its sign-in link at `now`: for an address not yet confirmed, the double opt-in
 * confirmation (consent source 'sign_in', once an hour); for a confirmed one, the same signed link
 * (kind 'confirmation', dedupe key `sign-in:{email}:{hour}`). Same answer either way.
 */
export async function requestSignIn(
  db: Db,
  env: Pick<Env, 'PUBLIC_URL' | 'SECRET_KEY'>,
  rawEmail: string,
  now: Date,
): Promise<Outcome<{ message: string }>> {
  const email = rawEmail.trim().toLowerCase();
  const status = await subscriberStatus(db, email);
  await db.transaction(async (tx) => {
    if (!status.confirmed) {
      await recordConsent(tx, { email, source: 'sign_in', now, message: () => composeConfirmationEmail(env, email) });
      return;
    }
    const message = await composeConfirmationEmail(env, email);
    await enqueueEmail(tx, {
      recipient: email,
      ...message,
      kind: 'confirmation',
      dedupeKey: `sign-in:${email}:${Math.floor(now.getTime() / SIGN_IN_RESEND_MS)}`,
    });
  });
  return ok({ message: SIGN_IN_MESSAGE });
}
