/**
 * The owners' signed deal links (issue 27; docs/decisions/0023-landing-pages-facts.md): a claim on a
 * `/deal?…` page (a percentage, a headline, a rating, urgency…) is shown only when the owners wrote
 * it here. Signing is deal-links.rules.ts; every link made is recorded in the audit log.
 */
import type { DealLinkCreated } from '../../../common/api/deal-links.admin.schema';
import type { DealLinkClaims } from '../../../common/api/deal-links.schema';
import { paths } from '../../../common/paths';
import type { Db } from '../../db/client';
import { recordAdminAction } from '../audit';
import { currentPrice } from '../products';
import { signDealLink } from './deal-links.rules';
import { millisecondsInDay as DAY_MS } from 'date-fns/constants';

/** Who makes the link, and when. */
export interface DealLinkActor {
  adminId: number;
  now: Date;
}

/**
 * Signs `claims` with `secret` (the site's SECRET_KEY) to expire `validDays` whole days after
 * `actor.now`, and records `deal-links.create` in the audit log (target: the ASIN, or 'generic';
 * counts: the discount when claimed, the days). Answers the link's path, its URL under `publicUrl`,
 * its expiry (ISO 8601), the claims and whether the named ASIN is in our catalogue.
 */
export async function createDealLink(
  db: Db,
  secret: string,
  publicUrl: string,
  actor: DealLinkActor,
  input: DealLinkClaims & { validDays: number },
): Promise<DealLinkCreated> {
  const { validDays, ...claims } = input;
  const signed = signDealLink(secret, claims, new Date(actor.now.getTime() + validDays * DAY_MS));
  const path = `${paths.deal()}?${signed.query}`;
  const productFound = claims.asin === undefined ? null : (await currentPrice(db, claims.asin, actor.now)) !== null;
  await recordAdminAction(
    db,
    {
      adminId: actor.adminId,
      action: 'deal-links.create',
      target: claims.asin ?? 'generic',
      counts: { validDays, ...(claims.discount !== undefined ? { discount: claims.discount } : {}) },
    },
    actor.now,
  );
  return { path, url: `${publicUrl}${path}`, expiresAt: signed.expiresAt.toISOString(), claims, productFound };
}
