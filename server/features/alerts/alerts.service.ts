/**
 * Deal alerts (shopper-screens §3 "Deal alert", §4 "Alert lifecycle", §7; DESIGN.md §4 "Visitors",
 * "Honest prices", "E-mail"; issue 5). Plain functions over the database returning outcomes; the
 * visitor comes from the route's visitor hook.
 *
 * Who reaches what: a device token (minted here when the browser has none for the address) reaches
 * only the alerts it created; a mailbox token (from an e-mailed link) every alert of its address.
 * Creating an alert for an address whose alert on that ASIN this browser cannot reach leaves that
 * alert untouched and answers exactly as for a new one, so an answer never tells a stranger
 * whether an address is known or confirmed.
 */
import type { CreateAlertResponse, DealAlert, createAlertSchema } from '../../../common/api/alerts.schema';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import type { Env } from '../../env';
import { fail, ok, type Outcome } from '../../http/outcome';
import {
  composeConfirmationEmail,
  confirmationDue,
  findSubscriber,
  queueSignInLink,
  recordConsent,
  type RenderedEmail,
} from '../subscriptions';
import { canReachRow, deviceTokenFor, type Visitor } from '../visitors';
import { toDealAlert, type AlertRow } from './alert-shape';
import {
  deleteReachableAlert,
  findAlert,
  findProductByAsin,
  listReachableAlerts,
  pendingAlertTitles,
  startProvedAlerts,
  upsertAlert,
} from './alerts.queries';
import { paths } from '../../../common/paths';

export type CreateAlertCommand = z.output<typeof createAlertSchema>;

export interface CreatedAlert {
  /** 201 (new, or not reachable by this browser) or 200 (this browser's existing alert, reactivated). */
  created: boolean;
  /** An e-mail (confirmation or sign-in link) was queued: call `notifyOutbox()`. */
  emailQueued: boolean;
  /** Set when the hourly e-mail budget was reached and the e-mail waits until then (log it). */
  emailDelayedUntil: Date | null;
  /** Set when the mailbox's or network's hourly limit stopped the e-mail (log it, without the address). */
  emailRefused: 'mailbox' | 'network' | null;
  alert: CreateAlertResponse;
}

/** Product images we accept from a client when our catalogue has none: Amazon's image hosts over HTTPS. */
const AMAZON_IMAGE_URL = /^https:\/\/([a-z0-9-]+\.)*(media-amazon\.com|ssl-images-amazon\.com)\//i;

export const TOKEN_REQUIRED =
  'token: a visitor token is required: open the link in your confirmation e-mail or create an alert on this device';
export const OTHER_ADDRESS = 'email: this visitor token belongs to another e-mail address';

/**
 * Creates the alert of `input.userEmail` on `input.productAsin`, or reactivates this browser's
 * existing one (one alert per address and ASIN). The product must be in our catalogue (else
 * not-found naming productAsin); the alert's creation price, title and image come from the
 * catalogue, not from the client (honest prices; nobody's words in someone else's e-mail).
 * `productUrl` is our own product page `/deals/{ASIN}`. `targetPricePence` is optional (undefined
 * keeps an existing target). `alertType` (issue 30) is the kind; undefined keeps an existing alert's
 * kind, target and percentage ('any_drop' for a new one); the product's stock now is what a
 * 'back_in_stock' alert compares with. `clientIp` (request.ip) is who asked, for the e-mail budgets.
 *
 * Only the mailbox's owner adds to an address (issue 25): an alert asked for without the address's
 * mailbox token is stored **waiting** (inactive: never judged, never mailed) and the address gets one
 * e-mail listing what waits: the double opt-in confirmation for an unconfirmed address, or an
 * "approve" link for a confirmed one. Opening it starts them ({@link approveAlerts}). With a mailbox
 * token the alert starts at once and no e-mail is sent.
 *
 * One transaction: subscriber consent ('deal_alert', now), the alert, the browser's token (its own
 * for the address, else a new device token) and, when due, the e-mail (within send-budget.ts's
 * budgets). `emailConfirmed` is true only for a mailbox token of a confirmed address.
 */
