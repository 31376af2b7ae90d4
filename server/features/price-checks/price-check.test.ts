/**
 * Price checks end to end, what is judged (issue part 7; shopper-screens §3, §4; DESIGN.md §4
 * "E-mail"): drops, no drop, target prices (recipients and sources: price-check.recipients.test.ts). A real
 * in-memory PGlite, the real sender and a real SMTP server on loopback. Each test uses its own
 * addresses and ASINs and checks only their alerts (the `email` filter), so tests do not interfere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dealAlerts, priceCheckLogs } from '../../db/schema/alerts.schema';
import { priceObservations } from '../../db/schema/catalogue.schema';
import { emailOutbox } from '../../db/schema/email.schema';
import { deliverDueEmails, messageIdFor } from '../../email/sender.service';
import { checkSignedLink } from '../../email/signed-links';
import { headerOf, startSmtpCapture, type SmtpCapture } from '../../email/smtp-capture.test-support';
import { testEnv, type Env } from '../../env';
import { createCatalogueSource } from '../../sources/catalogue.source';
import type { PriceSource } from '../../sources/price-source';
import { createTestApp } from '../../test-support/test-app';
import { runPriceCheck, type PriceCheckOptions } from './price-check.service';
import { importNewPrice, seedAlerts, seedProducts, seedSubscriber } from './price-check.test-support';

let database: Database;
let smtp: SmtpCapture;
let env: Env;
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
  ({ database, close } = await createTestApp({ env, clock: () => now }));
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

describe('a price drop', () => {
  const email = 'alice@example.com';
  const asin = 'B0DROP0001';
  let alertId: number;

  beforeAll(async () => {
    await seedProducts(database.db, [
      {
        asin,
        title: 'Breville VKT124 Edge Kettle, 1.7 L, Stainless Steel',
        pricePence: 1599,
        imageUrl: 'https://m.media-amazon.com/images/I/kettle.jpg',
        priceAsOf: imported,
      },
    ]);
    await seedSubscriber(database.db, email, 'confirmed', imported);
    alertId = (await seedAlerts(database.db, [{ email, asin, currentPricePence: 1599 }]))[0]!;
  });

  it('sends exactly one e-mail with the old and new price, the drop, our product page and one-click unsubscribe', async () => {
    tick();
    const priceTime = new Date('2026-03-02T08:30:00Z');
    await importNewPrice(database.db, asin, 1299, priceTime);

    const run = await check({ trigger: 'cron', email });
    expect(run).toMatchObject({ alertsChecked: 1, successfulChecks: 1, failedChecks: 0, notificationsQueued: 1, sourceCalls: 1 });
    expect(run.results[0]).toMatchObject({
      alertId,
      asin,
      originalPrice: '15.99',
      currentPrice: '12.99',
      priceChange: '-3.00',
      priceChangePercent: -18.76,
      isPriceDrop: true,
      apiWorking: true,
      status: 'drop',
      asOf: priceTime.toISOString(),
    });

    expect(await send()).toMatchObject({ sent: 1, failed: 0, dead: 0 });
    const mails = mailTo(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.parsed;
    expect(mail.subject).toBe('Price drop: Breville VKT124 Edge Kettle, 1.7 L, Stainless Steel now £12.99 (was £15.99)');
    expect(mail.from?.address).toBe('alerts@deals.example');
    expect(mail.text).toContain('Was £15.99 → now £12.99');
    expect(mail.text).toContain('You save £3.00 (19%)');
    // 08:30 UTC in March is 08:30 in London (GMT).
    expect(mail.text).toContain('Price as of 2 March 2026 at 08:30 (UK time)');
    expect(mail.text).toContain('Prices and availability are accurate as of the date/time indicated and are subject to change');
    expect(mail.text).toContain('As an Amazon Associate we earn from qualifying purchases');
    // Our own product page, with the e-mail's utm parameters (issue 12).
    expect(mail.html).toContain(
      `href="https://deals.example/deals/${asin}?utm_source=email&amp;utm_medium=alert&amp;utm_campaign=price-drop"`,
    );
    expect(mail.html).toContain('src="https://m.media-amazon.com/images/I/kettle.jpg"');
    expect(mail.html).not.toMatch(/href="https?:\/\/(www\.)?amazon\./);
    const unsubscribe = headerOf(mail, 'List-Unsubscribe')?.slice(1, -1) ?? '';
    const link = new URL(unsubscribe);
    expect(link.origin + link.pathname).toBe(`${env.PUBLIC_URL}/api/unsubscribe/one-click`);
    const proof = { email: link.searchParams.get('email') ?? '', t: link.searchParams.get('t'), sig: link.searchParams.get('sig') };
    expect(proof.email).toBe(email);
    expect(checkSignedLink(env.SECRET_KEY, 'unsubscribe', proof, now)).toBe('valid');
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(unsubscribe);
    expect(mail.messageId).toBe(messageIdFor(env.PUBLIC_URL, `price-drop:${alertId}:${(await latestObservationId(asin))!}`));

    const alert = await alertRow(alertId);
    expect(alert).toMatchObject({ lastCheckedPricePence: 1299, lastNotifiedPricePence: 1299, notificationsSent: 1 });
    expect(alert.lastCheckedAt?.toISOString()).toBe(now.toISOString());
    const [outbox] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));
    expect(outbox).toMatchObject({ kind: 'price-drop', status: 'sent', attempts: 0 });
  });

  it('queues and sends nothing more when the same check and the sender run again', async () => {
    tick();
    const again = await check({ trigger: 'cron', email });
    expect(again.notificationsQueued).toBe(0);
    expect(again.results[0]).toMatchObject({ originalPrice: '12.99', currentPrice: '12.99', status: 'unchanged', isPriceDrop: false });
    expect(await send()).toMatchObject({ sent: 0 });
    expect(mailTo(email)).toHaveLength(1);
    const alert = await alertRow(alertId);
    expect(alert.notificationsSent).toBe(1);
    // Nothing new, yet the alert shows when it was last checked: this run's time.
    expect(alert.lastCheckedAt?.toISOString()).toBe(now.toISOString());
    expect(alert.lastCheckedPricePence).toBe(1299);
  });

  it('logs every run with its trigger, counts and per-product details', async () => {
    const logs = await database.db.select().from(priceCheckLogs).orderBy(priceCheckLogs.id);
    const mine = logs.filter((l) => JSON.stringify(l.details).includes(asin));
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ triggerType: 'cron', alertsChecked: 1, successfulChecks: 1, failedChecks: 0, sourceCalls: 1 });
    expect(mine[0]!.details).toEqual([
      {
        productTitle: 'Breville VKT124 Edge Kettle, 1.7 L, Stainless Steel',
        asin,
        originalPrice: '15.99',
        newPrice: '12.99',
        priceChange: '-3.00',
        priceChangePercent: -18.76,
        success: true,
      },
    ]);
  });
});

async function latestObservationId(asin: string): Promise<number | undefined> {
  const rows = await database.db.select({ id: priceObservations.id }).from(priceObservations).where(eq(priceObservations.asin, asin));
  return rows.map((r) => r.id).sort((a, b) => b - a)[0];
}

describe('no drop', () => {
  it('sends nothing when the price is unchanged or went up', async () => {
    const email = 'bob@example.com';
    await seedProducts(database.db, [
      { asin: 'B0SAME0001', pricePence: 2000, priceAsOf: imported },
      { asin: 'B0RISE0001', pricePence: 2000, priceAsOf: imported },
    ]);
    await seedSubscriber(database.db, email, 'confirmed', imported);
    await seedAlerts(database.db, [
      { email, asin: 'B0SAME0001', currentPricePence: 2000 },
      { email, asin: 'B0RISE0001', currentPricePence: 2000 },
    ]);
    tick();
    await importNewPrice(database.db, 'B0RISE0001', 2250, now);
    const run = await check({ trigger: 'manual', email });
    expect(run.notificationsQueued).toBe(0);
    expect(run.results.map((r) => [r.asin, r.status, r.priceChange, r.priceChangePercent])).toEqual([
      ['B0SAME0001', 'unchanged', '0.00', 0],
      ['B0RISE0001', 'increase', '2.50', 12.5],
    ]);
    await send();
    expect(mailTo(email)).toHaveLength(0);
  });
});

describe('a target price', () => {
  it('notifies once when the price is already at or below the target, and not again at the same price', async () => {
    const email = 'tara@example.com';
    const asin = 'B0TARGET01';
    await seedProducts(database.db, [{ asin, title: 'Ninja Air Fryer', pricePence: 1999, priceAsOf: imported }]);
    await seedSubscriber(database.db, email, 'confirmed', imported);
    await seedAlerts(database.db, [{ email, asin, currentPricePence: 1999, targetPricePence: 2000 }]);
    tick();
    const first = await check({ trigger: 'cron', email });
    expect(first.notificationsQueued).toBe(1);
    expect(first.results[0]).toMatchObject({ status: 'unchanged', isPriceDrop: false });
    // A new observation at the same price (e.g. the list price moved) is not news.
    tick();
    await importNewPrice(database.db, asin, 1999, now);
    expect((await check({ trigger: 'cron', email })).notificationsQueued).toBe(0);
    await send();
    const mails = mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.parsed.subject).toBe('Target price reached: Ninja Air Fryer now £19.99');
    expect(mails[0]!.parsed.text).toContain('This is at or below your target price of £20.00.');
  });

  it('notifies once when a drop takes the price below the target', async () => {
    const email = 'tom@example.com';
    const asin = 'B0TARGET02';
    await seedProducts(database.db, [{ asin, pricePence: 3000, priceAsOf: imported }]);
    await seedSubscriber(database.db, email, 'confirmed', imported);
    await seedAlerts(database.db, [{ email, asin, currentPricePence: 3000, targetPricePence: 2500 }]);
    tick();
    await importNewPrice(database.db, asin, 2400, now);
    expect((await check({ trigger: 'import', asins: [asin] })).notificationsQueued).toBe(1);
    expect((await check({ trigger: 'import', asins: [asin] })).notificationsQueued).toBe(0);
    await send();
    expect(mailTo(email)).toHaveLength(1);
    expect(mailTo(email)[0]!.parsed.text).toContain('Was £30.00 → now £24.00');
  });
});
