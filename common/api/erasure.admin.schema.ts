/**
 * The right-to-erasure action of the admin area (UK GDPR Art. 17; issue 12 part 1): "Delete
 * everything about this e-mail". Admin session only; the answer and the audit log hold counts only.
 */
import { z } from 'zod';
import { emailSchema } from './alerts.schema';

/** `POST /api/admin/erasure` body: the address whose data is erased. */
export const erasureRequestSchema = z.object({ email: emailSchema });

/** What the erasure removed, table by table (counts only). */
export const erasureResponseSchema = z.object({
  erased: z.object({
    dealAlerts: z.number().int(),
    preferences: z.number().int(),
    /** Survey answers saved by a device without proof of the mailbox (issue 25). */
    devicePreferences: z.number().int(),
    productClicks: z.number().int(),
    categoryClicks: z.number().int(),
    signups: z.number().int(),
    subscribers: z.number().int(),
    unsubscribeRecords: z.number().int(),
    visitorTokens: z.number().int(),
    outboxMessages: z.number().int(),
    contactMessages: z.number().int(),
    siteVisits: z.number().int(),
    /** Saved searches with their matches, and private alert feeds (issue 30). */
    savedSearches: z.number().int(),
    alertFeeds: z.number().int(),
    /** Per-address analytics roll-up rows (decision 0028). */
    analyticsRollups: z.number().int(),
  }),
  /** Sum of the above. */
  total: z.number().int(),
});
export type ErasureResponse = z.infer<typeof erasureResponseSchema>;
