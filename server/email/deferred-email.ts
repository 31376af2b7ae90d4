/**
 * Deferred e-mail (issue 7, "composing e-mails done by the sender job, not inside the evaluation
 * transaction"; Immich's "compose and send as separate, idempotent jobs"). A job that causes many
 * messages queues each as a small JSON `payload` in the outbox, in its own transaction; the sender
 * composes the message from the payload right before handing it to SMTP. Composition is pure: the
 * same payload and configuration give the same message at every attempt (links are signed at the
 * payload's `issuedAt`), so a retry sends the same e-mail.
 *
 * Kinds composed here: 'price-drop' (templates/price-drop.email.tsx).
 */
import { z } from 'zod';
import type { DeferredEmail } from './outbox';
import { priceDropDedupeKey } from './outbox-keys';
import type { PriceDropInput } from './templates/price-drop.email';

/** Subject, bodies and headers of a composed message. */
export interface ComposedParts {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** Thrown when a payload cannot be composed (unknown kind or malformed payload): the row is dead, not retried. */
export class DeferredEmailError extends Error {
  override name = 'DeferredEmailError';
}

const isoDate = z.iso.datetime({ offset: true }).transform((s) => new Date(s));

/** The stored payload of a 'price-drop' message: PriceDropInput with dates as ISO 8601 strings, plus `issuedAt`. */
const priceDropPayloadSchema = z.object({
  alertId: z.number().int(),
  observationId: z.number().int(),
  recipient: z.string(),
  asin: z.string(),
  productTitle: z.string(),
  productImageUrl: z.string().nullable(),
  oldPricePence: z.number().int(),
  newPricePence: z.number().int(),
  targetPricePence: z.number().int().nullable(),
  asOf: isoDate,
  /** When the price check judged the alert; the unsubscribe link is signed at this time. */
  issuedAt: isoDate,
});

/**
 * The outbox entry for one price drop, composed later by the sender. `now` is when the check
 * judged it (the message's `createdAt` and its links' signing time). Dedupe key as
 * {@link priceDropDedupeKey}: one message per (alert, observation).
 */
export function deferredPriceDrop(input: PriceDropInput, now: Date): DeferredEmail {
  return {
    recipient: input.recipient,
    kind: 'price-drop',
    dedupeKey: priceDropDedupeKey(input.alertId, input.observationId),
    createdAt: now,
    payload: { ...input, asOf: input.asOf.toISOString(), issuedAt: now.toISOString() },
  };
}

/**
 * Composes a deferred outbox row with this site's configuration (PUBLIC_URL for links, SECRET_KEY for
 * the signed unsubscribe link). Throws {@link DeferredEmailError} for an unknown kind or a payload
 * that does not parse; whatever the template throws otherwise.
 */
export async function composeDeferred(
  env: { PUBLIC_URL: string; SECRET_KEY: string },
  row: { kind: string; payload: unknown },
): Promise<ComposedParts> {
  if (row.kind !== 'price-drop') throw new DeferredEmailError(`no composer for deferred kind '${row.kind}'`);
  const parsed = priceDropPayloadSchema.safeParse(row.payload);
  if (!parsed.success)
    throw new DeferredEmailError(`malformed '${row.kind}' payload: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  const { issuedAt, ...input } = parsed.data;
  // The template (React Email) loads on the first message, not at server start (cold start).
  const { composePriceDropEmail } = await import('./templates/price-drop.email');
  const message = await composePriceDropEmail(env, input, issuedAt);
  if (message.payload) throw new DeferredEmailError('composer returned a deferred message');
  return { subject: message.subject, html: message.html, text: message.text, headers: message.headers ?? {} };
}
