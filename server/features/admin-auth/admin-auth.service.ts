/**
 * Admin access (issue 11 part 1; DESIGN.md §4 "Admin"): accounts, sign-in with its throttle, and
 * server-side sessions. Plain functions over the database; the HTTP side is
 * admin-auth.admin.routes.ts and admin.guard.ts.
 *
 * - Passwords: argon2id (password-hash.ts). An unknown e-mail is verified against a dummy hash, so
 *   it answers the same and takes about as long as a wrong password.
 * - Sessions: the cookie holds 32 random bytes (base64url); the table holds only their SHA-256.
 *   A session ends 30 minutes after its last request or 12 hours after sign-in, whichever is first.
 *   Signing in replaces the session the browser came with (no session fixation); signing out
 *   deletes it.
 * - Throttle (issue 25; OWASP ASVS 5.0 V6.3.1): failures slow down the attacker's address and the
 *   account, never the owner on a network they signed in from. Within 15 minutes an attempt waits
 *   (429 with Retry-After, the password not checked) after 5 failures from its client address on
 *   that account, or 20 from its address on any accounts; after 10 failures on the account from all
 *   addresses, every network the owner has not signed in from in the last 90 days waits until they
 *   fall below 10, while the owner's known networks wait only for 10 failures made from inside
 *   them. Rules and reasons: admin-auth.rules.ts `signInWaitSeconds`. Counts live in the database
 *   (`admin_login_failures`, `admin_known_clients`), so every instance shares them. A client
 *   address is an IPv4 address or an IPv6 /64; a network an IPv4 /24 or an IPv6 /64, stored only
 *   as its keyed hash (server/http/client-network.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { clientNetworkHash } from '../../http/client-network';
import { recordAdminAction } from '../audit';
import {
  accountKey,
  clientAddress,
  isSessionLive,
  KNOWN_NETWORK_MS,
  LOGIN_WINDOW_MS,
  sessionHardExpiry,
  sha256Hex,
  signInWaitSeconds,
} from './admin-auth.rules';
import {
  clearAddressFailures,
  countAdmins,
  deleteExpiredSessions,
  deleteFailuresBefore,
  deleteSession,
  deleteSessionByHash,
  deleteSessionsOfAdmin,
  findAdminByEmail,
  findSessionByHash,
  forgetNetworksBefore,
  insertAdmin,
  insertFailure,
  insertSession,
  isKnownNetwork,
  markLoggedIn,
  recentFailures,
  rememberNetwork,
  touchSession,
  updateAdminPassword,
} from './admin-auth.queries';
import { dummyHash, hashPassword, verifyPassword } from './password-hash';

export { sessionCookieName, sessionCookieOptions } from './admin-auth.rules';

/** The signed-in owner behind a live session. */
export interface AdminPrincipal {
  id: number;
  email: string;
  sessionId: number;
  /** When the session ends however active it is (12 h after sign-in). */
  sessionExpiresAt: Date;
}

export interface LoginAttempt {
  email: string;
  password: string;
  /** The client's address (Fastify's `request.ip`, TRUST_PROXY-aware). */
  ip: string;
  /** The session id the browser already held, if any: replaced at sign-in. */
  previousToken?: string;
}

export type LoginResult =
  | { kind: 'signed-in'; token: string; admin: AdminPrincipal }
  | { kind: 'bad-credentials' }
  | { kind: 'throttled'; retryAfterSeconds: number };

/** What {@link login} uses: the database, SECRET_KEY (for the network's keyed hash) and the time. */
export interface LoginDeps {
  db: Db;
  secret: string;
  now: Date;
}

/**
 * Checks the throttle (`signInWaitSeconds`, rule in this file's header), then the password; on
 * success opens a new session, records the client's network as known to the account, forgets
 * this address's own failures on it (not other addresses') and logs the sign-in.
 */
