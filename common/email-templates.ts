/**
 * The owners' e-mail templates (admin-area §2 "Templates tab", §5, §9; DESIGN.md §2 "E-mail
 * templates": Mustache-style `{{placeholders}}`, a logic-less, escaping library). Isomorphic: the
 * server renders and checks with it, the admin editor previews and checks with the same code.
 *
 * Rules:
 * - Only the nine placeholders of admin-area §9, written `{{name}}`, are allowed. Unescaped forms
 *   (`{{{name}}}`, `{{& name}}`), sections, partials and delimiter changes are refused, so a value
 *   (a product title from a feed, an e-mail address) can never become HTML.
 * - In the HTML body every value is HTML-escaped (Mustache's escaping: & < > " ' / ` =); in the
 *   subject (a plain-text header) values go in as text, with line breaks turned into spaces.
 * - A blank subject falls back to {@link DEFAULT_TEMPLATE_SUBJECT}, a blank body to
 *   {@link DEFAULT_DEAL_ALERT_HTML} (admin-area §5).
 */
import Mustache from 'mustache';
import escapeHtmlText from 'escape-html';

/** The placeholders of admin-area §9, in the spec's order (the editor's insert buttons). */
export const TEMPLATE_PLACEHOLDERS = [
  'productTitle',
  'asin',
  'beforePrice',
  'afterPrice',
  'priceChange',
  'priceChangePercent',
  'affiliateUrl',
  'productImageUrl',
  'userEmail',
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

/**
 * The values of one message. Prices are pound amounts without the £ sign ("12.99"), as the spec's
 * default subject writes `£{{afterPrice}}`; `priceChange` is the saving, positive ("3.00");
 * `priceChangePercent` a whole percent ("19"); `affiliateUrl` our tracked redirect `/go/{ASIN}`
 * (DESIGN.md §4: e-mails never link straight to Amazon), with the message's utm parameters.
 */
export type TemplateValues = Record<TemplatePlaceholder, string>;

/** Local parts of the six sender addresses on MAIL_DOMAIN (admin-area §5), in the spec's order. */
export const SENDER_LOCAL_PARTS = ['noreply', 'info', 'deals', 'support', 'alerts', 'notifications'] as const;
export type SenderLocalPart = (typeof SENDER_LOCAL_PARTS)[number];

/** The six sender addresses on `mailDomain`. */
export function senderAddresses(mailDomain: string): string[] {
  return SENDER_LOCAL_PARTS.map((local) => `${local}@${mailDomain}`);
}

/** The From header of a sender: `Deal Alerts UK <deals@{mailDomain}>`. */
export function senderFromHeader(local: SenderLocalPart, mailDomain: string): string {
  return `Deal Alerts UK <${local}@${mailDomain}>`;
}

/** The local part of `address` when it is one of the six senders on `mailDomain`, else null. */
export function senderLocalPart(address: string, mailDomain: string): SenderLocalPart | null {
  const [local, domain, ...rest] = address.trim().toLowerCase().split('@');
  if (rest.length > 0 || domain !== mailDomain.toLowerCase()) return null;
  return (SENDER_LOCAL_PARTS as readonly string[]).includes(local ?? '') ? (local as SenderLocalPart) : null;
}

/** Subject used when the subject is blank (admin-area §5). */
export const DEFAULT_TEMPLATE_SUBJECT = 'Price Alert: {{productTitle}} - Now £{{afterPrice}}';

/** The default deal alert template: the body used when the HTML is blank (admin-area §5). Tables and inline styles only. */
export const DEFAULT_DEAL_ALERT_HTML = `<!DOCTYPE html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Price alert</title></head>
<body style="margin:0;padding:24px 0;background-color:#f4f4f5;font-family:Helvetica,Arial,sans-serif;color:#27272a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background-color:#ffffff;border-radius:8px">
<tr><td style="background-color:#1e3a8a;border-radius:8px 8px 0 0;padding:16px 24px;color:#ffffff;font-size:20px;font-weight:700">Deal Alerts UK</td></tr>
<tr><td style="padding:16px 24px">
<h1 style="margin:8px 0;font-size:22px;color:#18181b">The price has dropped on an item you are watching</h1>
<img src="{{productImageUrl}}" alt="{{productTitle}}" width="200" style="display:block;margin:8px auto;max-width:200px;height:auto">
<p style="font-size:16px;font-weight:700;color:#18181b">{{productTitle}}</p>
<p style="font-size:16px"><span style="color:#71717a;text-decoration:line-through">Was £{{beforePrice}}</span> &rarr; <span style="color:#b91c1c;font-size:24px;font-weight:700">now £{{afterPrice}}</span></p>
<p style="color:#15803d;font-weight:700">You save £{{priceChange}} ({{priceChangePercent}}%)</p>
<p style="margin:24px 0"><a href="{{affiliateUrl}}" style="background-color:#1d4ed8;border-radius:6px;color:#ffffff;font-weight:700;padding:12px 20px;text-decoration:none;display:inline-block">View the deal</a></p>
<p style="font-size:13px;color:#52525b">You are receiving this at {{userEmail}} because you set a price-drop alert for this product (ASIN {{asin}}).</p>
</td></tr>
</table>
</td></tr></table>
</body>
</html>`;

/** Values for previews and test e-mails; `affiliateUrl` is given by the caller (it needs the site's address). */
export const SAMPLE_TEMPLATE_VALUES: Omit<TemplateValues, 'affiliateUrl'> = {
  productTitle: 'Ninja Air Fryer Max AF160UK, 5.2 L, Black',
  asin: 'B07Q5JZ4TQ',
  beforePrice: '149.99',
  afterPrice: '99.99',
  priceChange: '50.00',
  priceChangePercent: '33',
  productImageUrl: '',
  userEmail: 'shopper@example.co.uk',
};

/** A problem found in a template: the field ('subject', 'htmlContent', …) and the rule it breaks. */
export interface TemplateProblem {
  field: string;
  /** The rule, e.g. "unknown placeholders {{price}}, {{name}}; use only productTitle, …". */
  message: string;
}

const ALLOWED = new Set<string>(TEMPLATE_PLACEHOLDERS);
const PLACEHOLDER_LIST = TEMPLATE_PLACEHOLDERS.join(', ');

/** Every tag of a parsed template, sections' contents included. */
function tagsOf(spans: Mustache.TemplateSpans): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const span of spans) {
    const [type, value] = span;
    if (type !== 'text') found.push([type, value]);
    const children = span[4];
    if (Array.isArray(children)) found.push(...tagsOf(children));
  }
  return found;
}

