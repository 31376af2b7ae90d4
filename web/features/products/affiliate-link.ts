/**
 * Outbound Amazon links of product cards and pages (shopper-screens §5 "Affiliate link rewriting";
 * DESIGN.md §4 "Affiliate links"): the server's tagged link, rewritten with the visitor's tag by
 * common/affiliate.ts. Never links anywhere but an allowlisted Amazon host.
 */
import { isAllowedAmazonUrl, isAsin, productAffiliateUrl, rewriteAffiliateUrl } from '../../../common/affiliate';

/**
 * The href for "View at Amazon": `affiliateUrl` rewritten with `tag`, else the canonical /dp/ link
 * for the ASIN. With no tag yet (config loading) the server's default-tagged link is used.
 * Null when no safe Amazon link exists (the button is then not shown).
 */
export function outboundAmazonUrl(product: { asin: string; affiliateUrl: string }, tag: string | null): string | null {
  if (tag) return rewriteAffiliateUrl(product.affiliateUrl, tag) ?? (isAsin(product.asin) ? productAffiliateUrl(product.asin, tag) : null);
  return isAllowedAmazonUrl(product.affiliateUrl) ? product.affiliateUrl : null;
}
