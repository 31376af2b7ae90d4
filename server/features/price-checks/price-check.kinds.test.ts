/**
 * Alert kinds through the price check (issue 30): target price, percentage drop, any drop, new
 * lowest price (the pricing module's "lowest we've recorded" badge) and back in stock (the fake
 * Creators API's availability), judged in the one statement, e-mailed by the real sender to a real
 * SMTP server on loopback, each saying which kind fired. Runs on PGlite, or PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { priceObservations, products } from '../../db/schema/catalogue.schema';
import { deliverDueEmails } from '../../email/sender.service';
import { startSmtpCapture, type SmtpCapture } from '../../email/smtp-capture.test-support';
import type { Env } from '../../env';
import { createCatalogueSource } from '../../sources/catalogue.source';
import type { CreatorsApiConnection } from '../../sources/creators-api/creators-api.connection';
import { connectToFake, startFakeCreatorsApi, type FakeCreatorsApi } from '../../sources/creators-api/fake-creators-api.test-support';
import type { PriceSource } from '../../sources/price-source';
import { createTestApp } from '../../test-support/test-app';
import { refreshProductStats } from '../prices';
import { runPriceCheck } from './price-check.service';
import { importNewPrice, seedAlerts, seedProducts, seedSubscriber } from './price-check.test-support';

const DAY = 86_400_000;
let database: Database;
let smtp: SmtpCapture;
let fake: FakeCreatorsApi;
let amazon: CreatorsApiConnection;
let env: Env;
let close: () => Promise<void>;
let now = new Date('2026-06-02T09:00:00Z');
const STOCK_ASIN = 'B0STOCK001';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  fake = await startFakeCreatorsApi({
    ratePerSecond: 50,
    realCatalogue: false,
    products: [{ asin: STOCK_ASIN, title: 'Ninja Foodi Dual Air Fryer', pricePence: 7999, categoryName: 'Air Fryers' }],
  });
  ({ database, close } = await createTestApp({ clock: () => now }));
  ({ connection: amazon, env } = connectToFake(fake, database.db, {
    ratePerSecond: 50,
    clock: () => now,
    env: {
      PUBLIC_URL: 'https://deals.example',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Deal Alerts UK <alerts@deals.example>',
      PRICE_SOURCE_RATE_PER_SECOND: '50',
    },
  }));
});

afterAll(async () => {
  await close?.();
  await fake?.close();
  await smtp?.close();
});

const tick = (ms = 60_000) => {
  now = new Date(now.getTime() + ms);
};
const check = (email: string, source?: PriceSource) =>
  runPriceCheck(
    { db: database.db, source: source ?? createCatalogueSource(database.db), clock: () => now, env },
    { trigger: 'cron', email },
  );
const send = () => deliverDueEmails({ db: database.db, env, clock: () => now });
const mailTo = (email: string) => smtp.messages.filter((m) => m.recipients.includes(email)).map((m) => m.parsed);

describe('price kinds', () => {
  it('any drop, a 10 % drop and a £85 target each fire on their own rule, once per price', async () => {
    const asin = 'B0KINDS001';
    const [any, pct, tgt] = ['any@example.com', 'pct@example.com', 'tgt@example.com'];
    await seedProducts(database.db, [{ asin, title: 'Dyson V8 Cordless Vacuum', pricePence: 10_000, priceAsOf: now }]);
    for (const email of [any, pct, tgt]) await seedSubscriber(database.db, email, 'confirmed', now);
    await seedAlerts(database.db, [
      { email: any, asin, currentPricePence: 10_000 },
      { email: pct, asin, currentPricePence: 10_000, alertType: 'percent_drop', dropPercent: 10 },
      { email: tgt, asin, currentPricePence: 10_000, targetPricePence: 8500 },
    ]);
    const run = async (price: number) => {
      tick();
      await importNewPrice(database.db, asin, price, now);
      return Promise.all([any, pct, tgt].map(async (email) => (await check(email)).notificationsQueued));
    };
    expect(await run(9500)).toEqual([1, 0, 0]);
    expect(await run(9001)).toEqual([1, 0, 0]); // 9.99 % under £100
    expect(await run(9000)).toEqual([1, 1, 0]);
    expect(await run(8500)).toEqual([1, 1, 1]);
    expect(await run(8500)).toEqual([0, 0, 0]); // the same price again is not news
    await send();
    expect(mailTo(any)).toHaveLength(4);
    expect(mailTo(pct)).toHaveLength(2);
    expect(mailTo(pct)[0]!.text).toContain('Your alert: Drops 10 %. The price is at least 10% below the price when you set this alert.');
    expect(mailTo(tgt)).toHaveLength(1);
    expect(mailTo(tgt)[0]!.text).toContain('Your alert: Below £85. The price is at or below your target.');
    expect(mailTo(any)[0]!.text).toContain('Your alert: Any drop.');
  });

  it('a new lowest price fires only on a price under every price we have recorded, with 90 days of history', async () => {
    const [fresh, seenLower] = ['B0LOWEST01', 'B0LOWEST02'];
    const email = 'lowest@example.com';
    const since = new Date(now.getTime() - 100 * DAY);
    const ids = await seedProducts(database.db, [
      { asin: fresh, title: 'Philips Airfryer XL', pricePence: 5000, priceAsOf: since },
      { asin: seenLower, title: 'Cosori Air Fryer', pricePence: 5000, priceAsOf: since },
    ]);
    // £50 re-asserted until yesterday: 100 days of unbroken evidence.
    await database.db.update(priceObservations).set({ confirmedAt: new Date(now.getTime() - DAY) });
    // The second product was £40 once, long ago (a 2023 crawl).
    await database.db.insert(priceObservations).values({
      productId: ids.get(seenLower)!,
      asin: seenLower,
      pricePence: 4000,
      source: 'csv-import',
      observedAt: new Date('2023-03-01T00:00:00Z'),
    });
    await seedSubscriber(database.db, email, 'confirmed', now);
    await seedAlerts(database.db, [
      { email, asin: fresh, currentPricePence: 5000, alertType: 'lowest_price' },
      { email, asin: seenLower, currentPricePence: 5000, alertType: 'lowest_price' },
    ]);
    tick();
    for (const asin of [fresh, seenLower]) await importNewPrice(database.db, asin, 4500, now);
    await refreshProductStats(database.db, [...ids.values()], now);
    const badges = await database.db.select({ asin: products.asin, badges: products.priceBadges }).from(products);
    expect(badges.find((b) => b.asin === fresh)!.badges.map((b) => b.kind)).toContain('lowest_ever');
    expect(badges.find((b) => b.asin === seenLower)!.badges.map((b) => b.kind)).not.toContain('lowest_ever');

    expect((await check(email)).notificationsQueued).toBe(1);
    await send();
    const mails = mailTo(email);
    expect(mails.map((m) => m.subject)).toEqual(['New lowest price: Philips Airfryer XL now £45.00 (was £50.00)']);
    expect(mails[0]!.text).toContain('This is the lowest price we have recorded for it.');
  });
});

describe('back in stock (fake Creators API)', () => {
  it('fires when the offer comes back after the alert saw it out of stock, again after the next stock-out, never twice in a row', async () => {
    const email = 'stock@example.com';
    await seedProducts(database.db, [{ asin: STOCK_ASIN, title: 'Ninja Foodi Dual Air Fryer', pricePence: 7999, priceAsOf: now }]);
    await seedSubscriber(database.db, email, 'confirmed', now);
    await seedAlerts(database.db, [{ email, asin: STOCK_ASIN, currentPricePence: 7999, alertType: 'back_in_stock' }]);
    const step = async (offer: { pricePence: number | null; availability?: string }) => {
      fake.scriptPrices(STOCK_ASIN, [offer]);
      tick(3_600_000);
      return (await check(email, amazon.source)).notificationsQueued;
    };
    const inStock = { pricePence: 7999, availability: 'IN_STOCK' };
    const outOfStock = { pricePence: null, availability: 'OUT_OF_STOCK' };
    expect(await step(inStock)).toBe(0); // in stock all along: nothing to say
    expect(await step(outOfStock)).toBe(0);
    const [product] = await database.db.select({ inStock: products.inStock }).from(products).where(eq(products.asin, STOCK_ASIN));
    expect(product!.inStock).toBe(false);
    expect(await step(inStock)).toBe(1); // back at the same price (same observation)
    expect(await step(inStock)).toBe(0);
    expect(await step(outOfStock)).toBe(0);
    expect(await step(inStock)).toBe(1);
    await send();
    const mails = mailTo(email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Back in stock: Ninja Foodi Dual Air Fryer at £79.99',
      'Back in stock: Ninja Foodi Dual Air Fryer at £79.99',
    ]);
    expect(mails[0]!.text).toContain('Your alert: Back in stock. Amazon has it in stock again.');
  });
});
