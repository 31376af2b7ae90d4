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
import { ok, type Outcome } from '../../http/outcome';
import { storedReferrer } from '../../http/stored-referrer';
import { composeConfirmationEmail, findSubscriber, isConfirmedAndSubscribed, queueSignInLink, recordConsent } from '../subscriptions';
import { waitingAlertTitles } from '../alerts';
import { deviceTokenFor, type Visitor } from '../visitors';
import { insertSignup } from './signups.queries';

export const SIGNUP_MESSAGE = "Welcome to Today's Deals! Check your inbox for a link to confirm your address.";

type LinkEnv = Pick<Env, 'PUBLIC_URL' | 'SECRET_KEY' | 'MAX_CONFIRMATIONS_PER_HOUR' | 'NODE_ENV'>;

export interface SignupRequest {
  email: string;
  source: 'signup_page' | 'signup_popup';
  userAgent?: string | null;
  referrer?: string | null;
  /** The client's address (request.ip), for the e-mail budgets; never stored. */
  clientIp?: string | null;
}

/** Set when the hourly e-mail budget delayed the e-mail, or a mailbox/network limit stopped it (the route logs it). */
export interface EmailDelay {
  emailDelayedUntil: Date | null;
  emailRefused: 'mailbox' | 'network' | null;
}

/**
 * Signs `email` up at `now` in one transaction. Returns this browser's token for the address (its
 * own when it already holds one, else a new device token) and the signup time (epoch ms) for the
 * browser's new-user window. Call `notifyOutbox` after it returns.
 */
export async function signUp(
  db: Db,
  env: LinkEnv,
  visitor: Visitor | undefined,
  input: SignupRequest,
  now: Date,
): Promise<Outcome<{ email: string; visitorToken: string; signupTime: number; message: string } & EmailDelay>> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const consent = await recordConsent(tx, env, {
      email,
      source: input.source,
      now,
      clientIp: input.clientIp ?? null,
      message: () => composeConfirmationEmail(env, email, now),
    });
    const holder = await deviceTokenFor(tx, visitor, email, now);
    await insertSignup(tx, {
      email,
      source: input.source,
      consentWording: SIGNUP_CONSENT_WORDING,
      consentAt: now,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
      referrer: storedReferrer(input.referrer),
      confirmationQueued: consent.confirmationQueued,
      createdByTokenId: holder.tokenId,
    });
    return ok({
      email,
      visitorToken: holder.token,
      signupTime: now.getTime(),
      message: SIGNUP_MESSAGE,
      emailDelayedUntil: consent.delayedUntil,
      emailRefused: consent.refused,
    });
  });
}

/**
 * Sends `email` its sign-in link at `now`, asked for by `clientIp` (request.ip): for an address not
 * yet confirmed, the double opt-in confirmation (consent source 'sign_in', once an hour); for a
 * confirmed one, the sign-in link (queueSignInLink: once per address per clock hour). Either lists
 * the address's alerts that wait for a link (issue 25: opening it starts them, so it says so).
 * Same answer either way.
 */
export async function requestSignIn(
  db: Db,
  env: LinkEnv,
  rawEmail: string,
  now: Date,
  clientIp: string | null = null,
): Promise<Outcome<{ message: string } & EmailDelay>> {
  const email = rawEmail.trim().toLowerCase();
  const confirmed = isConfirmedAndSubscribed(await findSubscriber(db, email));
  const requested = await waitingAlertTitles(db, email);
  const queued = await db.transaction(async (tx) =>
    confirmed
      ? queueSignInLink(tx, env, email, now, { clientIp, requested, mode: 'sign-in' })
      : recordConsent(tx, env, {
          email,
          source: 'sign_in',
          now,
          clientIp,
          message: () => composeConfirmationEmail(env, email, now, requested, 'confirm'),
        }),
  );
  return ok({ message: SIGN_IN_MESSAGE, emailDelayedUntil: queued.delayedUntil, emailRefused: queued.refused });
}
