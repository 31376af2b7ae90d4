/**
 * API shapes of deal alerts and visitor tokens (shopper-screens §3, §7; admin-area §3
 * "Deal alert"; DESIGN.md §4 "Visitors").
 */
import { z } from 'zod';
import { freeText, safeText } from './text.schema';
import { parsePriceToPence } from '../money';
import { ALERT_TYPES, DROP_PERCENT_RANGE, type AlertType } from '../alert-kinds';

/** An e-mail address as we accept it: trimmed, lower-cased, at most 254 characters (RFC 5321). */
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'must be a valid e-mail address' }))
  .transform((v) => v.toLowerCase());

/** Reads an optional pound price ("£1,299.99", "12.5", 12.99) as pence; undefined when absent, null when blank. */
function optionalPence(value: string | number | null | undefined): { ok: true; pence: number | null | undefined } | { ok: false } {
  if (value === undefined) return { ok: true, pence: undefined };
  if (value === null || (typeof value === 'string' && value.trim() === '')) return { ok: true, pence: null };
  const parsed = parsePriceToPence(value);
  return parsed.ok ? { ok: true, pence: parsed.pence } : { ok: false };
}

/**
 * POST /api/deal-alerts body (shopper-screens §3 "Deal alert", §7). Both `userEmail` and `email`
 * are accepted (some screens send `email`); the output always has `userEmail` (lower-cased).
 * Prices are pound strings or numbers; `£` and commas are stripped (§5). The output adds
 * `targetPricePence` (integer pence; undefined when not sent, null when sent blank).
 * The client's `currentPrice`, `productTitle`, `productImageUrl` and `productUrl` are hints only:
 * the server takes the price, title and links from its own catalogue (DESIGN.md §4 "Honest prices").
 */
export const createAlertSchema = z
  .object({
    productAsin: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{10}$/, 'must be a 10-character ASIN'),
    productTitle: safeText(500).optional().nullable(),
    currentPrice: z
      .union([safeText(50), z.number()])
      .optional()
      .nullable(),
    targetPrice: z
      .union([safeText(50), z.number()])
      .optional()
      .nullable(),
    productImageUrl: safeText(2000).optional().nullable(),
    productUrl: safeText(2000).optional().nullable(),
    userEmail: safeText(1000).optional().nullable(),
    email: safeText(1000).optional().nullable(),
    isActive: z.boolean().optional(),
    /**
     * The alert's kind (issue 30; common/alert-kinds.ts). Absent: 'target_price' when `targetPrice`
     * is given, else 'any_drop' for a new alert (an existing alert keeps its kind).
     */
    alertType: z.enum(ALERT_TYPES, { error: `must be one of ${ALERT_TYPES.join(', ')}` }).optional(),
    /** For 'percent_drop': whole percent 1–90 under the price when the alert is set. */
    dropPercent: z
      .union([z.number(), safeText(10)])
      .optional()
      .nullable(),
  })
  .transform((v, ctx) => {
    const raw = v.userEmail ?? v.email;
    const parsed = emailSchema.safeParse(raw ?? '');
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        path: [v.userEmail != null || v.email == null ? 'userEmail' : 'email'],
        message: 'must be a valid e-mail address',
      });
      return z.NEVER;
    }
    const target = optionalPence(v.targetPrice);
    if (!target.ok) {
      ctx.addIssue({ code: 'custom', path: ['targetPrice'], message: 'must be a price in pounds such as 12.99' });
      return z.NEVER;
    }
    const kind = alertKind(v.alertType, target.pence, v.dropPercent);
    if (!kind.ok) {
      ctx.addIssue({ code: 'custom', path: [kind.path], message: kind.message });
      return z.NEVER;
    }
    return {
      ...v,
      userEmail: parsed.data,
      targetPricePence: kind.targetPricePence,
      alertType: kind.alertType,
      dropPercent: kind.dropPercent,
    };
  });

/**
 * The kind, target and percentage an alert request asks for (issue 30). `alertType` undefined: none
 * was asked for (an existing alert keeps its kind; a new one is 'any_drop'). A kind other than
 * 'target_price' clears the target; only 'percent_drop' keeps a percentage.
 */
