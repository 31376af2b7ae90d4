/**
 * The price-drop alert e-mail (shopper-screens §4 "Alert lifecycle"; DESIGN.md §4 "E-mail",
 * "Honest prices", "Affiliate links"; Amazon Associates rules in
 * /work/shared/reference/amazon-creators-api.md "Limits and rules").
 *
 * It shows the product image and title, old → new price (en-GB £), the drop in £ and %, the time the
 * price was observed (en-GB, Europe/London) with Amazon's price disclaimer, and one button to **our
 * own product page** `{PUBLIC_URL}/deals/{ASIN}` (Associates rules restrict affiliate links in
 * e-mail; the click then goes through our tracked redirect). The shared layout adds the Associates
 * disclosure and the unsubscribe link; the message carries `List-Unsubscribe` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 2369, RFC 8058).
 *
 * Composing is pure (no I/O), so the price-check job composes inside its transaction and the
 * sender delivers later.
 */
import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Img } from '@react-email/img';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render, toPlainText } from '@react-email/render';
import { formatPence } from '../../../common/money';
import type { ComposedEmail } from '../outbox';
import { listUnsubscribeHeaders, unsubscribeUrl } from '../signed-links';
import { EMAIL_CAMPAIGNS, emailLink, type EmailCampaign } from '../../../common/email-campaigns';
import { EmailLayout } from './email-layout';
import { alertKindWords, type AlertType } from '../../../common/alert-kinds';

/** Amazon's wording for prices shown with an "as of" time (Associates licence, product advertising content). */
export const PRICE_DISCLAIMER = 'Prices and availability are accurate as of the date/time indicated and are subject to change.';

export interface PriceDropEmailProps {
  asin: string;
  productTitle: string;
  /** Hot-linked image URL (image files may not be stored), or null. */
  productImageUrl: string | null;
  /** The price the alert last saw, pence. */
  oldPricePence: number;
  /** The current price, pence. */
  newPricePence: number;
  /** The alert's target, pence, when one is set. */
  targetPricePence?: number | null;
  /** When the new price was observed. */
  asOf: Date;
  /** Site origin without trailing slash (env.PUBLIC_URL). */
  publicUrl: string;
  /** The recipient's signed one-click unsubscribe URL. */
  unsubscribeUrl: string;
  /** utm parameters of its links to our site; default the automatic price-drop alert's. */
  campaign?: EmailCampaign;
  /** The alert's kind (issue 30): the message says which kind fired; absent for messages queued before kinds. */
  alertType?: AlertType | null;
  /** A 'percent_drop' alert's percentage. */
  dropPercent?: number | null;
}

const asOfFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'long', timeStyle: 'short' });

/** "21 November 2026 at 14:05 (UK time)": en-GB in Europe/London, whatever the server's zone. */
export function formatAsOf(at: Date): string {
  return `${asOfFormat.format(at)} (UK time)`;
}

/** The drop in pence and whole percent (null when the price did not fall). */
export function priceDrop(oldPence: number, newPence: number): { pence: number; percent: number } | null {
  if (!(oldPence > newPence && oldPence > 0)) return null;
  return { pence: oldPence - newPence, percent: discountPercent(oldPence, newPence) ?? 0 };
}

