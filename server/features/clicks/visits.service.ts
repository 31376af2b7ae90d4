/**
 * Website visits (admin-area §2 "Website Visits", "Anonymous Visits Tracked"; §3 "Email tracking";
 * issue 13). The web app reports a visit once per browser session, and again whenever a page is
 * opened from a link carrying utm parameters (an e-mail link: utm_source=email&utm_medium=…&
 * utm_campaign=…). Stored: the path, the product's ASIN when the path is a product page, the utm
 * parameters, the time, and the tracking e-mail only when the request carries that address's
 * visitor token (issue 25: a typed address alone is never attributed; click-attribution.rules.ts).
 * Crawlers' reports are not stored (the route answers them 204). Never stored: IP address, user agent, the referring URL or any fingerprint, so an anonymous visit
 * identifies no one; only the referring site's host and the device class (mobile, tablet, desktop)
 * are kept for the owners' top referrers and devices (issue 29 point 8; device-class.rules.ts). The answer is a random reference the browser keeps for that session only; a
 * later click to Amazon sends it back (`/go?visit=`), which is how a campaign's click-throughs are
 * counted.
 */
import { randomBytes } from 'node:crypto';
import type { VisitInput } from '../../../common/api/visits.schema';
import type { Db } from '../../db/client';
import { ok, type Outcome } from '../../http/outcome';
import { storedReferrer } from '../../http/stored-referrer';
import { attributedEmail } from './click-attribution.rules';
import { deviceClass, referrerHost } from './device-class.rules';
import { insertVisit } from './visits.queries';

const PRODUCT_PATH = /^\/deals\/([A-Za-z0-9]{10})\/?$/;
const blankToNull = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());

/** What the request says besides its body: its User-Agent (classed, not kept) and our own host names (not referrers). */
export interface VisitContext {
  userAgent?: string | null;
  ownHosts?: ReadonlyArray<string | null | undefined>;
}

/**
 * Records a visit at `now` (input validated by visitSchema) and returns its reference. `provenEmail`
 * is the address of the request's visitor token, if any: `userEmail` is stored only when it is that
 * address. The path is kept without query or fragment, the referrer as its host only (none for
 * `context.ownHosts`), the User-Agent as its device class only. Throws what the database throws.
 */
export async function recordVisit(
  db: Db,
  input: VisitInput,
  provenEmail: string | null,
  now: Date,
  context: VisitContext = {},
): Promise<Outcome<{ visit: string }>> {
  const ref = randomBytes(16).toString('hex');
  const path = storedReferrer(input.path) ?? '/';
  await insertVisit(db, {
    ref,
    path,
    asin: PRODUCT_PATH.exec(path)?.[1]?.toUpperCase() ?? null,
    email: attributedEmail(input.userEmail, provenEmail),
    utmSource: blankToNull(input.utm_source),
    utmMedium: blankToNull(input.utm_medium),
    utmCampaign: blankToNull(input.utm_campaign),
    referrerHost: referrerHost(input.referrer, context.ownHosts ?? []),
    device: deviceClass(context.userAgent),
    visitedAt: now,
  });
  return ok({ visit: ref });
}
