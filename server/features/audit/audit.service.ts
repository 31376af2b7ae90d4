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
import type { AuditEntry } from '../../../common/api/admin-auth.admin.schema';
import { insertAuditEntry, latestAuditEntries } from './audit.queries';

export interface AdminAction {
  /** The owner who acted; null for a failed sign-in to an unknown account. */
  adminId: number | null;
  /** Dotted verb, e.g. 'login', 'logout', 'products.delete', 'catalogue.import'. */
  action: string;
  /** What was acted on; never an e-mail address. */
  target?: string | null;
  /** Figures of the action, e.g. `{ imported: 120, rejected: 3 }`. */
  counts?: Record<string, number> | null;
}

/** Longest target kept; longer ones are cut. */
const TARGET_MAX = 200;
const LOOKS_LIKE_EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;

/** Writes one audit entry at `at`. Throws when `target` holds an e-mail address (a programming error). */
export async function recordAdminAction(db: Db | Tx, action: AdminAction, at: Date): Promise<void> {
  const target = action.target ?? null;
  if (target !== null && LOOKS_LIKE_EMAIL.test(target)) {
    throw new Error(`audit target must not hold an e-mail address (action ${action.action})`);
  }
  await insertAuditEntry(db, {
    adminId: action.adminId,
    action: action.action,
    target: target === null ? null : target.slice(0, TARGET_MAX),
    counts: action.counts ?? null,
    at,
  });
}

/** The latest `limit` entries, newest first, in the API's shape. */
export async function auditLogPage(db: Db, limit: number): Promise<AuditEntry[]> {
  const rows = await latestAuditEntries(db, limit);
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}