/**
 * What is wrong with one template text (`field` names it in the messages), or [] when it may be
 * used: a tag that does not close, unknown placeholders (all named, in order), unescaped or logic
 * tags. Never throws.
 */
export function templateProblems(field: string, text: string): TemplateProblem[] {
  let spans: Mustache.TemplateSpans;
  try {
    spans = Mustache.parse(text);
  } catch (error) {
    return [{ field, message: `${(error as Error).message.replace(/\s+/g, ' ')}; write placeholders as {{name}}` }];
  }
  const problems: TemplateProblem[] = [];
  const tags = tagsOf(spans);
  const unknown = [...new Set(tags.filter(([type, name]) => type === 'name' && !ALLOWED.has(name)).map(([, name]) => name))];
  if (unknown.length > 0) {
    problems.push({
      field,
      message: `unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `{{${n}}}`).join(', ')}; use only ${PLACEHOLDER_LIST}`,
    });
  }
  const unescaped = [...new Set(tags.filter(([type]) => type === '&' || type === '{').map(([, name]) => name))];
  if (unescaped.length > 0) {
    problems.push({
      field,
      message: `${unescaped.map((n) => `{{{${n}}}}`).join(', ')} would not be escaped; write {{name}} so values stay text`,
    });
  }
  const logic = [...new Set(tags.filter(([type]) => ['#', '^', '>', '='].includes(type)).map(([type, name]) => `{{${type}${name}}}`))];
  if (logic.length > 0) {
    problems.push({ field, message: `${logic.join(', ')} is not supported; templates hold only {{name}} placeholders` });
  }
  return problems;
}

/** The subject and body a template sends: blank ones replaced by the spec's fallbacks (admin-area §5). */
export function withFallbacks(template: { subject: string; htmlContent: string }): { subject: string; htmlContent: string } {
  return {
    subject: template.subject.trim() === '' ? DEFAULT_TEMPLATE_SUBJECT : template.subject,
    htmlContent: template.htmlContent.trim() === '' ? DEFAULT_DEAL_ALERT_HTML : template.htmlContent,
  };
}

/**
 * Renders a checked HTML body: every value HTML-escaped. Call only on a text with no
 * {@link templateProblems}; unknown names would render as empty text.
 */
export function renderTemplateHtml(html: string, values: TemplateValues): string {
  return Mustache.render(html, values, undefined, { escape: escapeHtml });
}

/**
 * HTML escaping of a value (text and quoted attribute values alike: & < > " ', the `escape-html`
 * package), passed to Mustache explicitly, so no global Mustache setting can turn it off.
 */
export function escapeHtml(value: string): string {
  return escapeHtmlText(String(value));
}

/** Renders a checked subject: values as plain text, line breaks and runs of spaces collapsed, at most 300 characters. */
export function renderTemplateSubject(subject: string, values: TemplateValues): string {
  return Mustache.render(subject, values, undefined, { escape: (value: string) => String(value) })
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}
