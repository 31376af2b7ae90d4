/**
 * Shared path/query parameter schemas (DESIGN.md §4 "Bad input"): every 400 names the field and rule.
 */
import { z } from 'zod';

/** `:id` path parameter: a positive whole number. */
export const idParamsSchema = z.object({
  id: z.coerce.number().int('must be a whole number').positive('must be a positive number').max(Number.MAX_SAFE_INTEGER),
});

/** `:asin` path parameter: ten upper-case letters or digits (Amazon's ASIN form). */
export const asinParamsSchema = z.object({
  asin: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{10}$/, 'must be a 10-character ASIN')),
});

/** `:email` path parameter: an e-mail address (lower-cased). */
export const emailParamsSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('must be an e-mail address').max(254)),
});

/** `:slug` path parameter: lower-case letters, digits and single hyphens (admin-area §5 slug rule). */
export const slugParamsSchema = z.object({
  slug: z
    .string()
    .max(100, 'must be at most 100 characters')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and hyphens'),
});
