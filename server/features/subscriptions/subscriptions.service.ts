/**
 * Double opt-in, sign-in links and unsubscribe (DESIGN.md §4 "Visitors" and "E-mail", §5; RFC 8058;
 * content-and-account-pages §2.5, §7 "POST /api/unsubscribe"; issue 5).
 *
 * - {@link recordConsent}: called inside the transaction that records an alert or signup; writes the
 *   consent and, when due, the confirmation e-mail to the outbox (one per address per hour, and at
 *   most `MAX_CONFIRMATIONS_PER_HOUR` site-wide before messages wait: send-budget.ts).
 * - {@link queueSignInLink}: the same signed link for an address that has already confirmed, so a
 *   new device can prove the mailbox.
 * - {@link confirmSubscriber}: the link's signature (7 days) confirms the address and hands this
 *   device a *mailbox* token.
 * - {@link requestUnsubscribe}: with a valid signed link or a mailbox token it takes effect at once;
 *   with only an e-mail it records the request and e-mails the address a one-click link instead,
 *   so nobody can unsubscribe someone else. The answer never says whether the address is known.
 */
import type { Db, Tx } from '../../db/client';
import type { Env } from '../../env';
import { mailboxKey } from '../../../common/mailbox';
import { enqueueEmail, suppressPendingEmail, type ComposedEmail } from '../../email/outbox';
import { decideBudgeted } from '../../email/send-budget';
import type { ConfirmationMode } from '../../email/templates/confirmation.email';
import { clientNetworkHash } from '../../http/client-network';
import { storedReferrer } from '../../http/stored-referrer';
import { checkSignedLink, confirmationUrl, linkHash, unsubscribeUrl } from '../../email/signed-links';
import { fail, ok, type Outcome } from '../../http/outcome';
import { issueVisitorToken, type Visitor } from '../visitors';
import {
  CONFIRMATION_RESEND_MS,
  claimConfirmationSend,
  findSubscriber,
  insertUnsubscribeRecord,
  markConfirmed,
  markUnsubscribed,
  upsertConsent,
  type SubscriberRow,
} from './subscriptions.queries';
import { millisecondsInHour as HOUR_MS } from 'date-fns/constants';

/** A rendered message ready for the outbox. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

type LinkEnv = Pick<Env, 'PUBLIC_URL' | 'SECRET_KEY' | 'MAX_CONFIRMATIONS_PER_HOUR' | 'NODE_ENV'>;

/**
 * What a budgeted e-mail did (send-budget.ts): queued (false when a duplicate within the hour or
 * refused), until when it waits, and which limit refused it. Log the last two without the address.
 */
export interface QueuedLink {
  queued: boolean;
  /** Set when the hourly budget was reached and the message waits until then. */
  delayedUntil: Date | null;
  /** Set when the mailbox's or the client network's hourly limit stopped the message: it is not sent. */
  refused: 'mailbox' | 'network' | null;
}

/** Shown on the unsubscribe page when the request came without proof (issue 5). */
export const UNSUBSCRIBE_LINK_SENT =
  "If this address receives our e-mails, we've sent it a link to confirm. Open it to stop all our e-mails: nothing changes until then.";

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

/**
 * Renders the confirmation, approval or sign-in e-mail (`mode`, templates/confirmation.email.tsx) of
 * `email` with a link issued at `now`, listing `requested`: the titles (from our catalogue) of the
 * alerts that wait for this link. Opening the link starts exactly those (alerts.service `approveAlerts`:
 * the ones created up to the link's issue time).
 */
export async function composeConfirmationEmail(
  env: Pick<Env, 'PUBLIC_URL' | 'SECRET_KEY'>,
  email: string,
  now: Date,
  requested: readonly string[] = [],
  mode: ConfirmationMode = 'confirm',
): Promise<RenderedEmail> {
  // Loaded on first use: React Email costs ~0.4 s at start-up.
  const { renderConfirmationEmail } = await import('../../email/templates/confirmation.email');
  return renderConfirmationEmail({
    email,
    confirmUrl: confirmationUrl(env.PUBLIC_URL, env.SECRET_KEY, email, now),
    requested,
    mode,
    publicUrl: env.PUBLIC_URL,
  });
}

