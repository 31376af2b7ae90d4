/**
 * The owners' list of products shoppers asked to track that we do not hold (issue 30; admin Import
 * tab): `GET /api/admin/product-requests?limit=` → most wanted first. Admins only (the admin guard).
 * Owners fetch one through the API tab's import (`POST /api/admin/amazon/import`), or add it with a
 * CSV import; a request disappears from the list once its product is in the catalogue.
 */
import { z } from 'zod';

export const productRequestsQuerySchema = z.object({
  limit: z.coerce.number('must be a whole number from 1 to 200').int('must be a whole number from 1 to 200').min(1).max(200).default(50),
});

export const productRequestSchema = z.object({
  asin: z.string(),
  requestCount: z.number().int(),
  firstRequestedAt: z.string(),
  lastRequestedAt: z.string(),
  /** Why the last shopper-triggered fetch did not add it; null when none was tried. */
  lastFetchError: z.string().nullable(),
  /** The product's amazon.co.uk page (untagged: owners look, they do not buy through it). */
  amazonUrl: z.string(),
});
export type ProductRequest = z.infer<typeof productRequestSchema>;

export const productRequestsResponseSchema = z.object({
  requests: z.array(productRequestSchema),
  /** Requests waiting in all (the list shows at most `limit`). */
  total: z.number().int(),
  /** True when the Creators API is configured, so owners can fetch them from Amazon. */
  amazonConfigured: z.boolean(),
});
export type ProductRequestsResponse = z.infer<typeof productRequestsResponseSchema>;
