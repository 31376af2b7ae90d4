/**
 * The one error answer of every endpoint (DESIGN.md §4 "Bad input"): `message` is "field: rule"
 * for validation errors, which also list `issues`; never a stack trace or SQL.
 */
import { z } from 'zod';

export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  issues: z.array(z.object({ field: z.string(), rule: z.string() })).optional(),
});

export type ApiError = z.infer<typeof apiErrorSchema>;
