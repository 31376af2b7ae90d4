/**
 * The rules of admin access (issue 11 part 1; DESIGN.md §4 "Admin"), pure so they are tested
 * without a database: session lifetimes, the cookie's name and attributes, and the login throttle.
 */
import { createHash } from 'node:crypto';

/** A session ends after 30 minutes without a request (sliding)… */
export const SESSION_IDLE_MS = 30 * 60_000;
/** …and 12 hours after sign-in, however active (OWASP Session Management: absolute timeout). */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;

/** Failed sign-ins allowed per client IP and per account within {@link LOGIN_WINDOW_MS}. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;

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
 * Seconds until one more sign-in may be tried, or 0 when it may now. `failures` are the times of
 * failed sign-ins of one key (IP or account) inside the window, oldest first: with
 * {@link LOGIN_MAX_FAILURES} or more, the caller waits until enough of them leave the window.
 */
export function retryAfterSeconds(failures: readonly Date[], now: Date): number {
  if (failures.length < LOGIN_MAX_FAILURES) return 0;
  const freeing = failures[failures.length - LOGIN_MAX_FAILURES] as Date;
  return Math.max(1, Math.ceil((freeing.getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000));
}
