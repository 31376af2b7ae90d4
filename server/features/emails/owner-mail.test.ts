/**
 * Owner-sent e-mail against the real app, a fresh database and a real SMTP server on loopback
 * (issue 12 part 3; admin-area §2 "Email Alerts tab", §5, §7, §8): deal alert notifications and the
 * price-drop summary sent exactly once under a double request and under SMTP down-then-up;
 * unconfirmed and unsubscribed addresses skipped and counted; a product title trying to inject HTML
 * through the owners' template arrives escaped; one-click unsubscribe headers; utm parameters; the
 * stats, drops and preview figures; and the access matrix of every endpoint.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { dealAlerts } from '../../db/schema/alerts.schema';
import { emailOutbox } from '../../db/schema/email.schema';
import { testEnv, type Env } from '../../env';
import { deliverDueEmails } from '../../email/sender.service';
import { headerOf, startSmtpCapture, unusedPort, type SmtpCapture } from '../../email/smtp-capture.test-support';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import { createTestDatabase } from '../../test-support/test-db';
import { importNewPrice, seedAlerts, seedProducts, seedSubscriber } from '../price-checks/price-check.test-support';
import { expectAdminOnly, seedPreferences, setProductFacts } from './emails.test-support';

const PUBLIC_URL = 'https://deals.example.co.uk';
const HOUR = 60 * 60 * 1000;
// 10:00 in London (GMT in November).
let now = new Date('2026-11-23T10:00:00Z');
const clock = () => now;
const DAY_BEFORE = new Date(now.getTime() - 48 * HOUR);

let smtp: SmtpCapture;
let smtpPort: number;
let env: Env;
let database: Database;
let app: App;
let close: () => Promise<void>;
let admin: AdminHeaders;

const post = (url: string, payload?: unknown) =>
  app.inject({ method: 'POST', url, headers: admin, ...(payload === undefined ? {} : { payload: payload as object }) });
const deliver = (withEnv: Env = env) => deliverDueEmails({ db: database.db, env: withEnv, clock });
const outboxOf = (kind: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind));

beforeAll(async () => {
  smtpPort = await unusedPort();
  env = testEnv({ PUBLIC_URL, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_DOMAIN: 'dealalerts.example.co.uk' });
  database = await createTestDatabase();
  ({ app, close } = await createTestApp({ database, env, clock }));
  admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);

  // Four products two days ago; three dropped two hours ago, one rose.
  await seedProducts(database.db, [
    { asin: 'B0KETTLE01', pricePence: 4000, imageUrl: 'https://m.media-amazon.com/images/I/kettle.jpg', priceAsOf: DAY_BEFORE },
    { asin: 'B0PHONE001', pricePence: 20000, priceAsOf: DAY_BEFORE },
    { asin: 'B0BOOK0001', pricePence: 1000, priceAsOf: DAY_BEFORE },
    { asin: 'B0RISE0001', pricePence: 1000, priceAsOf: DAY_BEFORE },
  ]);
  await setProductFacts(database, 'B0KETTLE01', {
    category: 'home-kitchen',
    title: '<script>alert("x")</script><img src=x onerror=alert(1)> Kettle',
  });
  await setProductFacts(database, 'B0PHONE001', { category: 'electronics', title: 'Phone 128 GB' });
  await setProductFacts(database, 'B0BOOK0001', { category: 'books', title: 'A Book' });
  await importNewPrice(database.db, 'B0KETTLE01', 3000, new Date(now.getTime() - 2 * HOUR)); // −25 %
  await importNewPrice(database.db, 'B0PHONE001', 18000, new Date(now.getTime() - 2 * HOUR)); // −10 %
  await importNewPrice(database.db, 'B0BOOK0001', 900, new Date(now.getTime() - 2 * HOUR)); // −10 %
  await importNewPrice(database.db, 'B0RISE0001', 1200, new Date(now.getTime() - 2 * HOUR));

  await seedSubscriber(database.db, 'kim@example.com', 'confirmed', DAY_BEFORE);
  await seedSubscriber(database.db, 'lee@example.com', 'confirmed', DAY_BEFORE);
  await seedSubscriber(database.db, 'new@example.com', 'unconfirmed', DAY_BEFORE);
  await seedSubscriber(database.db, 'gone@example.com', 'unsubscribed', DAY_BEFORE);
  await seedSubscriber(database.db, 'toys@example.com', 'confirmed', DAY_BEFORE);
  await seedPreferences(database, 'kim@example.com', ['kitchen'], 'weekly');
  await seedPreferences(database, 'toys@example.com', ['toys'], 'daily');
});

afterAll(async () => {
  await close?.();
  await database?.close();
  await smtp?.close();
});

describe('Email Alerts: the figures', () => {
  it('lists active alerts with drops biggest first, the 24-hour drops, and the stats', async () => {
    await seedAlerts(database.db, [
      { email: 'kim@example.com', asin: 'B0KETTLE01', currentPricePence: 4000 },
      { email: 'lee@example.com', asin: 'B0PHONE001', currentPricePence: 20000 },
      { email: 'new@example.com', asin: 'B0KETTLE01', currentPricePence: 4000 },
      { email: 'gone@example.com', asin: 'B0KETTLE01', currentPricePence: 4000 },
      { email: 'kim@example.com', asin: 'B0RISE0001', currentPricePence: 1000 },
      { email: 'lee@example.com', asin: 'B0BOOK0001', currentPricePence: 1000, isActive: false },
    ]);
    const drops = await app.inject({ method: 'GET', url: '/api/admin/deal-alert-drops?limit=10', headers: admin });
    expect(drops.statusCode).toBe(200);
    expect(drops.json().total).toBe(4);
    expect(drops.json().alerts.map((a: { productAsin: string; priceChange: string }) => [a.productAsin, a.priceChange])).toEqual([
      ['B0KETTLE01', '-10.00'],
      ['B0KETTLE01', '-10.00'],
      ['B0KETTLE01', '-10.00'],
      ['B0PHONE001', '-20.00'],
    ]);

    const preview = await app.inject({ method: 'GET', url: '/api/admin/preview-price-drops?limit=2', headers: admin });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().total).toBe(3);
    expect(preview.json().priceDrops).toEqual([
      expect.objectContaining({ asin: 'B0KETTLE01', previousPrice: '40.00', currentPrice: '30.00', dropAmount: '10.00', dropPercent: 25 }),
      expect.objectContaining({
        asin: 'B0PHONE001',
        previousPrice: '200.00',
        currentPrice: '180.00',
        dropAmount: '20.00',
        dropPercent: 10,
      }),
    ]);
    const badLimit = await app.inject({ method: 'GET', url: '/api/admin/preview-price-drops?limit=0', headers: admin });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().message).toBe('limit: must be 1–50');

    const stats = await app.inject({ method: 'GET', url: '/api/admin/deal-alert-stats', headers: admin });
    expect(stats.json()).toEqual({ subscriberCount: 3, totalNotifications: 0, totalEmailsSent: 0, totalClicks: 0, activeNotifications: 0 });
  });
});

describe('Send Deal Alert Notifications', () => {
  it('sends one e-mail per eligible alert exactly once, through a double click and an SMTP outage, and counts the skipped', async () => {
    const ids = (await database.db.select({ id: dealAlerts.id }).from(dealAlerts).orderBy(dealAlerts.id)).map((r) => r.id);
    const [kimKettle, leePhone, newKettle, goneKettle, kimRise, leeBookInactive] = ids as [number, number, number, number, number, number];

    // Two owners (or a double click) at the same moment.
    const body = { dealAlertIds: [kimKettle, leePhone, newKettle, goneKettle, kimRise, leeBookInactive, 999999] };
    const [first, second] = await Promise.all([
      post('/api/admin/deal-alert-notifications', body),
      post('/api/admin/deal-alert-notifications', body),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const answers = [first.json(), second.json()];
    expect(answers.map((a) => a.emailsSent).sort()).toEqual([0, 2]);
    expect(answers.map((a) => a.alreadySent).sort()).toEqual([0, 2]);
    for (const answer of answers) {
      expect(answer.skipped).toEqual({ notFound: 1, inactive: 1, noPriceDrop: 1, unconfirmed: 1, unsubscribed: 1 });
    }

    // The SMTP server is down: nothing is lost, nothing is sent.
    expect(await deliver()).toMatchObject({ sent: 0 });
    const third = await post('/api/admin/deal-alert-notifications', body);
    expect(third.json()).toMatchObject({ emailsSent: 0, alreadySent: 2 });

    // It comes back: each e-mail arrives exactly once.
    smtp = await startSmtpCapture(smtpPort);
    now = new Date(now.getTime() + 2 * 60 * 1000);
    await deliver();
    await deliver();
    expect(smtp.messages.map((m) => m.recipients[0]).sort()).toEqual(['kim@example.com', 'lee@example.com']);

    const kim = smtp.messages.find((m) => m.recipients[0] === 'kim@example.com')!;
    expect(kim.parsed.subject).toContain('now £30.00 (was £40.00)');
    expect(headerOf(kim.parsed, 'list-unsubscribe')).toMatch(
      /^<https:\/\/deals\.example\.co\.uk\/api\/unsubscribe\/one-click\?email=kim%40example\.com&t=\d+&sig=/,
    );
    expect(headerOf(kim.parsed, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(kim.parsed.html).toContain(
      'https://deals.example.co.uk/deals/B0KETTLE01?utm_source=email&amp;utm_medium=alert&amp;utm_campaign=deal-alert-notification',
    );
    // The built-in layout escapes the title too.
    expect(kim.parsed.html).not.toContain('<script>');

    const [alert] = await database.db.select().from(dealAlerts).where(eq(dealAlerts.id, kimKettle));
    expect(alert).toMatchObject({ notificationsSent: 1, lastNotifiedPricePence: 3000 });
    const stats = await app.inject({ method: 'GET', url: '/api/admin/deal-alert-stats', headers: admin });
    expect(stats.json()).toMatchObject({ totalNotifications: 2, totalEmailsSent: 2, activeNotifications: 2 });

    const audit = await app.inject({ method: 'GET', url: '/api/admin/audit-log?limit=5', headers: admin });
    const entry = audit.json().entries.find((e: { action: string }) => e.action === 'emails.deal-alert-notifications');
    expect(entry.counts).toMatchObject({ emailsSent: 0, alreadySent: 2, 'skipped.unconfirmed': 1 });
    expect(JSON.stringify(audit.json())).not.toContain('kim@example.com');
  });

  it('uses the default template, escaping a product title that tries to inject HTML', async () => {
    // A new price, so the alerts have a new cause to be told about.
    await importNewPrice(database.db, 'B0KETTLE01', 2500, now);
    await database.db.update(dealAlerts).set({ lastObservationId: null }).where(eq(dealAlerts.productAsin, 'B0KETTLE01'));
    const saved = await post('/api/admin/email-templates', {
      name: 'Owner default',
      subject: 'Deal: {{productTitle}} now £{{afterPrice}}',
      htmlContent:
        '<html><body><h1>{{productTitle}}</h1><img src="{{productImageUrl}}" alt="{{productTitle}}"><p>Was £{{beforePrice}}, now £{{afterPrice}}, save £{{priceChange}} ({{priceChangePercent}}%)</p><a href="{{affiliateUrl}}">Buy</a><p>For {{userEmail}} · {{asin}}</p></body></html>',
      senderEmail: 'notifications@dealalerts.example.co.uk',
      isDefault: true,
    });
    expect(saved.statusCode).toBe(201);
    const [kimKettle] = (await database.db.select({ id: dealAlerts.id }).from(dealAlerts).orderBy(dealAlerts.id)).map((r) => r.id);
    const res = await post('/api/admin/deal-alert-notifications', { dealAlertIds: [kimKettle] });
    expect(res.json()).toMatchObject({ emailsSent: 1, alreadySent: 0 });
    const before = smtp.messages.length;
    await deliver();
    expect(smtp.messages).toHaveLength(before + 1);
    const mail = smtp.messages.at(-1)!;
    expect(mail.parsed.from?.address).toBe('notifications@dealalerts.example.co.uk');
    expect(mail.parsed.subject).toBe('Deal: <script>alert("x")</script><img src=x onerror=alert(1)> Kettle now £25.00');
    const html = mail.parsed.html ?? '';
    expect(html).toContain('<h1>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; Kettle</h1>');
    expect(html).not.toMatch(/<script|<img src=x/i);
    expect(html).toContain('Was £40.00, now £25.00, save £15.00 (38%)');
    expect(html).toContain(
      'href="https://deals.example.co.uk/go/B0KETTLE01?utm_source=email&amp;utm_medium=alert&amp;utm_campaign=deal-alert-notification"',
    );
    expect(html).toContain('src="https://m.media-amazon.com/images/I/kettle.jpg"');
    expect(html).toContain('Unsubscribe</a>');
    expect(headerOf(mail.parsed, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    await database.db.update(dealAlerts).set({ isActive: false }).where(eq(dealAlerts.productAsin, 'B0KETTLE01'));
  });

  it('refuses an empty or oversized selection, naming the rule', async () => {
    const empty = await post('/api/admin/deal-alert-notifications', { dealAlertIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('dealAlertIds: must name at least one alert (No Deal Alerts Selected)');
    const many = await post('/api/admin/deal-alert-notifications', { dealAlertIds: Array.from({ length: 1001 }, (_, i) => i + 1) });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('dealAlertIds: must name at most 1000 alerts');
  });
});

describe('Send Price Drop Summary', () => {
  it('sends each confirmed subscriber one digest of the drops in their categories, once a UK day', async () => {
    const before = smtp.messages.length;
    const [first, second] = await Promise.all([post('/api/admin/price-drop-summary'), post('/api/admin/price-drop-summary')]);
    const answers = [first.json(), second.json()];
    expect(answers.map((a) => a.emailsSent).sort()).toEqual([0, 2]);
    for (const answer of answers) {
      // kim (kitchen) and lee (no survey: every category) get one; toys@ has no drop in toys; new@ and gone@ are skipped.
      expect(answer).toMatchObject({ priceDrops: 3, skipped: { unconfirmed: 1, unsubscribed: 1, noDropsInCategories: 1 } });
    }
    await deliver();
    const summaries = smtp.messages.slice(before);
    expect(summaries.map((m) => m.recipients[0]).sort()).toEqual(['kim@example.com', 'lee@example.com']);
    const kim = summaries.find((m) => m.recipients[0] === 'kim@example.com')!;
    expect(kim.parsed.subject).toBe("Today's price drops: 1 deal picked for you");
    expect(kim.parsed.html).toContain('/deals/B0KETTLE01?utm_source=email&amp;utm_medium=digest&amp;utm_campaign=price-drop-summary');
    expect(kim.parsed.html).not.toContain('B0PHONE001');
    expect(kim.parsed.html).not.toContain('<script>');
    expect(headerOf(kim.parsed, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const lee = summaries.find((m) => m.recipients[0] === 'lee@example.com')!;
    // Sorted by saving: the kettle (−37 % now) before the phone and the book (−10 %).
    const order = ['B0KETTLE01', 'B0PHONE001', 'B0BOOK0001'].map((asin) => lee.parsed.html!.indexOf(`/deals/${asin}?`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect(order[0]).toBeLessThan(order[1]!);

    // Later the same UK day: nothing new. The next day: again.
    now = new Date(now.getTime() + 3 * HOUR);
    admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);
    expect((await post('/api/admin/price-drop-summary')).json()).toMatchObject({ emailsSent: 0, alreadySent: 2 });
    expect(await outboxOf('price-drop-summary')).toHaveLength(2);
  });

  it('answers 409 with the spec’s words when no price dropped in the last 24 hours', async () => {
    const saved = now;
    now = new Date(now.getTime() + 3 * 24 * HOUR);
    admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);
    try {
      const res = await post('/api/admin/price-drop-summary');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('priceDrops: No recent price drops found to include in the summary.');
    } finally {
      now = saved;
      admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);
    }
  });
});

describe('who may call the Email Alerts endpoints', () => {
  it('only a signed-in owner; sends only from this site', async () => {
    const move = (ms: number) => {
      now = new Date(now.getTime() + ms);
    };
    for (const call of [
      { method: 'GET', url: '/api/admin/deal-alert-stats' },
      { method: 'GET', url: '/api/admin/deal-alert-drops?limit=10' },
      { method: 'GET', url: '/api/admin/preview-price-drops?limit=10' },
      { method: 'POST', url: '/api/admin/deal-alert-notifications', payload: { dealAlertIds: [1] } },
      { method: 'POST', url: '/api/admin/price-drop-summary' },
    ] as const) {
      await expectAdminOnly(app, database, PUBLIC_URL, call, move);
    }
    const ok = await app.inject({
      method: 'GET',
      url: '/api/admin/deal-alert-stats',
      headers: await signInAsAdmin(app, database, PUBLIC_URL),
    });
    expect(ok.statusCode).toBe(200);
  });
});
