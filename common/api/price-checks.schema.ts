/**
 * API shapes of price checks and their logs (shopper-screens §3 "Price check result", §7;
 * admin-area §3 "Price check log"). Prices are pound strings ("12.99").
 */
import { z } from 'zod';

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
