/**
 * Who a click or visit is attributed to, and who is not counted at all (issue 25 "Analytics only
 * from real shoppers"; DESIGN.md §4 "Visitors": an e-mail address alone never reveals or changes
 * data, so a typed address alone never puts clicks under someone's name either).
 *
 * - {@link attributedEmail}: the address a request *claims* (`?email=`, `userEmail`) is kept only
 *   when the request also *proves* it: a visitor token of that address (device or mailbox, from
 *   `Authorization: Bearer` / `X-Visitor-Token`), or, for the redirect, which a top-level navigation
 *   reaches without headers, the visit it names (`/go?visit=`), which stored that address only because
 *   its own report carried that token. Anything else is stored without an address: the click still
 *   counts, anonymously, and the redirect always happens.
 * - {@link isCrawler}: crawlers, link expanders and scripts (isbot's maintained list: Googlebot,
 *   Slackbot-LinkExpanding, curl, HeadlessChrome…) and requests without a User-Agent (every browser
 *   sends one) are not counted.
 */
import { isbot } from 'isbot';
import { emailSchema } from '../../../common/api/alerts.schema';

/** How long a visit proves its address for the redirect's clicks (a browser session's visit reference), ms. */
export const VISIT_PROOF_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** A lower-cased e-mail address, or null for anything else (the spec's 'anonymous' placeholder too). */
export function emailOrNull(value: string | null | undefined): string | null {
  const parsed = emailSchema.safeParse(value ?? '');
  return parsed.success ? parsed.data : null;
}

/**
 * The claimed address (lower-cased) when one of `proven` (addresses the request proved, e.g. the
 * visitor token's, the named visit's; null/undefined entries skipped) is the same address; else null.
 */
export function attributedEmail(claimed: string | null | undefined, ...proven: Array<string | null | undefined>): string | null {
  const address = emailOrNull(claimed);
  if (address === null) return null;
  return proven.some((p) => p != null && p.trim().toLowerCase() === address) ? address : null;
}

/** True when `userAgent` is a crawler, link expander or script by isbot's list, or is absent or blank. */
export function isCrawler(userAgent: string | undefined): boolean {
  const ua = userAgent?.trim() ?? '';
  return ua === '' || isbot(ua);
}
