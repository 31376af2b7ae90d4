/**
 * Signing and checking the owners' deal links (issue 27; docs/decisions/0023-landing-pages-facts.md).
 * A link `/deal?{claims}&exp={Unix seconds}&sig={base64url}` carries its claims in the URL's
 * parameters (common/api/deal-links.schema.ts `DEAL_LINK_PARAMS`) and an HMAC-SHA256 made with the
 * site's SECRET_KEY over every claim parameter (present or not, in that fixed order) and the expiry.
 *
 * The same construction as the e-mail links (server/email/signed-links.ts: HMAC-SHA256 with
 * SECRET_KEY, base64url, constant-time comparison, the purpose first in the signed text), with its
 * own purpose `deal-link:v1`, so a deal link's signature never passes for an e-mail link's and the
 * other way round. That helper signs an e-mail address with fixed lifetimes per purpose, so it is not
 * reused as is. Rotating SECRET_KEY revokes every deal link at once.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  claimsFromParams,
  claimsToParams,
  DEAL_LINK_EXPIRY_PARAM,
  DEAL_LINK_PARAMS,
  DEAL_LINK_SIGNATURE_PARAM,
  type DealLinkClaims,
  type DealLinkParam,
  type DealLinkVerification,
} from '../../../common/api/deal-links.schema';

/** The signed text's purpose and version: a new construction would take `deal-link:v2`. */
const PURPOSE = 'deal-link:v1';

/** The text the signature covers: the purpose, each claim parameter's value or null in order, and the expiry. */
function signedText(values: Partial<Record<DealLinkParam, string | undefined>>, exp: number): string {
  return `${PURPOSE}\n${JSON.stringify(DEAL_LINK_PARAMS.map((p) => values[p] ?? null))}\n${exp}`;
}

function signature(secret: string, values: Partial<Record<DealLinkParam, string | undefined>>, exp: number): string {
  return createHmac('sha256', secret).update(signedText(values, exp)).digest('base64url');
}

/** A signed link: its query string (claims, `exp`, `sig`) and when it expires. */
export interface SignedDealLink {
  /** `title=…&discount=…&exp=…&sig=…` (no leading `?`). */
  query: string;
  expiresAt: Date;
}

/**
 * Signs `claims` (already validated) to expire at `expiresAt` (whole seconds; milliseconds are
 * dropped). The query holds only the parameters present, in {@link DEAL_LINK_PARAMS} order.
 */
export function signDealLink(secret: string, claims: DealLinkClaims, expiresAt: Date): SignedDealLink {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  const values = claimsToParams(claims);
  const query = new URLSearchParams();
  for (const p of DEAL_LINK_PARAMS) if (values[p] !== undefined) query.set(p, values[p]);
  query.set(DEAL_LINK_EXPIRY_PARAM, String(exp));
  query.set(DEAL_LINK_SIGNATURE_PARAM, signature(secret, values, exp));
  return { query: query.toString(), expiresAt: new Date(exp * 1000) };
}

/** A link's parameter values as the check receives them (a parsed query; anything else is ignored). */
export type DealLinkQuery = Partial<Record<DealLinkParam | typeof DEAL_LINK_EXPIRY_PARAM | typeof DEAL_LINK_SIGNATURE_PARAM, string>>;

/**
 * Checks a link at `now`: its signature in constant time first, then its expiry, then its claims
 * against their rules. Never throws. `unsigned` without a `sig`; `invalid` for a signature that does
 * not match (any claim, the expiry or the signature changed) or a missing `exp`; `expired` once
 * `now` is past `exp`; `valid` with the claims otherwise.
 */
export function checkDealLink(secret: string, query: DealLinkQuery, now: Date): DealLinkVerification {
  const sig = query[DEAL_LINK_SIGNATURE_PARAM];
  if (sig === undefined || sig === '') return { status: 'unsigned', claims: null, expiresAt: null };
  const exp = /^\d{1,12}$/.test(query[DEAL_LINK_EXPIRY_PARAM] ?? '') ? Number(query[DEAL_LINK_EXPIRY_PARAM]) : null;
  if (exp === null) return { status: 'invalid', claims: null, expiresAt: null };
  const expected = Buffer.from(signature(secret, query, exp));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { status: 'invalid', claims: null, expiresAt: null };
  const expiresAt = new Date(exp * 1000).toISOString();
  if (now.getTime() >= exp * 1000) return { status: 'expired', claims: null, expiresAt };
  const claims = claimsFromParams(query);
  // Signed by us but breaking today's rules (a rule tightened since): not shown.
  if (claims === null) return { status: 'invalid', claims: null, expiresAt: null };
  return { status: 'valid', claims, expiresAt };
}