function alertKind(
  requested: AlertType | undefined,
  targetPence: number | null | undefined,
  dropPercentInput: string | number | null | undefined,
):
  | { ok: true; alertType: AlertType | undefined; targetPricePence: number | null | undefined; dropPercent: number | null | undefined }
  | { ok: false; path: string; message: string } {
  // A target sent blank clears it: the alert becomes an any-drop alert.
  const alertType = requested ?? (targetPence != null ? 'target_price' : targetPence === null ? 'any_drop' : undefined);
  if (alertType === 'target_price') {
    if (targetPence == null)
      return { ok: false, path: 'targetPrice', message: 'is required for a target_price alert: a price in pounds such as 12.99' };
    if (targetPence <= 0) return { ok: false, path: 'targetPrice', message: 'must be more than £0.00' };
    return { ok: true, alertType, targetPricePence: targetPence, dropPercent: null };
  }
  if (alertType === 'percent_drop') {
    const percent = typeof dropPercentInput === 'string' ? Number(dropPercentInput.trim().replace(/%$/, '')) : dropPercentInput;
    const { min, max } = DROP_PERCENT_RANGE;
    if (percent == null || (typeof dropPercentInput === 'string' && dropPercentInput.trim() === ''))
      return { ok: false, path: 'dropPercent', message: `is required for a percent_drop alert: a whole number from ${min} to ${max}` };
    if (!Number.isInteger(percent) || percent < min || percent > max)
      return { ok: false, path: 'dropPercent', message: `must be a whole number from ${min} to ${max}` };
    return { ok: true, alertType, targetPricePence: null, dropPercent: percent };
  }
  if (alertType === undefined) return { ok: true, alertType, targetPricePence: targetPence, dropPercent: undefined };
  return { ok: true, alertType, targetPricePence: null, dropPercent: null };
}
export type CreateAlertInput = z.input<typeof createAlertSchema>;

export const dealAlertSchema = z.object({
  id: z.number().int(),
  productAsin: z.string(),
  productTitle: z.string(),
  currentPrice: z.string().nullable(),
  lastCheckedPrice: z.string().nullable(),
  targetPrice: z.string().nullable(),
  productImageUrl: z.string().nullable(),
  productUrl: z.string().nullable(),
  userEmail: z.string(),
  isActive: z.boolean(),
  /**
   * True while the alert waits for its address's owner to open the link we e-mailed (issue 25: an
   * alert asked for without the address's token is never sent until then); it is inactive meanwhile.
   */
  awaitingConfirmation: z.boolean(),
  lastCheckedAt: z.string().nullable(),
  lastNotificationSentAt: z.string().nullable(),
  notificationsSent: z.number().int(),
  /** Negative means a drop since the alert was created (pounds string). */
  priceChange: z.string().nullable(),
  priceChangePercent: z.number().nullable(),
  createdAt: z.string(),
  /** When the current price was observed (ISO 8601). */
  asOf: z.string().nullable(),
  /** What the alert waits for (issue 30): target_price, percent_drop, any_drop, lowest_price or back_in_stock. */
  alertType: z.enum(ALERT_TYPES),
  /** For percent_drop: whole percent under the price when the alert was set; else null. */
  dropPercent: z.number().int().nullable(),
  /** The kind in words: "Below £40", "Drops 10 %", "Any drop", "New lowest price", "Back in stock". */
  alertKind: z.string(),
});
export type DealAlert = z.infer<typeof dealAlertSchema>;

/**
 * Answer of POST /api/deal-alerts: 201 for a new alert, 200 when the address already had an alert
 * for that ASIN (it is reactivated and returned).
 */
export const createAlertResponseSchema = dealAlertSchema.extend({
  /** Visitor token proving this browser may read this address's alerts (send as `Authorization: Bearer …`). */
  visitorToken: z.string(),
  /**
   * Whether the address has confirmed (double opt-in) and not unsubscribed since; false means
   * alerts are not e-mailed yet and a confirmation e-mail was sent (at most one an hour).
   */
  emailConfirmed: z.boolean(),
});
export type CreateAlertResponse = z.infer<typeof createAlertResponseSchema>;