/** A title short enough for a subject line: at most 60 characters, cut at a word, with "…". */
export function shortTitle(title: string, max = 60): string {
  const clean = title.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/**
 * "Price drop: {short title} now £12.99 (was £15.99)", or "Target price reached: …" when only the
 * target rule applies; "Back in stock: {title} at £12.99" and "New lowest price: …" for those kinds.
 */
export function priceDropSubject(
  props: Pick<PriceDropEmailProps, 'productTitle' | 'oldPricePence' | 'newPricePence' | 'alertType'>,
): string {
  const now = formatPence(props.newPricePence);
  const title = shortTitle(props.productTitle);
  if (props.alertType === 'back_in_stock') return `Back in stock: ${title} at ${now}`;
  if (props.alertType === 'lowest_price') return `New lowest price: ${title} now ${now} (was ${formatPence(props.oldPricePence)})`;
  return props.newPricePence < props.oldPricePence
    ? `Price drop: ${title} now ${now} (was ${formatPence(props.oldPricePence)})`
    : `Target price reached: ${title} now ${now}`;
}

/** Our own product page for an ASIN (never Amazon directly), with the campaign's utm parameters. */
export function productPageUrl(publicUrl: string, asin: string, campaign: EmailCampaign = EMAIL_CAMPAIGNS.priceDrop): string {
  return emailLink(publicUrl, paths.product(asin), campaign);
}

const styles = {
  heading: { color: '#18181b', fontSize: '22px', margin: '16px 0 8px' },
  text: { color: '#27272a', fontSize: '15px', lineHeight: '22px' },
  title: { color: '#18181b', fontSize: '16px', fontWeight: 700, lineHeight: '22px' },
  image: { margin: '8px auto', maxWidth: '200px', height: 'auto' },
  was: { color: '#71717a', fontSize: '16px', textDecoration: 'line-through' },
  now: { color: '#b91c1c', fontSize: '24px', fontWeight: 700 },
  saving: { color: '#15803d', fontSize: '15px', fontWeight: 700, margin: '4px 0' },
  asOf: { color: '#52525b', fontSize: '13px', lineHeight: '20px' },
  button: { backgroundColor: '#1d4ed8', borderRadius: '6px', color: '#ffffff', fontSize: '16px', fontWeight: 700, padding: '12px 20px' },
} as const;

/** Everything the message shows, already formatted for people. */
export interface PriceDropView {
  preview: string;
  heading: string;
  /** Which alert fired, in words ("Your alert: Drops 10 % …"); null for messages queued before kinds. */
  reason: string | null;
  title: string;
  /** Null: no image row. */
  imageUrl: string | null;
  /** "£15.99"; null when the price did not fall (the target rule alone). */
  was: string | null;
  now: string;
  /** "£3.00 (19%)"; null without a drop. */
  saving: string | null;
  /** "£13.00"; null unless the target is reached. */
  target: string | null;
  asOf: string;
  productUrl: string;
  unsubscribeUrl: string;
  publicUrl: string;
  campaign: EmailCampaign;
}

/** The message as a React Email component (presentational: takes formatted text). */
export function PriceDropEmail(view: PriceDropView) {
  return (
    <EmailLayout preview={view.preview} publicUrl={view.publicUrl} unsubscribeUrl={view.unsubscribeUrl} campaign={view.campaign}>
      <Heading as="h1" style={styles.heading}>
        {view.heading}
      </Heading>
      {view.imageUrl !== null ? <Img src={view.imageUrl} alt={view.title} width="200" style={styles.image} /> : null}
      <Text style={styles.title}>{view.title}</Text>
      <Text style={styles.text}>
        {view.was !== null ? (
          <>
            <span style={styles.was}>Was {view.was}</span> → <span style={styles.now}>now {view.now}</span>
          </>
        ) : (
          <span style={styles.now}>Now {view.now}</span>
        )}
      </Text>
      {view.saving !== null ? <Text style={styles.saving}>You save {view.saving}</Text> : null}
      {view.target !== null ? <Text style={styles.text}>This is at or below your target price of {view.target}.</Text> : null}
      {view.reason !== null ? <Text style={styles.text}>{view.reason}</Text> : null}
      <Text style={styles.asOf}>
        Price as of {view.asOf}. {PRICE_DISCLAIMER}
      </Text>
      <Section style={{ margin: '24px 0' }}>
        <Button href={view.productUrl} style={styles.button}>
          View the deal
        </Button>
      </Section>
      <Text style={styles.asOf}>You are receiving this because you set a price-drop alert for this product on our site.</Text>
    </EmailLayout>
  );
}

/** The formatted view of `props` (prices in en-GB £, time in Europe/London). */
export function priceDropView(props: PriceDropEmailProps): PriceDropView {
  const drop = priceDrop(props.oldPricePence, props.newPricePence);
  const now = formatPence(props.newPricePence);
  const targetReached = props.targetPricePence != null && props.newPricePence <= props.targetPricePence;
  const preview = drop
    ? `Now ${now}, down ${formatPence(drop.pence)} (${drop.percent}%): ${props.productTitle}`
    : `Now ${now}: ${props.productTitle}`;
  return {
    preview: preview.slice(0, 150),
    heading:
      props.alertType === 'back_in_stock'
        ? 'An item you are watching is back in stock'
        : props.alertType === 'lowest_price'
          ? 'A new lowest price on an item you are watching'
          : drop
            ? 'The price has dropped on an item you are watching'
            : 'Your target price has been reached',
    reason: alertReason(props),
    title: props.productTitle,
    imageUrl: props.productImageUrl,
    was: drop ? formatPence(props.oldPricePence) : null,
    now,
    saving: drop ? `${formatPence(drop.pence)} (${drop.percent}%)` : null,
    target: targetReached && props.targetPricePence != null ? formatPence(props.targetPricePence) : null,
    asOf: formatAsOf(props.asOf),
    productUrl: productPageUrl(props.publicUrl, props.asin, props.campaign),
    unsubscribeUrl: props.unsubscribeUrl,
    publicUrl: props.publicUrl,
    campaign: props.campaign ?? EMAIL_CAMPAIGNS.priceDrop,
  };
}

/** "Your alert: Drops 10 %. …": which kind fired and what it means (issue 30); null without a kind. */
function alertReason(props: PriceDropEmailProps): string | null {
  if (!props.alertType) return null;
  const words = alertKindWords({ alertType: props.alertType, targetPricePence: props.targetPricePence, dropPercent: props.dropPercent });
  const detail: Record<AlertType, string> = {
    target_price: 'The price is at or below your target.',
    percent_drop: `The price is at least ${props.dropPercent ?? ''}% below the price when you set this alert.`,
    any_drop: 'The price is lower than the last price we told you about or saw.',
    lowest_price: 'This is the lowest price we have recorded for it.',
    back_in_stock: 'Amazon has it in stock again.',
  };
  return `Your alert: ${words}. ${detail[props.alertType]}`;
}

/** The heading is part of the layout variant, not a filled-in field (the plain text upper-cases headings). */
type Field = Exclude<keyof PriceDropView, 'publicUrl' | 'campaign' | 'heading'>;
const FIELDS: Field[] = [
  'preview',
  'reason',
  'title',
  'imageUrl',
  'was',
  'now',
  'saving',
  'target',
  'asOf',
  'productUrl',
  'unsubscribeUrl',
];
/** Letters only, so HTML escaping and the text conversion leave the marker intact. */
const marker = (field: Field) => `zqdealalerts${field.toLowerCase()}qz`;
const FIELD_BY_MARKER = new Map(FIELDS.map((f) => [marker(f), f]));
const MARKER_PATTERN = /(zqdealalerts[a-z]+qz)/;
/** React's own escaping of text (`&#x27;` for an apostrophe), so a filled-in field reads exactly as a direct render. */
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** A rendered message cut at its markers: literal text, and the fields to put between. */
type Compiled = Array<string | { field: Field }>;

function compile(rendered: string): Compiled {
  // split() with a capturing group puts the markers at the odd indexes.
  return rendered.split(MARKER_PATTERN).map((chunk, i) => (i % 2 === 1 ? { field: FIELD_BY_MARKER.get(chunk) as Field } : chunk));
}

function fill(compiled: Compiled, view: PriceDropView, encode: (text: string) => string): string {
  return compiled.map((part) => (typeof part === 'string' ? part : encode(view[part.field] ?? ''))).join('');
}

/**
 * Rendered skeletons by (site, layout variant). React Email rendering takes milliseconds per
 * message (DESIGN.md §7 budgets alert evaluation at ≥ 20,000 alerts/s), so each variant is rendered
 * once with markers and the values are put in per message: HTML-escaped in the HTML, as-is in the
 * plain text. The output is what a direct render gives (the inbox preview's invisible padding aside).
 */
const skeletons = new Map<string, Promise<{ html: Compiled; text: Compiled }>>();

function skeleton(view: PriceDropView): Promise<{ html: Compiled; text: Compiled }> {
  const variant = {
    image: view.imageUrl !== null,
    drop: view.was !== null,
    saving: view.saving !== null,
    target: view.target !== null,
    reason: view.reason !== null,
    heading: view.heading,
  };
  const key = `${view.publicUrl}|${view.campaign.medium}|${view.campaign.campaign}|${JSON.stringify(variant)}`;
  let found = skeletons.get(key);
  if (!found) {
    const marked = Object.fromEntries(FIELDS.map((f) => [f, view[f] === null ? null : marker(f)])) as Omit<
      PriceDropView,
      'publicUrl' | 'campaign' | 'heading'
    >;
    found = render(<PriceDropEmail {...marked} heading={view.heading} publicUrl={view.publicUrl} campaign={view.campaign} />).then(
      (html) => ({
        html: compile(html),
        text: compile(toPlainText(html)),
      }),
    );
    skeletons.set(key, found);
    found.catch(() => skeletons.delete(key));
  }
  return found;
}

/** Renders `subject`, `html` (full document) and `text` (plain-text alternative, links spelled out). Pure; never throws on valid props. */
export async function renderPriceDropEmail(props: PriceDropEmailProps): Promise<{ subject: string; html: string; text: string }> {
  const view = priceDropView(props);
  const compiled = await skeleton(view);
  return { subject: priceDropSubject(props), html: fill(compiled.html, view, escapeHtml), text: fill(compiled.text, view, (t) => t) };
}

/** What the price-check job knows when an alert should be told about a drop. */
export interface PriceDropInput {
  alertId: number;
  /** The latest price observation of the product (the cause of the message). */
  observationId: number;
  recipient: string;
  asin: string;
  productTitle: string;
  productImageUrl: string | null;
  oldPricePence: number;
  newPricePence: number;
  targetPricePence: number | null;
  asOf: Date;
  /** The alert's kind (issue 30); absent in messages queued before kinds. */
  alertType?: AlertType | null;
  /** A 'percent_drop' alert's percentage. */
  dropPercent?: number | null;
}

import { priceDropDedupeKey } from '../outbox-keys';
import { paths } from '../../../common/paths';
import { discountPercent } from '../../../common/discount';

export { priceDropDedupeKey };

/**
 * Composes the complete outbox message for one alert: kind 'price-drop', dedupe key
 * `price-drop:{alertId}:{observationId}`, the recipient's signed unsubscribe link in the body and
 * in `List-Unsubscribe` / `List-Unsubscribe-Post` (RFC 8058), issued at `now` (signed-links.ts).
 * Pure apart from the rendering cache.
 */
export async function composePriceDropEmail(
  env: { PUBLIC_URL: string; SECRET_KEY: string },
  input: PriceDropInput,
  now: Date,
  campaign: EmailCampaign = EMAIL_CAMPAIGNS.priceDrop,
): Promise<ComposedEmail> {
  const link = unsubscribeUrl(env.PUBLIC_URL, env.SECRET_KEY, input.recipient, now);
  const { subject, html, text } = await renderPriceDropEmail({ ...input, publicUrl: env.PUBLIC_URL, unsubscribeUrl: link, campaign });
  return {
    recipient: input.recipient,
    subject,
    html,
    text,
    headers: listUnsubscribeHeaders(link),
    kind: 'price-drop',
    dedupeKey: priceDropDedupeKey(input.alertId, input.observationId),
  };
}
