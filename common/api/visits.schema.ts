/**
 * `POST /api/visits` (public; issue 13): the web app reports a page opened in a new browser session
 * or from an e-mail link (utm parameters), for the owners' Website Visits and Email Campaign
 * figures (admin-area §2, §3 "Email tracking"). Nothing here identifies an anonymous visitor.
 */
import { z } from 'zod';
import { safeText } from './text.schema';

/** A visit's reference: 32 lower-case hex characters. */
export const VISIT_REF_PATTERN = /^[0-9a-f]{32}$/;

export const visitSchema = z.object({
  path: safeText(300)
    .trim()
    .regex(/^\/[^?#\s]*$/, 'must be a path on this site starting with /'),
  userEmail: safeText(254).nullish(),
  utm_source: safeText(100).trim().nullish(),
  utm_medium: safeText(100).trim().nullish(),
  utm_campaign: safeText(100).trim().nullish(),
  /** The page that sent the visitor (document.referrer); only its host is kept, and none for our own site (issue 29). */
  referrer: safeText(2000).trim().nullish(),
});
export type VisitInput = z.input<typeof visitSchema>;
/** The visit's reference, kept by the browser for this session only (sent with later clicks as `visit`). */
export const visitResponseSchema = z.object({ visit: z.string() });
export type VisitResponse = z.infer<typeof visitResponseSchema>;
