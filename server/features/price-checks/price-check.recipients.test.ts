/**
 * Price checks end to end, who is told and from where (issue part 7; DESIGN.md §4 "Visitors",
 * "E-mail"; RFC 8058): an unconfirmed address, a price source other than the catalogue, and a
 * one-click unsubscribe. A real in-memory PGlite, the real sender and a real SMTP server on
 * loopback; each test uses its own addresses and ASINs (the `email` filter).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { dealAlerts } from '../../db/schema/alerts.schema';
import { priceObservations, products } from '../../db/schema/catalogue.schema';
import { emailOutbox } from '../../db/schema/email.schema';
import { deliverDueEmails } from '../../email/sender.service';
import { signLink } from '../../email/signed-links';
import { headerOf, startSmtpCapture, type SmtpCapture } from '../../email/smtp-capture.test-support';
import { testEnv, type Env } from '../../env';
import { createCatalogueSource } from '../../sources/catalogue.source';
import type { PriceQuote, PriceSource } from '../../sources/price-source';
import { createTestApp } from '../../test-support/test-app';
import { runPriceCheck, type PriceCheckOptions } from './price-check.service';
import { importNewPrice, seedAlerts, seedProducts, seedSubscriber } from './price-check.test-support';

let database: Database;
let smtp: SmtpCapture;
let env: Env;
let app: App;
let close: () => Promise<void>;
let now = new Date('2026-03-02T09:00:00Z');
const imported = new Date('2026-03-01T06:00:00Z');

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // The highest rate env.ts allows, so runs of more than ten ASINs do not wait a second per call.
  env = testEnv({
    PUBLIC_URL: 'https://deals.example',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Deal Alerts UK <alerts@deals.example>',
    PRICE_SOURCE_RATE_PER_SECOND: '100',
  });
  ({ app, database, close } = await createTestApp({ env, clock: () => now }));
});

afterAll(async () => {
  await close?.();
  await smtp?.close();
});

const tick = (ms = 60_000) => {
  now = new Date(now.getTime() + ms);
};
const check = (opts: PriceCheckOptions, source?: PriceSource) =>
  runPriceCheck({ db: database.db, source: source ?? createCatalogueSource(database.db), clock: () => now, env }, opts);
const send = () => deliverDueEmails({ db: database.db, env, clock: () => now });
const mailTo = (email: string) => smtp.messages.filter((m) => m.recipients.includes(email));
const alertRow = async (id: number) => (await database.db.select().from(dealAlerts).where(eq(dealAlerts.id, id)))[0]!;

describe('an unconfirmed address', () => {
  it('gets no price-drop e-mail, and confirming later does not replay the old drop', async () => {
    const email = 'carol@example.com';
    const asin = 'B0UNCONF01';
    await seedProducts(database.db, [{ asin, pricePence: 5000, priceAsOf: imported }]);
    await seedSubscriber(database.db, email, 'unconfirmed', imported);
    const [alertId] = await seedAlerts(database.db, [{ email, asin, currentPricePence: 5000 }]);
    tick();
    await importNewPrice(database.db, asin, 4500, now);
    const run = await check({ trigger: 'cron', email });
    expect(run.notificationsQueued).toBe(0);
    expect(run.results[0]).toMatchObject({ status: 'drop', currentPrice: '45.00' });
    expect(await alertRow(alertId!)).toMatchObject({ lastCheckedPricePence: 4500, notificationsSent: 0 });

    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/subscribers/confirm',
      payload: signLink(env.SECRET_KEY, 'confirm', email, now),
    });
    expect(confirmed.statusCode).toBe(200);
    tick();
    expect((await check({ trigger: 'cron', email })).notificationsQueued).toBe(0);
    await send();
    expect(mailTo(email)).toHaveLength(0);

    // A new drop after confirming is sent.
    tick();
    await importNewPrice(database.db, asin, 4000, now);
    expect((await check({ trigger: 'cron', email })).notificationsQueued).toBe(1);
    await send();
    expect(mailTo(email)).toHaveLength(1);
    expect(mailTo(email)[0]!.parsed.text).toContain('Was £45.00 → now £40.00');
  });
});

describe('another price source', () => {
  it('writes the new price to the product and its history, then notifies', async () => {
    const email = 'erin@example.com';
    const asin = 'B0REMOTE01';
    const ids = await seedProducts(database.db, [{ asin, pricePence: 8999, listPricePence: 9999, priceAsOf: imported }]);
    await seedSubscriber(database.db, email, 'confirmed', imported);
    await seedAlerts(database.db, [{ email, asin, currentPricePence: 8999 }]);
    tick();
    const fetchedAt = new Date(now.getTime() - 1000);
    const remote: PriceSource = {
      name: 'creators-api',
      maxAsinsPerCall: 10,
      lookup: async (asins) =>
        new Map<string, PriceQuote>(
          asins.map((a) => [a, { asin: a, pricePence: 7499, listPricePence: 9999, savingBasisType: 'LIST_PRICE', observedAt: fetchedAt }]),
        ),
    };
    const run = await check({ trigger: 'cron', email }, remote);
    expect(run.notificationsQueued).toBe(1);
    const [product] = await database.db.select().from(products).where(eq(products.asin, asin));
    expect(product).toMatchObject({ pricePence: 7499, listPricePence: 9999 });
    expect(product!.priceAsOf.toISOString()).toBe(fetchedAt.toISOString());
    const history = await database.db
      .select()
      .from(priceObservations)
      .where(eq(priceObservations.productId, ids.get(asin)!))
      .orderBy(priceObservations.id);
    expect(history.map((h) => [h.pricePence, h.source])).toEqual([
      [8999, 'csv-import'],
      [7499, 'creators-api'],
    ]);
    // The same answer again writes no new history and sends nothing.
    tick();
    expect((await check({ trigger: 'cron', email }, remote)).notificationsQueued).toBe(0);
    expect(
      await database.db
        .select()
        .from(priceObservations)
        .where(eq(priceObservations.productId, ids.get(asin)!)),
    ).toHaveLength(2);
    await send();
    expect(mailTo(email)).toHaveLength(1);
  });
});

// Last: needs the subscriptions feature's one-click route (POST /api/unsubscribe/one-click).
describe('one-click unsubscribe', () => {
  it('suppresses pending price-drop mail and stops later ones', async () => {
    const email = 'dave@example.com';
    const asin = 'B0UNSUB001';
    await seedProducts(database.db, [{ asin, pricePence: 1000, priceAsOf: imported }]);
    await seedSubscriber(database.db, email, 'confirmed', imported);
    await seedAlerts(database.db, [{ email, asin, currentPricePence: 1000 }]);

    tick();
    await importNewPrice(database.db, asin, 900, now);
    await check({ trigger: 'cron', email });
    await send();
    expect(mailTo(email)).toHaveLength(1);
    const header = headerOf(mailTo(email)[0]!.parsed, 'List-Unsubscribe')!;
    const url = new URL(header.replace(/^<|>$/g, ''));

    // A second drop is queued but not yet sent when the reader clicks "Unsubscribe" in the first.
    tick();
    await importNewPrice(database.db, asin, 800, now);
    expect((await check({ trigger: 'cron', email })).notificationsQueued).toBe(1);
    const res = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    await send();
    expect(mailTo(email)).toHaveLength(1);
    const pending = await database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email)).orderBy(emailOutbox.id);
    expect(pending.map((r) => r.status)).toEqual(['sent', 'suppressed']);

    tick();
    await importNewPrice(database.db, asin, 700, now);
    expect((await check({ trigger: 'cron', email })).notificationsQueued).toBe(0);
    await send();
    expect(mailTo(email)).toHaveLength(1);
  });
});
