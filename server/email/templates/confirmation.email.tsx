/**
 * The double opt-in confirmation e-mail (DESIGN.md §4 "Visitors", §5): says what was asked for
 * (a price-drop alert on a named product, or deal e-mails in general), offers one clear
 * "Confirm my e-mail address" button to `confirmUrl` (from `confirmationUrl()` in
 * server/email/signed-links.ts), and tells people who did not ask to ignore it. It carries no
 * unsubscribe link: nothing is sent to the address until it confirms.
 *
 * The product title must come from our catalogue, never from the request, so nobody can put their
 * own words into a message sent to someone else's address.
 */
import { Button, Heading, Link, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { EMAIL_CAMPAIGNS, withUtm } from '../../../common/email-campaigns';
import { EmailLayout, SITE_NAME } from './email-layout';

export interface ConfirmationEmailProps {
  /** The address being confirmed (shown so the reader knows which one). */
  email: string;
  /** The signed confirmation link. */
  confirmUrl: string;
  /** Title of the product the alert is for; absent for a plain signup. */
  productTitle?: string | null;
  /** Site origin without trailing slash (env.PUBLIC_URL). */
  publicUrl: string;
}

const styles = {
  heading: { color: '#18181b', fontSize: '22px', margin: '16px 0 8px' },
  text: { color: '#27272a', fontSize: '15px', lineHeight: '22px' },
  product: { color: '#18181b', fontSize: '15px', fontWeight: 700, lineHeight: '22px' },
  button: { backgroundColor: '#1d4ed8', borderRadius: '6px', color: '#ffffff', fontSize: '16px', fontWeight: 700, padding: '12px 20px' },
  small: { color: '#52525b', fontSize: '13px', lineHeight: '20px', wordBreak: 'break-all' },
} as const;

export const CONFIRMATION_SUBJECT = `Confirm your e-mail address for ${SITE_NAME}`;

/** The message as a React Email component. */
export function ConfirmationEmail({ email, confirmUrl: signedUrl, productTitle, publicUrl }: ConfirmationEmailProps) {
  // The confirmation page reads email, t and sig; the utm parameters ride along for the analytics.
  const confirmUrl = withUtm(signedUrl, EMAIL_CAMPAIGNS.confirmation);
  const preview = productTitle
    ? `Confirm your e-mail to get price-drop alerts for ${productTitle}`
    : `Confirm your e-mail for ${SITE_NAME}`;
  return (
    <EmailLayout preview={preview} publicUrl={publicUrl} campaign={EMAIL_CAMPAIGNS.confirmation}>
      <Heading as="h1" style={styles.heading}>
        Please confirm your e-mail address
      </Heading>
      {productTitle ? (
        <>
          <Text style={styles.text}>Someone, hopefully you, asked us to e-mail {email} when the price drops on:</Text>
          <Text style={styles.product}>{productTitle}</Text>
        </>
      ) : (
        <Text style={styles.text}>Someone, hopefully you, asked us to send deal e-mails to {email}.</Text>
      )}
      <Text style={styles.text}>We will not send you any alerts until you confirm that this address is yours.</Text>
      <Section style={{ margin: '24px 0' }}>
        <Button href={confirmUrl} style={styles.button}>
          Confirm my e-mail address
        </Button>
      </Section>
      <Text style={styles.small}>
        If the button does not work, copy this link into your browser: <Link href={confirmUrl}>{confirmUrl}</Link>
      </Text>
      <Text style={styles.text}>
        If this was not you, you can safely ignore this e-mail: without your confirmation we send this address no alerts.
      </Text>
    </EmailLayout>
  );
}

/** The rendered message: `subject`, `html` (full document) and `text` (plain-text alternative, links spelled out). */
export async function renderConfirmationEmail(props: ConfirmationEmailProps): Promise<{ subject: string; html: string; text: string }> {
  const element = <ConfirmationEmail {...props} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: CONFIRMATION_SUBJECT, html, text };
}
