/**
 * A price drop that came through the Amazon Creators API reaches the subscriber (issue 14 "Tests";
 * shopper-screens §4; DESIGN.md §4 "E-mail", "Honest prices"): the fake Creators API on loopback
 * lowers the price, the unchanged price-check job asks it through the Creators source, writes the
 * price observation with source `creators-api`, and the real sender delivers the e-mail to a real
 * SMTP server on loopback. A stock-out afterwards is a failed check, never an e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { priceObservations, products } from '../../db/schema/catalogue.schema';
import { deliverDueEmails } from '../../email/sender.service';
import { startSmtpCapture, type SmtpCapture } from '../../email/smtp-capture.test-support';
import type { Env } from '../../env';
import type { CreatorsApiConnection } from '../../sources/creators-api/creators-api.connection';
import { connectToFake, startFakeCreatorsApi, type FakeCreatorsApi } from '../../sources/creators-api/fake-creators-api.test-support';
import { createTestApp } from '../../test-support/test-app';
import { runPriceCheck } from './price-check.service';
import { seedAlerts, seedProducts, seedSubscriber } from './price-check.test-support';

let database: Database;
let smtp: SmtpCapture;
let fake: FakeCreatorsApi;
let amazon: CreatorsApiConnection;
let env: Env;
let close: () => Promise<void>;
let now = new Date('2026-06-02T09:00:00Z');
const imported = new Date('2026-06-01T06:00:00Z');
const email = 'drop@example.com';
const asin = 'B0CAPI0001';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  fake = await startFakeCreatorsApi({
    ratePerSecond: 50,
    realCatalogue: false,
    products: [
      {
        asin,
        title: 'Tefal Easy Fry Air Fryer, 4.2 L',
        pricePence: 7999,
        categoryName: 'Air Fryers',
        imageUrl: 'https://m.media-amazon.com/images/I/airfryer.jpg',
      },
    ],
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
  await seedProducts(database.db, [{ asin, title: 'Tefal Easy Fry Air Fryer, 4.2 L', pricePence: 7999, priceAsOf: imported }]);
  await seedSubscriber(database.db, email, 'confirmed', imported);
  await seedAlerts(database.db, [{ email, asin, currentPricePence: 7999 }]);
});

afterAll(async () => {
  await close?.();
  await fake?.close();
  await smtp?.close();
});

const check = () => runPriceCheck({ db: database.db, source: amazon.source, clock: () => now, env }, { trigger: 'cron', email });

describe('a price drop through the Creators API', () => {
  it('is written as a creators-api observation with its RRP and e-mailed once with the new price', async () => {
    fake.scriptPrices(asin, [{ pricePence: 5999, listPricePence: 7999, savingBasisType: 'LIST_PRICE' }]);
    now = new Date('2026-06-02T09:30:00Z');
    const run = await check();
    expect(run).toMatchObject({ alertsChecked: 1, successfulChecks: 1, notificationsQueued: 1, sourceCalls: 1 });
    expect(run.results[0]).toMatchObject({
      asin,
      originalPrice: '79.99',
      currentPrice: '59.99',
      status: 'drop',
      apiWorking: true,
      asOf: now.toISOString(),
    });

    const [product] = await database.db.select().from(products).where(eq(products.asin, asin));
    expect(product).toMatchObject({ pricePence: 5999, listPricePence: 7999, savingBasisType: 'LIST_PRICE' });
    expect(product!.priceAsOf.toISOString()).toBe(now.toISOString());
    const observations = await database.db
      .select()
      .from(priceObservations)
      .where(and(eq(priceObservations.asin, asin), eq(priceObservations.source, 'creators-api')));
    expect(observations.map((o) => [o.pricePence, o.listPricePence])).toEqual([[5999, 7999]]);

    expect(await deliverDueEmails({ db: database.db, env, clock: () => now })).toMatchObject({ sent: 1, failed: 0 });
    const mails = smtp.messages.filter((m) => m.recipients.includes(email));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.parsed;
    expect(mail.subject).toBe('Price drop: Tefal Easy Fry Air Fryer, 4.2 L now £59.99 (was £79.99)');
    expect(mail.text).toContain('Was £79.99 → now £59.99');
    expect(mail.text).toContain('Price as of 2 June 2026 at 10:30 (UK time)');
    expect(mail.html).toContain(
      `href="https://deals.example/deals/${asin}?utm_source=email&amp;utm_medium=alert&amp;utm_campaign=price-drop"`,
    );
    expect(mail.html).not.toMatch(/href="https?:\/\/(www\.)?amazon\./);
  });

  it('a stock-out is a failed check with no e-mail, and the product keeps its last price', async () => {
    fake.scriptPrices(asin, [{ pricePence: null, availability: 'OUT_OF_STOCK' }]);
    now = new Date('2026-06-02T15:30:00Z');
    const run = await check();
    expect(run).toMatchObject({ successfulChecks: 0, failedChecks: 1, notificationsQueued: 0 });
    expect(run.results[0]).toMatchObject({ status: 'failed', apiWorking: true });
    expect(await deliverDueEmails({ db: database.db, env, clock: () => now })).toMatchObject({ sent: 0 });
    const [product] = await database.db.select({ pricePence: products.pricePence }).from(products).where(eq(products.asin, asin));
    expect(product!.pricePence).toBe(5999);
  });
});
