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
import { subscribers, unsubscribeRecords } from '../../db/schema/visitors.schema';
import { enqueueEmail } from '../../email/outbox';
import { confirmationUrl, signEmail, signLink, unsubscribeUrl } from '../../email/signed-links';
import { renderConfirmationEmail } from '../../email/templates/confirmation.email';
import { EMAIL_CAMPAIGNS, withUtm } from '../../../common/email-campaigns';
import { testEnv } from '../../env';
import { createTestApp } from '../../test-support/test-app';
import { isMailable, mailableEmails } from '../../email/mailability';
import { UNSUBSCRIBE_LINK_SENT } from './subscriptions.service';

const env = testEnv({ PUBLIC_URL: 'https://deals.example' });
let now = new Date('2025-08-01T10:00:00Z');
let database: Database;
let app: App;
let close: () => Promise<void>;
let mailboxToken = '';

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

/** The one-click URL as our e-mails carry it (issued now), minus the origin (inject takes a path). */
function oneClickPath(email: string, sig?: string): string {
  const url = new URL(unsubscribeUrl(env.PUBLIC_URL, env.SECRET_KEY, email, now));
  if (sig) url.searchParams.set('sig', sig);
  return `${url.pathname}${url.search}`;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

describe('double opt-in', () => {
  it('starts unconfirmed, nothing may be mailed, and the device token from the alert cannot read the subscription', async () => {
    const { visitorToken, emailConfirmed } = await createAlert('carol@example.com');
    expect(emailConfirmed).toBe(false);
    const res = await status(visitorToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^token: open the link we e-mailed/);
    expect(await isMailable(database.db, 'carol@example.com')).toBe(false);
  });

  it('answers 401 to a status request without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/subscribers/status' });
    expect(res.statusCode).toBe(401);
  });

  it('rejects a wrong signature with 400 naming sig, and confirms nothing', async () => {
    const t = seconds(now);
    for (const sig of [
      'nonsense',
      signEmail(env.SECRET_KEY, 'unsubscribe', 'carol@example.com', t),
      signEmail(env.SECRET_KEY, 'confirm', 'dave@example.com', t),
      signEmail(env.SECRET_KEY, 'confirm', 'carol@example.com', t + 1),
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/subscribers/confirm', payload: { email: 'carol@example.com', t, sig } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Bad Request', message: 'sig: invalid or expired confirmation link' });
    }
    expect((await subscriber('carol@example.com'))?.confirmedAt).toBeNull();
  });

  it("confirms with the e-mailed link's signature and returns a token that lists the address's alerts; idempotent", async () => {
    const [mail] = await outbox('carol@example.com');
    const href = /href="([^"]*\/confirm-email\?[^"]*)"/.exec(mail?.html ?? '')?.[1]?.replace(/&amp;/g, '&');
    const link = new URL(href ?? 'https://missing.example/');
    const payload = { email: link.searchParams.get('email'), t: link.searchParams.get('t'), sig: link.searchParams.get('sig') };
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
    // One link, one live token: the second use revoked the first one's token.
    expect((await status(body.visitorToken)).statusCode).toBe(401);
    expect((await status(again.json().visitorToken)).statusCode).toBe(200);
    mailboxToken = again.json().visitorToken;
    expect((await subscriber('carol@example.com'))?.confirmedAt?.toISOString()).toBe(confirmedAt?.toISOString());
  });

  it('a confirmed address gets no further confirmation; a new device gets a sign-in link, once an hour', async () => {
    later(120);
    const withMailbox = await app.inject({
      method: 'POST',
      url: '/api/deal-alerts',
      headers: { authorization: `Bearer ${mailboxToken}` },
      payload: { productAsin: KETTLE, userEmail: 'carol@example.com' },
    });
    expect(withMailbox.json()).toMatchObject({ emailConfirmed: true, visitorToken: mailboxToken });
    expect(await outbox('carol@example.com')).toHaveLength(1);

    // Another browser: the answer tells it nothing, and the mailbox gets a sign-in link (once this hour).
    expect((await createAlert('carol@example.com')).emailConfirmed).toBe(false);
    expect((await createAlert('carol@example.com')).emailConfirmed).toBe(false);
    const mail = await outbox('carol@example.com');
    expect(mail.map((m) => [m.kind, m.dedupeKey.split(':')[0]])).toEqual([
      ['confirmation', 'confirm'],
      ['confirmation', 'sign-in'],
    ]);
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
    expect(location.searchParams.get('t')).toBe(String(seconds(now)));
    expect(location.searchParams.get('sig')).toBe(signEmail(env.SECRET_KEY, 'unsubscribe', 'carol@example.com', seconds(now)));
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
      url: oneClickPath('carol@example.com', signEmail(env.SECRET_KEY, 'confirm', 'carol@example.com', seconds(now))),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('sig: invalid or expired unsubscribe link');
    expect(await isMailable(database.db, 'carol@example.com')).toBe(true);
    expect((await outbox('carol@example.com')).map((m) => m.status)).toEqual(['pending', 'pending', 'pending']);
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
    expect(res.json()).toEqual({ success: true, email: 'carol@example.com', effective: true });
    const row = await subscriber('carol@example.com');
    expect(row).toMatchObject({ unsubscribeReason: 'one_click' });
    expect(row?.unsubscribedAt?.toISOString()).toBe(now.toISOString());
    expect(await isMailable(database.db, 'carol@example.com')).toBe(false);
    const mail = await outbox('carol@example.com');
    // Nothing queued for the address is sent any more (the old confirmation included).
    expect(mail.map((m) => [m.kind, m.status])).toEqual([
      ['confirmation', 'suppressed'],
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
    expect((await status(visitorToken)).statusCode).toBe(403);
    expect((await status(mailboxToken)).json()).toEqual({ email: 'carol@example.com', confirmed: false, unsubscribed: true });
    const confirmations = (await outbox('carol@example.com')).filter((m) => m.kind === 'confirmation');
    expect(confirmations).toHaveLength(3);
    expect(confirmations[2]?.status).toBe('pending');
    expect(await isMailable(database.db, 'carol@example.com')).toBe(false);

    const link = new URL(confirmationUrl(env.PUBLIC_URL, env.SECRET_KEY, 'carol@example.com', now));
    later(1);
    const res = await app.inject({
      method: 'POST',
      url: '/api/subscribers/confirm',
      payload: { email: 'carol@example.com', t: link.searchParams.get('t'), sig: link.searchParams.get('sig') },
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

  it('without proof, records the request and e-mails a one-click link instead; the link then unsubscribes at once', async () => {
    later(60);
    await createAlert('hal@example.com');
    await enqueueEmail(database.db, {
      recipient: 'hal@example.com',
      subject: 'Price drop',
      html: '<p>x</p>',
      text: 'x',
      kind: 'price-drop',
      dedupeKey: 'test:hal:2',
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      payload: { email: ' Hal@Example.com ', visitedPath: '/unsubscribe', userAgent: 'test', referrer: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, email: 'hal@example.com', effective: false, message: UNSUBSCRIBE_LINK_SENT });
    expect((await subscriber('hal@example.com'))?.unsubscribedAt).toBeNull();
    expect((await outbox('hal@example.com')).find((m) => m.dedupeKey === 'test:hal:2')?.status).toBe('pending');
    const [record] = await database.db.select().from(unsubscribeRecords).where(eq(unsubscribeRecords.email, 'hal@example.com'));
    expect(record).toMatchObject({ reason: 'manual_unsubscribe', visitedPath: '/unsubscribe', effective: false });

    const linkMail = (await outbox('hal@example.com')).find((m) => m.kind === 'unsubscribe-link');
    expect(linkMail?.subject).toMatch(/stop e-mails/i);
    const href = /href="([^"]*\/api\/unsubscribe\/one-click\?[^"]*)"/.exec(linkMail?.html ?? '')?.[1]?.replace(/&amp;/g, '&');
    const link = new URL(href ?? 'https://missing.example/');
    const done = await app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      payload: { email: 'hal@example.com', t: link.searchParams.get('t'), sig: link.searchParams.get('sig'), reason: 'Too many' },
    });
    expect(done.json()).toEqual({ success: true, email: 'hal@example.com', effective: true });
    expect(await subscriber('hal@example.com')).toMatchObject({ unsubscribeReason: 'Too many' });
    expect((await outbox('hal@example.com')).find((m) => m.dedupeKey === 'test:hal:2')?.status).toBe('suppressed');
  });

  it('a mailbox token unsubscribes its own address at once', async () => {
    const { visitorToken } = await createAlert('ida@example.com');
    const device = await app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      headers: { authorization: `Bearer ${visitorToken}` },
      payload: { email: 'ida@example.com' },
    });
    expect(device.json().effective).toBe(false);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/subscribers/confirm',
      payload: signLink(env.SECRET_KEY, 'confirm', 'ida@example.com', now),
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      headers: { authorization: `Bearer ${confirmed.json().visitorToken}` },
      payload: { email: 'ida@example.com' },
    });
    expect(res.json()).toEqual({ success: true, email: 'ida@example.com', effective: true });
    expect(await isMailable(database.db, 'ida@example.com')).toBe(false);
  });

  it('answers an unknown address exactly as a known one, sends it nothing and changes nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      payload: { email: 'stranger@example.com', reason: 'Too many e-mails' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, email: 'stranger@example.com', effective: false, message: UNSUBSCRIBE_LINK_SENT });
    expect(await subscriber('stranger@example.com')).toBeUndefined();
    expect(await outbox('stranger@example.com')).toEqual([]);
  });
});

