/**
 * Signup, sign-in and the preference survey through HTTP (content-and-account-pages §2.2, §2.3, §7;
 * shopper-screens §7; DESIGN.md §4 "Visitors"), with the confirmation e-mail delivered to a real
 * SMTP server on loopback. Privacy: a token that did not come from the address's e-mailed link
 * reads only what its own browser saved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { signups } from '../../db/schema/engagement.schema';
import { emailOutbox } from '../../db/schema/email.schema';
import { deliverDueEmails } from '../../email/sender.service';
import { signLink } from '../../email/signed-links';
import { startSmtpCapture, type SmtpCapture } from '../../email/smtp-capture.test-support';
import { testEnv, type Env } from '../../env';
import { createTestApp } from '../../test-support/test-app';
import { SIGNUP_CONSENT_WORDING } from '../../../common/api/engagement.schema';
import { seedProducts } from '../products/products.test-seed';

let now = new Date('2025-08-01T10:00:00Z');
const later = (minutes: number) => (now = new Date(now.getTime() + minutes * 60_000));
let env: Env;
let smtp: SmtpCapture;
let database: Database;
let app: App;
let close: () => Promise<void>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  env = testEnv({ PUBLIC_URL: 'https://deals.example', SMTP_URL: smtp.url });
  ({ app, database, close } = await createTestApp({ env, clock: () => now }));
  await seedProducts(database.db, [{ asin: 'B0PREFS001', title: 'Kettle', pricePence: 1999 }]);
});
afterAll(async () => {
  await close?.();
  await smtp?.close();
});

const signup = (email: string, source = 'signup_page') =>
  app.inject({ method: 'POST', url: '/api/signup', payload: { email, source }, headers: { 'user-agent': 'vitest' } });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const save = (token: string | null, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/user-preferences', payload: body, headers: token ? bearer(token) : {} });
const read = (token: string | null, email: string) =>
  app.inject({ method: 'GET', url: `/api/user-preferences/${encodeURIComponent(email)}`, headers: token ? bearer(token) : {} });
const deliver = () => deliverDueEmails({ db: database.db, env, clock: () => now, log: () => {} });

describe('POST /api/signup', () => {
  it('stores the signup with its consent, mints a device token and sends one confirmation e-mail', async () => {
    const res = await signup(' Ana@Example.com ');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ email: 'ana@example.com', signupTime: now.getTime() });
    expect(body.visitorToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await database.db.select().from(signups).where(eq(signups.email, 'ana@example.com'));
    expect(row).toMatchObject({
      source: 'signup_page',
      consentWording: SIGNUP_CONSENT_WORDING,
      userAgent: 'vitest',
      confirmationQueued: true,
    });
    expect(row?.consentAt.toISOString()).toBe(now.toISOString());

    await deliver();
    const mail = smtp.messages.filter((m) => m.recipients.includes('ana@example.com'));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.parsed.text ?? '').toContain('https://deals.example/confirm-email?email=ana%40example.com&t=');
  });

  it('signing up twice within the hour is not an error and sends no second e-mail', async () => {
    later(10);
    const again = await signup('ana@example.com', 'signup_popup');
    expect(again.statusCode).toBe(201);
    await deliver();
    expect(smtp.messages.filter((m) => m.recipients.includes('ana@example.com'))).toHaveLength(1);
    expect(await database.db.select().from(signups).where(eq(signups.email, 'ana@example.com'))).toHaveLength(2);
  });

  it('refuses an e-mail without @, an unknown source and an oversized body, naming the field', async () => {
    for (const [payload, field] of [
      [{ email: 'ana.example.com', source: 'signup_page' }, 'email'],
      [{ email: 'ana@example.com', source: 'facebook' }, 'source'],
      [{ email: 'ana@example.com' }, 'source'],
    ] as const) {
      const res = await app.inject({ method: 'POST', url: '/api/signup', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(`${field}: `);
    }
    const huge = await app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { email: 'a@b.co', source: 'signup_page', referrer: 'x'.repeat(9000) },
    });
    expect(huge.statusCode).toBe(413);
  });
});

describe('POST /api/sign-in', () => {
  it('answers the same for a known and an unknown address and e-mails each at most once an hour', async () => {
    later(61);
    const known = await app.inject({ method: 'POST', url: '/api/sign-in', payload: { email: 'ana@example.com' } });
    const unknown = await app.inject({ method: 'POST', url: '/api/sign-in', payload: { email: 'nobody@example.com' } });
    expect(known.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    await app.inject({ method: 'POST', url: '/api/sign-in', payload: { email: 'ana@example.com' } });
    const queued = await database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, 'ana@example.com'));
    expect(queued).toHaveLength(2);
    expect(queued.every((m) => m.kind === 'confirmation')).toBe(true);
  });
});

describe('preferences (privacy: only the e-mailed link proves the mailbox)', () => {
  const answers = {
    email: 'cy@example.com',
    preferredCategories: ['kitchen', 'books', 'kitchen'],
    emailFrequency: 'daily',
    hasCompletedSurvey: true,
  };
  let deviceA = '';
  let deviceB = '';

  it('a device token saves and reads back what its own browser saved', async () => {
    later(5);
    deviceA = (await signup('cy@example.com')).json().visitorToken;
    const saved = await save(deviceA, answers);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...answers, preferredCategories: ['kitchen', 'books'] });
    expect((await read(deviceA, 'CY@example.com')).json()).toEqual(saved.json());
  });

  it('another device token of the same address (signup or alert) reads nothing of it and saves its own answers (issue 25)', async () => {
    later(1);
    deviceB = (await signup('cy@example.com')).json().visitorToken;
    const alert = await app.inject({
      method: 'POST',
      url: '/api/deal-alerts',
      payload: { productAsin: 'B0PREFS001', userEmail: 'cy@example.com' },
    });
    const alertToken: string = alert.json().visitorToken;
    for (const token of [deviceB, alertToken]) {
      const res = await read(token, 'cy@example.com');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBeNull();
    }
    // A stranger's save succeeds like any other (it reveals nothing) and locks nobody out.
    const other = await save(deviceB, { ...answers, preferredCategories: ['toys'] });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ ...answers, preferredCategories: ['toys'] });
    expect((await read(deviceB, 'cy@example.com')).json().preferredCategories).toEqual(['toys']);
    expect((await read(deviceA, 'cy@example.com')).json().preferredCategories).toEqual(['kitchen', 'books']);
    const again = await save(deviceA, { ...answers, preferredCategories: ['books'] });
    expect(again.statusCode).toBe(200);
    expect((await read(deviceA, 'cy@example.com')).json().preferredCategories).toEqual(['books']);
    await save(deviceA, answers);
  });

  it('answers the same for an address with preferences and one without (issue 25)', async () => {
    const known = await save((await signup('cy@example.com')).json().visitorToken, answers);
    const unknown = await save((await signup('nobody-yet@example.com')).json().visitorToken, {
      ...answers,
      email: 'nobody-yet@example.com',
    });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(Object.keys(known.json()).sort()).toEqual(Object.keys(unknown.json()).sort());
    expect({ ...known.json(), email: '' }).toEqual({ ...unknown.json(), email: '' });
  });

  it('no token is 401, a token of another address is 403, bad input is 400 naming the field', async () => {
    expect((await read(null, 'cy@example.com')).statusCode).toBe(401);
    expect((await save(null, answers)).statusCode).toBe(401);
    const other = (await signup('dee@example.com')).json().visitorToken;
    expect((await read(other, 'cy@example.com')).statusCode).toBe(403);
    expect((await save(other, answers)).statusCode).toBe(403);
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ ...answers, preferredCategories: ['kitchen', 'crypto'] }, 'preferredCategories.1'],
      [{ ...answers, emailFrequency: 'hourly' }, 'emailFrequency'],
      [{ ...answers, email: 'cy-at-example.com' }, 'email'],
    ];
    for (const [body, field] of bad) {
      const res = await save(deviceA, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(`${field}: `);
    }
    expect((await read(deviceA, 'not-an-email')).statusCode).toBe(400);
  });

  it("the e-mailed link opened on the device that answered makes its answers the address's; the mailbox token changes them; Skip saves no categories, weekly", async () => {
    later(1);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/subscribers/confirm',
      headers: { authorization: `Bearer ${deviceA}` },
      payload: signLink(env.SECRET_KEY, 'confirm', 'cy@example.com', now),
    });
    expect(confirmed.statusCode).toBe(200);
    const mailbox: string = confirmed.json().visitorToken;
    // deviceA's answers, not the other device's.
    expect((await read(mailbox, 'cy@example.com')).json().preferredCategories).toEqual(['kitchen', 'books']);
    const skipped = await save(mailbox, { email: 'cy@example.com', preferredCategories: [], hasCompletedSurvey: true });
    expect(skipped.json()).toEqual({
      email: 'cy@example.com',
      preferredCategories: [],
      emailFrequency: 'weekly',
      hasCompletedSurvey: true,
    });
    // The device that saved them first no longer reaches the row the mailbox token saved.
    expect((await read(deviceA, 'cy@example.com')).json()).toBeNull();
    // The other device still reads only its own answers.
    expect((await read(deviceB, 'cy@example.com')).json().preferredCategories).toEqual(['toys']);
  });
});
