/**
 * The "confirm your unsubscribe" e-mail (issue 5; RFC 8058): sent when someone asks on the
 * /unsubscribe page to stop e-mails to an address without a signed link or a mailbox token. Only
 * the mailbox's owner can act on it, so nobody can unsubscribe someone else. One button to the
 * one-click unsubscribe page (`unsubscribeUrl()` of server/email/signed-links.ts, valid 365 days).
 */
import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render } from '@react-email/render';
import { EMAIL_CAMPAIGNS } from '../../../common/email-campaigns';
import { EmailLayout, SITE_NAME } from './email-layout';

export interface UnsubscribeLinkEmailProps {
  /** The address asked about (shown so the reader knows which one). */
  email: string;
  /** The signed one-click unsubscribe link. */
  unsubscribeUrl: string;
  /** Site origin without trailing slash (env.PUBLIC_URL). */
  publicUrl: string;
}

export const UNSUBSCRIBE_LINK_SUBJECT = `Confirm you want to stop e-mails from ${SITE_NAME}`;

const styles = {
  heading: { color: '#18181b', fontSize: '22px', margin: '16px 0 8px' },
  text: { color: '#27272a', fontSize: '15px', lineHeight: '22px' },
  button: { backgroundColor: '#b91c1c', borderRadius: '6px', color: '#ffffff', fontSize: '16px', fontWeight: 700, padding: '12px 20px' },
  small: { color: '#52525b', fontSize: '13px', lineHeight: '20px', wordBreak: 'break-all' },
} as const;

/** The message as a React Email component. */
export function UnsubscribeLinkEmail({ email, unsubscribeUrl, publicUrl }: UnsubscribeLinkEmailProps) {
  return (
    <EmailLayout preview={`Confirm you want to stop e-mails to ${email}`} publicUrl={publicUrl} campaign={EMAIL_CAMPAIGNS.unsubscribeLink}>
      <Heading as="h1" style={styles.heading}>
        Stop e-mails to {email}?
      </Heading>
      <Text style={styles.text}>
        Someone, hopefully you, asked us on our unsubscribe page to stop sending e-mails to {email}. To protect you, only the owner of this
        mailbox can do that: press the button and confirm on the page it opens.
      </Text>
      <Section style={{ margin: '24px 0' }}>
        <Button href={unsubscribeUrl} style={styles.button}>
          Unsubscribe {email}
        </Button>
      </Section>
      <Text style={styles.small}>
        If the button does not work, copy this link into your browser: <Link href={unsubscribeUrl}>{unsubscribeUrl}</Link>
      </Text>
      <Text style={styles.text}>If this was not you, ignore this e-mail: nothing changes until the link is used.</Text>
    </EmailLayout>
  );
}

/** The rendered message: `subject`, `html` (full document) and `text` (plain-text alternative). */
export async function renderUnsubscribeLinkEmail(
  props: UnsubscribeLinkEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  const element = <UnsubscribeLinkEmail {...props} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: UNSUBSCRIBE_LINK_SUBJECT, html, text };
}
