/**
 * Double opt-in, status and unsubscribe through HTTP on a fresh PGlite (DESIGN.md §4 "Visitors",
 * "E-mail"; RFC 8058; content-and-account-pages §2.5, §7), and the confirmation e-mail's rendering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { products } from '../../db/schema/catalogue.schema';
import { emailOutbox } from '../../db/schema/email.schema';
import { subscribers } from '../../db/schema/visitors.schema';
import { enqueueEmail } from '../../email/outbox';
import { confirmationUrl, signEmail, unsubscribeUrl } from '../../email/signed-links';
import { renderConfirmationEmail } from '../../email/templates/confirmation.email';
import { testEnv } from '../../env';
import { createTestApp } from '../../test-support/test-app';
import { isMailable, mailableEmails } from './subscriptions.queries';

const env = testEnv({ PUBLIC_URL: 'https://deals.example' });
let now = new Date('2025-08-01T10:00:00Z');
let database: Database;
let app: App;
let close: () => Promise<void>;

const KETTLE = 'B0KETTLE01';

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env, clock: () => now }));
  await database.db.insert(products).values({ asin: KETTLE, title: 'Breville Kettle 1.7 L', pricePence: 2999, priceAsOf: now });
});

afterAll(() => close?.());

const later = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
};

async function createAlert(email: string): Promise<{ visitorToken: string; emailConfirmed: boolean }> {
  const res = await app.inject({ method: 'POST', url: '/api/deal-alerts', payload: { productAsin: KETTLE, userEmail: email } });
  expect([200, 201]).toContain(res.statusCode);
  return res.json();
}

async function subscriber(email: string) {
  const [row] = await database.db.select().from(subscribers).where(eq(subscribers.email, email));
  return row;
}

async function outbox(email: string) {
  return database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email)).orderBy(emailOutbox.id);
}

function status(token: string) {
  return app.inject({ method: 'GET', url: '/api/subscribers/status', headers: { authorization: `Bearer ${token}` } });
}

/** The one-click URL as our e-mails carry it, minus the origin (inject takes a path). */
function oneClickPath(email: string, sig = signEmail(env.SECRET_KEY, 'unsubscribe', email)): string {
  const url = new URL(unsubscribeUrl(env.PUBLIC_URL, env.SECRET_KEY, email));
  url.searchParams.set('sig', sig);
  return `${url.pathname}${url.search}`;
}

