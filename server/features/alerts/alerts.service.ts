/**
 * Deal alerts (shopper-screens §3 "Deal alert", §4 "Alert lifecycle", §7; DESIGN.md §4 "Visitors",
 * "Honest prices", "E-mail"). Plain functions over the database; the routes authorise first.
 */
import type { CreateAlertResponse, DealAlert, createAlertSchema } from '../../../common/api/alerts.schema';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { composeConfirmationEmail, confirmationDue, recordConsent, type RenderedEmail } from '../subscriptions/subscriptions.service';
import { findSubscriber } from '../subscriptions/subscriptions.queries';
import { issueVisitorToken } from '../visitors/visitors.service';
import { toDealAlert } from './alert-shape';
import { deleteAlertOwnedBy, findAlertOwner, findProductByAsin, listAlertsByEmail, upsertAlert } from './alerts.queries';

export type CreateAlertCommand = z.output<typeof createAlertSchema>;

export type CreateAlertResult =
  { ok: true; created: boolean; confirmationQueued: boolean; alert: CreateAlertResponse } | { ok: false; status: 404; message: string };

/** Product images we accept from a client when our catalogue has none: Amazon's image hosts over HTTPS. */
const AMAZON_IMAGE_URL = /^https:\/\/([a-z0-9-]+\.)*(media-amazon\.com|ssl-images-amazon\.com)\//i;

/**
 * Creates the alert of `input.userEmail` on `input.productAsin`, or reactivates the existing one
 * (one alert per address and ASIN; `created` tells which). The product must be in our catalogue
 * (else 404 naming productAsin); the alert's creation price, title and image come from the catalogue,
 * not from the client (honest prices; nobody's words in someone else's e-mail). `productUrl` is our
 * own product page `/deals/{ASIN}`. `targetPricePence` is optional (undefined keeps an existing target).
 *
 * One transaction: subscriber consent ('deal_alert', now), alert, visitor token and — when due —
 * the confirmation e-mail in the outbox (`confirmationQueued`: call `notifyOutbox()` after this returns).
 */
export async function createAlert(
  deps: { db: Db; env: Pick<Env, 'PUBLIC_URL' | 'SECRET_KEY'>; now: Date },
  input: CreateAlertCommand,
): Promise<CreateAlertResult> {
  const { db, env, now } = deps;
  const email = input.userEmail;
  const product = await findProductByAsin(db, input.productAsin);
  if (!product) return { ok: false, status: 404, message: `productAsin: no product with ASIN ${input.productAsin} in our catalogue` };

  // Render the confirmation before the transaction when one is likely due, so the transaction (which
  // serialises the embedded database) stays short; the transaction still decides whether it is sent.
  const confirmation = (): Promise<RenderedEmail> => composeConfirmationEmail(env, email, product.title);
  const prepared = confirmationDue(await findSubscriber(db, email), now) ? await confirmation() : null;

  const clientImage = input.productImageUrl && AMAZON_IMAGE_URL.test(input.productImageUrl) ? input.productImageUrl : null;
  return db.transaction(async (tx) => {
    const consent = await recordConsent(tx, {
      email,
      source: 'deal_alert',
      now,
      message: () => (prepared ? Promise.resolve(prepared) : confirmation()),
    });
    const { row, created } = await upsertAlert(tx, {
      userEmail: email,
      productAsin: product.asin,
      productId: product.id,
      productTitle: product.title,
      productImageUrl: product.imageUrl ?? clientImage,
      productUrl: `/deals/${product.asin}`,
      currentPricePence: product.pricePence,
      targetPricePence: input.targetPricePence,
      createdAt: now,
    });
    const visitorToken = await issueVisitorToken(tx, email, now);
    const alert = {
      ...toDealAlert(row, { pricePence: product.pricePence, priceAsOf: product.priceAsOf }),
      visitorToken,
      emailConfirmed: consent.confirmed,
    };
    return { ok: true as const, created, confirmationQueued: consent.confirmationQueued, alert };
  });
}

/** Every alert of `email` (lower-case), newest first, in the API shape. The caller has authorised `email`. */
export async function listAlerts(db: Db, email: string): Promise<DealAlert[]> {
  const rows = await listAlertsByEmail(db, email);
  return rows.map((r) => toDealAlert(r.alert, r.product));
}

/**
 * Deletes alert `id` for the visitor `visitorEmail`: 'deleted', 'not-found' (no such alert) or
 * 'forbidden' (it belongs to another address; nothing is deleted).
 */
export async function deleteAlert(db: Db, id: number, visitorEmail: string): Promise<'deleted' | 'not-found' | 'forbidden'> {
  if (await deleteAlertOwnedBy(db, id, visitorEmail)) return 'deleted';
  return (await findAlertOwner(db, id)) === undefined ? 'not-found' : 'forbidden';
}
