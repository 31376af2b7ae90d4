/**
 * API shapes of deal alerts and visitor tokens (shopper-screens §3, §7; admin-area §3
 * "Deal alert"; DESIGN.md §4 "Visitors").
 */
import { z } from 'zod';

/** An e-mail address as we accept it: trimmed, lower-cased, at most 254 characters (RFC 5321). */
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'must be a valid e-mail address' }))
  .transform((v) => v.toLowerCase());

/**
 * POST /api/deal-alerts body. Both `userEmail` and `email` are accepted (some screens send `email`).
 * Prices are pound strings; `£` and commas are stripped.
 */
export const createAlertSchema = z
  .object({
    productAsin: z.string().trim().regex(/^[A-Z0-9]{10}$/, 'must be a 10-character ASIN'),
    productTitle: z.string().max(500).optional(),
    currentPrice: z.union([z.string(), z.number()]).optional().nullable(),
    targetPrice: z.union([z.string(), z.number()]).optional().nullable(),
    productImageUrl: z.string().max(2000).optional().nullable(),
    productUrl: z.string().max(2000).optional().nullable(),
    userEmail: z.string().optional(),
    email: z.string().optional(),
    isActive: z.boolean().optional(),
  })
  .transform((v, ctx) => {
    const raw = v.userEmail ?? v.email;
    const parsed = emailSchema.safeParse(raw ?? '');
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', path: [v.userEmail !== undefined ? 'userEmail' : 'email'], message: 'must be a valid e-mail address' });
      return z.NEVER;
    }
    return { ...v, userEmail: parsed.data };
  });
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
  lastCheckedAt: z.string().nullable(),
  lastNotificationSentAt: z.string().nullable(),
  notificationsSent: z.number().int(),
  /** Negative means a drop since the alert was created (pounds string). */
  priceChange: z.string().nullable(),
  priceChangePercent: z.number().nullable(),
  createdAt: z.string(),
  /** When the current price was observed (ISO 8601). */
  asOf: z.string().nullable(),
});
export type DealAlert = z.infer<typeof dealAlertSchema>;

/** 201 answer of POST /api/deal-alerts. */
export const createAlertResponseSchema = dealAlertSchema.extend({
  /** Visitor token proving this browser may read this address's alerts. */
  visitorToken: z.string(),
  /** Whether the address has confirmed (double opt-in); false means a confirmation e-mail was sent. */
  emailConfirmed: z.boolean(),
});

/** GET /api/deal-alerts answer (spec §7: an array of alerts). */
export const alertListResponseSchema = z.array(dealAlertSchema);

/** GET /api/subscribers/status answer: the double opt-in state of the token's address. */
export const subscriberStatusSchema = z.object({
  email: z.string(),
  confirmed: z.boolean(),
  unsubscribed: z.boolean(),
});

