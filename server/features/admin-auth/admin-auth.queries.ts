/** SQL of admin access: accounts, sessions and failed sign-ins (server/db/schema/admin.schema.ts). */
import { and, asc, count, eq, gt, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { adminLoginFailures, adminSessions, adminUsers } from '../../db/schema/admin.schema';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './admin-auth.rules';

type Conn = Db | Tx;

export async function findAdminByEmail(db: Conn, email: string) {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.email, email)).limit(1);
  return row;
}

export async function countAdmins(db: Conn): Promise<number> {
  const [row] = await db.select({ n: count() }).from(adminUsers);
  return row?.n ?? 0;
}

export async function insertAdmin(db: Conn, email: string, passwordHash: string, now: Date): Promise<void> {
  await db.insert(adminUsers).values({ email, passwordHash, createdAt: now }).onConflictDoNothing();
}

export async function updateAdminPassword(db: Conn, id: number, passwordHash: string): Promise<void> {
  await db.update(adminUsers).set({ passwordHash }).where(eq(adminUsers.id, id));
}

export async function insertSession(db: Conn, adminId: number, tokenHash: string, now: Date): Promise<number> {
  const [row] = await db
    .insert(adminSessions)
    .values({ adminId, tokenHash, createdAt: now, lastSeenAt: now })
    .returning({ id: adminSessions.id });
  return (row as { id: number }).id;
}

export async function findSessionByHash(db: Conn, tokenHash: string) {
  const [row] = await db
    .select({
      id: adminSessions.id,
      adminId: adminSessions.adminId,
      createdAt: adminSessions.createdAt,
      lastSeenAt: adminSessions.lastSeenAt,
      email: adminUsers.email,
    })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminId))
    .where(eq(adminSessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function touchSession(db: Conn, id: number, now: Date): Promise<void> {
  await db.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.id, id));
}

export async function deleteSession(db: Conn, id: number): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.id, id));
}

export async function deleteSessionByHash(db: Conn, tokenHash: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash));
}

export async function deleteSessionsOfAdmin(db: Conn, adminId: number): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.adminId, adminId));
}

/** Deletes every session past its idle or absolute expiry (housekeeping at each sign-in). */
export async function deleteExpiredSessions(db: Conn, now: Date): Promise<void> {
  await db
    .delete(adminSessions)
    .where(
      or(
        lt(adminSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        lt(adminSessions.createdAt, new Date(now.getTime() - SESSION_ABSOLUTE_MS)),
      ),
    );
}

export async function markLoggedIn(db: Conn, adminId: number, now: Date): Promise<void> {
  await db.update(adminUsers).set({ lastLoginAt: now }).where(eq(adminUsers.id, adminId));
}

/** Times of the failed sign-ins since `since`, oldest first, for the IP and for the account. */
export async function recentFailures(db: Conn, ip: string, accountHash: string, since: Date) {
  const rows = await db
    .select({ ip: adminLoginFailures.ip, accountHash: adminLoginFailures.accountHash, at: adminLoginFailures.at })
    .from(adminLoginFailures)
    .where(and(gt(adminLoginFailures.at, since), or(eq(adminLoginFailures.ip, ip), eq(adminLoginFailures.accountHash, accountHash))))
    .orderBy(asc(adminLoginFailures.at));
  return {
    byIp: rows.filter((r) => r.ip === ip).map((r) => r.at),
    byAccount: rows.filter((r) => r.accountHash === accountHash).map((r) => r.at),
  };
}

export async function insertFailure(db: Conn, ip: string, accountHash: string, now: Date): Promise<void> {
  await db.insert(adminLoginFailures).values({ ip, accountHash, at: now });
}

/** Forgets failures older than `before` (they no longer count). */
export async function deleteFailuresBefore(db: Conn, before: Date): Promise<void> {
  await db.delete(adminLoginFailures).where(lt(adminLoginFailures.at, before));
}

/** Forgets an account's failures after it signs in successfully. */
export async function clearAccountFailures(db: Conn, accountHash: string): Promise<void> {
  await db.delete(adminLoginFailures).where(eq(adminLoginFailures.accountHash, accountHash));
}