/**
 * Enqueues a budgeted message (confirmation, sign-in, unsubscribe link) created at `now`, asked for
 * by `clientIp` (request.ip; null when unknown), within the mailbox, network and site-wide budgets
 * of send-budget.ts: it may be refused (not queued) or delayed.
 */
async function enqueueBudgeted(tx: Tx, env: LinkEnv, message: ComposedEmail, now: Date, clientIp: string | null): Promise<QueuedLink> {
  const mailbox = mailboxKey(message.recipient);
  const network = clientIp ? clientNetworkHash(env.SECRET_KEY, clientIp) : null;
  const decision = await decideBudgeted(tx, {
    mailbox,
    network,
    now,
    maxPerHour: env.MAX_CONFIRMATIONS_PER_HOUR,
    testScale: env.NODE_ENV === 'test',
  });
  if (decision.kind === 'refuse') return { queued: false, delayedUntil: null, refused: decision.limit };
  const id = await enqueueEmail(tx, {
    ...message,
    createdAt: now,
    mailbox,
    sourceNetwork: network,
    ...(decision.notBefore ? { notBefore: decision.notBefore } : {}),
  });
  return { queued: id !== null, delayedUntil: id !== null ? decision.notBefore : null, refused: null };
}

export interface ConsentOutcome extends QueuedLink {
  /** Confirmed and not unsubscribed since (alerts are e-mailed). Never show it to an unproven visitor. */
  confirmed: boolean;
  /** A confirmation e-mail was written to the outbox; call `deps.notifyOutbox()` after commit. */
  confirmationQueued: boolean;
}

/**
 * Records consent from `source` at `now` inside `tx` and, when due (first use of the address, or
 * unconfirmed with no confirmation in the last hour, or unsubscribed with none since), writes the
 * confirmation e-mail to the outbox with dedupe key `confirm:{email}:{epoch ms}`, within the budgets
 * of send-budget.ts (`clientIp`: who asked). `message` supplies the rendered e-mail (render it before
 * the transaction when {@link confirmationDue} says so, to keep the transaction short). An
 * unsubscribed address stays unsubscribed until it confirms.
 */
export async function recordConsent(
  tx: Tx,
  env: LinkEnv,
  consent: { email: string; source: string; now: Date; clientIp: string | null; message: () => Promise<RenderedEmail> },
): Promise<ConsentOutcome> {
  const row = await upsertConsent(tx, consent.email, consent.source, consent.now);
  const none = { confirmationQueued: false, queued: false, delayedUntil: null, refused: null };
  if (isConfirmedAndSubscribed(row)) return { confirmed: true, ...none };
  if (!(await claimConfirmationSend(tx, row.email, consent.now))) return { confirmed: false, ...none };
  const queued = await enqueueBudgeted(
    tx,
    env,
    {
      recipient: row.email,
      ...(await consent.message()),
      kind: 'confirmation',
      dedupeKey: `confirm:${row.email}:${consent.now.getTime()}`,
    },
    consent.now,
    consent.clientIp,
  );
  return { confirmed: false, confirmationQueued: queued.queued, ...queued };
}

/**
 * Queues the link e-mail of a confirmed address at `now`: the confirmation link (a mailbox token for
 * the device that opens it), kind 'confirmation', at most one per address per clock hour (dedupe key
 * `sign-in:{email}:{hour}`), within the budgets of send-budget.ts. `requested` lists the alerts that
 * wait for it (`mode` 'approve' when an alert was just asked for without the address's token, else
 * 'sign-in'; either way opening it starts the listed alerts).
 */
