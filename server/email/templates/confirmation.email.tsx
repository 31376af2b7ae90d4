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
import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render } from '@react-email/render';
import { EMAIL_CAMPAIGNS, withUtm } from '../../../common/email-campaigns';
import { EmailLayout, SITE_NAME } from './email-layout';

/**
 * Which message (issue 25): `confirm` for an address not yet confirmed (double opt-in); `approve`
 * for a confirmed address when something was asked for it without its token (a stranger, or a new
 * device): nothing asked for starts until the link is opened; `sign-in` for a confirmed address
 * asking for its link from the Sign In form.
 */
export type ConfirmationMode = 'confirm' | 'approve' | 'sign-in';

export interface ConfirmationEmailProps {
  /** The address being confirmed (shown so the reader knows which one). */
  email: string;
  /** The signed confirmation link. */
  confirmUrl: string;
  /**
   * Titles of the products whose price-drop alerts wait for this link (from our catalogue, never
   * the request), oldest first; empty for a plain signup or sign-in. At most {@link LISTED_MAX} are
   * listed, then "and N more".
   */
  requested?: readonly string[];
  mode?: ConfirmationMode;
  /** Site origin without trailing slash (env.PUBLIC_URL). */
  publicUrl: string;
}

/** Products listed by name in one message; the rest are counted. */
export const LISTED_MAX = 10;

const styles = {
  heading: { color: '#18181b', fontSize: '22px', margin: '16px 0 8px' },
  text: { color: '#27272a', fontSize: '15px', lineHeight: '22px' },
  product: { color: '#18181b', fontSize: '15px', fontWeight: 700, lineHeight: '22px', margin: '4px 0' },
  button: { backgroundColor: '#1d4ed8', borderRadius: '6px', color: '#ffffff', fontSize: '16px', fontWeight: 700, padding: '12px 20px' },
  small: { color: '#52525b', fontSize: '13px', lineHeight: '20px', wordBreak: 'break-all' },
} as const;

export const CONFIRMATION_SUBJECT = `Confirm your e-mail address for ${SITE_NAME}`;
export const APPROVE_SUBJECT = `Start your new price-drop alerts at ${SITE_NAME}`;
export const SIGN_IN_SUBJECT = `Your sign-in link for ${SITE_NAME}`;

const SUBJECTS: Record<ConfirmationMode, string> = { confirm: CONFIRMATION_SUBJECT, approve: APPROVE_SUBJECT, 'sign-in': SIGN_IN_SUBJECT };

const HEADINGS: Record<ConfirmationMode, string> = {
  confirm: 'Please confirm your e-mail address',
  approve: 'Start your new price-drop alerts',
  'sign-in': `Sign in to ${SITE_NAME}`,
};

const BUTTONS: Record<ConfirmationMode, string> = {
  confirm: 'Confirm my e-mail address',
  approve: 'Start these alerts',
  'sign-in': 'Sign in on this device',
};

function RequestedProducts({ titles }: { titles: readonly string[] }) {
  const shown = titles.slice(0, LISTED_MAX);
  const more = titles.length - shown.length;
  return (
    <Section>
      {shown.map((title, i) => (
        <Text key={i} style={styles.product}>
          • {title}
        </Text>
      ))}
      {more > 0 ? <Text style={styles.text}>and {more} more.</Text> : null}
    </Section>
  );
}

/** The message as a React Email component. */
export function ConfirmationEmail({ email, confirmUrl: signedUrl, requested = [], mode = 'confirm', publicUrl }: ConfirmationEmailProps) {
  // The confirmation page reads email, t and sig; the utm parameters ride along for the analytics.
  const confirmUrl = withUtm(signedUrl, EMAIL_CAMPAIGNS.confirmation);
  const first = requested[0];
  const preview =
    mode === 'confirm'
      ? first
        ? `Confirm your e-mail to get price-drop alerts for ${first}`
        : `Confirm your e-mail for ${SITE_NAME}`
      : mode === 'approve'
        ? `New price-drop alerts for ${email} start when you open this e-mail's link`
        : `Your sign-in link for ${SITE_NAME}`;
  const asked = requested.length > 0;
  return (
    <EmailLayout preview={preview} publicUrl={publicUrl} campaign={EMAIL_CAMPAIGNS.confirmation}>
      <Heading as="h1" style={styles.heading}>
        {HEADINGS[mode]}
      </Heading>
      {asked ? (
        <>
          <Text style={styles.text}>Someone, hopefully you, asked us to e-mail {email} when the price drops on:</Text>
          <RequestedProducts titles={requested} />
        </>
      ) : mode === 'confirm' ? (
        <Text style={styles.text}>Someone, hopefully you, asked us to send deal e-mails to {email}.</Text>
      ) : (
        <Text style={styles.text}>Someone, hopefully you, asked for a sign-in link for {email}.</Text>
      )}
      {mode === 'confirm' ? (
        <Text style={styles.text}>We will not send you any alerts until you confirm that this address is yours.</Text>
      ) : asked ? (
        <Text style={styles.text}>
          {mode === 'approve' ? 'These alerts' : 'The alerts above'} start only when you open this link. Your other alerts carry on as
          before.
        </Text>
      ) : (
        <Text style={styles.text}>Opening it shows all the alerts of this address on the device you open it on.</Text>
      )}
      <Section style={{ margin: '24px 0' }}>
        <Button href={confirmUrl} style={styles.button}>
          {asked && mode === 'sign-in' ? 'Sign in and start these alerts' : BUTTONS[mode]}
        </Button>
      </Section>
      <Text style={styles.small}>
        If the button does not work, copy this link into your browser: <Link href={confirmUrl}>{confirmUrl}</Link>
      </Text>
      <Text style={styles.text}>
        {mode === 'confirm'
          ? 'If this was not you, you can safely ignore this e-mail: without your confirmation we send this address no alerts.'
          : asked
            ? 'If this was not you, you can safely ignore this e-mail: these alerts will never be sent.'
            : 'If this was not you, you can safely ignore this e-mail: nothing changes without this link.'}
      </Text>
    </EmailLayout>
  );
}

/** The rendered message: `subject`, `html` (full document) and `text` (plain-text alternative, links spelled out). */
export async function renderConfirmationEmail(props: ConfirmationEmailProps): Promise<{ subject: string; html: string; text: string }> {
  const element = <ConfirmationEmail {...props} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: SUBJECTS[props.mode ?? 'confirm'], html, text };
}
