/** SQL of the audit log (server/db/schema/admin.schema.ts `audit_log`). */
import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { adminUsers, auditLog } from '../../db/schema/admin.schema';

export async function insertAuditEntry(db: Db | Tx, entry: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** The latest `limit` entries, newest first, with the owner's e-mail when the account still exists. */
export async function latestAuditEntries(db: Db | Tx, limit: number) {
  return db
    .select({
      id: auditLog.id,
      adminId: auditLog.adminId,
      adminEmail: adminUsers.email,
      action: auditLog.action,
      target: auditLog.target,
      counts: auditLog.counts,
      at: auditLog.at,
    })
    .from(auditLog)
    .leftJoin(adminUsers, eq(adminUsers.id, auditLog.adminId))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}
