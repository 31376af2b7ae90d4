/**
 * The admin access API (issue 11 part 1; DESIGN.md §4 "Admin"): sign-in, the signed-in owner, and
 * the audit log shown at the bottom of the admin shell.
 */
import { z } from 'zod';
import { safeText } from './text.schema';

/** Longest password accepted at sign-in: argon2 hashes any length, but a megabyte would be a DoS. */
export const ADMIN_PASSWORD_MAX_LENGTH = 1024;

/**
 * `POST /api/admin/login` body. The e-mail is not checked for form: a malformed one simply fails
 * like a wrong one (same 401), so the form never tells which part was wrong.
 */
export const adminLoginBodySchema = z.object({
  email: safeText(254).trim().min(1, 'must not be empty'),
  password: safeText(ADMIN_PASSWORD_MAX_LENGTH).min(1, 'must not be empty'),
});
export type AdminLoginBody = z.infer<typeof adminLoginBodySchema>;

/** `GET /api/admin/me`: the signed-in owner and when the session ends at the latest. */
export const adminMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** ISO time the session ends however active it is (absolute expiry, 12 h after sign-in). */
  sessionExpiresAt: z.string(),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

/** One audit-log row (who, what, on what, how many, when); never a shopper's e-mail address. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** The owner's id and e-mail, null when the account was deleted. */
  adminId: z.number().int().nullable(),
  adminEmail: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  counts: z.record(z.string(), z.number()).nullable(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Rows shown by default and at most (`GET /api/admin/audit-log?limit=`). */
export const AUDIT_LOG_DEFAULT_LIMIT = 20;
export const AUDIT_LOG_MAX_LIMIT = 200;

export const auditLogQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(AUDIT_LOG_MAX_LIMIT, `must be at most ${AUDIT_LOG_MAX_LIMIT}`)
    .default(AUDIT_LOG_DEFAULT_LIMIT),
});

export const auditLogResponseSchema = z.object({ entries: z.array(auditEntrySchema) });
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
