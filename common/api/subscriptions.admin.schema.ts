/**
 * The unsubscribes tab's API (admin-area §2 "Unsubscribes tab", §3 "Unsubscribe record",
 * "Unsubscribe stats", §7; issue 12 part 1). IP addresses are personal data: lists carry them cut
 * to their network (/24 for IPv4, /48 for IPv6); the full address is sent only for one record the
 * owner opens (`GET /api/admin/unsubscribes/{id}`, audited). Admin session only.
 */
import { z } from 'zod';

/** Newest records listed by `GET /api/admin/unsubscribes`. */
export const UNSUBSCRIBES_LISTED_MAX = 1000;
/** Admin-area §2 "Recent (Last 10)". */
export const RECENT_UNSUBSCRIBES_SHOWN = 10;
/** Reasons listed under "Top reasons". */
export const TOP_REASONS_SHOWN = 10;

export const unsubscribeRecordSchema = z.object({
  id: z.number().int(),
  /** null: the request carried no address ('Anonymous'). */
  email: z.string().nullable(),
  reason: z.string(),
  visitedPath: z.string().nullable(),
  createdAt: z.string(),
  userAgent: z.string().nullable(),
  /** Cut to /24 (IPv4) or /48 (IPv6) in lists, e.g. "203.0.113.0/24"; whole in the opened record. */
  ipAddress: z.string().nullable(),
  referrer: z.string().nullable(),
  /**
   * The request took effect at once (signed link or mailbox token). False for every page visit, and
   * for a request without proof (which e-mails a one-click link only when the address is subscribed).
   */
  effective: z.boolean(),
  /**
   * 'page-visit': someone opened /unsubscribe or /subscribe/* (recorded, changes nothing);
   * 'request': the unsubscribe form or a one-click link was used (issue 29: one meaning per word).
   */
  kind: z.enum(['request', 'page-visit']),
});
export type UnsubscribeRecord = z.infer<typeof unsubscribeRecordSchema>;

export const unsubscribesResponseSchema = z.object({
  unsubscribes: z.array(unsubscribeRecordSchema),
  /** All records; `unsubscribes` holds the newest {@link UNSUBSCRIBES_LISTED_MAX}. */
  total: z.number().int(),
});
export type UnsubscribesResponse = z.infer<typeof unsubscribesResponseSchema>;

export const unsubscribeStatsSchema = z.object({
  /** Every record (unsubscribe requests and page visits), as the spec's field has always counted. */
  totalUnsubscribes: z.number().int(),
  /** Records of kind 'request' (the form or a one-click link), whether or not they took effect. */
  unsubscribeRequests: z.number().int(),
  /** Records of kind 'page-visit' (/unsubscribe or /subscribe/* opened; nothing changed). */
  pageVisits: z.number().int(),
  /** Addresses unsubscribed now (subscriber rows with an unsubscribe time): the "Total Unsubscribes" card. */
  unsubscribedAddresses: z.number().int(),
  recentUnsubscribes: z.array(unsubscribeRecordSchema),
  topReasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});
export type UnsubscribeStats = z.infer<typeof unsubscribeStatsSchema>;
