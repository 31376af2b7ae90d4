/**
 * API shapes of deal alerts, visitor tokens and price checks (shopper-screens §3, §7;
 * admin-area §3 "Deal alert", "Price check log"; DESIGN.md §4 "Visitors").
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

/** GET /api/deal-alerts answer: the alerts plus the address's confirmation state. */
export const alertListResponseSchema = z.object({
  alerts: z.array(dealAlertSchema),
  emailConfirmed: z.boolean(),
});

export const priceCheckResultSchema = z.object({
  alertId: z.number().int(),
  asin: z.string(),
  productTitle: z.string(),
  originalPrice: z.string().nullable(),
  currentPrice: z.string().nullable(),
  priceChange: z.string().nullable(),
  priceChangePercent: z.number().nullable(),
  isPriceDrop: z.boolean(),
  apiWorking: z.boolean(),
  status: z.enum(['drop', 'increase', 'unchanged', 'failed']),
  asOf: z.string().nullable(),
});
export type PriceCheckResult = z.infer<typeof priceCheckResultSchema>;

export const checkAllResponseSchema = z.object({
  results: z.array(priceCheckResultSchema),
  totalChecked: z.number().int(),
});

export const priceCheckLogSchema = z.object({
  id: z.number().int(),
  triggerType: z.enum(['cron', 'manual', 'initial', 'import']),
  checkedAt: z.string(),
  alertsChecked: z.number().int(),
  successfulChecks: z.number().int(),
  failedChecks: z.number().int(),
  sourceCalls: z.number().int(),
  /** JSON text holding results (spec admin-area §3). */
  details: z.string(),
});
export type PriceCheckLog = z.infer<typeof priceCheckLogSchema>;
