/**
 * Deferred e-mail (issue 7, "composing e-mails done by the sender job, not inside the evaluation
 * transaction"; Immich's "compose and send as separate, idempotent jobs"). A job that causes many
 * messages queues each as a small JSON `payload` in the outbox, in its own transaction; the sender
 * composes the message from the payload right before handing it to SMTP. Composition is pure: the
 * same payload and configuration give the same message at every attempt (links are signed at the
 * payload's `issuedAt`), so a retry sends the same e-mail.
 *
 * Kinds composed here: 'price-drop' and 'deal-alert-notification' (templates/price-drop.email.tsx,
 * or the owner's default template when one is chosen, issue 29; the second is an owner's "Send Deal
 * Alert Notifications", issue 12), 'price-drop-summary' and
 * 'deal-digest' (templates/deal-digest.email.tsx).
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { EMAIL_CAMPAIGNS, type EmailCampaign } from '../../common/email-campaigns';
import type { DeferredEmail } from './outbox';
import { priceDropDedupeKey } from './outbox-keys';
import { templateValuesFor } from './template-values';
import type { OwnerTemplateText } from './owner-template';
import type { PriceDropInput } from './templates/price-drop.email';
import type { DealDigestContent } from './templates/deal-digest.email';
import { ALERT_TYPES } from '../../common/alert-kinds';

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
  /** The alert's kind (issue 30); absent in rows queued before kinds. */
  alertType: z.enum(ALERT_TYPES).nullable().optional(),
  dropPercent: z.number().int().nullable().optional(),
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

/** SQL expressions, one per field of {@link PriceDropInput} (`asOf` a timestamptz), over the rows of a query. */
export type PriceDropSqlInput = Record<Exclude<keyof PriceDropInput, 'asOf' | 'alertType' | 'dropPercent'>, SQL> & {
  asOf: SQL;
  /** The alert's kind and percentage (issue 30): in the payload only when given. */
  alertType?: SQL;
  dropPercent?: SQL;
  /**
   * Text appended to the dedupe key (issue 30: a back-in-stock alert fires again at the same
   * observation after the product was out of stock, so its key adds the alert's notification count);
   * null or absent appends nothing.
   */
  dedupeSuffix?: SQL;
};

/**
 * The set-based form of {@link deferredPriceDrop}, for a job that queues thousands of price drops
 * in one statement (the price check, issue 7): an `INSERT INTO email_outbox … SELECT … FROM source
 * ON CONFLICT (dedupe_key) DO NOTHING RETURNING` whose rows are exactly what enqueueEmails would
 * write for `deferredPriceDrop(input, now)`: kind 'price-drop', the same dedupe key
 * (`price-drop:{alertId}:{observationId}`), `created_at` = `now`, no headers, and the same JSON
 * payload (`asOf` and `issuedAt` as ISO 8601 with milliseconds and `Z`), which
 * `priceDropPayloadSchema` accepts. `source` is the rest of the SELECT (`FROM … WHERE …`) the
 * `input` expressions read; the recipient must already be lower-cased. Answers the statement, to
 * run alone or as a data-modifying CTE; it returns `alert_id` (bigint) of each row it inserted.
 * deferred-email.test.ts proves the two forms write the same row.
 */
