/**
 * Composing a message from an owner's template (admin-area §2 "Templates tab", §5, §9; DESIGN.md §2
 * "E-mail templates"; issue 12 part 3). The template was checked when saved or sent
 * (common/email-templates.ts: only the nine placeholders, only `{{name}}`), so every value is
 * HTML-escaped: a product title such as `<script>` arrives as text.
 *
 * The composed message also gets:
 * - the house footer (Associates disclosure, price caveat, privacy link and, for subscribed mail,
 *   the recipient's one-click unsubscribe link) before `</body>`, so an owner's template cannot
 *   leave them out;
 * - utm parameters on every link to our own site (common/email-campaigns.ts), those the owner typed
 *   included, except the signed unsubscribe link;
 * - `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 2369, RFC 8058) for subscribed mail;
 * - a plain-text alternative made from the HTML.
 */
import { toPlainText } from '@react-email/render';
import { emailLink, withUtm, type EmailCampaign } from '../../common/email-campaigns';
import { escapeHtml, renderTemplateHtml, renderTemplateSubject, withFallbacks, type TemplateValues } from '../../common/email-templates';
import { paths } from '../../common/paths';
import { listUnsubscribeHeaders, unsubscribeUrl } from './signed-links';
import { SITE_NAME } from './templates/email-layout';

export interface OwnerTemplateText {
  subject: string;
  htmlContent: string;
}

export interface OwnerTemplateOptions {
  campaign: EmailCampaign;
  /** Subscribed mail: the recipient whose signed unsubscribe link (issued at `issuedAt`) the message carries. */
  unsubscribe?: { recipient: string; issuedAt: Date };
  /** A line above the footer, e.g. "This is a test of the template …". */
  note?: string;
}

/** A composed message: subject, HTML, plain text and extra headers. */
export interface OwnerTemplateMessage {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/**
 * Renders `template` (blank parts replaced by the spec's fallbacks) with `values`. Pure; throws only
 * for a template that does not parse (check it with `templateProblems` first).
 */
export function composeOwnerTemplate(
  env: { PUBLIC_URL: string; SECRET_KEY: string },
  template: OwnerTemplateText,
  values: TemplateValues,
  options: OwnerTemplateOptions,
): OwnerTemplateMessage {
  const { subject, htmlContent } = withFallbacks(template);
  const unsubscribe = options.unsubscribe
    ? unsubscribeUrl(env.PUBLIC_URL, env.SECRET_KEY, options.unsubscribe.recipient, options.unsubscribe.issuedAt)
    : null;
  const body = tagSiteLinks(renderTemplateHtml(htmlContent, values), env.PUBLIC_URL, options.campaign);
  const html = withFooter(body, footerHtml(env.PUBLIC_URL, options.campaign, unsubscribe, options.note));
  return {
    subject: renderTemplateSubject(subject, values),
    html,
    text: toPlainText(html),
    headers: unsubscribe ? listUnsubscribeHeaders(unsubscribe) : {},
  };
}

const HREF = /\bhref\s*=\s*(["'])(.*?)\1/gi;
const decodeAmp = (value: string) => value.replace(/&amp;/gi, '&');

/**
 * Adds the campaign's utm parameters to every `href` pointing at `publicUrl` (our own site), except
 * the one-click unsubscribe URL; other links are left alone.
 */
export function tagSiteLinks(html: string, publicUrl: string, campaign: EmailCampaign): string {
  const origin = new URL(publicUrl).origin;
  return html.replace(HREF, (whole, quote: string, value: string) => {
    const url = decodeAmp(value.trim());
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return whole;
    }
    if (parsed.origin !== origin || parsed.pathname.startsWith('/api/unsubscribe')) return whole;
    return `href=${quote}${escapeHtml(withUtm(url, campaign))}${quote}`;
  });
}

/** Puts `footer` right before the last `</body>`, or at the end when the template has none. */
function withFooter(html: string, footer: string): string {
  const at = html.toLowerCase().lastIndexOf('</body>');
  return at === -1 ? `${html}\n${footer}` : `${html.slice(0, at)}${footer}\n${html.slice(at)}`;
}

const FOOTER_TEXT = 'color:#71717a;font-size:12px;line-height:18px;margin:4px 0;font-family:Helvetica,Arial,sans-serif';

function footerHtml(publicUrl: string, campaign: EmailCampaign, unsubscribe: string | null, note: string | undefined): string {
  const line = (content: string) => `<p style="${FOOTER_TEXT}">${content}</p>`;
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:#71717a;text-decoration:underline">${label}</a>`;
  return [
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:16px 24px">',
    note ? line(escapeHtml(note)) : '',
    line('As an Amazon Associate we earn from qualifying purchases.'),
    line('Prices are subject to change. The price shown on Amazon.co.uk at the time of purchase applies.'),
    unsubscribe ? line(`Don&#39;t want these e-mails? ${link(unsubscribe, 'Unsubscribe')}`) : '',
    line(`${escapeHtml(SITE_NAME)} · ${link(emailLink(publicUrl, paths.privacyPolicy(), campaign), 'Privacy policy')}`),
    '</td></tr></table>',
  ].join('');
}
