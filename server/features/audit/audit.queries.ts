/** SQL of the audit log (server/db/schema/admin.schema.ts `audit_log`). */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { adminUsers, auditLog } from '../../db/schema/admin.schema';

export async function insertAuditEntry(db: Db | Tx, entry: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** Filters of {@link auditEntriesPage}; each optional. */
export interface AuditFilter {
  /** Part of the owner's e-mail, case-insensitive. */
  actor?: string;
  /** An action, or its family: 'products' matches 'products.*'. */
  action?: string;
  from?: Date;
  to?: Date;
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(filter: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.actor) parts.push(sql`${adminUsers.email} ilike ${`%${likeEscaped(filter.actor)}%`}`);
  if (filter.action)
    parts.push(sql`(${auditLog.action} = ${filter.action} or ${auditLog.action} like ${`${likeEscaped(filter.action)}.%`})`);
  if (filter.from) parts.push(sql`${auditLog.at} >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to) parts.push(sql`${auditLog.at} < ${filter.to.toISOString()}::timestamptz`);
  return parts.length ? and(...parts) : undefined;
}

/**
 * One page (`offset`, `limit`) of entries matching `filter`, newest first, with the owner's e-mail
 * when the account still exists, and how many match in all.
 */
export async function auditEntriesPage(db: Db | Tx, filter: AuditFilter, offset: number, limit: number) {
  const where = whereOf(filter);
  const rows = await db
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
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .leftJoin(adminUsers, eq(adminUsers.id, auditLog.adminId))
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Every distinct action in the log, sorted. */
export async function auditActions(db: Db | Tx): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action);
  return rows.map((r) => r.action);
}
