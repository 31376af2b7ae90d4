/**
 * Outbound clicks (shopper-screens §4 "Outbound click", §5 "Affiliate link rewriting", §7
 * POST /api/product-clicks; DESIGN.md §4 "Affiliate links"; issue 9 part 3).
 *
 * - {@link redirectClick}: our redirect `GET /go/{asin}`: records the click (product facts from our
 *   catalogue, not the client) and returns the affiliate URL built by common/affiliate.ts. The URL is
 *   always on an allowlisted Amazon host; a failure to record never blocks the redirect.
 * - {@link recordClick}: the spec's client-side record, for links that leave without our redirect.
 * Category button clicks are in category-clicks.service.ts.
 *
 * The tag is one of the two configured tags: the new-user tag when the browser says its new-user
 * window is open (the flag lives in browser storage, spec §4), else the default tag; or, for a link
 * from an owners' category page (`cp={slug}`), that page's stored tag (issue 8 part 3).
 *
 * Issue 25 ("Analytics only from real shoppers"): a crawler's request is redirected but not
 * recorded (the route says which: click-attribution.rules.ts `isCrawler`); the address is stored
 * only when the request proves it (`attributedEmail`); the referrer is kept as scheme, host and
 * path only (server/http/stored-referrer.ts).
 */
import { chooseAffiliateTag, isAllowedAmazonUrl, productAffiliateUrl, rewriteAffiliateUrl } from '../../../common/affiliate';
import { priceStringToPence } from '../../../common/money';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { fail, ok, type Outcome } from '../../http/outcome';
import { storedReferrer } from '../../http/stored-referrer';
import { categoryPageTag } from '../category-pages';
import { chooseOriginalPrice } from '../products';
import { attributedEmail, VISIT_PROOF_MAX_AGE_MS } from './click-attribution.rules';
import { deviceClass } from './device-class.rules';
import { findClickedProduct, insertProductClick, type NewProductClick } from './clicks.queries';
import { findVisitEmail } from './visits.queries';

type Tags = Pick<Env, 'AFFILIATE_TAG' | 'AFFILIATE_TAG_NEW_USER'>;

export interface Campaign {
  utm_source?: string | null;
  utm_medium?: string | null;
  utm_campaign?: string | null;
}

/** What `GET /go` was asked (already validated by goQuerySchema and asinParamsSchema). */
export interface RedirectRequest extends Campaign {
  asin: string | null;
  clickType: 'title' | 'shop';
  newUser: boolean;
  /** The address the link claims (`?email=`); stored only when proven (see {@link redirectClick}). */
  email?: string | null;
  /** The address of the request's visitor token (`Authorization: Bearer` / `X-Visitor-Token`), if any. */
  provenEmail?: string | null;
  /** False for a crawler, link expander or script: redirected, not recorded. */
  record: boolean;
  dealId?: string | null;
  /** An Amazon link to rewrite instead of the ASIN's canonical link. */
  url?: string | null;
  referrer?: string | null;
  /** Slug of the owners' category page the link is on; its stored tag replaces ours when the page is active. */
  categoryPage?: string | null;
  /** The visit (site_visits.ref) the browser session reported, for campaign click-throughs (issue 13). */
  visitRef?: string | null;
  /** The request's User-Agent, classed into mobile/tablet/desktop for the owners' analytics (never stored itself). */
  userAgent?: string | null;
}

function pickTag(env: Tags, newUser: boolean): string {
  return chooseAffiliateTag({ defaultTag: env.AFFILIATE_TAG, newUserTag: env.AFFILIATE_TAG_NEW_USER }, newUser);
}

/**
 * The Location for a click, or invalid when neither a usable ASIN nor an allowlisted Amazon URL was
 * given. `pageTag` (a category page's stored tag, looked up by the caller) wins over our own tags. Never returns a URL off the allowlist (checked again here, whatever the caller validated).
 */
