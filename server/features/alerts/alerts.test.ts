/**
 * Deal alerts through HTTP on a fresh PGlite (shopper-screens §7; DESIGN.md §4 "Visitors", "E-mail"):
 * creation and its confirmation e-mail, one alert per address and ASIN, and privacy between visitors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { products } from '../../db/schema/catalogue.schema';
import { dealAlerts } from '../../db/schema/alerts.schema';
import { emailOutbox } from '../../db/schema/email.schema';
import { subscribers, visitorTokens } from '../../db/schema/visitors.schema';
import { checkSignedLink } from '../../email/signed-links';
import { testEnv } from '../../env';
import { createTestApp } from '../../test-support/test-app';
import { createAlertResponseSchema, dealAlertSchema } from '../../../common/api/alerts.schema';

const env = testEnv({ PUBLIC_URL: 'https://deals.example' });
let now = new Date('2025-08-01T10:00:00Z');
const priceAsOf = new Date('2025-08-01T09:00:00Z');
let database: Database;
let app: App;
let close: () => Promise<void>;
let notified = 0;
/** The device token Alice's browser got from her first alert. */
let aliceToken = '';

const KETTLE = 'B0KETTLE01';
const TOASTER = 'B0TOASTER1';

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({
    env,
    clock: () => now,
    notifyOutbox: () => {
      notified += 1;
    },
  }));
  await database.db.insert(products).values([
    {
      asin: KETTLE,
      title: 'Breville Kettle 1.7 L',
      pricePence: 2999,
      imageUrl: 'https://m.media-amazon.com/images/I/kettle.jpg',
      priceAsOf,
    },
    { asin: TOASTER, title: 'Russell Hobbs Toaster', pricePence: 1999, priceAsOf },
  ]);
});

afterAll(() => close?.());

function createAlert(payload: Record<string, unknown>, token?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/deal-alerts',
    payload,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The confirmation link in an outbox row's HTML (the button's href), HTML entities decoded. */
function confirmLinkIn(html: string): URL {
  const match = /href="([^"]*\/confirm-email\?[^"]*)"/.exec(html);
  if (!match?.[1]) throw new Error('no confirmation link in the e-mail');
  return new URL(match[1].replace(/&amp;/g, '&'));
}