export function priceDropInsertSql(input: PriceDropSqlInput, source: SQL, now: Date): SQL {
  const iso = (ts: SQL) => sql`to_char((${ts}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  // The payload is to_jsonb of the whole row d, whose columns are named as its keys: no per-row
  // subquery or jsonb_build_object (measured a third cheaper over thousands of rows).
  return sql`insert into email_outbox (recipient, kind, dedupe_key, created_at, payload, headers)
    select d."recipient", 'price-drop', 'price-drop:' || d."alertId" || ':' || d."observationId"${input.dedupeSuffix ? sql` || coalesce(d."__dedupe", '')` : sql``},
      ${now.toISOString()}::timestamptz, to_jsonb(d)${input.dedupeSuffix ? sql` - '__dedupe'` : sql``}, '{}'::jsonb
    from (
      select ${input.alertId} as "alertId", ${input.observationId} as "observationId", ${input.recipient} as "recipient",
        ${input.asin} as "asin", ${input.productTitle} as "productTitle", ${input.productImageUrl} as "productImageUrl",
        ${input.oldPricePence} as "oldPricePence", ${input.newPricePence} as "newPricePence",
        ${input.targetPricePence} as "targetPricePence", ${iso(input.asOf)} as "asOf", ${now.toISOString()}::text as "issuedAt"
        ${input.alertType ? sql`, (${input.alertType})::text as "alertType"` : sql``}${input.dropPercent ? sql`, (${input.dropPercent})::int as "dropPercent"` : sql``}${input.dedupeSuffix ? sql`, (${input.dedupeSuffix})::text as "__dedupe"` : sql``}
      ${source}
    ) as d
    on conflict (dedupe_key) do nothing
    returning (payload->>'alertId')::bigint as alert_id`;
}

/** The stored payload of a digest ('price-drop-summary', 'deal-digest'): DealDigestContent plus `issuedAt`. */
const digestPayloadSchema = z.object({
  subject: z.string(),
  heading: z.string(),
  intro: z.string(),
  items: z
    .array(
      z.object({
        asin: z.string(),
        title: z.string(),
        imageUrl: z.string().nullable(),
        wasPence: z.number().int().nullable(),
        nowPence: z.number().int(),
        percent: z.number().nullable().optional(),
        label: z.string().nullable().optional(),
      }),
    )
    .min(1),
  campaign: z.object({ medium: z.enum(['alert', 'digest', 'transactional', 'test']), campaign: z.string() }),
  issuedAt: isoDate,
});

/** Kinds whose payload is a price drop, and the utm campaign of each. */
const PRICE_DROP_KINDS: Readonly<Record<string, EmailCampaign>> = {
  'price-drop': EMAIL_CAMPAIGNS.priceDrop,
  'deal-alert-notification': EMAIL_CAMPAIGNS.dealAlertNotification,
};
/** 'saved-search': the new matches of a shopper's saved search (issue 30), in the digest layout. */
const DIGEST_KINDS = new Set(['price-drop-summary', 'deal-digest', 'saved-search']);

/**
 * An owner's deal alert notification in the built-in price-drop layout (no default template):
 * kind 'deal-alert-notification', the same dedupe key as the price check's message for that alert
 * and observation, so the two never both go out.
 */
export function deferredDealAlertNotification(input: PriceDropInput, now: Date): DeferredEmail {
  return { ...deferredPriceDrop(input, now), kind: 'deal-alert-notification' };
}

/**
 * A digest composed by the sender (kind 'price-drop-summary' or 'deal-digest'): only its items go
 * into the outbox; `now` is the signing time of its unsubscribe link. `content.items` must not be
 * empty (never an empty digest).
 */
export function deferredDigest(
  kind: 'price-drop-summary' | 'deal-digest',
  recipient: string,
  dedupeKey: string,
  content: DealDigestContent,
  now: Date,
): DeferredEmail {
  return { recipient, kind, dedupeKey, createdAt: now, payload: { ...content, issuedAt: now.toISOString() } };
}

function parsed<T>(schema: z.ZodType<T>, row: { kind: string; payload: unknown }): T {
  const result = schema.safeParse(row.payload);
  if (!result.success)
    throw new DeferredEmailError(`malformed '${row.kind}' payload: ${result.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  return result.data;
}

/** Whether rows of `kind` are price-drop alerts (the owner's default template applies to them, issue 29). */
export function isPriceDropKind(kind: string): boolean {
  return kind in PRICE_DROP_KINDS;
}

/**
 * Composes a deferred outbox row with this site's configuration (PUBLIC_URL for links, SECRET_KEY for
 * the signed unsubscribe link). A price-drop row ('price-drop', 'deal-alert-notification') is
 * composed with `ownerTemplate` when given (the owner's default template, issue 29: the same nine
 * values, house footer, one-click unsubscribe link and `List-Unsubscribe`/`List-Unsubscribe-Post`
 * headers, RFC 8058), else with the built-in price-drop e-mail. Throws {@link DeferredEmailError} for an unknown kind or a payload
 * that does not parse; whatever the template throws otherwise.
 */
export async function composeDeferred(
  env: { PUBLIC_URL: string; SECRET_KEY: string },
  row: { kind: string; payload: unknown; recipient: string },
  ownerTemplate?: OwnerTemplateText | null,
): Promise<ComposedParts> {
  const campaign = PRICE_DROP_KINDS[row.kind];
  if (campaign) {
    const { issuedAt, ...input } = parsed(priceDropPayloadSchema, row);
    if (ownerTemplate) {
      // Issue 29: the owner's chosen template ("Use for deal alert notifications") for every price-drop alert.
      const { composeOwnerTemplate } = await import('./owner-template');
      const values = templateValuesFor(
        {
          asin: input.asin,
          productTitle: input.productTitle,
          productImageUrl: input.productImageUrl,
          beforePence: input.oldPricePence,
          afterPence: input.newPricePence,
          recipient: input.recipient,
        },
        env.PUBLIC_URL,
        campaign,
      );
      const message = composeOwnerTemplate(env, ownerTemplate, values, { campaign, unsubscribe: { recipient: row.recipient, issuedAt } });
      return { subject: message.subject, html: message.html, text: message.text, headers: message.headers };
    }
    // The template (React Email) loads on the first message, not at server start (cold start).
    const { composePriceDropEmail } = await import('./templates/price-drop.email');
    const message = await composePriceDropEmail(env, input, issuedAt, campaign);
    if (message.payload) throw new DeferredEmailError('composer returned a deferred message');
    return { subject: message.subject, html: message.html, text: message.text, headers: message.headers ?? {} };
  }
  if (DIGEST_KINDS.has(row.kind)) {
    const { issuedAt, ...content } = parsed(digestPayloadSchema, row);
    const { renderDealDigest } = await import('./templates/deal-digest.email');
    return renderDealDigest(env, row.recipient, content, issuedAt);
  }
  throw new DeferredEmailError(`no composer for deferred kind '${row.kind}'`);
}