export async function queueSignInLink(
  tx: Tx,
  env: LinkEnv,
  email: string,
  now: Date,
  ask: { clientIp: string | null; requested?: readonly string[]; mode?: 'approve' | 'sign-in' },
): Promise<QueuedLink> {
  const message = await composeConfirmationEmail(env, email, now, ask.requested ?? [], ask.mode ?? 'sign-in');
  const bucket = Math.floor(now.getTime() / HOUR_MS);
  return enqueueBudgeted(
    tx,
    env,
    { recipient: email, ...message, kind: 'confirmation', dedupeKey: `sign-in:${email}:${bucket}` },
    now,
    ask.clientIp,
  );
}

/** The query values of a signed e-mail link as the browser sends them back. */
export interface LinkProof {
  email: string;
  t?: number | string | null;
  sig?: string | null;
}

/** What opening a link proved, for the features that wait on it (alerts, preferences), inside its transaction. */
export interface MailboxProof {
  /** Lower-cased address the link was for. */
  email: string;
  /** When the link was issued (its `t`, start of that second): what it listed was asked for by then. */
  linkIssuedAt: Date;
  /** The device token (same address) of the browser that opened the link, or null. */
  deviceTokenId: number | null;
  now: Date;
}

/** Work that runs in the transaction of an opened confirmation or sign-in link, after the mailbox is proved. */
export type MailboxProvedHook = (tx: Tx, proof: MailboxProof) => Promise<void>;

/** Refused: a confirmation or sign-in link issued before the address unsubscribed never subscribes it again (issue 25). */
export const LINK_OLDER_THAN_UNSUBSCRIBE =
  'sig: this link was sent before this address unsubscribed, so it no longer works: use Sign In or Set Deal Alert to get a new one';

/**
 * Confirms `link.email` when `link.sig` is its confirmation signature and the link is at most 7 days
 * old: sets `confirmed_at` (idempotent), clears any unsubscribe (confirming is fresh consent) and
 * issues a *mailbox* token, all in one transaction, in which `onProved` (app.ts composes it: start
 * the alerts and survey answers that waited for this proof) runs too. `visitor` is the opening browser's
 * token: its device token (same address) counts as the device that asked.
 *
 * Refused (invalid, naming `sig`; nothing changes): a bad or expired link, and a link issued in a
 * second before the address's unsubscribe (issue 25: an old link never re-subscribes). A second use
 * of a valid link is harmless: it revokes the token the first use minted and mints another, so a
 * link never yields more than one live token, and it re-confirms what is already confirmed.
 */
export async function confirmSubscriber(
  db: Db,
  env: Pick<Env, 'SECRET_KEY'>,
  now: Date,
  link: LinkProof,
  opened: { visitor?: Visitor; onProved?: MailboxProvedHook } = {},
): Promise<Outcome<{ email: string; confirmed: true; visitorToken: string }>> {
  const check = checkSignedLink(env.SECRET_KEY, 'confirm', { email: link.email, t: link.t, sig: link.sig }, now);
  if (check === 'expired') return fail('invalid', 'sig: this confirmation link has expired: ask for a new one with Sign In');
  if (check !== 'valid' || !link.sig) return fail('invalid', 'sig: invalid or expired confirmation link');
  const sig = link.sig;
  const linkIssuedAt = new Date(Number(link.t) * 1000);
  return db.transaction(async (tx) => {
    const before = await findSubscriber(tx, link.email);
    if (before?.unsubscribedAt && before.unsubscribedAt.getTime() >= linkIssuedAt.getTime() + 1000) {
      return fail('invalid', LINK_OLDER_THAN_UNSUBSCRIBE);
    }
    const row = await markConfirmed(tx, link.email, now);
    const visitor = await issueVisitorToken(tx, { email: row.email, proof: 'mailbox', now, linkHash: linkHash(sig) });
    const device = opened.visitor && opened.visitor.email === row.email ? opened.visitor.tokenId : null;
    await opened.onProved?.(tx, { email: row.email, linkIssuedAt, deviceTokenId: device, now });
    return ok({ email: row.email, confirmed: true as const, visitorToken: visitor.token });
  });
}

