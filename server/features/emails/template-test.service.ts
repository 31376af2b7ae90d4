/**
 * "Send Test Email" (admin-area §2 "Templates tab", §7 `POST /api/emails/test`, §8 'Test Email
 * Sent!' / 'Email Failed'; issue 12 part 3). The editor's template (saved or not) is rendered with
 * sample values — a real catalogue product when there is one — and sent like every other message:
 * through the outbox (kind 'template-test', ungated because the owner types the address), from the
 * chosen sender. The request then waits a while for the sender's outcome so the owner learns at once
 * whether the SMTP server took it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TestEmailResponse } from '../../../common/api/emails.admin.schema';
import { EMAIL_CAMPAIGNS } from '../../../common/email-campaigns';
import { SAMPLE_TEMPLATE_VALUES, senderAddresses, senderFromHeader, senderLocalPart } from '../../../common/email-templates';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema/email.schema';
import { enqueueEmail } from '../../email/outbox';
import { templateTestDedupeKey } from '../../email/outbox-keys';
import type { Env } from '../../env';
import { fail, ok, type Outcome } from '../../http/outcome';
import { recordAdminAction } from '../audit';
import { sampleProduct } from './notifications.queries';
import { templateValuesFor } from './owner-email.rules';

export interface TemplateTestDeps {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL' | 'SECRET_KEY' | 'MAIL_DOMAIN' | 'SMTP_URL'>;
  clock: () => Date;
  /** Nudges the sender (AppDeps.notifyOutbox). */
  notifyOutbox: () => void;
  /** How long to wait for the sender's outcome, ms (default {@link TEST_WAIT_MS}). */
  waitMs?: number;
}

/** The checked body of `POST /api/emails/test`. */
export interface TemplateTestInput {
  to: string;
  from: string;
  subject: string;
  template: string;
  templateName?: string;
  requestId?: string;
}

/** How long the request waits for the SMTP outcome before answering 'pending' (the SMTP timeouts are longer). */
export const TEST_WAIT_MS = 15_000;
const POLL_MS = 200;

/**
 * Queues the test and waits for its outcome: ok 'sent' / 'written' / 'pending'; 'invalid' (400)
 * for a sender outside the six; 'unavailable' (503) when the server refused it or could not be
 * reached, with the reason (the outbox keeps retrying a temporary failure).
 */
export async function sendTemplateTest(
  deps: TemplateTestDeps,
  adminId: number,
  input: TemplateTestInput,
): Promise<Outcome<TestEmailResponse>> {
  const sender = senderLocalPart(input.from, deps.env.MAIL_DOMAIN);
  if (!sender) return fail('invalid', `from: must be one of the six sender addresses: ${senderAddresses(deps.env.MAIL_DOMAIN).join(', ')}`);
  const now = deps.clock();
  const product = await sampleProduct(deps.db);
  const values = templateValuesFor(
    product
      ? { ...product, beforePence: product.wasPence ?? product.pricePence, afterPence: product.pricePence, recipient: input.to }
      : { ...SAMPLE_TEMPLATE_VALUES, productImageUrl: null, beforePence: 14999, afterPence: 9999, recipient: input.to },
    deps.env.PUBLIC_URL,
    EMAIL_CAMPAIGNS.templateTest,
  );
  const { composeOwnerTemplate } = await import('../../email/owner-template');
  const name = input.templateName?.trim() || 'untitled';
  const message = composeOwnerTemplate(deps.env, { subject: input.subject, htmlContent: input.template }, values, {
    campaign: EMAIL_CAMPAIGNS.templateTest,
    note: `This is a test of the template "${name}", sent by an owner of Deal Alerts UK with sample values.`,
  });
  const dedupeKey = templateTestDedupeKey(adminId, input.requestId ?? randomUUID());
  const id = await deps.db.transaction(async (tx) => {
    const queued = await enqueueEmail(tx, {
      recipient: input.to,
      ...message,
      subject: `[Test] ${message.subject}`,
      kind: 'template-test',
      dedupeKey,
      createdAt: now,
      sender: senderFromHeader(sender, deps.env.MAIL_DOMAIN),
    });
    if (queued !== null) await recordAdminAction(tx, { adminId, action: 'emails.test', target: name, counts: { queued: 1 } }, now);
    return queued;
  });
  deps.notifyOutbox();
  return waitForOutcome(deps, dedupeKey, id === null);
}

async function waitForOutcome(deps: TemplateTestDeps, dedupeKey: string, repeated: boolean): Promise<Outcome<TestEmailResponse>> {
  const deadline = Date.now() + (deps.waitMs ?? TEST_WAIT_MS);
  for (;;) {
    const [row] = await deps.db
      .select({ status: emailOutbox.status, attempts: emailOutbox.attempts, lastError: emailOutbox.lastError })
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, dedupeKey));
    const again = repeated ? ' (this request was already sent once; no second copy)' : '';
    if (row?.status === 'sent') return ok({ outcome: 'sent', message: `The mail server accepted the test e-mail${again}.` });
    if (row?.status === 'written') {
      return ok({
        outcome: 'written',
        message: `SMTP_URL is not set: the test e-mail was written to DATA_DIR/outbox as an .eml file${again}.`,
      });
    }
    if (row?.status === 'dead')
      return fail('unavailable', `smtp: the mail server refused the test e-mail (${row.lastError ?? 'no reason given'})`);
    // A failed attempt, or handed back untried because the server was unreachable (sender.service.ts).
    if (row && row.status === 'pending' && (row.attempts > 0 || row.lastError !== null)) {
      return fail(
        'unavailable',
        `smtp: the mail server could not take the test e-mail (${row.lastError ?? 'no reason given'}); it stays in the outbox and is retried`,
      );
    }
    if (Date.now() >= deadline) {
      return ok({
        outcome: 'pending',
        message: 'The mail server has not answered yet; the test e-mail stays in the outbox and is sent as soon as it does.',
      });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
