/**
 * A digest of several products (issue 12 part 3): the owners' price-drop summary (the last 24
 * hours' drops in the subscriber's categories) and the scheduled deals digest (new deals at the
 * subscriber's daily, weekly or monthly frequency). Subscribed mail: the shared layout adds the
 * Associates disclosure and the unsubscribe link, and the message carries `List-Unsubscribe` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 2369, RFC 8058).
 *
 * Cards are sorted by saving percent, highest first (admin-area §9 "Email product cards"), show
 * 'Save N%' when above zero, and link to **our own product page** with the campaign's utm
 * parameters (DESIGN.md §4: e-mails never link straight to Amazon). Never call it with no items:
 * the services skip a subscriber with nothing to show (never an empty digest).
 */
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Heading } from '@react-email/heading';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render } from '@react-email/render';
import type { EmailCampaign } from '../../../common/email-campaigns';
import { formatPence } from '../../../common/money';
import { listUnsubscribeHeaders, unsubscribeUrl } from '../signed-links';
import { EmailLayout } from './email-layout';
import { productPageUrl } from './price-drop.email';
import { discountPercent } from '../../../common/discount';
import { DIGEST_MAX_ITEMS } from '../digest-limits';

/** One product of a digest; money in pence. */
export interface DigestItem {
  asin: string;
  title: string;
  imageUrl: string | null;
  /** The price before the drop, or the deal's reference price; null when there is none. */
  wasPence: number | null;
  nowPence: number;
  /** The saving in whole percent when it is measured against something other than `wasPence` (a deal's basis). */
  percent?: number | null;
  /** What the saving is measured against, e.g. "Lowest price in 30 days"; optional. */
  label?: string | null;
}

export interface DealDigestContent {
  subject: string;
  heading: string;
  intro: string;
  items: DigestItem[];
  campaign: EmailCampaign;
}

const styles = {
  heading: { color: '#18181b', fontSize: '22px', margin: '16px 0 8px' },
  text: { color: '#27272a', fontSize: '15px', lineHeight: '22px' },
  card: { borderTop: '1px solid #e4e4e7', padding: '12px 0' },
  image: { maxWidth: '88px', height: 'auto' },
  title: { color: '#18181b', fontSize: '15px', fontWeight: 700, lineHeight: '20px', textDecoration: 'none' },
  was: { color: '#71717a', fontSize: '14px', textDecoration: 'line-through' },
  now: { color: '#b91c1c', fontSize: '18px', fontWeight: 700 },
  save: { color: '#15803d', fontSize: '14px', fontWeight: 700, margin: '2px 0' },
  label: { color: '#52525b', fontSize: '12px', margin: '2px 0' },
  button: { backgroundColor: '#1d4ed8', borderRadius: '6px', color: '#ffffff', fontSize: '14px', fontWeight: 700, padding: '8px 14px' },
} as const;

/** Whole percent saved, or 0 (admin-area §9: rounded percent of (original − price) / original). */
export function savePercent(item: Pick<DigestItem, 'wasPence' | 'nowPence' | 'percent'>): number {
  if (item.percent != null) return Math.max(0, Math.round(item.percent));
  return discountPercent(item.wasPence, item.nowPence) ?? 0;
}

interface DealDigestProps extends DealDigestContent {
  publicUrl: string;
  unsubscribeUrl: string;
}

export function DealDigestEmail({ heading, intro, items, campaign, publicUrl, unsubscribeUrl: unsubscribe }: DealDigestProps) {
  return (
    <EmailLayout preview={intro} publicUrl={publicUrl} unsubscribeUrl={unsubscribe} campaign={campaign}>
      <Heading as="h1" style={styles.heading}>
        {heading}
      </Heading>
      <Text style={styles.text}>{intro}</Text>
      {items.map((item) => {
        const href = productPageUrl(publicUrl, item.asin, campaign);
        const percent = savePercent(item);
        return (
          <Section key={item.asin} style={styles.card}>
            <Row>
              {item.imageUrl ? (
                <Column style={{ width: '100px', verticalAlign: 'top' }}>
                  <Img src={item.imageUrl} alt="" width="88" style={styles.image} />
                </Column>
              ) : null}
              <Column style={{ verticalAlign: 'top' }}>
                <Link href={href} style={styles.title}>
                  {item.title}
                </Link>
                <Text style={{ margin: '4px 0' }}>
                  {item.wasPence !== null && percent > 0 ? <span style={styles.was}>{formatPence(item.wasPence)}</span> : null}{' '}
                  <span style={styles.now}>{formatPence(item.nowPence)}</span>
                </Text>
                {percent > 0 ? <Text style={styles.save}>{`Save ${percent}%`}</Text> : null}
                {item.label ? <Text style={styles.label}>{item.label}</Text> : null}
                <Button href={href} style={styles.button}>
                  View the deal
                </Button>
              </Column>
            </Row>
          </Section>
        );
      })}
    </EmailLayout>
  );
}

/**
 * Renders a digest for `recipient`: items sorted by saving (highest first) and cut to
 * {@link DIGEST_MAX_ITEMS}, the signed unsubscribe link issued at `issuedAt` in the footer and in
 * the List-Unsubscribe headers. Throws when `content.items` is empty (never an empty digest).
 */
export async function renderDealDigest(
  env: { PUBLIC_URL: string; SECRET_KEY: string },
  recipient: string,
  content: DealDigestContent,
  issuedAt: Date,
): Promise<{ subject: string; html: string; text: string; headers: Record<string, string> }> {
  if (content.items.length === 0) throw new Error('a digest needs at least one product');
  const items = [...content.items].sort((a, b) => savePercent(b) - savePercent(a)).slice(0, DIGEST_MAX_ITEMS);
  const link = unsubscribeUrl(env.PUBLIC_URL, env.SECRET_KEY, recipient, issuedAt);
  const element = <DealDigestEmail {...content} items={items} publicUrl={env.PUBLIC_URL} unsubscribeUrl={link} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: content.subject, html, text, headers: listUnsubscribeHeaders(link) };
}
