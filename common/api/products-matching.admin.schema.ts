/**
 * "Select all M matching" on the Products tab (issue 29 "selection … with select-all-matching"):
 * delete every product the list's filter matches, read on the server, not only the ids on screen.
 * Admin session only.
 */
import { z } from 'zod';
import { adminProductsQuerySchema } from './products.admin.schema';

/**
 * `POST /api/admin/products/delete-matching` `{ category?, search?, status?, confirmDeleteCount }`: the
 * filter as `GET /api/admin/products` reads it, and the number of products the owner agreed to
 * delete; unless it equals the number matching now, nothing is deleted (409 with `deleteCount`).
 */
export const productsMatchingDeleteBodySchema = z.preprocess(
  (v) => v ?? {},
  adminProductsQuerySchema.pick({ category: true, search: true, status: true }).extend({
    confirmDeleteCount: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be at least 0'),
  }),
);
export type ProductsMatchingDeleteBody = z.output<typeof productsMatchingDeleteBodySchema>;

/** The 409 of an unconfirmed delete-matching: how many products it would delete. */
export const productsMatchingRefusedSchema = z.object({ error: z.string(), message: z.string(), deleteCount: z.number().int() });