export function destinationFor(
  env: Tags,
  req: Pick<RedirectRequest, 'asin' | 'url' | 'newUser'>,
  pageTag: string | null = null,
): Outcome<{ url: string; tag: string }> {
  const tag = pageTag ?? pickTag(env, req.newUser);
  const rewritten = req.url ? rewriteAffiliateUrl(req.url, tag) : req.asin ? productAffiliateUrl(req.asin, tag) : null;
  // Always over https, even when the given link said http.
  const url = rewritten === null ? null : rewritten.replace(/^http:\/\//i, 'https://');
  if (url === null) return fail('invalid', req.url ? 'url: must be an Amazon UK link' : 'asin: an ASIN or an Amazon url is required');
  if (!isAllowedAmazonUrl(url)) return fail('invalid', 'url: must be an Amazon UK link');
  return ok({ url, tag });
}

/**
 * The claimed address of a redirect when the request proves it: its visitor token's address, or
 * the address of the visit it names (`visitRef`, reported at most {@link VISIT_PROOF_MAX_AGE_MS}
 * before `now`; a visit stores an address only with that address's token). Else null.
 */
async function provenClickEmail(db: Db, req: RedirectRequest, now: Date): Promise<string | null> {
  const byToken = attributedEmail(req.email, req.provenEmail);
  if (byToken !== null || !req.email || !req.visitRef) return byToken;
  const visit = await findVisitEmail(db, req.visitRef, new Date(now.getTime() - VISIT_PROOF_MAX_AGE_MS));
  return attributedEmail(req.email, visit);
}

/**
 * Records the click at `now` (unless `req.record` is false: a crawler) and returns the Location.
 * With `categoryPage` naming an active page, the link carries that page's stored tag (an unknown or
 * inactive page falls back to our usual tag, so an old link still works). The click's address is
 * `req.email` only when proven ({@link provenClickEmail}), else null. `warn` receives a recording
 * failure (no personal data); the redirect still happens (spec §4: "if tracking fails the redirect
 * still happens").
 */
export async function redirectClick(
  db: Db,
  env: Tags,
  req: RedirectRequest,
  now: Date,
  warn: (message: string) => void,
): Promise<Outcome<{ location: string }>> {
  let pageTag: string | null = null;
  try {
    pageTag = req.categoryPage ? await categoryPageTag(db, req.categoryPage) : null;
  } catch (error) {
    warn(`category page tag not found: ${(error as Error).name}`); // our usual tag still earns the click
  }
  const destination = destinationFor(env, req, pageTag);
  if (!destination.ok) return destination;
  if (!req.record) return ok({ location: destination.value.url });
  try {
    const product = req.asin ? await findClickedProduct(db, req.asin) : undefined;
    await insertProductClick(db, {
      email: await provenClickEmail(db, req, now),
      asin: req.asin,
      dealId: req.dealId ?? null,
      title: product?.title ?? null,
      clickType: req.clickType,
      pricePence: product?.pricePence ?? null,
      originalPricePence: product ? (chooseOriginalPrice(product)?.pence ?? null) : null,
      category: product?.category ?? (req.dealId ? 'deals' : null),
      referrer: storedReferrer(req.referrer),
      affiliateTag: destination.value.tag,
      destinationUrl: destination.value.url,
      utmSource: req.utm_source ?? null,
      utmMedium: req.utm_medium ?? null,
      utmCampaign: req.utm_campaign ?? null,
      recordedBy: 'redirect',
      visitRef: req.visitRef ?? null,
      device: deviceClass(req.userAgent),
      clickedAt: now,
    });
  } catch (error) {
    warn(`product click not recorded: ${(error as Error).name}`);
  }
  return ok({ location: destination.value.url });
}

/** The spec's client-side click record (POST /api/product-clicks), already validated. */
export interface ClickRecord extends Campaign {
  productAsin: string;
  productTitle?: string | null;
  userEmail?: string | null;
  affiliateUrl: string;
  price?: string | number | null;
  originalPrice?: string | number | null;
  category?: string | null;
  clickType: 'title' | 'shop';
  referrer?: string | null;
}

/** The tag in an Amazon URL when it is one of ours, else the default tag. */
function tagOf(env: Tags, url: string): string {
  const tag = new URL(url).searchParams.get('tag');
  return tag === env.AFFILIATE_TAG_NEW_USER ? tag : env.AFFILIATE_TAG;
}

/**
 * Stores a client-side click at `now`. The affiliate URL is allowlisted by the schema; `userEmail`
 * is stored only when it is `provenEmail` (the request's visitor token's address), else null.
 */
export async function recordClick(
  db: Db,
  env: Tags,
  input: ClickRecord,
  provenEmail: string | null,
  now: Date,
  userAgent: string | null = null,
): Promise<Outcome<{ recorded: true; affiliateTag: string }>> {
  const asin = /^[A-Z0-9]{10}$/.test(input.productAsin) ? input.productAsin : null;
  const toPence = (v: string | number | null | undefined) => (v == null ? null : priceStringToPence(String(v)));
  const click: NewProductClick = {
    email: attributedEmail(input.userEmail, provenEmail),
    asin,
    dealId: asin ? null : input.productAsin,
    title: input.productTitle ?? null,
    clickType: input.clickType,
    pricePence: toPence(input.price),
    originalPricePence: toPence(input.originalPrice),
    category: input.category ?? null,
    referrer: storedReferrer(input.referrer),
    affiliateTag: tagOf(env, input.affiliateUrl),
    destinationUrl: input.affiliateUrl,
    utmSource: input.utm_source ?? null,
    utmMedium: input.utm_medium ?? null,
    utmCampaign: input.utm_campaign ?? null,
    recordedBy: 'api',
    device: deviceClass(userAgent),
    clickedAt: now,
  };
  await insertProductClick(db, click);
  return ok({ recorded: true as const, affiliateTag: click.affiliateTag });
}
