/**
 * The outbox sender against a real SMTP server on loopback (DESIGN.md §4 "E-mail": at most once,
 * retried with backoff until delivered or dead) and the .eml fallback without SMTP_URL.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import type { Database } from '../db/client';
import { emailOutbox } from '../db/schema/email.schema';
import { subscribers } from '../db/schema/visitors.schema';
import { testEnv } from '../env';
import { createTestDatabase } from '../test-support/test-db';
import { deferredPriceDrop } from './deferred-email';
import { enqueueEmail } from './outbox';
import { deliverDueEmails, MAX_ATTEMPTS } from './sender.service';
import { listUnsubscribeHeaders } from './signed-links';
import { headerOf, startSmtpCapture, unusedPort, type SmtpCapture } from './smtp-capture.test-support';

let database: Database;
let now = new Date('2026-04-01T12:00:00Z');
const clock = () => now;
const tick = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(subscribers).values([
    { email: 'ok@example.com', consentSource: 'deal_alert', confirmedAt: now },
    { email: 'gone@example.com', consentSource: 'deal_alert', confirmedAt: now, unsubscribedAt: now },
    { email: 'new@example.com', consentSource: 'deal_alert' },
  ]);
});

afterAll(async () => {
  await database?.close();
});

let keyCounter = 0;
async function queue(recipient: string, kind = 'price-drop'): Promise<number> {
  keyCounter += 1;
  const id = await enqueueEmail(database.db, {
    recipient,
    subject: `Test message ${keyCounter}`,
    html: `<p>Message ${keyCounter}</p>`,
    text: `Message ${keyCounter}`,
    headers: listUnsubscribeHeaders(`https://deals.example/api/unsubscribe/one-click?email=${encodeURIComponent(recipient)}&sig=x`),
    kind,
    dedupeKey: `test:${kind}:${keyCounter}`,
  });
  return id!;
}
const rows = (ids: number[]) => database.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids)).orderBy(emailOutbox.id);

describe('with SMTP_URL', () => {
  let smtp: SmtpCapture | undefined;
  afterAll(async () => {
    await smtp?.close();
  });

  it('keeps mail while the server is down and delivers it exactly once when it is back', async () => {
    const port = await unusedPort();
    const env = testEnv({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const ids = [await queue('ok@example.com'), await queue('ok@example.com')];

    expect(await deliverDueEmails({ db: database.db, env, clock })).toMatchObject({ sent: 0, failed: 1, dead: 0 });
    const [first, second] = await rows(ids);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first!.lastError).toMatch(/^ECONNECTION|ECONNREFUSED/);
    expect(first!.nextAttemptAt.getTime()).toBe(now.getTime() + 30_000);
    // The server is down: the second message is handed back untried, to be retried with the first.
    expect(second).toMatchObject({ status: 'pending', attempts: 0 });

    // Not due yet.
    expect(await deliverDueEmails({ db: database.db, env, clock })).toMatchObject({ sent: 0, failed: 0 });

    smtp = await startSmtpCapture(port);
    tick(31_000);
    expect(await deliverDueEmails({ db: database.db, env, clock })).toMatchObject({ sent: 2, failed: 0 });
    expect(await deliverDueEmails({ db: database.db, env, clock })).toMatchObject({ sent: 0 });
    expect(smtp.messages.map((m) => m.parsed.subject)).toEqual([first!.subject, second!.subject]);
    const after = await rows(ids);
    expect(after.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 0],
    ]);
    expect(after[0]!.sentAt?.toISOString()).toBe(now.toISOString());
    expect(after[0]!.messageId).toBe(smtp.messages[0]!.parsed.messageId);
    expect(headerOf(smtp.messages[0]!.parsed, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it('never sends the same row twice when two senders run at once', async () => {
    const capture = await startSmtpCapture();
    try {
      const env = testEnv({ SMTP_URL: capture.url });
      const ids: number[] = [];
      for (let i = 0; i < 25; i++) ids.push(await queue('ok@example.com'));
      const [a, b] = await Promise.all([
        deliverDueEmails({ db: database.db, env, clock }),
        deliverDueEmails({ db: database.db, env, clock }),
      ]);
      expect(a.sent + b.sent).toBe(25);
      const subjects = capture.messages.map((m) => m.parsed.subject);
      expect(new Set(subjects).size).toBe(25);
      expect(subjects).toHaveLength(25);
    } finally {
      await capture.close();
    }
  });

  it('takes back a row whose sender died while sending (expired lease)', async () => {
    const capture = await startSmtpCapture();
    try {
      const env = testEnv({ SMTP_URL: capture.url });
      const id = await queue('ok@example.com');
      await database.db
        .update(emailOutbox)
        .set({ status: 'sending', nextAttemptAt: new Date(now.getTime() - 1000) })
        .where(eq(emailOutbox.id, id));
      expect(await deliverDueEmails({ db: database.db, env, clock })).toMatchObject({ sent: 1 });
      expect(capture.messages).toHaveLength(1);
    } finally {
      await capture.close();
    }
  });

  it('gives up after eight attempts and keeps the row as dead', async () => {
    const env = testEnv({ SMTP_URL: `smtp://127.0.0.1:${await unusedPort()}` });
    const id = await queue('ok@example.com');
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await deliverDueEmails({ db: database.db, env, clock });
      tick(2 * 60 * 60 * 1000);
    }
    const [row] = await rows([id]);
    expect(row).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS, sentAt: null });
  });

  it('suppresses subscribed mail to unconfirmed or unsubscribed addresses, but sends confirmations', async () => {
    const capture = await startSmtpCapture();
    try {
      const env = testEnv({ SMTP_URL: capture.url });
      const ids = [await queue('gone@example.com'), await queue('new@example.com'), await queue('new@example.com', 'confirmation')];
      expect(await deliverDueEmails({ db: database.db, env, clock })).toMatchObject({ sent: 1, suppressed: 2 });
      expect((await rows(ids)).map((r) => r.status)).toEqual(['suppressed', 'suppressed', 'sent']);
      expect(capture.messages.map((m) => m.recipients)).toEqual([['new@example.com']]);
    } finally {
      await capture.close();
    }
  });
});

describe('without SMTP_URL', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dealalerts-outbox-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes each message as an .eml file in DATA_DIR/outbox and marks it written', async () => {
    const env = testEnv({ DATA_DIR: dataDir, PUBLIC_URL: 'https://deals.example' });
    const id = await queue('ok@example.com');
    const logged: string[] = [];
    expect(await deliverDueEmails({ db: database.db, env, clock, log: (m) => logged.push(m) })).toMatchObject({ written: 1, sent: 0 });
    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const file = path.join(dataDir, 'outbox', files[0]!);
    expect(logged.join('\n')).toContain(file);
    const raw = await readFile(file, 'utf8');
    expect(raw).toContain('\r\n');
    const mail = await PostalMime.parse(raw);
    const [row] = await rows([id]);
    expect(row).toMatchObject({ status: 'written', messageId: files[0] });
    expect(mail.subject).toBe(row!.subject);
    expect(mail.to?.[0]?.address).toBe('ok@example.com');
    expect(headerOf(mail, 'List-Unsubscribe')).toBe(row!.headers['List-Unsubscribe']);
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.messageId).toMatch(/^<[0-9a-f]{32}@deals\.example>$/);
    // Written rows stay in the table and are not written again.
    expect(await deliverDueEmails({ db: database.db, env, clock })).toMatchObject({ written: 0 });
    expect(await readdir(path.join(dataDir, 'outbox'))).toHaveLength(1);
  });

  it('composes a deferred price drop when it sends it, and kills a payload it cannot compose', async () => {
    const env = testEnv({ DATA_DIR: dataDir, PUBLIC_URL: 'https://deals.example' });
    const before = new Set(await readdir(path.join(dataDir, 'outbox')));
    const good = await enqueueEmail(
      database.db,
      deferredPriceDrop(
        {
          alertId: 7,
          observationId: 70,
          recipient: 'ok@example.com',
          asin: 'B0DEFER001',
          productTitle: 'Deferred kettle',
          productImageUrl: null,
          oldPricePence: 2000,
          newPricePence: 1500,
          targetPricePence: null,
          asOf: now,
        },
        now,
      ),
    );
    const bad = await enqueueEmail(database.db, {
      recipient: 'ok@example.com',
      kind: 'price-drop',
      dedupeKey: 'test:bad-payload',
      payload: { asin: 1 },
    });
    expect(await deliverDueEmails({ db: database.db, env, clock })).toMatchObject({ written: 1, dead: 1 });
    const [goodRow, badRow] = await rows([good!, bad!]);
    expect(goodRow).toMatchObject({ status: 'written' });
    expect(badRow).toMatchObject({ status: 'dead' });
    expect(badRow!.lastError).toContain('malformed');
    const file = (await readdir(path.join(dataDir, 'outbox'))).find((f) => !before.has(f));
    const mail = await PostalMime.parse(await readFile(path.join(dataDir, 'outbox', file!), 'utf8'));
    expect(mail.subject).toBe('Price drop: Deferred kettle now £15.00 (was £20.00)');
    expect(mail.html).toContain('https://deals.example/deals/B0DEFER001');
    expect(headerOf(mail, 'List-Unsubscribe')).toMatch(/^<https:\/\/deals\.example\/api\/unsubscribe\/one-click\?/);
  });
});
