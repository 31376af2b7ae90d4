/**
 * Signed links carried by e-mails: confirmation (double opt-in) and one-click unsubscribe
 * (RFC 8058). A link carries the e-mail and an HMAC-SHA256 signature made with `SECRET_KEY`, so
 * it works on any device and without cookies. Purpose is part of the signed text, so an
 * unsubscribe signature cannot confirm an address or the other way round.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type LinkPurpose = 'confirm' | 'unsubscribe';

/** Base64url HMAC of `purpose:email` (email lower-cased). */
export function signEmail(secret: string, purpose: LinkPurpose, email: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${email.trim().toLowerCase()}`).digest('base64url');
}

/** Constant-time check of a signature made by {@link signEmail}. Never throws. */
export function verifyEmailSignature(secret: string, purpose: LinkPurpose, email: string, signature: string): boolean {
  const expected = Buffer.from(signEmail(secret, purpose, email));
  const given = Buffer.from(String(signature));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The link of the confirmation e-mail: `{PUBLIC_URL}/confirm-email?email=…&sig=…`. The page it
 * opens posts to `/api/subscribers/confirm`, which confirms and hands back a visitor token.
 */
export function confirmationUrl(publicUrl: string, secret: string, email: string): string {
  const params = new URLSearchParams({ email: email.toLowerCase(), sig: signEmail(secret, 'confirm', email) });
  return `${publicUrl}/confirm-email?${params.toString()}`;
}

/**
 * The one-click unsubscribe URL used both in the `List-Unsubscribe` header (POSTed by mail clients,
 * RFC 8058) and as the visible link (GET shows the unsubscribe page):
 * `{PUBLIC_URL}/api/unsubscribe/one-click?email=…&sig=…`.
 */
export function unsubscribeUrl(publicUrl: string, secret: string, email: string): string {
  const params = new URLSearchParams({ email: email.toLowerCase(), sig: signEmail(secret, 'unsubscribe', email) });
  return `${publicUrl}/api/unsubscribe/one-click?${params.toString()}`;
}

/** Headers every subscribed message carries (RFC 2369 + RFC 8058). */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
