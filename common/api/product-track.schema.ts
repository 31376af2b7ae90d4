/**
 * `POST /api/products/track` (issue 30 "Track any Amazon product"; Interfaces: `{ url }` → `{ asin,
 * status }`). `url` is an amazon.co.uk product link in its usual forms or a bare ASIN
 * (common/amazon-link.ts); anything else is a 400 naming `url` and why (another shop, another Amazon
 * country site, a short link, not a product page).
 */
import { z } from 'zod';
import { asinFromAmazonLink } from '../amazon-link';
import { productSchema } from './products.schema';
import { safeText } from './text.schema';

/** Longest link accepted (Amazon's links with tracking queries stay well under it). */
export const TRACK_URL_MAX = 2048;

export const trackBodySchema = z.object({
  url: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    safeText(TRACK_URL_MAX).superRefine((value, ctx) => {
      const read = asinFromAmazonLink(value);
      if (!read.ok) ctx.addIssue({ code: 'custom', message: read.reason });
    }),
  ),
});
export type TrackBody = z.infer<typeof trackBodySchema>;

/**
 * - `in_catalogue`: we already track it; `product` is it (open its alert dialog).
 * - `fetched`: we did not hold it; Amazon's Creators API just gave its price and it is in the
 *   catalogue now (`product` set).
 * - `requested`: we could not get it now; the request is recorded (owners see the most wanted) and
 *   `message` says honestly when a first price may come. `product` is null.
 */
export const TRACK_STATUSES = ['in_catalogue', 'fetched', 'requested'] as const;
export type TrackStatus = (typeof TRACK_STATUSES)[number];

export const trackResponseSchema = z.object({
  asin: z.string(),
  status: z.enum(TRACK_STATUSES),
  /** The product as every listing shows it, for its alert dialog; null when `requested`. */
  product: productSchema.nullable(),
  /** What to tell the shopper, one or two sentences (e.g. when its first price will come). */
  message: z.string(),
  /** `requested` only: how many times shoppers have asked for it (this request included). */
  requestCount: z.number().int().nullable(),
});
export type TrackResponse = z.infer<typeof trackResponseSchema>;