/**
 * Unsubscribes `email` at once with `reason` ('one_click', 'manual_unsubscribe', …) and marks its
 * queued, unsent mail suppressed; alerts are left as they are (nothing is mailed while unsubscribed).
 */
async function unsubscribeNow(tx: Tx, email: string, reason: string, now: Date): Promise<void> {
  await markUnsubscribed(tx, email, reason, now);
  await suppressPendingEmail(tx, email);
}

/** Why an owner's bulk unsubscribe is on record (subscribers.unsubscribe_reason). */
export const OWNER_UNSUBSCRIBE_REASON = 'admin';

/**
 * Unsubscribes `email` at once for the owners (issue 29 "bulk actions on Users"), inside the
 * caller's transaction: marks it unsubscribed with reason {@link OWNER_UNSUBSCRIBE_REASON} (an
 * address already unsubscribed keeps its first time and reason; an unknown one is put on record as
 * not to be mailed) and suppresses its pending e-mail, as the shopper's own one-click unsubscribe does.
 */
export async function unsubscribeAsOwner(tx: Tx, email: string, now: Date): Promise<void> {
  await unsubscribeNow(tx, email, OWNER_UNSUBSCRIBE_REASON, now);
}

/**
 * One-click unsubscribe (RFC 8058) from the signed link of `unsubscribeUrl()`: when the link is the
 * address's unsubscribe link and at most 365 days old, unsubscribes it with reason 'one_click'.
 * A bad, expired or missing e-mail or signature changes nothing: invalid, naming `sig`.
 */
export async function unsubscribeBySignedLink(
  db: Db,
  env: Pick<Env, 'SECRET_KEY'>,
  now: Date,
  link: LinkProof,
): Promise<Outcome<{ email: string }>> {
  if (checkSignedLink(env.SECRET_KEY, 'unsubscribe', { email: link.email, t: link.t, sig: link.sig }, now) !== 'valid') {
    return fail('invalid', 'sig: invalid or expired unsubscribe link');
  }
  await db.transaction((tx) => unsubscribeNow(tx, link.email, 'one_click', now));
  return ok({ email: link.email });
}

/** An unsubscribe request from the /unsubscribe page (content-and-account-pages §7). */
export interface UnsubscribeRequest extends LinkProof {
  reason: string;
  visitedPath?: string | null;
  userAgent?: string | null;
  referrer?: string | null;
  /** The real client address (TRUST_PROXY rules), for the owners' unsubscribe records. */
  ipAddress?: string | null;
}

/**
 * Handles `POST /api/unsubscribe` at `now` in one transaction, always recording the request
 * (`unsubscribe_records`). With proof (a valid unsubscribe link, or a mailbox token of the address)
 * it takes effect at once: `{ email, effective: true }`. Without, and when the address is on record
 * and not yet unsubscribed, it e-mails the address a one-click link (kind 'unsubscribe-link', one per
 * address per hour, within the hourly budget): `{ email, effective: false, message }` — the same
 * answer for unknown addresses, so it tells a stranger nothing.
 */
