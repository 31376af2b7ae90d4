/**
 * Issue 25 ("Trust II: a mailbox gets only what its owner asked for, and no one can starve or lock
 * out others"), each attack as it was run from outside, through HTTP on a fresh database. Every one
 * of these passed the attack on the code before issue 25: plus-address variants each got their own
 * e-mails, one network's flood delayed everyone's confirmations, a stranger's alert on a confirmed
 * address was mailed, and an old confirmation link re-subscribed an address that had unsubscribed.
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { dealAlerts } from '../../db/schema/alerts.schema';
import { emailOutbox } from '../../db/schema/email.schema';
import { signups } from '../../db/schema/engagement.schema';
import { subscribers, unsubscribeRecords } from '../../db/schema/visitors.schema';
import { DELAYED_BY_BUDGET } from '../../email/outbox';
import { MAILBOX_MAX_PER_HOUR, NETWORK_MAX_PER_HOUR } from '../../email/send-budget';
import { signEmail, signLink, unsubscribeUrl } from '../../email/signed-links';
import { APPROVE_SUBJECT } from '../../email/templates/confirmation.email';
import { testEnv } from '../../env';
import { createCatalogueSource } from '../../sources/catalogue.source';
import { createTestApp } from '../../test-support/test-app';
import { importNewPrice, seedProducts } from '../price-checks/price-check.test-support';
import { runPriceCheck } from '../price-checks/price-check.service';

const env = testEnv({ PUBLIC_URL: 'https://deals.example', MAX_CONFIRMATIONS_PER_HOUR: '5' });
let now = new Date('2026-03-02T09:00:00Z');
const later = (ms: number) => (now = new Date(now.getTime() + ms));
const HOUR = 60 * 60 * 1000;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

let app: App;
let database: Database;
let close: () => Promise<void>;

const KETTLE = 'B0TRUSTII1';
const TOASTER = 'B0TRUSTII2';
const BLENDER = 'B0TRUSTII3';

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env, clock: () => now }));
  await seedProducts(database.db, [
    { asin: KETTLE, title: 'Trust II kettle', pricePence: 2999, priceAsOf: now },
    { asin: TOASTER, title: 'Trust II toaster', pricePence: 1999, priceAsOf: now },
    { asin: BLENDER, title: 'Trust II blender', pricePence: 4999, priceAsOf: now },
  ]);
});
afterAll(() => close?.());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const createAlert = (email: string, productAsin: string, remoteAddress: string, token?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/deal-alerts',
    remoteAddress,
    payload: { productAsin, userEmail: email },
    ...(token ? { headers: bearer(token) } : {}),
  });
const budgeted = async (since: Date) =>
  database.db
    .select()
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.kind, ['confirmation', 'unsubscribe-link']), gt(emailOutbox.createdAt, since)))
    .orderBy(emailOutbox.id);
function confirmLinkIn(html: string): { email: string; t: string; sig: string } {
  const match = /href="([^"]*\/confirm-email\?[^"]*)"/.exec(html);
  if (!match?.[1]) throw new Error('no confirmation link in the e-mail');
  const url = new URL(match[1].replace(/&amp;/g, '&'));
  return { email: url.searchParams.get('email') ?? '', t: url.searchParams.get('t') ?? '', sig: url.searchParams.get('sig') ?? '' };
}
const check = () =>
  runPriceCheck(
    { db: database.db, source: createCatalogueSource(database.db), clock: () => now, env },
    {
      trigger: 'manual',
      results: false,
    },
  );
const priceDropsTo = async (email: string) =>
  (
    await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.recipient, email), eq(emailOutbox.kind, 'price-drop')))
  ).map((r) => (r.payload as { asin: string }).asin);

describe('one mailbox, one budget', () => {
  it('plus tags, case and Gmail dots reach one mailbox: at most 3 unrequested e-mails an hour, from any number of networks', async () => {
    const start = new Date(now.getTime() - 1);
    const spellings = ['victim', 'victim+1', 'Victim+2', 'v.ictim+3', 'vic.tim+4', 'VICTIM+5', 'victim+6', 'v.i.c.t.i.m+7'];
    for (const [i, local] of spellings.entries()) {
      const domain = i % 2 === 0 ? 'gmail.com' : 'googlemail.com';
      const res = await createAlert(`${local}@${domain}`, KETTLE, `10.${i + 1}.0.1`);
      expect(res.statusCode).toBe(201);
    }
    const mail = await budgeted(start);
    expect(mail).toHaveLength(MAILBOX_MAX_PER_HOUR);
    expect(new Set(mail.map((m) => m.mailbox))).toEqual(new Set(['victim@gmail.com']));

    // An hour later the mailbox may receive one again.
    later(HOUR + 1000);
    expect((await createAlert('victim+8@gmail.com', KETTLE, '10.99.0.1')).statusCode).toBe(201);
    expect(await budgeted(new Date(now.getTime() - 1))).toHaveLength(1);
  });

  it("a flood from one network spends only its own share: a different shopper's first confirmation leaves at once", async () => {
    later(2 * HOUR);
    const start = new Date(now.getTime() - 1);
    for (let i = 0; i < 8; i += 1) expect((await createAlert(`flood${i}@example.com`, KETTLE, `203.0.113.${10 + i}`)).statusCode).toBe(201);
    const flood = await budgeted(start);
    expect(flood).toHaveLength(8);
    // The site-wide budget (5 here) is spent: the flood's later messages wait for a later hour.
    expect(flood.filter((m) => m.lastError === DELAYED_BY_BUDGET).map((m) => m.recipient)).toEqual([
      'flood5@example.com',
      'flood6@example.com',
      'flood7@example.com',
    ]);

    later(1000);
    expect((await createAlert('shopper@example.org', KETTLE, '198.51.100.9')).statusCode).toBe(201);
    const [mine] = (await budgeted(start)).filter((m) => m.recipient === 'shopper@example.org');
    expect(mine).toBeDefined();
    expect(mine?.lastError).toBeNull();
  });

  it(`one network gets at most ${NETWORK_MAX_PER_HOUR} unrequested e-mails an hour (production limits)`, async () => {
    later(2 * HOUR);
    const start = new Date(now.getTime() - 1);
    const prod = await createTestApp({
      env: testEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://deals.example' }),
      database,
      clock: () => now,
    });
    try {
      for (let i = 0; i < NETWORK_MAX_PER_HOUR + 3; i += 1) {
        const res = await prod.app.inject({
          method: 'POST',
          url: '/api/signup',
          remoteAddress: `192.0.2.${i + 1}`,
          payload: { email: `net${i}@example.net`, source: 'signup_page' },
        });
        expect(res.statusCode).toBe(201);
      }
      expect(await budgeted(start)).toHaveLength(NETWORK_MAX_PER_HOUR);
      // Another network is not held back.
      await prod.app.inject({
        method: 'POST',
        url: '/api/signup',
        remoteAddress: '198.18.0.1',
        payload: { email: 'elsewhere@example.net', source: 'signup_page' },
      });
      expect((await budgeted(start)).map((m) => m.recipient)).toContain('elsewhere@example.net');
    } finally {
      await prod.close();
    }
  });
});

describe('only the mailbox owner adds to a confirmed address', () => {
  const OWNER = 'owner@example.com';
  let ownerMailbox = '';

  beforeAll(async () => {
    later(2 * HOUR);
    const created = await createAlert(OWNER, KETTLE, '198.51.100.20');
    expect(created.json()).toMatchObject({ isActive: false, awaitingConfirmation: true, emailConfirmed: false });
    const link = signLink(env.SECRET_KEY, 'confirm', OWNER, now);
    const confirmed = await app.inject({ method: 'POST', url: '/api/subscribers/confirm', payload: link });
    expect(confirmed.statusCode).toBe(200);
    ownerMailbox = confirmed.json().visitorToken;
  });

  it("a stranger's alert waits unsent; the owner gets one e-mail listing it; opening its link starts it", async () => {
    later(5 * 60_000);
    const start = new Date(now.getTime() - 1);
    const stranger = await createAlert(OWNER, TOASTER, '192.0.2.200');
    expect(stranger.statusCode).toBe(201);
    expect(stranger.json()).toMatchObject({ isActive: false, awaitingConfirmation: true, emailConfirmed: false });

    // The owner's own alert started when the confirmation link was opened; the stranger's waits.
    const rows = await database.db.select().from(dealAlerts).where(eq(dealAlerts.userEmail, OWNER));
    expect(Object.fromEntries(rows.map((r) => [r.productAsin, [r.isActive, r.awaitingProof]]))).toEqual({
      [KETTLE]: [true, false],
      [TOASTER]: [false, true],
    });
    const [approve] = (await budgeted(start)).filter((m) => m.recipient === OWNER);
    expect(approve?.subject).toBe(APPROVE_SUBJECT);
    expect(approve?.text).toContain('Trust II toaster');
    expect(approve?.text).not.toMatch(/until you confirm/);

    // Both prices drop: only the owner's own alert is e-mailed.
    later(60_000);
    await importNewPrice(database.db, KETTLE, 2499, now);
    await importNewPrice(database.db, TOASTER, 1499, now);
    await check();
    expect(await priceDropsTo(OWNER)).toEqual([KETTLE]);

    // The owner opens the link the approval e-mail carried: the toaster alert starts.
    later(60_000);
    const opened = await app.inject({ method: 'POST', url: '/api/subscribers/confirm', payload: confirmLinkIn(approve?.html ?? '') });
    expect(opened.statusCode).toBe(200);
    later(60_000);
    await importNewPrice(database.db, TOASTER, 1299, now);
    await check();
    expect((await priceDropsTo(OWNER)).sort()).toEqual([KETTLE, TOASTER].sort());
  });

  it('with the mailbox token a new alert starts at once and nothing is e-mailed', async () => {
    later(60_000);
    const start = new Date(now.getTime() - 1);
    const res = await createAlert(OWNER, BLENDER, '198.51.100.20', ownerMailbox);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ isActive: true, awaitingConfirmation: false, emailConfirmed: true, visitorToken: ownerMailbox });
    expect(await budgeted(start)).toHaveLength(0);
  });
});

describe('links', () => {
  const ANN = 'ann@example.com';

  it('a confirmation link issued before an unsubscribe never re-subscribes; a newer one does', async () => {
    later(2 * HOUR);
    await createAlert(ANN, KETTLE, '198.51.100.30');
    const old = signLink(env.SECRET_KEY, 'confirm', ANN, now);
    expect((await app.inject({ method: 'POST', url: '/api/subscribers/confirm', payload: old })).statusCode).toBe(200);

    later(60_000);
    const oneClick = new URL(unsubscribeUrl('https://deals.example', env.SECRET_KEY, ANN, now));
    const unsubscribed = await app.inject({ method: 'POST', url: `${oneClick.pathname}${oneClick.search}`, payload: {} });
    expect(unsubscribed.statusCode).toBe(200);

    later(60_000);
    const replay = await app.inject({ method: 'POST', url: '/api/subscribers/confirm', payload: old });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/^sig: this link was sent before this address unsubscribed/);
    const [row] = await database.db.select().from(subscribers).where(eq(subscribers.email, ANN));
    expect(row?.unsubscribedAt).not.toBeNull();

    later(2000);
    const fresh = { email: ANN, t: seconds(now), sig: signEmail(env.SECRET_KEY, 'confirm', ANN, seconds(now)) };
    expect((await app.inject({ method: 'POST', url: '/api/subscribers/confirm', payload: fresh })).statusCode).toBe(200);
    const [again] = await database.db.select().from(subscribers).where(eq(subscribers.email, ANN));
    expect(again?.unsubscribedAt).toBeNull();
  });

  it('a second use of a link is harmless: it works, and the first use’s token stops working', async () => {
    later(60_000);
    const link = signLink(env.SECRET_KEY, 'confirm', ANN, now);
    const first = await app.inject({ method: 'POST', url: '/api/subscribers/confirm', payload: link });
    const second = await app.inject({ method: 'POST', url: '/api/subscribers/confirm', payload: link });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect((await app.inject({ url: '/api/deal-alerts', headers: bearer(first.json().visitorToken) })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/deal-alerts', headers: bearer(second.json().visitorToken) })).statusCode).toBe(200);
  });
});

describe('analytics keep no live links', () => {
  it('an unsubscribe record and a signup keep their referrer and path without the query that carried a signed link', async () => {
    const live = unsubscribeUrl('https://deals.example', env.SECRET_KEY, 'kim@example.com', now);
    const unsubscribe = await app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      payload: {
        email: 'kim@example.com',
        reason: 'Too many e-mails',
        visitedPath: `/unsubscribe?${new URL(live).search.slice(1)}`,
        referrer: live,
      },
    });
    expect(unsubscribe.statusCode).toBe(200);
    const signup = await app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { email: 'kim@example.com', source: 'signup_page', referrer: live },
    });
    expect(signup.statusCode).toBe(201);
    const [record] = await database.db.select().from(unsubscribeRecords).where(eq(unsubscribeRecords.email, 'kim@example.com'));
    expect(record).toMatchObject({ visitedPath: '/unsubscribe', referrer: 'https://deals.example/api/unsubscribe/one-click' });
    const [row] = await database.db.select().from(signups).where(eq(signups.email, 'kim@example.com'));
    expect(row?.referrer).toBe('https://deals.example/api/unsubscribe/one-click');
  });
});
