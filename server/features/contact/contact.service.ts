/**
 * The contact form (issue 10; content-and-account-pages §2.7; DESIGN.md §5 departure: the message is
 * stored and e-mailed to the owners instead of a simulated send). One transaction stores the message
 * and writes its e-mail to the outbox (kind 'contact-message', ungated: CONTACT_EMAIL never
 * subscribes; dedupe key `contact:{id}`), so a stored message is always mailed exactly once.
 */
import type { ContactMessage } from '../../../common/api/contact.schema';
import { CONTACT_REPLY_PROMISE } from '../../../common/contact';
import type { Db } from '../../db/client';
import { enqueueEmail } from '../../email/outbox';
import type { Env } from '../../env';
import { insertContactMessage, setContactOutboxId } from './contact.queries';

export interface ContactMeta {
  /** The real client address (TRUST_PROXY rules), for abuse handling. */
  ipAddress: string | null;
  userAgent: string | null;
}

/** Stores `input` at `now` and queues its e-mail to `env.CONTACT_EMAIL`; call `notifyOutbox()` after. */
export async function sendContactMessage(
  db: Db,
  env: Pick<Env, 'CONTACT_EMAIL' | 'PUBLIC_URL'>,
  input: ContactMessage,
  meta: ContactMeta,
  now: Date,
): Promise<{ id: number; message: string }> {
  // Rendered before the transaction to keep it short (React Email is loaded on first use).
  const { renderContactMessageEmail } = await import('../../email/templates/contact-message.email');
  const rendered = await renderContactMessageEmail({ ...input, receivedAt: now, publicUrl: env.PUBLIC_URL });
  const id = await db.transaction(async (tx) => {
    const messageId = await insertContactMessage(tx, {
      ...input,
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent?.slice(0, 1000) ?? null,
      createdAt: now,
    });
    const outboxId = await enqueueEmail(tx, {
      recipient: env.CONTACT_EMAIL,
      ...rendered,
      // The owners answer with Reply. The bare address (ASCII: the e-mail rule; no line breaks: safeText),
      // without the visitor's name, so no header encoding is needed.
      headers: { 'Reply-To': input.email },
      kind: 'contact-message',
      dedupeKey: `contact:${messageId}`,
      createdAt: now,
    });
    await setContactOutboxId(tx, messageId, outboxId);
    return messageId;
  });
  return { id, message: `Thank you for getting in touch. ${CONTACT_REPLY_PROMISE}` };
}