describe('double opt-in', () => {
  it('starts unconfirmed, and nothing may be mailed', async () => {
    const { visitorToken, emailConfirmed } = await createAlert('carol@example.com');
    expect(emailConfirmed).toBe(false);
    const res = await status(visitorToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'carol@example.com', confirmed: false, unsubscribed: false });
    expect(await isMailable(database.db, 'carol@example.com')).toBe(false);
  });

  it('answers 401 to a status request without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/subscribers/status' });
    expect(res.statusCode).toBe(401);
  });

  it('rejects a wrong signature with 400 naming sig, and confirms nothing', async () => {
    for (const sig of [
      'nonsense',
      signEmail(env.SECRET_KEY, 'unsubscribe', 'carol@example.com'),
      signEmail(env.SECRET_KEY, 'confirm', 'dave@example.com'),
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/subscribers/confirm', payload: { email: 'carol@example.com', sig } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Bad Request', message: 'sig: invalid or expired confirmation link' });
    }
    expect((await subscriber('carol@example.com'))?.confirmedAt).toBeNull();
  });

  it("confirms with the e-mailed link's signature and returns a token that lists the address's alerts; idempotent", async () => {
    const [mail] = await outbox('carol@example.com');
    const href = /href="([^"]*\/confirm-email\?[^"]*)"/.exec(mail?.html ?? '')?.[1]?.replace(/&amp;/g, '&');
    const link = new URL(href ?? 'https://missing.example/');
    const payload = { email: link.searchParams.get('email'), sig: link.searchParams.get('sig') };
    later(5);
    const res = await app.inject({ method: 'POST', url: '/api/subscribers/confirm', payload });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ email: 'carol@example.com', confirmed: true });
    const confirmedAt = (await subscriber('carol@example.com'))?.confirmedAt;
    expect(confirmedAt?.toISOString()).toBe(now.toISOString());
    expect(await isMailable(database.db, 'Carol@Example.com')).toBe(true);

    const list = await app.inject({ method: 'GET', url: '/api/deal-alerts', headers: { authorization: `Bearer ${body.visitorToken}` } });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject([{ productAsin: KETTLE, userEmail: 'carol@example.com' }]);
    expect((await status(body.visitorToken)).json()).toEqual({ email: 'carol@example.com', confirmed: true, unsubscribed: false });

    later(5);
    const again = await app.inject({ method: 'POST', url: '/api/subscribers/confirm', payload });
    expect(again.statusCode).toBe(200);
    expect(again.json().visitorToken).not.toBe(body.visitorToken);
    expect((await subscriber('carol@example.com'))?.confirmedAt?.toISOString()).toBe(confirmedAt?.toISOString());
  });

  it('sends a confirmed address no further confirmation e-mails', async () => {
    later(120);
    const { emailConfirmed } = await createAlert('carol@example.com');
    expect(emailConfirmed).toBe(true);
    expect(await outbox('carol@example.com')).toHaveLength(1);
  });

  it('mailableEmails picks the confirmed, subscribed addresses of a batch', async () => {
    await createAlert('erin@example.com');
    const set = await mailableEmails(database.db, ['carol@example.com', 'ERIN@example.com', 'unknown@example.com']);
    expect([...set]).toEqual(['carol@example.com']);
    expect(await mailableEmails(database.db, [])).toEqual(new Set());
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('a GET only redirects to the unsubscribe page and unsubscribes nobody', async () => {
    const res = await app.inject({ method: 'GET', url: oneClickPath('carol@example.com') });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string, 'https://deals.example');
    expect(location.pathname).toBe('/unsubscribe');
    expect(location.searchParams.get('email')).toBe('carol@example.com');
    expect(location.searchParams.get('sig')).toBe(signEmail(env.SECRET_KEY, 'unsubscribe', 'carol@example.com'));
    expect(await isMailable(database.db, 'carol@example.com')).toBe(true);
  });

  it('a wrong signature answers 400 and changes nothing', async () => {
    await enqueueEmail(database.db, {
      recipient: 'carol@example.com',
      subject: 'Price drop',
      html: '<p>x</p>',
      text: 'x',
      kind: 'price-drop',
      dedupeKey: 'test:carol:1',
    });
    const res = await app.inject({
      method: 'POST',
      url: oneClickPath('carol@example.com', signEmail(env.SECRET_KEY, 'confirm', 'carol@example.com')),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('sig: invalid or expired unsubscribe link');
    expect(await isMailable(database.db, 'carol@example.com')).toBe(true);
    expect((await outbox('carol@example.com')).map((m) => m.status)).toEqual(['pending', 'pending']);
  });

  it('a POST with the urlencoded body and no cookies unsubscribes at once and suppresses queued mail', async () => {
    later(1);
    const res = await app.inject({
      method: 'POST',
      url: oneClickPath('carol@example.com'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, email: 'carol@example.com' });
    const row = await subscriber('carol@example.com');
    expect(row).toMatchObject({ unsubscribeReason: 'one_click' });
    expect(row?.unsubscribedAt?.toISOString()).toBe(now.toISOString());
    expect(await isMailable(database.db, 'carol@example.com')).toBe(false);
    const mail = await outbox('carol@example.com');
    // Nothing queued for the address is sent any more (the old confirmation included).
    expect(mail.map((m) => [m.kind, m.status])).toEqual([
      ['confirmation', 'suppressed'],
      ['price-drop', 'suppressed'],
    ]);
  });

  it("accepts multipart/form-data (the RFC's SHOULD), JSON and empty bodies", async () => {
    for (const email of ['f1@example.com', 'f2@example.com', 'f3@example.com', 'f4@example.com']) await createAlert(email);
    const boundary = 'xYzZY';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const requests = [
      { email: 'f1@example.com', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: multipart },
      { email: 'f2@example.com', headers: { 'content-type': 'application/json' }, payload: '{"List-Unsubscribe":"One-Click"}' },
      { email: 'f3@example.com', headers: { 'content-type': 'application/json' }, payload: '' },
      { email: 'f4@example.com', headers: {}, payload: undefined },
    ];
    for (const r of requests) {
      const res = await app.inject({ method: 'POST', url: oneClickPath(r.email), headers: r.headers, payload: r.payload });
      expect(res.statusCode, r.email).toBe(200);
      expect((await subscriber(r.email))?.unsubscribedAt, r.email).not.toBeNull();
    }
  });

  it('an unsubscribed address that creates an alert gets a fresh confirmation and stays unsubscribed until it confirms', async () => {
    later(1);
    const { visitorToken, emailConfirmed } = await createAlert('carol@example.com');
    expect(emailConfirmed).toBe(false);
    expect((await status(visitorToken)).json()).toEqual({ email: 'carol@example.com', confirmed: false, unsubscribed: true });
    const confirmations = (await outbox('carol@example.com')).filter((m) => m.kind === 'confirmation');
    expect(confirmations).toHaveLength(2);
    expect(confirmations[1]?.status).toBe('pending');
    expect(await isMailable(database.db, 'carol@example.com')).toBe(false);

    const link = new URL(confirmationUrl(env.PUBLIC_URL, env.SECRET_KEY, 'carol@example.com'));
    later(1);
    const res = await app.inject({
      method: 'POST',
      url: '/api/subscribers/confirm',
      payload: { email: 'carol@example.com', sig: link.searchParams.get('sig') },
    });
    expect(res.statusCode).toBe(200);
    const row = await subscriber('carol@example.com');
    expect(row).toMatchObject({ unsubscribedAt: null, unsubscribeReason: null });
    expect(row?.confirmedAt?.toISOString()).toBe(now.toISOString());
    expect(await isMailable(database.db, 'carol@example.com')).toBe(true);
  });
});

describe('POST /api/unsubscribe (the unsubscribe page)', () => {
  it('answers 400 for a blank e-mail', async () => {
    for (const email of ['   ', '', null]) {
      const res = await app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { email, reason: 'manual_unsubscribe' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Bad Request', message: 'email: Please enter your email address' });
    }
  });

  it('unsubscribes a known address and suppresses its queued mail', async () => {
    await enqueueEmail(database.db, {
      recipient: 'carol@example.com',
      subject: 'Price drop',
      html: '<p>x</p>',
      text: 'x',
      kind: 'price-drop',
      dedupeKey: 'test:carol:2',
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      payload: { email: ' Carol@Example.com ', visitedPath: '/unsubscribe', userAgent: 'test', referrer: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, email: 'carol@example.com' });
    expect(await subscriber('carol@example.com')).toMatchObject({ unsubscribeReason: 'manual_unsubscribe' });
    expect(await isMailable(database.db, 'carol@example.com')).toBe(false);
    expect((await outbox('carol@example.com')).find((m) => m.dedupeKey === 'test:carol:2')?.status).toBe('suppressed');
  });

  it('answers an unknown address exactly as a known one, and records it as not to be mailed', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      payload: { email: 'stranger@example.com', reason: 'Too many e-mails' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, email: 'stranger@example.com' });
    expect(await subscriber('stranger@example.com')).toMatchObject({ unsubscribeReason: 'Too many e-mails', confirmedAt: null });
  });
});

describe('the confirmation e-mail', () => {
  it('has the button link in the HTML, the URL in the text, says what was asked and how to ignore it', async () => {
    const confirmUrl = confirmationUrl('https://deals.example', env.SECRET_KEY, 'gina@example.com');
    const mail = await renderConfirmationEmail({
      email: 'gina@example.com',
      confirmUrl,
      productTitle: 'Ninja Air Fryer & Grill',
      publicUrl: 'https://deals.example',
    });
    const escapedUrl = confirmUrl.replace(/&/g, '&amp;');
    expect(mail.subject).toMatch(/confirm/i);
    expect(mail.html).toMatch(
      new RegExp(`<a[^>]+href="${escapedUrl.replace(/[.?+]/g, '\\$&')}"[^>]*>(?:(?!</a>)[\\s\\S])*Confirm my e-mail address`),
    );
    expect(mail.html).toContain('Ninja Air Fryer &amp; Grill');
    expect(mail.html).toContain('As an Amazon Associate we earn from qualifying purchases');
    expect(mail.html).toContain('Prices are subject to change');
    expect(mail.text).toContain(confirmUrl);
    expect(mail.text).toContain('Ninja Air Fryer & Grill');
    expect(mail.text).toMatch(/ignore this e-mail/);
  });
});
