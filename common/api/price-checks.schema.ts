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
  /** 'manual' is an owner's Check Prices Now; 'shopper' a shopper checking their own alerts (issue 29). */
  triggerType: z.enum(['cron', 'manual', 'shopper', 'initial', 'import']),
  checkedAt: z.string(),
  alertsChecked: z.number().int(),
  successfulChecks: z.number().int(),
  failedChecks: z.number().int(),
  sourceCalls: z.number().int(),
  /**
   * JSON text holding results (spec admin-area §3): at most {@link LOG_DETAILS_SHOWN} per-product
   * lines, failures first, then the largest changes.
   */
  details: z.string(),
  /** Products the run judged, one per-product line each (more than `details` holds when above {@link LOG_DETAILS_SHOWN}). */
  detailsTotal: z.number().int(),
});
export type PriceCheckLog = z.infer<typeof priceCheckLogSchema>;

/** Admin-area §9 "Price check logs shown 10": a page of logs never holds more. */
export const LOGS_PER_PAGE_MAX = 10;
/** Per-product lines sent per log (a scheduled run over the whole catalogue writes thousands). */
export const LOG_DETAILS_SHOWN = 100;

/** `GET /api/price-check-logs?page=&limit=` (limit 1–10, default 10). */
export const priceCheckLogsQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100_000)
    .default(1),
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(LOGS_PER_PAGE_MAX, `must be at most ${LOGS_PER_PAGE_MAX}`)
    .default(LOGS_PER_PAGE_MAX),
});

export const priceCheckLogsResponseSchema = z.object({
  logs: z.array(priceCheckLogSchema),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), totalPages: z.number().int() }),
});
export type PriceCheckLogsResponse = z.infer<typeof priceCheckLogsResponseSchema>;

/** Days shown by the price-check outcome chart by default and at most. */
export const OUTCOME_DAYS_DEFAULT = 30;
export const OUTCOME_DAYS_MAX = 90;

/** `GET /api/admin/price-check-outcomes?days=`. */
export const priceCheckOutcomesQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(OUTCOME_DAYS_MAX, `must be at most ${OUTCOME_DAYS_MAX}`)
    .default(OUTCOME_DAYS_DEFAULT),
});

/** Per-product outcomes of the day's runs (admin-area §4 "Price check outcome"), Europe/London days. */
export const priceCheckOutcomeDaySchema = z.object({
  /** YYYY-MM-DD in Europe/London. */
  date: z.string(),
  drops: z.number().int(),
  increases: z.number().int(),
  unchanged: z.number().int(),
  failures: z.number().int(),
});
export type PriceCheckOutcomeDay = z.infer<typeof priceCheckOutcomeDaySchema>;

export const priceCheckOutcomesResponseSchema = z.object({ days: z.array(priceCheckOutcomeDaySchema) });
export type PriceCheckOutcomesResponse = z.infer<typeof priceCheckOutcomesResponseSchema>;
