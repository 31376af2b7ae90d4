/**
 * The audit log of admin actions (issue 11 part 1): who, what, on what, how many, when. Every
 * admin module records its changes here, inside the transaction of the change, so an entry exists
 * exactly when the change does:
 *
 * ```ts
 * await db.transaction(async (tx) => {
 *   const deleted = await deleteProducts(tx, ids);
 *   await recordAdminAction(tx, { adminId: request.admin.id, action: 'products.delete', counts: { deleted } }, clock());
 * });
 * ```
 *
 * `target` names what was acted on (a product id, a category slug, a file name). It must never be
 * a shopper's e-mail address: the log is kept longer than shoppers' data and is not erased with it.
 * {@link recordAdminAction} refuses a target that looks like one.
 */
import type { Db, Tx } from '../../db/client';
import {
  AUDIT_DETAIL_MAX_IDS,
  type AuditDetail,
  type AuditEntry,
  type AuditLogQuery,
  type AuditLogResponse,
} from '../../../common/api/admin-auth.admin.schema';
import { auditActions, auditEntriesPage, insertAuditEntry } from './audit.queries';

export interface AdminAction {
  /** The owner who acted; null for a failed sign-in to an unknown account. */
  adminId: number | null;
  /** Dotted verb, e.g. 'login', 'logout', 'products.delete', 'catalogue.import'. */
  action: string;
  /** What was acted on; never an e-mail address. */
  target?: string | null;
  /** Figures of the action, e.g. `{ imported: 120, rejected: 3 }`. */
  counts?: Record<string, number> | null;
  /**
   * What the change changed (issue 29): `deleted` ids (ASINs for products; the first
   * AUDIT_DETAIL_MAX_IDS are kept, `deletedTotal` is set to the full number), `changed` fields.
   */
  detail?: AuditDetail | null;
}

/**
 * Where the detail is stored: under this key of the `counts` jsonb (no column of its own yet, so no
 * migration beside the other issue-29 migrations; a later migration can move it). Read back apart.
 */
const DETAIL_KEY = '$detail';

/** Longest target kept; longer ones are cut. */
const TARGET_MAX = 200;
const LOOKS_LIKE_EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;

/** Writes one audit entry at `at`. Throws when `target` holds an e-mail address (a programming error). */
export async function recordAdminAction(db: Db | Tx, action: AdminAction, at: Date): Promise<void> {
  const target = action.target ?? null;
  if (target !== null && LOOKS_LIKE_EMAIL.test(target)) {
    throw new Error(`audit target must not hold an e-mail address (action ${action.action})`);
  }
  const detail = action.detail ? boundedDetail(action.detail) : null;
  if (detail && LOOKS_LIKE_EMAIL.test(JSON.stringify(detail))) {
    throw new Error(`audit detail must not hold an e-mail address (action ${action.action})`);
  }
  const counts = action.counts || detail ? { ...(action.counts ?? {}), ...(detail ? { [DETAIL_KEY]: detail } : {}) } : null;
  await insertAuditEntry(db, {
    adminId: action.adminId,
    action: action.action,
    target: target === null ? null : target.slice(0, TARGET_MAX),
    counts: counts as Record<string, number> | null,
    at,
  });
}

/** The detail with at most AUDIT_DETAIL_MAX_IDS deleted ids, and `deletedTotal` when ids are listed. */
function boundedDetail(detail: AuditDetail): AuditDetail {
  if (!detail.deleted) return detail;
  return { ...detail, deleted: detail.deleted.slice(0, AUDIT_DETAIL_MAX_IDS), deletedTotal: detail.deletedTotal ?? detail.deleted.length };
}

/** Splits the stored `counts` jsonb into the figures and the detail. */
function splitCounts(stored: Record<string, unknown> | null): { counts: Record<string, number> | null; detail: AuditDetail | null } {
  if (!stored) return { counts: null, detail: null };
  const { [DETAIL_KEY]: detail, ...rest } = stored;
  const counts = Object.fromEntries(Object.entries(rest).filter(([, v]) => typeof v === 'number')) as Record<string, number>;
  return { counts: Object.keys(counts).length || !detail ? counts : null, detail: (detail as AuditDetail | undefined) ?? null };
}

/**
 * One page of the audit log, newest first, filtered by who (`actor`: part of the owner's e-mail),
 * what (`action` or its family) and when (`from` inclusive, `to` exclusive), in the API's shape
 * (common/api/admin-auth.admin.schema.ts). Throws only when the database fails.
 */
export async function auditLogSearch(db: Db, query: AuditLogQuery): Promise<AuditLogResponse> {
  const filter = {
    actor: query.actor || undefined,
    action: query.action || undefined,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  };
  const { rows, total } = await auditEntriesPage(db, filter, (query.page - 1) * query.limit, query.limit);
  const entries: AuditEntry[] = rows.map((r) => ({ ...r, ...splitCounts(r.counts), at: r.at.toISOString() }));
  return { entries, total, page: query.page, pageSize: query.limit, actions: await auditActions(db) };
}

/** The latest `limit` entries, newest first, in the API's shape (the first page, unfiltered). */
export async function auditLogPage(db: Db, limit: number): Promise<AuditEntry[]> {
  return (await auditLogSearch(db, { page: 1, limit })).entries;
}
