/**
 * Affiliate-link rules (shopper-screens §5 "Affiliate link rewriting", §9; DESIGN.md §4
 * "Affiliate links"). The only module that builds or rewrites links to Amazon.
 *
 * - A link whose path holds `/dp/{ASIN}` (10 upper-case letters or digits) is rebuilt as
 *   `https://www.amazon.co.uk/dp/{ASIN}?tag={tag}&linkCode=osi&th=1&psc=1`.
 * - Any other Amazon link keeps its path and query, with `tag` replaced or appended.
 * - Search links use `https://www.amazon.co.uk/s?k={keywords}&tag={tag}`.
 * - Outbound redirects go only to allowlisted Amazon hosts; anything else is refused.
 */

export const AMAZON_UK_ORIGIN = 'https://www.amazon.co.uk';

/** Hosts we will ever send a shopper to. */
export const ALLOWED_AMAZON_HOSTS: readonly string[] = ['www.amazon.co.uk', 'amazon.co.uk', 'smile.amazon.co.uk', 'amzn.eu', 'amzn.to'];

/** An ASIN: 10 upper-case letters or digits (Amazon's catalogue identifier). */
export const ASIN_PATTERN = /^[A-Z0-9]{10}$/;

/** True when `value` is a well-formed ASIN. */
export function isAsin(value: string): boolean {
  return ASIN_PATTERN.test(value);
}

/** An Associates tracking tag such as `dealalerts-21`: letters, digits, hyphens and underscores. */
export const AFFILIATE_TAG_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** True when `url` parses and its host is an allowlisted Amazon host over http(s). */
export function isAllowedAmazonUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && ALLOWED_AMAZON_HOSTS.includes(parsed.hostname.toLowerCase());
  } catch {
    return false;
  }
}

/** The canonical tagged product link for an ASIN. Throws RangeError for a malformed ASIN. */
export function productAffiliateUrl(asin: string, tag: string): string {
  if (!isAsin(asin)) throw new RangeError(`not an ASIN: ${asin}`);
  const params = new URLSearchParams({ tag, linkCode: 'osi', th: '1', psc: '1' });
  return `${AMAZON_UK_ORIGIN}/dp/${asin}?${params.toString()}`;
}

/** The tagged Amazon UK search link for keywords (query `k`). */
export function searchAffiliateUrl(keywords: string, tag: string): string {
  const params = new URLSearchParams({ k: keywords.trim(), tag });
  return `${AMAZON_UK_ORIGIN}/s?${params.toString()}`;
}

/**
 * Rewrites any link to Amazon so it carries `tag`.
 * Returns null when `url` is not an allowlisted Amazon link (callers must not redirect to it).
 */
export function rewriteAffiliateUrl(url: string, tag: string): string | null {
  if (!isAllowedAmazonUrl(url)) return null;
  const parsed = new URL(url);
  const dp = /\/dp\/([A-Z0-9]{10})(?:[/?]|$)/.exec(parsed.pathname + (parsed.pathname.endsWith('/') ? '' : '/'));
  if (dp?.[1]) return productAffiliateUrl(dp[1], tag);
  parsed.searchParams.set('tag', tag);
  return parsed.toString();
}

/** Milliseconds in the new-user window (shopper-screens §9: 24 hours). */
export const NEW_USER_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the new-user affiliate tag applies (shopper-screens §4 "New-user flag"): the flag is set,
 * and either no signup time is known or it is under 24 hours old at `nowMs` (epoch ms).
 */
export function isNewUserActive(flag: boolean, signupTimeMs: number | null, nowMs: number): boolean {
  if (!flag) return false;
  if (signupTimeMs === null || !Number.isFinite(signupTimeMs)) return true;
  return nowMs - signupTimeMs < NEW_USER_WINDOW_MS;
}

/** Picks the affiliate tag: the new-user tag while the new-user window is open, else the default. */
export function chooseAffiliateTag(tags: { defaultTag: string; newUserTag: string }, newUser: boolean): string {
  return newUser ? tags.newUserTag : tags.defaultTag;
}