export async function login({ db, secret, now }: LoginDeps, attempt: LoginAttempt): Promise<LoginResult> {
  const email = attempt.email.trim().toLowerCase();
  const account = accountKey(email);
  const address = clientAddress(attempt.ip);
  const network = clientNetworkHash(secret, attempt.ip);
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const failures = await recentFailures(db, address, account, since);
  const knownNetwork = await isKnownNetwork(db, email, network, new Date(now.getTime() - KNOWN_NETWORK_MS));
  const wait = signInWaitSeconds(failures, { address, account, knownNetwork }, now);
  if (wait > 0) return { kind: 'throttled', retryAfterSeconds: wait };

  const admin = await findAdminByEmail(db, email);
  // Always one argon2 verification, so an unknown e-mail takes as long as a wrong password.
  const matches = await verifyPassword(admin?.passwordHash ?? (await dummyHash()), attempt.password);
  if (!admin || !matches) {
    await db.transaction(async (tx) => {
      await insertFailure(tx, address, account, now);
      await deleteFailuresBefore(tx, since);
      await recordAdminAction(tx, { adminId: admin?.id ?? null, action: 'login.failed' }, now);
    });
    return { kind: 'bad-credentials' };
  }

  const token = randomBytes(32).toString('base64url');
  const sessionId = await db.transaction(async (tx) => {
    if (attempt.previousToken) await deleteSessionByHash(tx, sha256Hex(attempt.previousToken));
    await deleteExpiredSessions(tx, now);
    const id = await insertSession(tx, admin.id, sha256Hex(token), now);
    await markLoggedIn(tx, admin.id, now);
    await rememberNetwork(tx, admin.id, network, now);
    await forgetNetworksBefore(tx, admin.id, new Date(now.getTime() - KNOWN_NETWORK_MS));
    // Only this address's own typos: an attacker's failures keep counting after the owner signs in.
    await clearAddressFailures(tx, address, account);
    await deleteFailuresBefore(tx, since);
    await recordAdminAction(tx, { adminId: admin.id, action: 'login' }, now);
    return id;
  });
  return { kind: 'signed-in', token, admin: { id: admin.id, email: admin.email, sessionId, sessionExpiresAt: sessionHardExpiry(now) } };
}

/**
 * The owner behind `token` when its session is live at `now` (and then the session's idle clock
 * restarts), else null; an expired session is deleted on sight.
 */
export async function findAdminSession(db: Db, token: string | undefined, now: Date): Promise<AdminPrincipal | null> {
  if (!token || token.length > 100) return null;
  const session = await findSessionByHash(db, sha256Hex(token));
  if (!session) return null;
  if (!isSessionLive(session, now)) {
    await deleteSession(db, session.id);
    return null;
  }
  await touchSession(db, session.id, now);
  return { id: session.adminId, email: session.email, sessionId: session.id, sessionExpiresAt: sessionHardExpiry(session.createdAt) };
}

/** Ends the session and logs the sign-out. */
export async function logout(db: Db, admin: AdminPrincipal, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteSession(tx, admin.sessionId);
    await recordAdminAction(tx, { adminId: admin.id, action: 'logout' }, now);
  });
}

/**
 * Creates the owner account `email` with `password`, or replaces the password of an existing one
 * and ends all its sessions. Used by `npm run admin:create` and the first start.
 */
export async function saveAdminAccount(db: Db, email: string, password: string, now: Date): Promise<'created' | 'updated'> {
  const address = email.trim().toLowerCase();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const existing = await findAdminByEmail(tx, address);
    if (existing) {
      await updateAdminPassword(tx, existing.id, passwordHash);
      // A new password (perhaps after a leak) ends every session of the old one.
      await deleteSessionsOfAdmin(tx, existing.id);
      await recordAdminAction(tx, { adminId: existing.id, action: 'account.password-reset', target: `admin #${existing.id}` }, now);
      return 'updated';
    }
    await insertAdmin(tx, address, passwordHash, now);
    const created = await findAdminByEmail(tx, address);
    await recordAdminAction(tx, { adminId: created?.id ?? null, action: 'account.created', target: `admin #${created?.id}` }, now);
    return 'created';
  });
}

export type FirstAdminOutcome = 'created' | 'exists' | 'not-configured' | 'password-missing';

/**
 * First start (issue 11 part 1): when no admin account exists and ADMIN_EMAIL and ADMIN_PASSWORD
 * are set, creates that account. Once any admin exists the variables are ignored.
 */
export async function ensureFirstAdmin(db: Db, config: { email?: string; password?: string }, now: Date): Promise<FirstAdminOutcome> {
  if ((await countAdmins(db)) > 0) return 'exists';
  if (!config.email) return 'not-configured';
  if (!config.password) return 'password-missing';
  await saveAdminAccount(db, config.email, config.password, now);
  return 'created';
}
