/**
 * The outbox sender against a real SMTP server on loopback (DESIGN.md §4 "E-mail": at most once,
 * retried with backoff until delivered or dead) and the .eml fallback without SMTP_URL.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { SMTPServer } from 'smtp-server';
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
import { jsonLineMailLogger, logFailedAttempt, mailErrorFields } from './delivery-log';
import { emlFileName } from './transport';

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

describe('failed deliveries in the log (issue 25)', () => {
  /** A real pino logger (Fastify's) writing JSON lines into `lines`, as the app's logger does. */
  function captureLog() {
    const lines: string[] = [];
    const host = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown> & { level: number; msg: string });
    return { logger: host.log, lines, entries, close: () => host.close() };
  }

  it('logs one warn line per failed attempt with its retry time, then one error line when the message is dead', async () => {
    const log = captureLog();
    try {
      const env = testEnv({ SMTP_URL: `smtp://127.0.0.1:${await unusedPort()}` });
      const [first, second] = [await queue('ok@example.com'), await queue('ok@example.com')];
      expect(await deliverDueEmails({ db: database.db, env, clock, logger: log.logger })).toMatchObject({ failed: 1 });
      const retryAt = new Date(now.getTime() + 30_000).toISOString();
      // The second message was handed back untried (the server is down): no attempt, no line.
      expect(log.entries()).toEqual([
        expect.objectContaining({
          level: 40,
          outboxId: first,
          kind: 'price-drop',
          attempt: 1,
          maxAttempts: MAX_ATTEMPTS,
          error: { type: 'Error', code: 'ESOCKET', originalCode: 'ECONNREFUSED', command: 'CONN' },
          nextAttemptAt: retryAt,
          msg: `e-mail delivery attempt 1 of ${MAX_ATTEMPTS} failed (ESOCKET ECONNREFUSED); next attempt at ${retryAt}`,
        }),
      ]);

      // The last attempt of both: each fails and is dead, one error line each.
      await database.db
        .update(emailOutbox)
        .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: now })
        .where(inArray(emailOutbox.id, [first!, second!]));
      log.lines.length = 0;
      expect(await deliverDueEmails({ db: database.db, env, clock, logger: log.logger })).toMatchObject({ dead: 2 });
      expect(log.entries().map((e) => [e.level, e.outboxId, e.attempt, e.reason])).toEqual([
        [50, first, MAX_ATTEMPTS, 'its attempts are used up'],
        [50, second, MAX_ATTEMPTS, 'its attempts are used up'],
      ]);
      expect(log.entries()[0]).not.toHaveProperty('nextAttemptAt');
      expect((await rows([first!, second!])).map((r) => r.status)).toEqual(['dead', 'dead']);
      expect(log.lines.join('')).not.toContain('@');
      expect(log.lines.join('')).not.toContain('Test message');
    } finally {
      await log.close();
    }
  });

  it('logs a refused recipient as dead with the SMTP code, never the reply that quotes the address', async () => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(Object.assign(new Error(`<${address.address}> no such mailbox`), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const log = captureLog();
    try {
      const port = (server.server.address() as AddressInfo).port;
      const env = testEnv({ SMTP_URL: `smtp://127.0.0.1:${port}` });
      const id = await queue('ok@example.com');
      expect(await deliverDueEmails({ db: database.db, env, clock, logger: log.logger })).toMatchObject({ dead: 1 });
      expect(log.entries()).toEqual([
        expect.objectContaining({
          level: 50,
          outboxId: id,
          attempt: 1,
          error: expect.objectContaining({ code: 'EENVELOPE', responseCode: 550 }),
          reason: 'the mail server refused it for good',
        }),
      ]);
      // The row keeps the reply for the owners; the log does not.
      expect((await rows([id]))[0]!.lastError).toContain('ok@example.com');
      expect(log.lines.join('')).not.toContain('@');
    } finally {
      await log.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('logs JSON lines shaped like pino on stdout when the caller gives no logger, at LOG_LEVEL', () => {
    const written: string[] = [];
    const at = new Date('2026-04-01T12:00:30Z');
    logFailedAttempt(
      jsonLineMailLogger('info', (l) => written.push(l)),
      { id: 7, kind: 'confirmation', attempt: 2, maxAttempts: 8 },
      {},
      at,
    );
    logFailedAttempt(
      jsonLineMailLogger('error', (l) => written.push(l)),
      { id: 8, kind: 'confirmation', attempt: 2, maxAttempts: 8 },
      {},
      at,
    );
    logFailedAttempt(
      jsonLineMailLogger('silent', (l) => written.push(l)),
      { id: 9, kind: 'confirmation', attempt: 2, maxAttempts: 8 },
      {},
      at,
    );
    expect(written).toHaveLength(1);
    expect(written[0]!.endsWith('\n')).toBe(true);
    expect(JSON.parse(written[0]!)).toMatchObject({ level: 40, outboxId: 7, nextAttemptAt: '2026-04-01T12:00:30.000Z', pid: process.pid });
  });

  it('keeps message text out of the error fields', () => {
    const smtpError = Object.assign(new Error('550 5.1.1 <victim@example.com> unknown'), {
      code: 'EENVELOPE',
      responseCode: 550,
      response: '550 5.1.1 <victim@example.com> unknown',
      command: 'RCPT TO',
    });
    expect(mailErrorFields(smtpError)).toEqual({ type: 'Error', code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' });
    expect(mailErrorFields({ code: 'victim@example.com', command: '<victim@example.com>' })).toEqual({ type: 'object' });
    expect(mailErrorFields(null)).toEqual({ type: 'object' });
    // An .eml file's name (logged when written) leaves a key's address out.
    expect(emlFileName('confirm:Victim+1@example.com:1782903900')).toMatch(/^confirm-address-1782903900-[0-9a-f]{8}$/);
    expect(emlFileName('confirm:a@example.com:1')).not.toBe(emlFileName('confirm:b@example.com:1'));
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
    // The file name (and so the logged path) holds no address (issue 25).
    expect(logged.join('\n')).not.toContain('@');
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
