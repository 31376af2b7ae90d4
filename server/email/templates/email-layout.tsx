/**
 * The shared frame of every built-in e-mail (DESIGN.md §4 "E-mail", "Affiliate links"): a header
 * with the site name linking home, the message, and a footer with the Associates disclosure
 * (Amazon Associates Operating Agreement: "As an Amazon Associate we earn from qualifying
 * purchases"), the price caveat, and the unsubscribe link when the message is subscribed mail.
 *
 * Props: `preview` (inbox preview text), `children` (the message body), `publicUrl` (site origin,
 * no trailing slash, e.g. `env.PUBLIC_URL`), `campaign` (the utm parameters its links to our site
 * carry, common/email-campaigns.ts), `unsubscribeUrl` (optional; from `unsubscribeUrl()`).
 */
import type { ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { emailLink, type EmailCampaign } from '../../../common/email-campaigns';
import { paths } from '../../../common/paths';

export const SITE_NAME = 'Deal Alerts UK';

export interface EmailLayoutProps {
  preview: string;
  children: ReactNode;
  unsubscribeUrl?: string;
  publicUrl: string;
  /** utm_medium and utm_campaign of the links to our site. */
  campaign: EmailCampaign;
}

const styles = {
  body: { backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: '8px', maxWidth: '560px', margin: '0 auto', padding: '0 0 8px' },
  header: { backgroundColor: '#1e3a8a', borderRadius: '8px 8px 0 0', padding: '16px 24px' },
  siteName: { color: '#ffffff', fontSize: '20px', fontWeight: 700, textDecoration: 'none' },
  content: { padding: '8px 24px' },
  hr: { borderColor: '#e4e4e7', margin: '16px 24px' },
  footer: { color: '#71717a', fontSize: '12px', lineHeight: '18px', margin: '4px 24px' },
  footerLink: { color: '#71717a', textDecoration: 'underline' },
} as const;

/** Wraps a message in the house frame. Renders in any mail client (tables and inline styles only). */
export function EmailLayout({ preview, children, unsubscribeUrl, publicUrl, campaign }: EmailLayoutProps) {
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Link href={emailLink(publicUrl, paths.home(), campaign)} style={styles.siteName}>
              {SITE_NAME}
            </Link>
          </Section>
          <Section style={styles.content}>{children}</Section>
          <Hr style={styles.hr} />
          <Text style={styles.footer}>As an Amazon Associate we earn from qualifying purchases.</Text>
          <Text style={styles.footer}>Prices are subject to change. The price shown on Amazon.co.uk at the time of purchase applies.</Text>
          {unsubscribeUrl ? (
            <Text style={styles.footer}>
              Don&apos;t want these e-mails?{' '}
              <Link href={unsubscribeUrl} style={styles.footerLink}>
                Unsubscribe
              </Link>
            </Text>
          ) : null}
          <Text style={styles.footer}>
            {SITE_NAME} ·{' '}
            <Link href={emailLink(publicUrl, paths.privacyPolicy(), campaign)} style={styles.footerLink}>
              Privacy policy
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