export async function requestUnsubscribe(
  db: Db,
  env: LinkEnv,
  visitor: Visitor | undefined,
  input: UnsubscribeRequest,
  now: Date,
): Promise<{ email: string; effective: boolean; message?: string; delayedUntil: Date | null; refused?: QueuedLink['refused'] }> {
  const email = input.email;
  const signed = !!input.sig && checkSignedLink(env.SECRET_KEY, 'unsubscribe', { email, t: input.t, sig: input.sig }, now) === 'valid';
  const proven = signed || (visitor?.proof === 'mailbox' && visitor.email === email);
  const record = {
    email,
    reason: input.reason,
    visitedPath: storedReferrer(input.visitedPath),
    userAgent: input.userAgent?.slice(0, 1000) ?? null,
    referrer: storedReferrer(input.referrer),
    ipAddress: input.ipAddress ?? null,
    effective: proven,
    createdAt: now,
  };
  if (proven) {
    await db.transaction(async (tx) => {
      await insertUnsubscribeRecord(tx, record);
      await unsubscribeNow(tx, email, input.reason, now);
    });
    return { email, effective: true, delayedUntil: null };
  }
  const subscriber = await findSubscriber(db, email);
  const link = subscriber && !subscriber.unsubscribedAt ? await composeUnsubscribeLinkEmail(env, email, now) : null;
  const queued = await db.transaction(async (tx) => {
    await insertUnsubscribeRecord(tx, record);
    if (!link) return null;
    const bucket = Math.floor(now.getTime() / HOUR_MS);
    return enqueueBudgeted(
      tx,
      env,
      { recipient: email, ...link, kind: 'unsubscribe-link', dedupeKey: `unsubscribe-link:${email}:${bucket}` },
      now,
      input.ipAddress ?? null,
    );
  });
  return {
    email,
    effective: false,
    message: UNSUBSCRIBE_LINK_SENT,
    delayedUntil: queued?.delayedUntil ?? null,
    refused: queued?.refused ?? null,
  };
}

async function composeUnsubscribeLinkEmail(env: Pick<Env, 'PUBLIC_URL' | 'SECRET_KEY'>, email: string, now: Date): Promise<RenderedEmail> {
  const { renderUnsubscribeLinkEmail } = await import('../../email/templates/unsubscribe-link.email');
  return renderUnsubscribeLinkEmail({
    email,
    unsubscribeUrl: unsubscribeUrl(env.PUBLIC_URL, env.SECRET_KEY, email, now),
    publicUrl: env.PUBLIC_URL,
  });
}

/** A visit to /unsubscribe or /subscribe/* (content-and-account-pages §4, §7 "POST /api/unsubscribe/track"). */
export interface UnsubscribeVisit {
  email: string | null;
  reason: string;
  visitedPath?: string | null;
  userAgent?: string | null;
  referrer?: string | null;
  ipAddress?: string | null;
}

/**
 * Records a visit as an unsubscribe record with `effective: false`. It changes no subscription:
 * an unsigned request proves nothing about the address (DESIGN.md §4), so stopping mail takes the
 * form on the page (POST /api/unsubscribe) or the e-mailed one-click link.
 */
export async function recordUnsubscribeVisit(db: Db, visit: UnsubscribeVisit, now: Date): Promise<void> {
  await insertUnsubscribeRecord(db, {
    email: visit.email,
    reason: visit.reason,
    visitedPath: storedReferrer(visit.visitedPath),
    userAgent: visit.userAgent?.slice(0, 1000) ?? null,
    referrer: storedReferrer(visit.referrer),
    ipAddress: visit.ipAddress ?? null,
    effective: false,
    createdAt: now,
  });
}

/** Subscription state is everything-of-an-address: only a mailbox token of that address sees it. */
export const STATUS_NEEDS_MAILBOX =
  'token: open the link we e-mailed to this address (confirmation or sign-in) to see its subscription on this device';

/**
 * `{ email, confirmed, unsubscribed }` of the visitor's address (see subscriberStatusSchema):
 * unauthorized without a token, forbidden for a device token (DESIGN.md §4 "Visitors").
 */
export async function subscriberStatus(
  db: Db,
  visitor: Visitor | undefined,
): Promise<Outcome<{ email: string; confirmed: boolean; unsubscribed: boolean }>> {
  if (!visitor) return fail('unauthorized', 'token: a visitor token is required');
  if (visitor.proof !== 'mailbox') return fail('forbidden', STATUS_NEEDS_MAILBOX);
  const row = await findSubscriber(db, visitor.email);
  return ok({ email: visitor.email, confirmed: isConfirmedAndSubscribed(row), unsubscribed: !!row?.unsubscribedAt });
}

/** The subscriber row of an address (lower-cased), or undefined: for other features' rules. */
export { findSubscriber } from './subscriptions.queries';
