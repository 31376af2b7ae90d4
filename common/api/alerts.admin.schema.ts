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

/**
 * Which alerts a list or a bulk action takes (issue 29 "counts that agree with the rows"): 'active'
 * means the alert is active AND its address is not unsubscribed (the Active Alerts card and every
 * "active" badge use the same rule); 'inactive' is every other alert; 'all' both.
 */
export const ALERT_STATES = ['all', 'active', 'inactive'] as const;
export type AlertState = (typeof ALERT_STATES)[number];
const alertState = z.enum(ALERT_STATES, { error: 'must be all, active or inactive' });

/**
 * `GET /api/admin/deal-alerts?page=&limit=&search=&state=` (search: part of an address or title,
 * case-insensitive; state: see {@link ALERT_STATES}, 'all' by default).
 */
export const adminAlertsQuerySchema = z.object({
  page: wholeNumber(1, 100_000, 1),
  limit: wholeNumber(1, ALERT_GROUPS_MAX_PER_PAGE, ALERT_GROUPS_PER_PAGE),
  search: safeText(200).trim().optional(),
  state: alertState.default('all'),
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
  /** Active alerts of subscribed addresses (issue 29): the rows the 'active' state lists. */
  activeAlerts: z.number().int(),
  uniqueUsers: z.number().int(),
});
export type AlertStats = z.infer<typeof alertStatsSchema>;

/** Admin-area §2: "Alerts grouped by user email, with an active count". */
export const alertGroupSchema = z.object({
  email: z.string(),
  /** Alerts of this address that are active and whose address is subscribed (issue 29: the badge's rule). */
  activeCount: z.number().int(),
  /** The address has unsubscribed: none of its alerts counts as active, whatever its own flag says. */
  unsubscribed: z.boolean(),
  alerts: z.array(dealAlertSchema),
});
export type AlertGroup = z.infer<typeof alertGroupSchema>;

export const adminAlertsResponseSchema = z.object({
  stats: alertStatsSchema,
  groups: z.array(alertGroupSchema),
  /** Over the e-mail groups matching `search` (newest alert first). */
  pagination: paginationSchema,
  /** Alerts (not addresses) matching `search` and `state`: what "select all matching" takes (issue 29). */
  matchingAlerts: z.number().int(),
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

/** Most alert ids one bulk call names. */
export const ALERT_BULK_MAX_IDS = 1000;

/**
 * `POST /api/admin/deal-alerts/bulk` (issue 29 "bulk actions on Alerts"): `action` on either the
 * alerts `ids` (1–1,000, any page) or every alert `matching` the list's filter (search and state,
 * as `GET /api/admin/deal-alerts` reads them), never both. `confirmCount` must equal the number the
 * action takes for `matching` and for more than 100 ids (else 409 with `count`), so an owner acts on
 * exactly what was shown.
 */
export const alertBulkBodySchema = z.preprocess(
  (v) => v ?? {},
  z
    .object({
      action: z.enum(['deactivate', 'delete'], { error: 'must be deactivate or delete' }),
      ids: z
        .array(
          z.number({ error: 'must be alert ids' }).int('must be alert ids').positive('must be alert ids'),
          'must be a list of alert ids',
        )
        .min(1, 'must hold at least one alert id')
        .max(ALERT_BULK_MAX_IDS, `must hold at most ${ALERT_BULK_MAX_IDS} alert ids`)
        .optional(),
      matching: z
        .object({
          search: safeText(200).trim().optional(),
          state: alertState.default('all'),
        })
        .optional(),
      confirmCount: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0).optional(),
    })
    .refine((b) => (b.ids === undefined) !== (b.matching === undefined), {
      message: 'give either ids or matching, not both',
      path: ['ids'],
    }),
);
export type AlertBulkBody = z.output<typeof alertBulkBodySchema>;

export const alertBulkResponseSchema = z.object({
  action: z.enum(['deactivate', 'delete']),
  /** Alerts deactivated or deleted (alerts already inactive are not counted for 'deactivate'). */
  affected: z.number().int(),
  /** Alerts the request took (found by id or matching). */
  matched: z.number().int(),
});
export type AlertBulkResponse = z.infer<typeof alertBulkResponseSchema>;

/** The 409 of an unconfirmed bulk action: how many it would take. */
export const bulkCountRefusedSchema = z.object({ error: z.string(), message: z.string(), count: z.number().int() });
export type BulkCountRefused = z.infer<typeof bulkCountRefusedSchema>;
