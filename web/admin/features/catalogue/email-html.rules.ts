/**
 * Copy Email HTML (admin-area §2 "Products tab", "Product Catalog tab", §9 "Email product cards";
 * issue 11 part 3): the selected products as one e-mail-safe block of product cards, for the owners
 * to paste into a newsletter. Pure: products in, HTML text out.
 *
 * - Cards are sorted by discount percent, largest first (products without one last, in the order
 *   given); a card shows 'Save N%' only when N > 0 (N is the Product shape's `discountPercent`:
 *   round((original − price) / original × 100) over a substantiated original price, DESIGN.md §4).
 * - E-mail-safe: nested `role="presentation"` tables, inline styles only, no script, no classes,
 *   no external CSS, images with width, height:auto and alt text (Campaign Monitor / Litmus rules
 *   for Outlook and Gmail).
 * - Every text and attribute is HTML-escaped; an image URL that is not http(s) is left out.
 * - Links go to our own product page (DESIGN.md §4 "E-mail": never straight to Amazon; the tracked
 *   redirect then adds the tag), with utm parameters so the visits count as this e-mail's
 *   (web/lib/outbound-link.ts keeps them for the click).
 * - The "was" price names its basis (RRP, Was, our tracked price for 28+ days), and the block
 *   ends with the price's "as of" time and the Amazon price disclaimer.
 */
import type { Product, ShownProduct } from '../../../../common/api/products.schema';
import { paths } from '../../../../common/paths';
import { formatGbp } from './catalogue-labels';

/** The campaign the links carry (utm_campaign). */
export const EMAIL_CAMPAIGN = 'admin-deal-picks';

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value, HTML-escaped (& < > " '). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

/** The products sorted for the e-mail: largest discount first; equal discounts keep the given order. */
export function sortByDiscount<T extends Pick<Product, 'discountPercent'>>(products: readonly T[]): T[] {
  return products
    .map((product, index) => ({ product, index }))
    .sort((a, b) => (b.product.discountPercent ?? 0) - (a.product.discountPercent ?? 0) || a.index - b.index)
    .map(({ product }) => product);
}

/** `url` when it is an absolute http(s) URL, else null. */
function httpUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

const asOfFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

export interface EmailHtmlOptions {
  /** The site's origin, e.g. "https://dealalerts.example" (links must be absolute in an e-mail). */
  siteOrigin: string;
}

/** Our product page for `asin`, absolute, with the campaign parameters. */
export function emailProductLink(asin: string, siteOrigin: string): string {
  const url = new URL(paths.product(asin), siteOrigin);
  url.searchParams.set('utm_source', 'email');
  url.searchParams.set('utm_medium', 'email');
  url.searchParams.set('utm_campaign', EMAIL_CAMPAIGN);
  return url.href;
}

function cardHtml(product: ShownProduct, siteOrigin: string): string {
  const link = escapeHtml(emailProductLink(product.asin, siteOrigin));
  const title = escapeHtml(product.title);
  const image = httpUrl(product.imageUrl);
  const save = product.discountPercent != null && product.discountPercent > 0 ? product.discountPercent : null;
  const was =
    product.originalPrice && save !== null
      ? ` <span style="color:#475569;font-size:14px;">${escapeHtml(product.savingBasisLabel ?? 'Was')} <s>${escapeHtml(formatGbp(product.originalPrice))}</s></span>`
      : '';
  const imageCell = image
    ? `<td width="120" valign="top" style="padding:0 16px 0 0;"><a href="${link}"><img src="${escapeHtml(image)}" width="120" alt="${title}" style="display:block;border:0;width:120px;max-width:120px;height:auto;"></a></td>`
    : '';
  const badge =
    save !== null
      ? `<p style="margin:0 0 8px 0;"><span style="display:inline-block;background-color:#b91c1c;color:#ffffff;font-size:13px;font-weight:bold;padding:3px 8px;border-radius:4px;">Save ${save}%</span></p>`
      : '';
  return [
    '<tr><td style="padding:0 0 16px 0;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;background-color:#ffffff;border:1px solid #e2e8f0;border-radius:8px;">',
    `<tr><td style="padding:16px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>${imageCell}<td valign="top">`,
    badge,
    `<p style="margin:0 0 8px 0;font-size:16px;line-height:22px;font-weight:bold;"><a href="${link}" style="color:#0f172a;text-decoration:none;">${title}</a></p>`,
    `<p style="margin:0 0 12px 0;font-size:20px;line-height:26px;font-weight:bold;color:#15803d;">${escapeHtml(formatGbp(product.price))}${was}</p>`,
    `<a href="${link}" style="display:inline-block;background-color:#fbbf24;color:#0f172a;font-size:14px;font-weight:bold;text-decoration:none;padding:10px 18px;border-radius:6px;">View deal</a>`,
    '</td></tr></table></td></tr></table>',
    '</td></tr>',
  ].join('');
}

/**
 * The e-mail HTML of `products` (at least one). Throws RangeError for an empty list: the caller
 * says 'Please select at least one product to generate email' before calling.
 */
export function buildProductEmailHtml(products: readonly ShownProduct[], options: EmailHtmlOptions): string {
  if (products.length === 0) throw new RangeError('no products to put in the e-mail');
  const sorted = sortByDiscount(products);
  const latest = Math.max(...sorted.map((p) => Date.parse(p.asOf)).filter((t) => Number.isFinite(t)));
  const asOf = Number.isFinite(latest) ? ` as of ${escapeHtml(asOfFormat.format(latest))}` : '';
  return [
    `<!-- Deal Alerts UK: ${sorted.length} product${sorted.length === 1 ? '' : 's'}, largest saving first -->`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;max-width:600px;margin:0 auto;font-family:Arial,Helvetica,sans-serif;color:#0f172a;">',
    ...sorted.map((p) => cardHtml(p, options.siteOrigin)),
    `<tr><td style="padding:0;font-size:12px;line-height:18px;color:#475569;">Prices${asOf}. Prices and availability are accurate as of the date and time indicated and are subject to change.</td></tr>`,
    '</table>',
  ].join('\n');
}
