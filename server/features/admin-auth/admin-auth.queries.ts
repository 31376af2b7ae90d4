/**
 * SQL of admin access: accounts, sessions, failed sign-ins and the networks owners signed in from
 * (server/db/schema/admin.schema.ts).
 */
import { and, asc, count, eq, gt, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { adminKnownClients, adminLoginFailures, adminSessions, adminUsers } from '../../db/schema/admin.schema';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, type LoginFailure } from './admin-auth.rules';

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

/**
 * The failed sign-ins since `since` from client address `address` (admin-auth.rules.ts
 * `clientAddress`) or on the account `accountHash`, oldest first.
 */
export async function recentFailures(db: Conn, address: string, accountHash: string, since: Date): Promise<LoginFailure[]> {
  return db
    .select({ ip: adminLoginFailures.ip, accountHash: adminLoginFailures.accountHash, at: adminLoginFailures.at })
    .from(adminLoginFailures)
    .where(and(gt(adminLoginFailures.at, since), or(eq(adminLoginFailures.ip, address), eq(adminLoginFailures.accountHash, accountHash))))
    .orderBy(asc(adminLoginFailures.at));
}

export async function insertFailure(db: Conn, address: string, accountHash: string, now: Date): Promise<void> {
  await db.insert(adminLoginFailures).values({ ip: address, accountHash, at: now });
}

/** Forgets failures older than `before` (they no longer count). */
export async function deleteFailuresBefore(db: Conn, before: Date): Promise<void> {
  await db.delete(adminLoginFailures).where(lt(adminLoginFailures.at, before));
}

/** Forgets one client address's failures on one account (its own typos, after it signs in). */
export async function clearAddressFailures(db: Conn, address: string, accountHash: string): Promise<void> {
  await db.delete(adminLoginFailures).where(and(eq(adminLoginFailures.ip, address), eq(adminLoginFailures.accountHash, accountHash)));
}

/**
 * Whether the owner account `email` (lower-cased) signed in from the network `clientHash` after
 * `since`. One statement whether or not the account exists, so the answer takes as long either way.
 */
export async function isKnownNetwork(db: Conn, email: string, clientHash: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: adminKnownClients.id })
    .from(adminKnownClients)
    .innerJoin(adminUsers, eq(adminUsers.id, adminKnownClients.adminId))
    .where(and(eq(adminUsers.email, email), eq(adminKnownClients.clientHash, clientHash), gt(adminKnownClients.lastSuccessAt, since)))
    .limit(1);
  return row !== undefined;
}

/** Records (or refreshes) a successful sign-in of `adminId` from the network `clientHash`. */
export async function rememberNetwork(db: Conn, adminId: number, clientHash: string, now: Date): Promise<void> {
  await db
    .insert(adminKnownClients)
    .values({ adminId, clientHash, lastSuccessAt: now })
    .onConflictDoUpdate({ target: [adminKnownClients.adminId, adminKnownClients.clientHash], set: { lastSuccessAt: now } });
}

/** Forgets the networks `adminId` has not signed in from since `before` (they no longer count as known). */
export async function forgetNetworksBefore(db: Conn, adminId: number, before: Date): Promise<void> {
  await db.delete(adminKnownClients).where(and(eq(adminKnownClients.adminId, adminId), lt(adminKnownClients.lastSuccessAt, before)));
}