export async function createAlert(
  deps: { db: Db; env: Pick<Env, 'PUBLIC_URL' | 'SECRET_KEY' | 'MAX_CONFIRMATIONS_PER_HOUR' | 'NODE_ENV'>; now: Date },
  visitor: Visitor | undefined,
  input: CreateAlertCommand,
  clientIp: string | null = null,
): Promise<Outcome<CreatedAlert>> {
  const { db, env, now } = deps;
  const email = input.userEmail;
  const product = await findProductByAsin(db, input.productAsin);
  if (!product) return fail('not-found', `productAsin: no product with ASIN ${input.productAsin} in our catalogue`);
  const proved = visitor?.proof === 'mailbox' && visitor.email === email;
  // What the e-mail lists: the address's alerts already waiting, and this one.
  const requested = proved ? [] : [...(await pendingAlertTitles(db, email)).filter((t) => t !== product.title), product.title];

  // Render the confirmation before the transaction when one is likely due, so the transaction (which
  // serialises the embedded database) stays short; the transaction still decides whether it is sent.
  const confirmation = (): Promise<RenderedEmail> => composeConfirmationEmail(env, email, now, requested, 'confirm');
  const prepared = confirmationDue(await findSubscriber(db, email), now) ? await confirmation() : null;

  const clientImage = input.productImageUrl && AMAZON_IMAGE_URL.test(input.productImageUrl) ? input.productImageUrl : null;
  return db.transaction(async (tx) => {
    const consent = await recordConsent(tx, env, {
      email,
      source: 'deal_alert',
      now,
      clientIp,
      message: () => (prepared ? Promise.resolve(prepared) : confirmation()),
    });
    const holder = await deviceTokenFor(tx, visitor, email, now);
    const approved = holder.proof === 'mailbox';
    const signIn =
      consent.confirmed && !approved ? await queueSignInLink(tx, env, email, now, { clientIp, requested, mode: 'approve' }) : null;
    const values = {
      userEmail: email,
      productAsin: product.asin,
      productId: product.id,
      productTitle: product.title,
      productImageUrl: product.imageUrl ?? clientImage,
      productUrl: paths.product(product.asin),
      currentPricePence: product.pricePence,
      targetPricePence: input.targetPricePence,
      alertType: input.alertType,
      dropPercent: input.dropPercent,
      lastInStock: product.inStock,
      createdAt: now,
      createdByTokenId: holder.tokenId,
      awaitingProof: !approved,
    };
    const existing = await findAlert(tx, email, product.asin);
    let row: AlertRow;
    let created = true;
    if (existing && !canReachRow(holder, { email: existing.userEmail, createdByTokenId: existing.createdByTokenId })) {
      // Someone else's alert (or another device's): untouched, and answered as a new one.
      row = {
        ...existing,
        ...values,
        targetPricePence: input.targetPricePence ?? null,
        alertType: input.alertType ?? 'any_drop',
        dropPercent: input.dropPercent ?? null,
        isActive: approved,
        awaitingProof: !approved,
        ...NEVER_CHECKED,
      };
    } else {
      ({ row, created } = await upsertAlert(tx, values));
    }
    const alert: CreateAlertResponse = {
      ...toDealAlert(row, { pricePence: product.pricePence, priceAsOf: product.priceAsOf }),
      visitorToken: holder.token,
      emailConfirmed: approved && consent.confirmed,
    };
    return ok({
      created,
      emailQueued: consent.confirmationQueued || !!signIn?.queued,
      emailDelayedUntil: consent.delayedUntil ?? signIn?.delayedUntil ?? null,
      emailRefused: consent.refused ?? signIn?.refused ?? null,
      alert,
    });
  });
}

/**
 * Starts the alerts a mailbox proof covers (issue 25), inside the confirmation's transaction:
 * those of `proof.email` created up to the link's issue second (its e-mail listed them) and those
 * the opening browser's device token asked for. Returns how many started.
 */
export async function approveAlerts(tx: Tx, proof: { email: string; linkIssuedAt: Date; deviceTokenId: number | null }): Promise<number> {
  return startProvedAlerts(tx, {
    email: proof.email,
    issuedBefore: new Date(proof.linkIssuedAt.getTime() + 1000),
    deviceTokenId: proof.deviceTokenId,
  });
}

/** Titles of the alerts of `email` that wait for a link, oldest first: what a sign-in e-mail lists. */
export async function waitingAlertTitles(db: Db | Tx, email: string): Promise<string[]> {
  return pendingAlertTitles(db, email.trim().toLowerCase());
}

/** The history fields of an alert nobody has checked yet (for the answer that looks like a new alert). */
const NEVER_CHECKED = {
  lastCheckedPricePence: null,
  lastNotifiedPricePence: null,
  lastNotificationSentAt: null,
  notificationsSent: 0,
  lastObservationId: null,
  lastCheckedAt: null,
} as const;

/**
 * The alerts `visitor` may reach, newest first, in the API shape: unauthorized without a token,
 * forbidden when `email` is given and is not the token's address.
 */
export async function listAlerts(db: Db, visitor: Visitor | undefined, email?: string): Promise<Outcome<DealAlert[]>> {
  if (!visitor) return fail('unauthorized', TOKEN_REQUIRED);
  if (email && email !== visitor.email) return fail('forbidden', OTHER_ADDRESS);
  const rows = await listReachableAlerts(db, visitor);
  return ok(rows.map((r) => toDealAlert(r.alert, r.product)));
}

/**
 * Deletes alert `id` when `visitor` may reach it. An alert that does not exist and one of another
 * address or device get the same not-found answer (issue 5), so ids reveal nothing.
 */
export async function deleteAlert(db: Db, visitor: Visitor | undefined, id: number): Promise<Outcome<{ success: true }>> {
  if (!visitor) return fail('unauthorized', TOKEN_REQUIRED);
  if (await deleteReachableAlert(db, id, visitor)) return ok({ success: true as const });
  return fail('not-found', `id: no deal alert ${id} for this visitor`);
}

/** Ids of the alerts `visitor` may reach (all, or just `id`): the price-check feature checks those. */
export { reachableAlertIds } from './alerts.queries';
