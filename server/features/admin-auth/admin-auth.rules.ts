/**
 * The rules of admin access (issue 11 part 1; DESIGN.md §4 "Admin"), pure so they are tested
 * without a database: session lifetimes, the cookie's name and attributes, and the login throttle.
 */
import { createHash } from 'node:crypto';
import { isIPv4 } from 'node:net';
import { clientNetwork } from '../../http/client-network';

/** A session ends after 30 minutes without a request (sliding)… */
export const SESSION_IDLE_MS = 30 * 60_000;
/** …and 12 hours after sign-in, however active (OWASP Session Management: absolute timeout). */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;

/** Failed sign-ins count for 15 minutes (the window of every limit below). */
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Failures from one client address on one account before that address waits. */
export const ADDRESS_ACCOUNT_MAX_FAILURES = 5;
/** Failures from one client address on any accounts before that address waits. */
export const ADDRESS_MAX_FAILURES = 20;
/**
 * Failures on one account, from every address, before networks the owner has not signed in from
 * wait; and failures on one account from one known network before that network waits too.
 */
export const ACCOUNT_MAX_FAILURES = 10;
/** A network the owner signed in from counts as known for 90 days after that success. */
export const KNOWN_NETWORK_MS = 90 * 24 * 60 * 60_000;

/** Hex SHA-256: how session ids and typed account names are stored. */
export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

/** The throttle's key for a typed e-mail (trimmed, lower-cased, hashed: unknown ones count alike). */
export const accountKey = (email: string): string => sha256Hex(email.trim().toLowerCase());

/** Whether a session created at `createdAt` and last used at `lastSeenAt` is still valid at `now`. */
export function isSessionLive(session: { createdAt: Date; lastSeenAt: Date }, now: Date): boolean {
  const t = now.getTime();
  return t - session.lastSeenAt.getTime() < SESSION_IDLE_MS && t - session.createdAt.getTime() < SESSION_ABSOLUTE_MS;
}

/** When the session ends however active it is. */
export const sessionHardExpiry = (createdAt: Date): Date => new Date(createdAt.getTime() + SESSION_ABSOLUTE_MS);

/**
 * The session cookie's name: `__Host-` prefixed when the site is served over https, which makes
 * the browser insist on Secure, Path=/ and no Domain (RFC 6265bis §4.1.3.2); plain on http
 * (localhost), where a `__Host-` cookie would be refused.
 */
export function sessionCookieName(publicUrl: string): string {
  return isHttps(publicUrl) ? '__Host-admin_session' : 'admin_session';
}

export const isHttps = (publicUrl: string): boolean => publicUrl.startsWith('https://');

/** The cookie's attributes: HttpOnly, SameSite=Strict, Path=/, Secure on https, lives 12 h at most. */
export function sessionCookieOptions(publicUrl: string) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: '/',
    secure: isHttps(publicUrl),
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  };
}

/**
 * Seconds until one more attempt may be made, or 0 when it may now. `failures` are the times of
 * the failed sign-ins of one key inside the window, oldest first: with `max` or more, the caller
 * waits until enough of them leave the window that fewer than `max` remain.
 */
export function retryAfterSeconds(failures: readonly Date[], now: Date, max: number): number {
  if (failures.length < max) return 0;
  const freeing = failures[failures.length - max] as Date;
  return Math.max(1, Math.ceil((freeing.getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000));
}

/**
 * The client address a failure is counted under: an IPv4 address itself (also when it comes
 * IPv4-mapped, `::ffff:203.0.113.9`), an IPv6 address's /64 (RFC 4291 §2.5.4: one subnet, usually
 * one household or host, which holds 2^64 addresses to rotate through). Stored with each failure.
 */
export function clientAddress(ip: string): string {
  const trimmed = ip.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  if (mapped) return mapped[1] as string;
  return isIPv4(trimmed) ? trimmed : clientNetwork(trimmed);
}

/** One failed sign-in as stored: the client address ({@link clientAddress}), the account key and when. */
export interface LoginFailure {
  ip: string;
  accountHash: string;
  at: Date;
}

/** Who is trying: the client's address ({@link clientAddress}) and the typed account's key ({@link accountKey}). */
export interface LoginAttempter {
  address: string;
  account: string;
  /** Whether the owner of the typed account signed in from this client's network in the last 90 days. */
  knownNetwork: boolean;
}

/**
 * The sign-in throttle (issue 25; OWASP ASVS 5.0 V6.3.1 "controls against credential stuffing and
 * password brute force", which must not let an attacker lock the owner out). `failures` are those
 * of the last {@link LOGIN_WINDOW_MS} from this address or on this account, oldest first. The
 * attempt waits (answer > 0, in seconds, until the limit that holds it frees) when
 * - this address has 5 failures on this account (the attacker's address slows down), or
 * - this address has 20 failures on any accounts (one address guessing many accounts), or
 * - the account has 10 failures from all addresses and this client's network is **not** one its
 *   owner signed in from in the last 90 days (the account under attack slows down every stranger,
 *   however many addresses they rotate through), or
 * - the account has 10 failures from this very network (so a known network is held back only by
 *   failures made from inside it, never by failures from other addresses).
 * So the owner signs in from a known network whatever others do, and from a new network as soon
 * as the account's failures fall below 10. Failures are kept, not cleared, when the owner signs in.
 */
export function signInWaitSeconds(failures: readonly LoginFailure[], who: LoginAttempter, now: Date): number {
  const network = clientNetwork(who.address);
  const onAccount = failures.filter((f) => f.accountHash === who.account);
  const fromAddress = failures.filter((f) => f.ip === who.address);
  const times = (list: readonly LoginFailure[]) => list.map((f) => f.at);
  return Math.max(
    retryAfterSeconds(times(fromAddress.filter((f) => f.accountHash === who.account)), now, ADDRESS_ACCOUNT_MAX_FAILURES),
    retryAfterSeconds(times(fromAddress), now, ADDRESS_MAX_FAILURES),
    who.knownNetwork ? 0 : retryAfterSeconds(times(onAccount), now, ACCOUNT_MAX_FAILURES),
    retryAfterSeconds(times(onAccount.filter((f) => clientNetwork(f.ip) === network)), now, ACCOUNT_MAX_FAILURES),
  );
}
