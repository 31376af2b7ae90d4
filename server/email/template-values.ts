/**
 * The nine placeholder values of an owner's e-mail template (admin-area §9) for one product and
 * recipient. Pure, and apart from owner-template.ts, which composes the message with the e-mail
 * renderer: the services that only work out the values (deal-alert notifications) then do not load
 * React and the e-mail components before the server listens (eslint.config.js, "e-mail templates").
 */
import { emailLink, type EmailCampaign } from '../../common/email-campaigns';
import { discountPercent } from '../../common/discount';
import type { TemplateValues } from '../../common/email-templates';
import { penceToPriceString } from '../../common/money';
import { paths } from '../../common/paths';

/** Only http(s) image URLs go into a template (a feed value such as `javascript:` becomes blank). */
function safeImageUrl(url: string | null | undefined): string {
  return url && /^https?:\/\//i.test(url) ? url : '';
}

/**
 * The nine placeholder values (admin-area §9) for one product and recipient. Prices in pounds
 * without £; `affiliateUrl` is our tracked redirect `/go/{ASIN}` with the campaign's utm parameters
 * (DESIGN.md §4: e-mails never link straight to Amazon). Pure.
 */
export function templateValuesFor(
  input: { asin: string; productTitle: string; productImageUrl: string | null; beforePence: number; afterPence: number; recipient: string },
  publicUrl: string,
  campaign: EmailCampaign,
): TemplateValues {
  return {
    productTitle: input.productTitle,
    asin: input.asin,
    beforePrice: penceToPriceString(input.beforePence),
    afterPrice: penceToPriceString(input.afterPence),
    priceChange: penceToPriceString(Math.max(0, input.beforePence - input.afterPence)),
    priceChangePercent: String(discountPercent(input.beforePence, input.afterPence) ?? 0),
    affiliateUrl: emailLink(publicUrl, paths.go(input.asin), campaign),
    productImageUrl: safeImageUrl(input.productImageUrl),
    userEmail: input.recipient,
  };
}
