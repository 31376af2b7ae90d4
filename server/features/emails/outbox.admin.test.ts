/**
 * The delivery log (issue 29): `GET /api/admin/outbox` and `POST /api/admin/outbox/{id}/resend`
 * against the real app and database (PGlite, or TEST_DATABASE_URL), with messages put in every state
 * by the real sender: delivered to a real SMTP server on loopback, refused for good by it (dead), the
 * server unreachable (failed, waiting), held back by the hourly budget, and suppressed. Recipients
 * arrive masked, errors carry no address; a dead message resent is delivered; who may call them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema/email.schema';
import { enqueueEmail } from '../../email/outbox';
import { deliverDueEmails } from '../../email/sender.service';
import { startSmtpCapture, unusedPort, type SmtpCapture } from '../../email/smtp-capture.test-support';
import { testEnv, type Env } from '../../env';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import { seedSubscriber, visitorToken } from '../price-checks/price-check.test-support';
import { expectAdminOnly } from './emails.test-support';

const PUBLIC_URL = 'https://deals.example.co.uk';
let now = new Date('2026-11-23T10:00:00Z');
let env: Env;
let database: Database;
let app: App;
let close: () => Promise<void>;
let admin: AdminHeaders;
let smtp: SmtpCapture;
let refusing: SMTPServer;
let refusingUrl: string;

const message = (recipient: string, key: string, kind = 'contact-message') => ({
  recipient,
  kind,
  dedupeKey: key,
  subject: `Subject ${key}`,
  html: `<p>${key}</p>`,
  text: key,
  createdAt: now,
});
const get = (url: string) => app.inject({ method: 'GET', url, headers: admin });
const post = (url: string) => app.inject({ method: 'POST', url, headers: admin });
const idOf = async (key: string) => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, key)))[0]!.id;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // A real SMTP server that refuses every recipient for good (550, quoting the address as servers do).
  refusing = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const error = new Error(`<${address.address}> unknown user`) as Error & { responseCode: number };
      error.responseCode = 550;
      callback(error);
    },
  });
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', () => resolve()));
  refusingUrl = `smtp://127.0.0.1:${(refusing.server.address() as AddressInfo).port}`;
  env = testEnv({ PUBLIC_URL, SMTP_URL: smtp.url, MAIL_FROM: 'Deal Alerts UK <alerts@dealalerts.example.co.uk>' });
  ({ app, database, close } = await createTestApp({ env, clock: () => now }));
  admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);
});

afterAll(async () => {
  await close?.();
  await smtp?.close();
  await new Promise<void>((resolve) => refusing.close(() => resolve()));
});

describe('the delivery log', () => {
  it('lists every message with its state, masked recipient, attempts, error and next try', async () => {
    const deliver = (withEnv: Env) =>
      deliverDueEmails({ db: database.db, env: withEnv, clock: () => now, logger: { warn() {}, error() {} } });
    // Sent.
    await enqueueEmail(database.db, message('jane@example.com', 'k-sent'));
    await deliver(env);
    // Dead: refused for good.
    await enqueueEmail(database.db, message('dead.person@example.org', 'k-dead'));
    await deliver({ ...env, SMTP_URL: refusingUrl });
    // Failed: the server unreachable (one attempt used, retried later).
    await enqueueEmail(database.db, message('fay@example.net', 'k-failed'));
    await deliver({ ...env, SMTP_URL: `smtp://127.0.0.1:${await unusedPort()}` });
    // Held back by the hourly budget.
    await enqueueEmail(database.db, {
      ...message('budget@example.com', 'k-budget', 'confirmation'),
      notBefore: new Date(now.getTime() + 30 * 60_000),
    });
    // Suppressed: subscribed mail to an address that has unsubscribed.
    await seedSubscriber(database.db, 'gone@example.com', 'unsubscribed', now);
    await enqueueEmail(database.db, message('gone@example.com', 'k-suppressed', 'price-drop-summary'));
    await deliver(env);
    // Waiting: queued, not tried.
    await enqueueEmail(database.db, message('walt@example.com', 'k-waiting'));

    const res = await get('/api/admin/outbox');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(6);
    expect(body.counts).toEqual({ waiting: 1, budget: 1, failed: 1, sent: 1, dead: 1, suppressed: 1 });
    const byRecipient = Object.fromEntries(body.messages.map((m: { recipient: string }) => [m.recipient, m]));
    expect(Object.keys(byRecipient).sort()).toEqual(
      ['b***@example.com', 'd***@example.org', 'f***@example.net', 'g***@example.com', 'j***@example.com', 'w***@example.com'].sort(),
    );
    expect(byRecipient['j***@example.com']).toMatchObject({ state: 'sent', attempts: 0, nextTryAt: null, kind: 'contact-message' });
    expect(byRecipient['d***@example.org']).toMatchObject({ state: 'dead', attempts: 1, nextTryAt: null });
    expect(byRecipient['d***@example.org'].lastError).toContain('550');
    expect(byRecipient['f***@example.net']).toMatchObject({ state: 'failed', attempts: 1 });
    expect(byRecipient['f***@example.net'].nextTryAt).not.toBeNull();
    expect(byRecipient['b***@example.com']).toMatchObject({ state: 'budget', kind: 'confirmation' });
    expect(byRecipient['g***@example.com']).toMatchObject({ state: 'suppressed' });
    expect(byRecipient['w***@example.com']).toMatchObject({ state: 'waiting', attempts: 0 });
    // No full address anywhere in the answer (the 550 reply quoted one), no stack, no SQL.
    expect(res.body).not.toMatch(/jane@|dead\.person@|fay@|budget@|gone@|walt@/);
    expect(res.body).not.toMatch(/\bat .*\.ts:\d+|select |insert into/i);

    const dead = await get('/api/admin/outbox?state=dead');
    expect(dead.json().messages.map((m: { recipient: string }) => m.recipient)).toEqual(['d***@example.org']);
    const paged = await get('/api/admin/outbox?page=2&limit=4');
    expect(paged.json()).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(paged.json().messages).toHaveLength(2);
  });

  it('names the field and rule of a bad query', async () => {
    const res = await get('/api/admin/outbox?state=lost');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^state: must be one of/);
    expect((await get('/api/admin/outbox?page=0')).json().message).toMatch(/^page: must be at least 1/);
  });

  it('resends a dead message (audited), and refuses one that is not dead with 409', async () => {
    const deadId = await idOf('k-dead');
    const sentId = await idOf('k-sent');
    const refused = await post(`/api/admin/outbox/${sentId}/resend`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('only a dead message can be resent');
    expect((await post('/api/admin/outbox/999999/resend')).statusCode).toBe(404);

    const res = await post(`/api/admin/outbox/${deadId}/resend`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ id: deadId, state: 'waiting', attempts: 0, lastError: null });
    // The next run delivers it to the (working) server.
    const before = smtp.messages.length;
    await deliverDueEmails({ db: database.db, env, clock: () => now });
    expect(smtp.messages.slice(before).flatMap((m) => m.recipients)).toContain('dead.person@example.org');
    expect((await get('/api/admin/outbox?state=dead')).json().total).toBe(0);
    // A second resend of the same (now sent) message: 409.
    expect((await post(`/api/admin/outbox/${deadId}/resend`)).statusCode).toBe(409);

    const audit = (await get('/api/admin/audit-log?action=outbox.resend')).json();
    expect(audit.entries.map((e: { action: string; target: string }) => [e.action, e.target])).toEqual([
      ['outbox.resend', `outbox:${deadId} (contact-message)`],
    ]);
  });

  it('is for signed-in owners only: no session or a visitor token 401, a foreign Origin 403', async () => {
    const deadless = await idOf('k-sent');
    const advance = (ms: number) => {
      now = new Date(now.getTime() + ms);
    };
    await expectAdminOnly(app, database, PUBLIC_URL, { method: 'GET', url: '/api/admin/outbox' }, advance);
    await expectAdminOnly(app, database, PUBLIC_URL, { method: 'POST', url: `/api/admin/outbox/${deadless}/resend` }, advance);
    await seedSubscriber(database.db, 'shopper@example.com', 'confirmed', now);
    const token = await visitorToken(database.db, 'shopper@example.com', now);
    const asVisitor = { authorization: `Bearer ${token}`, origin: new URL(PUBLIC_URL).origin };
    expect((await app.inject({ method: 'GET', url: '/api/admin/outbox', headers: asVisitor })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: `/api/admin/outbox/${deadless}/resend`, headers: asVisitor })).statusCode).toBe(401);
  });
});
