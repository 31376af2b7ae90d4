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
  /** What the change changed (issue 29), when its writer says: see {@link auditDetailSchema}. */
  detail: z
    .lazy(() => auditDetailSchema)
    .nullable()
    .optional(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Most ids an entry lists; `deletedTotal` says how many went in all. */
export const AUDIT_DETAIL_MAX_IDS = 10_000;

/**
 * What one change changed (issue 29 "every change says what it changed, deleted ids included"):
 * `deleted` the ids of what went (ASINs for products; at most {@link AUDIT_DETAIL_MAX_IDS}, in order),
 * `deletedTotal` how many went in all, `changed` field → new value for an edit. Never an e-mail address.
 */
export const auditDetailSchema = z.object({
  deleted: z.array(z.string()).optional(),
  deletedTotal: z.number().int().optional(),
  changed: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});
export type AuditDetail = z.infer<typeof auditDetailSchema>;

/** Rows shown by default and at most (`GET /api/admin/audit-log?limit=`). */
export const AUDIT_LOG_DEFAULT_LIMIT = 20;
export const AUDIT_LOG_MAX_LIMIT = 200;

/**
 * `GET /api/admin/audit-log?page=&limit=&actor=&action=&from=&to=` (issue 29): `page` from 1;
 * `actor` part of the owner's e-mail (case-insensitive); `action` an action ('products.delete') or
 * its family ('products' matches every 'products.*'); `from`/`to` ISO 8601 instants (from inclusive,
 * to exclusive).
 */
export const auditLogQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(AUDIT_LOG_MAX_LIMIT, `must be at most ${AUDIT_LOG_MAX_LIMIT}`)
    .default(AUDIT_LOG_DEFAULT_LIMIT),
  page: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(1),
  actor: safeText(254).trim().optional(),
  action: z
    .string()
    .trim()
    .max(100, 'must be at most 100 characters')
    .regex(/^[a-z0-9.-]*$/, 'must be an action such as products.delete')
    .optional(),
  from: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time with a zone' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time with a zone' }).optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Entries matching the filters, all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every action in the log, for the filter's list. */
  actions: z.array(z.string()),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