/** GET /api/deal-alerts answer (spec §7: an array of alerts). */
export const alertListResponseSchema = z.array(dealAlertSchema);

/**
 * GET /api/subscribers/status answer: the double opt-in state of the token's address.
 * `confirmed` means confirmed and not unsubscribed since (only then is the address e-mailed);
 * `unsubscribed` means the address unsubscribed and has not confirmed again.
 */
export const subscriberStatusSchema = z.object({
  email: z.string(),
  confirmed: z.boolean(),
  unsubscribed: z.boolean(),
});
export type SubscriberStatus = z.infer<typeof subscriberStatusSchema>;

/** The issue time of a signed e-mail link (`t`, Unix seconds), as the page passes it on. */
export const linkTimeSchema = z.union([safeText(20), z.number().int().nonnegative()]);

/**
 * POST /api/subscribers/confirm body: the `email`, `t` (issue time) and `sig` query parameters of
 * the confirmation or sign-in link (links live 7 days; issue 5).
 */
export const confirmSubscriberSchema = z.object({
  email: emailSchema,
  t: linkTimeSchema.optional(),
  sig: safeText(200).trim().min(1, 'is missing: open the link from your confirmation e-mail'),
});

/** POST /api/subscribers/confirm answer; the page stores `visitorToken` (signs the visitor in on this device). */
export const confirmSubscriberResponseSchema = z.object({
  email: z.string(),
  confirmed: z.literal(true),
  visitorToken: z.string(),
});
export type ConfirmSubscriberResponse = z.infer<typeof confirmSubscriberResponseSchema>;

/**
 * POST /api/unsubscribe body (content-and-account-pages §7). `email` is checked by the server
 * (blank: 400 `email: Please enter your email address`); `t` and `sig` (from the e-mailed link) are
 * optional: without them the address is e-mailed a one-click link instead (issue 5).
 */
export const unsubscribeSchema = z.object({
  email: safeText(1000).nullish(),
  reason: freeText(1000).nullish(),
  t: linkTimeSchema.nullish(),
  visitedPath: safeText(2000).nullish(),
  userAgent: safeText(1000).nullish(),
  referrer: safeText(2000).nullish(),
  sig: safeText(200).nullish(),
});
export type UnsubscribeInput = z.input<typeof unsubscribeSchema>;

/** Why a visit was tracked (content-and-account-pages §7 "POST /api/unsubscribe/track"). */
export const UNSUBSCRIBE_VISIT_REASONS = ['visited_subscribe_page', 'visited_unsubscribe_page'] as const;

/**
 * POST /api/unsubscribe/track body (content-and-account-pages §4, §7): a visit to /unsubscribe or
 * /subscribe/*, recorded for the owners. It never unsubscribes anyone (only a signed link or a
 * mailbox token proves an address, DESIGN.md §4). A blank `email` is recorded as none.
 */
export const unsubscribeTrackSchema = z.object({
  email: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), safeText(1000).pipe(emailSchema).nullish()),
  reason: z.enum(UNSUBSCRIBE_VISIT_REASONS, { error: 'must be visited_subscribe_page or visited_unsubscribe_page' }),
  visitedPath: safeText(2000).nullish(),
  userAgent: safeText(1000).nullish(),
  referrer: safeText(2000).nullish(),
  subscribeId: safeText(200).nullish(),
  subscribeAction: safeText(200).nullish(),
  subscribeParam: safeText(200).nullish(),
});
export type UnsubscribeTrackInput = z.input<typeof unsubscribeTrackSchema>;
export const unsubscribeTrackResponseSchema = z.object({ recorded: z.literal(true) });

/**
 * Answer of POST /api/unsubscribe and POST /api/unsubscribe/one-click; never says whether the
 * address was known. `effective` false: no proof came with the request, so a one-click link was
 * e-mailed to the address instead and `message` says so (issue 5).
 */
export const unsubscribeResponseSchema = z.object({
  success: z.literal(true),
  email: z.string(),
  effective: z.boolean(),
  message: z.string().optional(),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;
