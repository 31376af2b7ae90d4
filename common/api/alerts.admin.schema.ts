/**
 * The Alerts tab's API (admin-area §2 "Alerts tab", §3 "Deal alert", "Price check log", §4, §7, §9;
 * issue 12 part 2). Prices are pound strings ("12.99"); dates ISO 8601 (UTC). Admin session only.
 *
 * Departure: the spec's admin reads and deletes alerts through the shoppers' calls
 * (`GET /api/deal-alerts`, `DELETE /api/deal-alerts/{id}`, `POST /api/deal-alerts/check-all-prices`).
 * Those answer to a visitor token for one address (DESIGN.md §4 "Visitors"); the owners' versions
 * live under `/api/admin` behind the admin session instead, so no route accepts two kinds of
 * credential.
 */
import { z } from 'zod';
import { dealAlertSchema } from './alerts.schema';
import { safeText } from './text.schema';

/** E-mail groups per page of the Alerts tab. */
export const ALERT_GROUPS_PER_PAGE = 20;
export const ALERT_GROUPS_MAX_PER_PAGE = 100;

const wholeNumber = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(fallback);

/** `GET /api/admin/deal-alerts?page=&limit=&search=` (search: part of an address or title, case-insensitive). */
export const adminAlertsQuerySchema = z.object({
  page: wholeNumber(1, 100_000, 1),
  limit: wholeNumber(1, ALERT_GROUPS_MAX_PER_PAGE, ALERT_GROUPS_PER_PAGE),
  search: safeText(200).trim().optional(),
});

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const alertStatsSchema = z.object({
  totalAlerts: z.number().int(),
  activeAlerts: z.number().int(),
  uniqueUsers: z.number().int(),
});
export type AlertStats = z.infer<typeof alertStatsSchema>;

/** Admin-area §2: "Alerts grouped by user email, with an active count". */
export const alertGroupSchema = z.object({
  email: z.string(),
  activeCount: z.number().int(),
  alerts: z.array(dealAlertSchema),
});
export type AlertGroup = z.infer<typeof alertGroupSchema>;

export const adminAlertsResponseSchema = z.object({
  stats: alertStatsSchema,
  groups: z.array(alertGroupSchema),
  /** Over the e-mail groups matching `search` (newest alert first). */
  pagination: paginationSchema,
});
export type AdminAlertsResponse = z.infer<typeof adminAlertsResponseSchema>;

/** `POST /api/admin/price-checks`: the manual run of every active alert ("Check Prices Now"). */
export const adminPriceCheckRunSchema = z.object({
  logId: z.number().int(),
  alertsChecked: z.number().int(),
  successfulChecks: z.number().int(),
  failedChecks: z.number().int(),
  drops: z.number().int(),
  notificationsQueued: z.number().int(),
});
export type AdminPriceCheckRun = z.infer<typeof adminPriceCheckRunSchema>;