describe('POST /api/deal-alerts', () => {
  it('creates the alert with our stored price, a visitor token and a confirmation e-mail', async () => {
    const before = notified;
    const res = await createAlert({
      productAsin: KETTLE,
      productTitle: 'Click here to win a prize',
      currentPrice: '£1.00',
      productImageUrl: 'https://evil.example/pixel.gif',
      productUrl: 'https://evil.example/',
      userEmail: '  Alice@Example.COM ',
      isActive: true,
    });
    expect(res.statusCode).toBe(201);
    const body = createAlertResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      productAsin: KETTLE,
      productTitle: 'Breville Kettle 1.7 L',
      currentPrice: '29.99',
      lastCheckedPrice: null,
      targetPrice: null,
      productImageUrl: 'https://m.media-amazon.com/images/I/kettle.jpg',
      productUrl: `/deals/${KETTLE}`,
      userEmail: 'alice@example.com',
      isActive: false,
      awaitingConfirmation: true,
      lastCheckedAt: null,
      notificationsSent: 0,
      priceChange: '0.00',
      priceChangePercent: 0,
      createdAt: now.toISOString(),
      asOf: priceAsOf.toISOString(),
      emailConfirmed: false,
    });
    expect(body.visitorToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    aliceToken = body.visitorToken;
    expect(notified).toBe(before + 1);

    // Only the token's hash is stored.
    const tokens = await database.db.select().from(visitorTokens).where(eq(visitorTokens.email, 'alice@example.com'));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens[0]?.tokenHash).not.toContain(body.visitorToken);

    const [subscriber] = await database.db.select().from(subscribers).where(eq(subscribers.email, 'alice@example.com'));
    expect(subscriber).toMatchObject({ consentSource: 'deal_alert', confirmedAt: null, unsubscribedAt: null });
    expect(subscriber?.consentAt.toISOString()).toBe(now.toISOString());

    const mail = await database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, 'alice@example.com'));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: 'confirmation', status: 'pending' });
    expect(mail[0]?.html).toContain('Breville Kettle 1.7 L');
    expect(mail[0]?.html).not.toContain('win a prize');
    const link = confirmLinkIn(mail[0]?.html ?? '');
    expect(link.origin + link.pathname).toBe('https://deals.example/confirm-email');
    expect(link.searchParams.get('email')).toBe('alice@example.com');
    expect(
      checkSignedLink(
        env.SECRET_KEY,
        'confirm',
        { email: 'alice@example.com', t: link.searchParams.get('t'), sig: link.searchParams.get('sig') },
        now,
      ),
    ).toBe('valid');
    expect(mail[0]?.text).toContain(link.toString());
  });

  it('sends no second confirmation for a second alert of the same address within the hour, and accepts `email` and a target', async () => {
    now = new Date(now.getTime() + 10 * 60_000);
    const before = notified;
    const res = await createAlert({ productAsin: TOASTER, email: 'alice@example.com', targetPrice: '£1,015.50' }, aliceToken);
    expect(res.statusCode).toBe(201);
    // The browser keeps its one token for the address.
    expect(res.json().visitorToken).toBe(aliceToken);
    expect(res.json()).toMatchObject({
      productAsin: TOASTER,
      userEmail: 'alice@example.com',
      targetPrice: '1015.50',
      currentPrice: '19.99',
    });
    const mail = await database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, 'alice@example.com'));
    expect(mail).toHaveLength(1);
    expect(notified).toBe(before);
  });

  it('sends a fresh confirmation to an unconfirmed address after an hour', async () => {
    now = new Date(now.getTime() + 61 * 60_000);
    const res = await createAlert({ productAsin: TOASTER, userEmail: 'alice@example.com' }, aliceToken);
    expect(res.statusCode).toBe(200);
    const mail = await database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, 'alice@example.com'));
    expect(mail).toHaveLength(2);
  });

  it('returns the existing alert, reactivated, with 200 when the address already has one for the ASIN', async () => {
    await database.db
      .update(dealAlerts)
      .set({ isActive: false, awaitingProof: false, lastCheckedPricePence: 2499 })
      .where(eq(dealAlerts.productAsin, KETTLE));
    const res = await createAlert({ productAsin: KETTLE, userEmail: 'alice@example.com' }, aliceToken);
    expect(res.statusCode).toBe(200);
    const body = createAlertResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      isActive: true,
      currentPrice: '29.99',
      lastCheckedPrice: '24.99',
      priceChange: '-5.00',
      priceChangePercent: -16.7,
    });
    const rows = await database.db.select().from(dealAlerts).where(eq(dealAlerts.userEmail, 'alice@example.com'));
    expect(rows).toHaveLength(2);
  });

  it('answers 404 naming productAsin for a product not in our catalogue, and writes nothing', async () => {
    const res = await createAlert({ productAsin: 'B0NOTHERE1', userEmail: 'nobody@example.com' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('productAsin');
    expect(await database.db.select().from(subscribers).where(eq(subscribers.email, 'nobody@example.com'))).toHaveLength(0);
  });

  it('answers 400 naming userEmail for a bad address, and targetPrice for a bad price', async () => {
    const bad = await createAlert({ productAsin: KETTLE, userEmail: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/userEmail: must be a valid e-mail address/);
    const missing = await createAlert({ productAsin: KETTLE });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('userEmail');
    const badEmailField = await createAlert({ productAsin: KETTLE, email: 'nope' });
    expect(badEmailField.json().message).toContain('email: must be a valid e-mail address');
    const price = await createAlert({ productAsin: KETTLE, userEmail: 'bob@example.com', targetPrice: 'cheap' });
    expect(price.statusCode).toBe(400);
    expect(price.json().message).toContain('targetPrice');
    const asin = await createAlert({ productAsin: 'short', userEmail: 'bob@example.com' });
    expect(asin.statusCode).toBe(400);
    expect(asin.json().message).toContain('productAsin');
  });
});

describe('privacy: reading and deleting alerts needs a token for that address', () => {
  let tokenA = '';
  let tokenB = '';
  let alertOfB = 0;

  beforeAll(async () => {
    const a = await createAlert({ productAsin: KETTLE, userEmail: 'ann@example.com' });
    tokenA = a.json().visitorToken;
    const b = await createAlert({ productAsin: TOASTER, userEmail: 'ben@example.com' });
    tokenB = b.json().visitorToken;
    alertOfB = b.json().id;
  });

  it('answers 401 without a token, or with an unknown one', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/deal-alerts?email=ann@example.com' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      error: 'Unauthorized',
      message: 'token: a visitor token is required: open the link in your confirmation e-mail or create an alert on this device',
    });
    const forged = await app.inject({ method: 'GET', url: '/api/deal-alerts', headers: bearer('A'.repeat(43)) });
    expect(forged.statusCode).toBe(401);
    const del = await app.inject({ method: 'DELETE', url: `/api/deal-alerts/${alertOfB}` });
    expect(del.statusCode).toBe(401);
  });

  it("lists only the token's own alerts, with or without ?email", async () => {
    for (const url of ['/api/deal-alerts?email=Ann%40Example.com', '/api/deal-alerts']) {
      const res = await app.inject({ method: 'GET', url, headers: bearer(tokenA) });
      expect(res.statusCode).toBe(200);
      const list = res.json() as unknown[];
      expect(list).toHaveLength(1);
      expect(dealAlertSchema.parse(list[0])).toMatchObject({ userEmail: 'ann@example.com', productAsin: KETTLE });
    }
    const viaHeader = await app.inject({ method: 'GET', url: '/api/deal-alerts', headers: { 'x-visitor-token': tokenB } });
    expect(viaHeader.json()).toMatchObject([{ userEmail: 'ben@example.com' }]);
  });

  it("answers 403 to A's token for B's list, 404 (as for a missing id) for B's alert, and B's alert stays", async () => {
    const list = await app.inject({ method: 'GET', url: '/api/deal-alerts?email=ben@example.com', headers: bearer(tokenA) });
    expect(list.statusCode).toBe(403);
    expect(JSON.stringify(list.json())).not.toContain('Toaster');
    const del = await app.inject({ method: 'DELETE', url: `/api/deal-alerts/${alertOfB}`, headers: bearer(tokenA) });
    const missing = await app.inject({ method: 'DELETE', url: '/api/deal-alerts/999999', headers: bearer(tokenA) });
    expect(del.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(del.json().message.replace(String(alertOfB), 'N')).toBe(missing.json().message.replace('999999', 'N'));
    expect(await database.db.select().from(dealAlerts).where(eq(dealAlerts.id, alertOfB))).toHaveLength(1);
  });

  it('deletes with the right token; an unknown id is 404', async () => {
    const missing = await app.inject({ method: 'DELETE', url: '/api/deal-alerts/999999', headers: bearer(tokenB) });
    expect(missing.statusCode).toBe(404);
    const del = await app.inject({ method: 'DELETE', url: `/api/deal-alerts/${alertOfB}`, headers: bearer(tokenB) });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true });
    expect(await database.db.select().from(dealAlerts).where(eq(dealAlerts.id, alertOfB))).toHaveLength(0);
    const list = await app.inject({ method: 'GET', url: '/api/deal-alerts', headers: bearer(tokenB) });
    expect(list.json()).toEqual([]);
  });

  it('lists newest first', async () => {
    now = new Date(now.getTime() + 60_000);
    await createAlert({ productAsin: TOASTER, userEmail: 'ann@example.com' }, tokenA);
    const res = await app.inject({ method: 'GET', url: '/api/deal-alerts', headers: bearer(tokenA) });
    expect((res.json() as Array<{ productAsin: string }>).map((a) => a.productAsin)).toEqual([TOASTER, KETTLE]);
  });
});

describe('rate limit outside tests', () => {
  it('answers 429 after 20 creations a minute from one IP', async () => {
    const { app: prodApp, close: closeProdApp } = await createTestApp({
      database,
      env: testEnv({ NODE_ENV: 'production' }),
      clock: () => now,
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        const res = await prodApp.inject({
          method: 'POST',
          url: '/api/deal-alerts',
          // A client of its own: the limit's counters live in the database (issue 25), shared with the suite's earlier requests.
          remoteAddress: '198.51.100.77',
          payload: { productAsin: KETTLE, userEmail: `rate${i}@example.com` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await closeProdApp();
    }
  });
});
