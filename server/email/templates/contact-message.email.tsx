/**
 * A contact-form message, e-mailed to the owners' CONTACT_EMAIL (issue 10; DESIGN.md §5). Every
 * field is the visitor's own text: React escapes it, so HTML in a field arrives as text. Replying
 * goes to the visitor (Reply-To, set by the contact service); the address is as typed, not proved.
 */
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render } from '@react-email/render';
import { EMAIL_CAMPAIGNS } from '../../../common/email-campaigns';
import { EmailLayout, SITE_NAME } from './email-layout';

export interface ContactMessageEmailProps {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** When it was sent, for people (en-GB, Europe/London). */
  receivedAt: Date;
  publicUrl: string;
}

const styles = {
  heading: { color: '#18181b', fontSize: '20px', margin: '16px 0 8px' },
  label: { color: '#52525b', fontSize: '13px', margin: '8px 0 0' },
  value: { color: '#18181b', fontSize: '15px', lineHeight: '22px', margin: '0 0 4px', wordBreak: 'break-word' },
  message: { color: '#18181b', fontSize: '15px', lineHeight: '22px', whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
  small: { color: '#52525b', fontSize: '13px', lineHeight: '20px' },
} as const;

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/London' });

/** The subject line: the visitor's subject, prefixed so the owners can filter (no line breaks: safeText). */
export function contactSubject(subject: string): string {
  return `[${SITE_NAME} contact] ${subject}`;
}

export function ContactMessageEmail({ name, email, subject, message, receivedAt, publicUrl }: ContactMessageEmailProps) {
  return (
    <EmailLayout preview={`${name}: ${subject}`} publicUrl={publicUrl} campaign={EMAIL_CAMPAIGNS.contactMessage}>
      <Heading as="h1" style={styles.heading}>
        New message from the contact form
      </Heading>
      <Section>
        <Text style={styles.label}>From</Text>
        <Text style={styles.value}>
          {name} &lt;{email}&gt;
        </Text>
        <Text style={styles.label}>Subject</Text>
        <Text style={styles.value}>{subject}</Text>
      </Section>
      <Hr />
      <Text style={styles.message}>{message}</Text>
      <Hr />
      <Text style={styles.small}>
        Received {when.format(receivedAt)}. Reply to this e-mail to answer {name}; the page promised a reply within 24 hours. The address
        was typed into the form and has not been verified.
      </Text>
    </EmailLayout>
  );
}

export async function renderContactMessageEmail(props: ContactMessageEmailProps): Promise<{ subject: string; html: string; text: string }> {
  const element = <ContactMessageEmail {...props} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: contactSubject(props.subject), html, text };
}
