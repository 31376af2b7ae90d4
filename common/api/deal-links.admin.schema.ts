/**
 * The owners' signed deal links (issue 27; docs/decisions/0023-landing-pages-facts.md): the request
 * and answer of `POST /api/admin/deal-links` (signed-in admins only). A link's claims are shown on
 * `/deal?…` only while its signature matches and it has not expired (deal-links.schema.ts).
 * Admin code only (shopper code never imports `*.admin.*`).
 */
import { z } from 'zod';
import { DEAL_LINK_VALID_DAYS } from '../deal-links';
import { dealLinkClaimsSchema, shownDealLinkClaimsSchema } from './deal-links.schema';

export { DEAL_LINK_VALID_DAYS } from '../deal-links';

/** Claims that a shopper reads as a statement about the deal (not only where the button leads). */
const STATED = ['title', 'discount', 'description', 'dealType', 'urgencyText', 'features', 'rating', 'reviewCount'] as const;

/**
 * `POST /api/admin/deal-links` body: the claims (deal-links.schema.ts `dealLinkClaimsSchema`) and
 * `validDays` (whole days, 1–90, default 14). At least one stated claim or an `asin`; not both
 * `url` and `search` (the button leads to one place).
 */
export const dealLinkCreateSchema = dealLinkClaimsSchema
  .extend({
    validDays: z.coerce
      .number('must be a whole number of days')
      .int('must be a whole number of days')
      .min(DEAL_LINK_VALID_DAYS.min, `must be at least ${DEAL_LINK_VALID_DAYS.min}`)
      .max(DEAL_LINK_VALID_DAYS.max, `must be at most ${DEAL_LINK_VALID_DAYS.max}`)
      .optional()
      .default(DEAL_LINK_VALID_DAYS.default),
  })
  .refine((c) => c.asin !== undefined || STATED.some((k) => c[k] !== undefined), {
    message: 'must state at least one claim (title, discount, description, deal type, urgency, features, rating or reviews) or an ASIN',
    path: ['title'],
  })
  .refine((c) => !(c.url !== undefined && c.search !== undefined), { message: 'give either url or search, not both', path: ['search'] });
export type DealLinkCreateInput = z.input<typeof dealLinkCreateSchema>;

/** 201 answer: the link (site path and full URL), when it stops counting, and what it claims. */
export const dealLinkCreatedSchema = z.object({
  /** `/deal?…&exp=…&sig=…`: the path and query, for a link on this site. */
  path: z.string(),
  /** The same under PUBLIC_URL, to paste into an e-mail or an advert. */
  url: z.string(),
  /** ISO 8601. */
  expiresAt: z.string(),
  claims: shownDealLinkClaimsSchema,
  /** Whether the named ASIN is in our catalogue (its facts then show under the claims); null without an ASIN. */
  productFound: z.boolean().nullable(),
});
export type DealLinkCreated = z.infer<typeof dealLinkCreatedSchema>;
