/**
 * Signed links carried by e-mails (DESIGN.md §4 "Visitors"; issue 5): confirmation / sign-in
 * (double opt-in; proves the mailbox) and one-click unsubscribe (RFC 8058). A link carries the
 * e-mail, its issue time `t` (Unix seconds) and an HMAC-SHA256 signature made with `SECRET_KEY`
 * over `purpose:email:t`, so it works on any device and without cookies, one purpose's signature
 * never passes for another's, and every link is revoked at once by rotating `SECRET_KEY`.
 *
 * Lifetimes ({@link LINK_MAX_AGE_MS}): confirmation and sign-in links 7 days; unsubscribe links
 * 365 days (RFC 8058 expects a lasting link; the issue asks for at least 60 days).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { paths } from '../../common/paths';
import { millisecondsInDay as DAY_MS } from 'date-fns/constants';

export type LinkPurpose = 'confirm' | 'unsubscribe';

/** How long a link of each purpose is honoured after its issue time, ms. */
export const LINK_MAX_AGE_MS: Readonly<Record<LinkPurpose, number>> = { confirm: 7 * DAY_MS, unsubscribe: 365 * DAY_MS };

/** Links issued this far in the future (clock skew between processes) still count, ms. */
const FUTURE_SKEW_MS = 5 * 60 * 1000;

/** A link's query values: e-mail (lower-cased), issue time in Unix seconds, base64url signature. */
export interface SignedLink {
  email: string;
  t: number;
  sig: string;
}

/** Base64url HMAC-SHA256 of `purpose:email:t` (email trimmed and lower-cased; `t` in Unix seconds). */
export function signEmail(secret: string, purpose: LinkPurpose, email: string, t: number): string {
  return createHmac('sha256', secret).update(`${purpose}:${email.trim().toLowerCase()}:${t}`).digest('base64url');
}

/** Signs a new link for `email` issued at `now`. */
export function signLink(secret: string, purpose: LinkPurpose, email: string, now: Date): SignedLink {
  const t = Math.floor(now.getTime() / 1000);
  return { email: email.trim().toLowerCase(), t, sig: signEmail(secret, purpose, email, t) };
}

export type LinkCheck = 'valid' | 'invalid' | 'expired';

/**
 * Checks a link's signature in constant time, then its age at `now` against {@link LINK_MAX_AGE_MS}.
 * `t` may arrive as a string from a query. Never throws: 'invalid' for anything malformed.
 */
export function checkSignedLink(
  secret: string,
  purpose: LinkPurpose,
  link: { email: string; t: number | string | undefined | null; sig: string | undefined | null },
  now: Date,
): LinkCheck {
  const t = typeof link.t === 'string' && /^\d{1,12}$/.test(link.t) ? Number(link.t) : link.t;
  if (typeof t !== 'number' || !Number.isSafeInteger(t) || t < 0 || typeof link.sig !== 'string') return 'invalid';
  const expected = Buffer.from(signEmail(secret, purpose, link.email, t));
  const given = Buffer.from(link.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  const age = now.getTime() - t * 1000;
  return age > LINK_MAX_AGE_MS[purpose] || age < -FUTURE_SKEW_MS ? 'expired' : 'valid';
}

/** Hex SHA-256 of a link's signature: stored on the token it minted, so a second use revokes the first token. */
export function linkHash(sig: string): string {
  return createHash('sha256').update(sig, 'utf8').digest('hex');
}

function query(link: SignedLink): string {
  return new URLSearchParams({ email: link.email, t: String(link.t), sig: link.sig }).toString();
}

/**
 * The link of the confirmation and sign-in e-mails: `{PUBLIC_URL}/confirm-email?email=…&t=…&sig=…`.
 * The page it opens posts to `/api/subscribers/confirm`, which confirms and hands back a mailbox token.
 */
export function confirmationUrl(publicUrl: string, secret: string, email: string, now: Date): string {
  return `${publicUrl}${paths.confirmEmail()}?${query(signLink(secret, 'confirm', email, now))}`;
}

/**
 * The one-click unsubscribe URL used both in the `List-Unsubscribe` header (POSTed by mail clients,
 * RFC 8058) and as the visible link (GET shows the unsubscribe page):
 * `{PUBLIC_URL}/api/unsubscribe/one-click?email=…&t=…&sig=…`.
 */
export function unsubscribeUrl(publicUrl: string, secret: string, email: string, now: Date): string {
  return `${publicUrl}/api/unsubscribe/one-click?${query(signLink(secret, 'unsubscribe', email, now))}`;
}

/** Headers every subscribed message carries (RFC 2369 + RFC 8058). */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
