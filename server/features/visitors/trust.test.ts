/**
 * Issue 5's reproducers 1, 3 and 7, and its rules, each as an attacker would try them through HTTP
 * on a fresh database (DESIGN.md §4 "Visitors", "E-mail"). Every one of these passed the attack on
 * the code before issue 5: a token minted from an e-mail alone read and deleted a victim's alerts,
 * anyone could unsubscribe anyone, links never expired, and nothing capped the e-mails sent.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { dealAlerts } from '../../db/schema/alerts.schema';
import { products } from '../../db/schema/catalogue.schema';
import { emailOutbox } from '../../db/schema/email.schema';
import { subscribers } from '../../db/schema/visitors.schema';
import { DELAYED_BY_BUDGET } from '../../email/outbox';
import { signEmail } from '../../email/signed-links';
import { testEnv } from '../../env';
import { createTestApp } from '../../test-support/test-app';

const env = testEnv({ PUBLIC_URL: 'https://deals.example', MAX_CONFIRMATIONS_PER_HOUR: '3' });
let now = new Date('2026-03-02T09:00:00Z');
const later = (ms: number) => (now = new Date(now.getTime() + ms));
const DAY = 24 * 60 * 60 * 1000;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

let app: App;
let database: Database;
let close: () => Promise<void>;

const KETTLE = 'B0TRUST001';
const TOASTER = 'B0TRUST002';
const VICTIM = 'victim@example.com';

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env, clock: () => now }));
  await database.db.insert(products).values([
    { asin: KETTLE, title: 'Trust kettle', pricePence: 2999, priceAsOf: now },
    { asin: TOASTER, title: 'Trust toaster', pricePence: 1999, priceAsOf: now },
  ]);
});
afterAll(() => close?.());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const createAlert = (email: string, productAsin = KETTLE, remoteAddress = '198.51.100.1') =>
  app.inject({ method: 'POST', url: '/api/deal-alerts', remoteAddress, payload: { productAsin, userEmail: email } });
const confirm = (email: string, t: number, secret = env.SECRET_KEY) =>
  app.inject({ method: 'POST', url: '/api/subscribers/confirm', payload: { email, t, sig: signEmail(secret, 'confirm', email, t) } });

describe('reproducer 1: an e-mail address alone reaches nothing of that address', () => {
  let victimAlertId = 0;
  let victimMailbox = '';

  beforeAll(async () => {
    const created = await createAlert(VICTIM, KETTLE, '203.0.113.5');
    victimAlertId = created.json().id;
    const confirmed = await confirm(VICTIM, seconds(now));
    expect(confirmed.statusCode).toBe(200);
    victimMailbox = confirmed.json().visitorToken;
  });

  it("the attacker's token from creating an alert for the victim lists only the attacker's alert", async () => {
    later(60_000);
    const attack = await createAlert(VICTIM, TOASTER, '203.0.113.66');
    expect(attack.statusCode).toBe(201);
    const token = attack.json().visitorToken;
    const list = await app.inject({ url: '/api/deal-alerts', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((a: { productAsin: string }) => a.productAsin)).toEqual([TOASTER]);
    // The victim, with the e-mailed link's token, sees both.
    const own = await app.inject({ url: '/api/deal-alerts', headers: bearer(victimMailbox) });
    expect(
      own
        .json()
        .map((a: { productAsin: string }) => a.productAsin)
        .sort(),
    ).toEqual([KETTLE, TOASTER].sort());
  });

  it('that token cannot read the subscription status, and gets the same 404 for the victim’s alert as for a missing one', async () => {
    const token = (await createAlert(VICTIM, TOASTER, '203.0.113.67')).json().visitorToken;
    expect((await app.inject({ url: '/api/subscribers/status', headers: bearer(token) })).statusCode).toBe(403);
    const foreign = await app.inject({ method: 'DELETE', url: `/api/deal-alerts/${victimAlertId}`, headers: bearer(token) });
    const missing = await app.inject({ method: 'DELETE', url: '/api/deal-alerts/999999', headers: bearer(token) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body.replace('999999', String(victimAlertId)));
    const [row] = await database.db.select().from(dealAlerts).where(eq(dealAlerts.id, victimAlertId));
    expect(row?.isActive).toBe(true);
  });

  it('creating an alert answers the same for a confirmed, an unconfirmed and an unknown address', async () => {
    await createAlert('pending@example.com', KETTLE, '203.0.113.70');
    const shapes = [];
    for (const email of [VICTIM, 'pending@example.com', `new.${Date.now()}@example.com`]) {
      later(1000);
      const res = await createAlert(email, KETTLE, '203.0.113.71');
      const body = res.json();
      shapes.push({ status: res.statusCode, emailConfirmed: body.emailConfirmed, keys: Object.keys(body).sort() });
    }
    expect(shapes[0]).toEqual(shapes[1]);
    expect(shapes[1]).toEqual(shapes[2]);
    expect(shapes[0]?.emailConfirmed).toBe(false);
  });
});

describe('reproducer 3: unsubscribing needs proof', () => {
  it('an e-mail alone leaves the subscription as it is and sends its owner a one-click link', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { email: VICTIM, reason: 'prank' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, effective: false });
    const [row] = await database.db.select().from(subscribers).where(eq(subscribers.email, VICTIM));
    expect(row?.unsubscribedAt).toBeNull();
    const links = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.recipient, VICTIM), eq(emailOutbox.kind, 'unsubscribe-link')));
    expect(links).toHaveLength(1);
  });
});

describe('signed links (reproducer 7)', () => {
  it('a confirmation link works on day 7 and not on day 8', async () => {
    await createAlert('slow.reader@example.com', KETTLE, '203.0.113.80');
    const issued = seconds(now);
    later(8 * DAY);
    const late = await confirm('slow.reader@example.com', issued);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/^sig: this confirmation link has expired/);
    const onTime = await confirm('slow.reader@example.com', issued + 2 * 24 * 3600);
    expect(onTime.statusCode).toBe(200);
  });

  it('a one-click unsubscribe link lasts at least 60 days (RFC 8058) and not past a year', async () => {
    const email = 'slow.reader@example.com';
    const oneClick = (t: number) =>
      app.inject({
        method: 'POST',
        url: `/api/unsubscribe/one-click?email=${encodeURIComponent(email)}&t=${t}&sig=${signEmail(env.SECRET_KEY, 'unsubscribe', email, t)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    expect((await oneClick(seconds(now) - 400 * 24 * 3600)).statusCode).toBe(400);
    expect((await oneClick(seconds(now) - 61 * 24 * 3600)).statusCode).toBe(200);
  });

  it('rotating SECRET_KEY revokes every link already sent', async () => {
    await createAlert('rotated@example.com', KETTLE, '203.0.113.81');
    const t = seconds(now);
    const rotated = await createTestApp({
      env: testEnv({ PUBLIC_URL: 'https://deals.example', SECRET_KEY: 'another-secret-'.padEnd(48, 'y') }),
      database,
      clock: () => now,
    });
    try {
      const res = await rotated.app.inject({
        method: 'POST',
        url: '/api/subscribers/confirm',
        payload: { email: 'rotated@example.com', t, sig: signEmail(env.SECRET_KEY, 'confirm', 'rotated@example.com', t) },
      });
      expect(res.statusCode).toBe(400);
    } finally {
      await rotated.close();
    }
  });
});

describe('the hourly budget of e-mails to unproved addresses', () => {
  it('accepts every request, but e-mails beyond MAX_CONFIRMATIONS_PER_HOUR wait for a later hour', async () => {
    later(2 * 60 * 60 * 1000); // a fresh hour
    const start = now;
    for (let i = 0; i < 5; i += 1) {
      const res = await createAlert(`budget${i}@example.com`, KETTLE, `203.0.113.${100 + i}`);
      expect(res.statusCode).toBe(201);
    }
    const rows = await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'confirmation'));
    const mine = rows.filter((r) => r.recipient.startsWith('budget')).sort((a, b) => a.id - b.id);
    expect(mine).toHaveLength(5);
    const delayed = mine.filter((r) => r.lastError === DELAYED_BY_BUDGET);
    expect(delayed.map((r) => r.recipient)).toEqual(['budget3@example.com', 'budget4@example.com']);
    for (const row of delayed) expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(start.getTime() + 60 * 60 * 1000);
  });
});

describe('per-address limit with rotating client IPs (NODE_ENV=production limits)', () => {
  it('the sixth signup for one address in an hour is 429, whatever IP it comes from', async () => {
    const prod = await createTestApp({ env: testEnv({ NODE_ENV: 'production' }), database, clock: () => now });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const res = await prod.app.inject({
          method: 'POST',
          url: '/api/signup',
          remoteAddress: `192.0.2.${i + 1}`,
          payload: { email: 'target@example.com', source: 'signup_page' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    } finally {
      await prod.close();
    }
  });
});
