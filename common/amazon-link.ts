/**
 * Reads the ASIN out of what a shopper pastes into "Track any Amazon product" (issue 30): an
 * amazon.co.uk product link in its usual forms, or a bare ASIN. Runs on both sides (the box checks
 * before sending; `POST /api/products/track` decides). Pure; no network: short links (amzn.eu,
 * amzn.to, a.co) need a request to Amazon to resolve, so they are refused with what to do instead.
 *
 * Accepted (any case, with or without `https://`, `www.`, `smile.` or `m.`, a slug, a query or a
 * fragment):
 * - `amazon.co.uk/dp/B0ABCDEFGH`, `amazon.co.uk/Some-Product-Slug/dp/B0ABCDEFGH/ref=sr_1_1?keywords=…`
 * - `amazon.co.uk/gp/product/B0ABCDEFGH`, `…/gp/aw/d/B0ABCDEFGH`, `…/exec/obidos/ASIN/B0ABCDEFGH`,
 *   `…/o/ASIN/B0ABCDEFGH`, `…/product-reviews/B0ABCDEFGH`
 * - a bare ASIN: 10 letters and digits (an ISBN-10 is an ASIN too), e.g. `B0ABCDEFGH`.
 */

/** What a pasted text names: its ASIN (upper case), or why it is refused (a sentence for the shopper). */
export type AmazonLinkResult = { ok: true; asin: string } | { ok: false; reason: string };

/** The marketplace we track. */
export const TRACKED_MARKETPLACE = 'amazon.co.uk';

const ASIN = /^[A-Z0-9]{10}$/;
/** The path segments before an ASIN in Amazon's product links. */
const PRODUCT_PATH =
  /(?:^|\/)(?:dp|dp\/product|gp\/product|gp\/aw\/d|gp\/offer-listing|exec\/obidos\/asin|o\/asin|product-reviews)\/([a-z0-9]{10})(?=[/?#]|$)/i;
const SHORT_LINK_HOSTS = new Set(['amzn.eu', 'amzn.to', 'amzn.asia', 'a.co', 'amzn.com']);
/** Amazon's other country sites (amazon.com, amazon.de, amazon.com.au…). */
const OTHER_AMAZON =
  /^(?:[a-z0-9-]+\.)*amazon\.(?:com|ca|de|fr|it|es|nl|se|pl|com\.be|com\.tr|ae|sa|eg|in|co\.jp|com\.au|com\.mx|com\.br|sg|cn|ie)$/;

export const LINK_RULES = {
  notAmazon: 'must be an amazon.co.uk product link (for example https://www.amazon.co.uk/dp/B0…) or a 10-character ASIN',
  shortLink:
    'short links (amzn.eu, amzn.to) cannot be opened here: open the link in your browser and paste the full amazon.co.uk address it shows',
  notProduct: 'this amazon.co.uk link is not a product page: paste a link with /dp/ or /gp/product/ and the 10-character ASIN',
  empty: 'is required: paste an amazon.co.uk product link or an ASIN',
} as const;

/** The sentence for another Amazon country site, naming it. */
export function otherMarketplaceRule(host: string): string {
  return `this is a link to ${host.replace(/^www\./, '')}: we track amazon.co.uk prices only, so paste the product's amazon.co.uk link`;
}

/** The host of `text` when it reads as a web address (with or without a scheme), else null. */
function parseUrl(text: string): URL | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text)
    ? text
    : /^[a-z0-9-]+(\.[a-z0-9-]+)+([/?#:]|$)/i.test(text)
      ? `https://${text}`
      : null;
  if (withScheme === null) return null;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The ASIN `text` names, or the reason it is refused (see the module doc). */
export function asinFromAmazonLink(input: string): AmazonLinkResult {
  const text = input.trim();
  if (text === '') return { ok: false, reason: LINK_RULES.empty };
  const bare = text.toUpperCase();
  if (ASIN.test(bare)) return { ok: true, asin: bare };
  const url = parseUrl(text);
  if (!url) return { ok: false, reason: LINK_RULES.notAmazon };
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (SHORT_LINK_HOSTS.has(host)) return { ok: false, reason: LINK_RULES.shortLink };
  if (host !== TRACKED_MARKETPLACE && !host.endsWith(`.${TRACKED_MARKETPLACE}`)) {
    return { ok: false, reason: OTHER_AMAZON.test(host) ? otherMarketplaceRule(host) : LINK_RULES.notAmazon };
  }
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep the raw path
  }
  const match = PRODUCT_PATH.exec(path);
  if (!match) {
    // A search or share link may carry the ASIN as a query parameter (?asin=…).
    const fromQuery = (url.searchParams.get('asin') ?? url.searchParams.get('ASIN') ?? '').toUpperCase();
    return ASIN.test(fromQuery) ? { ok: true, asin: fromQuery } : { ok: false, reason: LINK_RULES.notProduct };
  }
  return { ok: true, asin: match[1]!.toUpperCase() };
}