describe('the confirmation e-mail', () => {
  it('has the button link in the HTML, the URL in the text, says what was asked and how to ignore it', async () => {
    const signedUrl = confirmationUrl('https://deals.example', env.SECRET_KEY, 'gina@example.com', now);
    // The link the e-mail shows carries the utm parameters beside the signature (issue 12).
    const confirmUrl = withUtm(signedUrl, EMAIL_CAMPAIGNS.confirmation);
    const mail = await renderConfirmationEmail({
      email: 'gina@example.com',
      confirmUrl: signedUrl,
      requested: ['Ninja Air Fryer & Grill'],
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

describe('POST /api/unsubscribe/track (issue 10; spec §4, §7)', () => {
  const track = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/unsubscribe/track', payload, headers });

  it('records a visit (email or none, reason, path, user agent, IP, referrer) and unsubscribes nobody', async () => {
    await createAlert('visitor@example.com');
    await database.db.update(subscribers).set({ confirmedAt: now }).where(eq(subscribers.email, 'visitor@example.com'));
    const res = await track(
      {
        email: 'Visitor@Example.com',
        reason: 'visited_unsubscribe_page',
        visitedPath: '/unsubscribe?email=visitor%40example.com',
        referrer: null,
      },
      { 'user-agent': 'Mail scanner 1.0', referer: 'https://mail.example/inbox' },
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ recorded: true });
    const [record] = await database.db.select().from(unsubscribeRecords).where(eq(unsubscribeRecords.reason, 'visited_unsubscribe_page'));
    expect(record).toMatchObject({
      email: 'visitor@example.com',
      // Stored without its query string (issue 25: queries can carry signed links).
      visitedPath: '/unsubscribe',
      userAgent: 'Mail scanner 1.0',
      referrer: 'https://mail.example/inbox',
      ipAddress: '127.0.0.1',
      effective: false,
    });
    // An unsigned visit proves nothing about the mailbox (DESIGN.md §4): still subscribed.
    expect(await isMailable(database.db, 'visitor@example.com')).toBe(true);
  });

  it('records a subscribe-page visit without an e-mail', async () => {
    const res = await track({
      email: '',
      reason: 'visited_subscribe_page',
      visitedPath: '/subscribe/123/update/weekly',
      userAgent: 'Firefox',
      subscribeId: '123',
      subscribeAction: 'update',
      subscribeParam: 'weekly',
    });
    expect(res.statusCode).toBe(202);
    const [record] = await database.db.select().from(unsubscribeRecords).where(eq(unsubscribeRecords.reason, 'visited_subscribe_page'));
    expect(record).toMatchObject({ email: null, visitedPath: '/subscribe/123/update/weekly', userAgent: 'Firefox', effective: false });
  });

  it.each([
    [{ email: 'nope', reason: 'visited_unsubscribe_page' }, 'email: must be a valid e-mail address'],
    [{ reason: 'unsubscribe_everyone' }, 'reason: must be visited_subscribe_page or visited_unsubscribe_page'],
    [{ reason: 'visited_subscribe_page', visitedPath: 'x'.repeat(2001) }, 'visitedPath: must be at most 2000 characters'],
  ])('answers 400 naming the field for bad input (%#)', async (payload, expected) => {
    const res = await track(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(expected);
  });

  it('is limited per client IP (NODE_ENV=production: 30 a minute)', async () => {
    const prod = await createTestApp({ env: testEnv({ NODE_ENV: 'production' }), database, clock: () => now });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1) {
        const res = await prod.app.inject({
          method: 'POST',
          url: '/api/unsubscribe/track',
          remoteAddress: '192.0.2.77',
          payload: { reason: 'visited_unsubscribe_page' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 30).every((s) => s === 202)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await prod.close();
    }
  });
});

describe('POST /api/unsubscribe keeps the request record (issue 10)', () => {
  it('stores reason, path, user agent (from the header when the body has none), IP and referrer', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      payload: { email: 'recorded@example.com', reason: 'Too many e-mails', visitedPath: '/unsubscribe' },
      headers: { 'user-agent': 'Chromium test', referer: 'https://deals.example/unsubscribe' },
    });
    expect(res.statusCode).toBe(200);
    const [record] = await database.db.select().from(unsubscribeRecords).where(eq(unsubscribeRecords.email, 'recorded@example.com'));
    expect(record).toMatchObject({
      reason: 'Too many e-mails',
      visitedPath: '/unsubscribe',
      userAgent: 'Chromium test',
      referrer: 'https://deals.example/unsubscribe',
      ipAddress: '127.0.0.1',
      effective: false,
    });
  });
});
