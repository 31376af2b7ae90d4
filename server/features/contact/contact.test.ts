/**
 * POST /api/contact through HTTP on a fresh PGlite (issue 10; content-and-account-pages §2.7, §5;
 * DESIGN.md §5): the message is stored and e-mailed once to CONTACT_EMAIL through the outbox (an
 * ungated kind: the owners' address never subscribed), HTML stays text, every field is required
 * and validated, and the limits per address and per IP hold. Also GET /api/config's company details.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema/contact.schema';
import { emailOutbox } from '../../db/schema/email.schema';
import { deliverDueEmails } from '../../email/sender.service';
import { startSmtpCapture, type SmtpCapture } from '../../email/smtp-capture.test-support';
import { testEnv, type Env } from '../../env';
import { createTestApp } from '../../test-support/test-app';

const OWNERS = 'owners@deals.example';
const now = new Date('2025-08-10T09:30:00Z');
let env: Env;
let smtp: SmtpCapture;
let database: Database;
let app: App;
let close: () => Promise<void>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  env = testEnv({
    PUBLIC_URL: 'https://deals.example',
    SMTP_URL: smtp.url,
    CONTACT_EMAIL: OWNERS,
    COMPANY_NAME: 'Example Deals Ltd',
    COMPANY_ADDRESS: '1 Example Street, Manchester M1 1AA',
  });
  ({ app, database, close } = await createTestApp({ env, clock: () => now }));
});
afterAll(async () => {
  await close?.();
  await smtp?.close();
});

const valid = {
  name: 'Priya Shah',
  email: 'Priya@Example.co.uk',
  subject: 'Price alert question',
  message: 'Hello,\nhow often do you check prices?\nThanks',
};
let ip = 0;
const send = (payload: unknown, remoteAddress = `198.51.100.${++ip}`) =>
  app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: payload as Record<string, unknown>,
    remoteAddress,
    headers: { 'user-agent': 'vitest' },
  });
const deliver = () => deliverDueEmails({ db: database.db, env, clock: () => now, log: () => {} });

describe('POST /api/contact', () => {
  it('stores the message and e-mails it once to CONTACT_EMAIL, with Reply-To the sender, promising a reply in 24 hours', async () => {
    const res = await send(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: "Thank you for getting in touch. We'll reply within 24 hours." });

    const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.email, 'priya@example.co.uk'));
    expect(row).toMatchObject({ name: 'Priya Shah', subject: 'Price alert question', message: valid.message, userAgent: 'vitest' });
    expect(row?.ipAddress).toMatch(/^198\.51\.100\./);
    const [queued] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, row?.outboxId ?? -1));
    expect(queued).toMatchObject({ recipient: OWNERS, kind: 'contact-message', dedupeKey: `contact:${row?.id}` });

    await deliver();
    await deliver();
    const mail = smtp.messages.filter((m) => m.recipients.includes(OWNERS));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.parsed.subject).toBe('[Deal Alerts UK contact] Price alert question');
    expect(mail[0]?.parsed.replyTo?.[0]?.address).toBe('priya@example.co.uk');
    expect(mail[0]?.parsed.text).toContain('how often do you check prices?');
  });

  it('keeps HTML in any field as text: the e-mail escapes it', async () => {
    const res = await send({
      ...valid,
      email: 'html@example.com',
      name: '<b>Zoë</b>',
      message: '<script>alert(1)</script> <img src=x onerror=alert(2)>',
    });
    expect(res.statusCode).toBe(201);
    await deliver();
    const mail = smtp.messages.find((m) => m.parsed.replyTo?.[0]?.address === 'html@example.com');
    expect(mail?.parsed.html).not.toContain('<script>');
    expect(mail?.parsed.html).not.toContain('<img');
    expect(mail?.parsed.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail?.parsed.html).toContain('&lt;b&gt;Zoë&lt;/b&gt;');
  });

  it.each([
    [{ ...valid, name: '  ' }, 'name: is required'],
    [{ ...valid, name: undefined }, 'name: is required'],
    [{ ...valid, email: 'not-an-address' }, 'email: must be a valid e-mail address'],
    [{ ...valid, email: '' }, 'email: is required'],
    [{ ...valid, subject: '' }, 'subject: is required'],
    [{ ...valid, subject: 'x'.repeat(151) }, 'subject: must be at most 150 characters'],
    [{ ...valid, message: 'short' }, 'message: must be at least 10 characters'],
    [{ ...valid, message: 'x'.repeat(5001) }, 'message: must be at most 5000 characters'],
    [{ ...valid, subject: 'Hi\r\nBcc: victim@example.com' }, 'subject: must not contain control characters'],
    [{ ...valid, message: 'Hello there\u0000friend' }, 'message: must not contain control characters'],
  ])('answers 400 naming the field for bad input (%#) and stores nothing', async (payload, expected) => {
    const before = (await database.db.select().from(contactMessages)).length;
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(expected);
    expect(await database.db.select().from(contactMessages)).toHaveLength(before);
  });
});

describe('POST /api/contact limits (NODE_ENV=production limits)', () => {
  it('the fourth message from one address in an hour is 429, whatever IP it comes from', async () => {
    const prod = await createTestApp({ env: testEnv({ NODE_ENV: 'production', CONTACT_EMAIL: OWNERS }), database, clock: () => now });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await prod.app.inject({
          method: 'POST',
          url: '/api/contact',
          remoteAddress: `192.0.2.${i + 1}`,
          payload: { ...valid, email: 'flood@example.com' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
    } finally {
      await prod.close();
    }
  });

  it('the eleventh message from one IP in an hour is 429, whatever address it names', async () => {
    const prod = await createTestApp({ env: testEnv({ NODE_ENV: 'production', CONTACT_EMAIL: OWNERS }), database, clock: () => now });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        const res = await prod.app.inject({
          method: 'POST',
          url: '/api/contact',
          remoteAddress: '192.0.2.200',
          payload: { ...valid, email: `sender${i}@example.com` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await prod.close();
    }
  });
});

describe('GET /api/config company details', () => {
  it('gives COMPANY_NAME, COMPANY_ADDRESS and CONTACT_EMAIL for the legal and contact pages', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({
      companyName: 'Example Deals Ltd',
      companyAddress: '1 Example Street, Manchester M1 1AA',
      contactEmail: OWNERS,
    });
  });

  it('has neutral defaults', () => {
    const defaults = testEnv();
    expect([defaults.COMPANY_NAME, defaults.COMPANY_ADDRESS, defaults.CONTACT_EMAIL]).toEqual([
      'Deal Alerts UK',
      'United Kingdom',
      'contact@dealalerts.localhost',
    ]);
    expect(() => testEnv({ CONTACT_EMAIL: 'nobody' })).toThrow(/CONTACT_EMAIL: must be an e-mail address/);
  });
});
