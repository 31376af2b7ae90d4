/**
 * The owner's template on automatic alerts (issue 29 "The owner's template is used for every alert
 * e-mail of its kind once chosen"): a real app on PGlite (or TEST_DATABASE_URL), the real price check,
 * the real sender and a real SMTP server on loopback. Without a chosen template an automatic
 * price-drop alert is the built-in e-mail from MAIL_FROM; once an owner marks a template "Use for deal
 * alert notifications", the next automatic alert arrives with the owner's subject and body, from the
 * template's sender, with the one-click unsubscribe headers (RFC 8058) and link; still one e-mail per
 * alert per price change, and the owner's later manual send of the same drop is "already sent".
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema/email.schema';
import { deliverDueEmails } from '../../email/sender.service';
import { headerOf, startSmtpCapture, type SmtpCapture } from '../../email/smtp-capture.test-support';
import { testEnv, type Env } from '../../env';
import { createCatalogueSource } from '../../sources/catalogue.source';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import { runPriceCheck } from '../price-checks';
import { importNewPrice, seedAlerts, seedProducts, seedSubscriber } from '../price-checks/price-check.test-support';

const PUBLIC_URL = 'https://deals.example.co.uk';
let now = new Date('2026-11-23T10:00:00Z');
const imported = new Date('2026-11-22T06:00:00Z');
let smtp: SmtpCapture;
let env: Env;
let database: Database;
let app: App;
let close: () => Promise<void>;
let admin: AdminHeaders;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  env = testEnv({
    PUBLIC_URL,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Deal Alerts UK <alerts@dealalerts.example.co.uk>',
    MAIL_DOMAIN: 'dealalerts.example.co.uk',
  });
  ({ app, database, close } = await createTestApp({ env, clock: () => now }));
  admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);
});

afterAll(async () => {
  await close?.();
  await smtp?.close();
});

const tick = () => {
  now = new Date(now.getTime() + 60_000);
};
const check = (email: string) =>
  runPriceCheck({ db: database.db, source: createCatalogueSource(database.db), clock: () => now, env }, { trigger: 'cron', email });
const send = () => deliverDueEmails({ db: database.db, env, clock: () => now });
const mailTo = (email: string) => smtp.messages.filter((m) => m.recipients.includes(email));

describe('automatic price-drop alerts', () => {
  it('use the built-in e-mail from MAIL_FROM while no template is chosen', async () => {
    const email = 'ann@example.com';
    const asin = 'B0BUILTIN1';
    await seedProducts(database.db, [{ asin, title: 'Built-in Kettle', pricePence: 4000, priceAsOf: imported }]);
    await seedSubscriber(database.db, email, 'confirmed', imported);
    await seedAlerts(database.db, [{ email, asin, currentPricePence: 4000 }]);
    tick();
    await importNewPrice(database.db, asin, 3000, now);
    expect((await check(email)).notificationsQueued).toBe(1);
    await send();
    const [mail] = mailTo(email);
    expect(mail).toBeDefined();
    expect(mail!.parsed.from?.address).toBe('alerts@dealalerts.example.co.uk');
    expect(mail!.parsed.subject).not.toContain('Owner says');
    expect(mail!.parsed.subject).toContain('Built-in Kettle');
    expect(headerOf(mail!.parsed, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it("use the owner's chosen template, its sender, and keep the unsubscribe headers and one e-mail per price change", async () => {
    const saved = await app.inject({
      method: 'POST',
      url: '/api/admin/email-templates',
      headers: admin,
      payload: {
        name: 'Owner alerts',
        subject: 'Owner says: {{productTitle}} now £{{afterPrice}}',
        htmlContent:
          '<html><body><h1>Owner body for {{productTitle}}</h1><p>Was £{{beforePrice}}, now £{{afterPrice}} ({{priceChangePercent}}% off)</p><a href="{{affiliateUrl}}">Buy</a></body></html>',
        senderEmail: 'deals@dealalerts.example.co.uk',
        isDefault: true,
      },
    });
    expect(saved.statusCode).toBe(201);

    const email = 'bob@example.com';
    const asin = 'B0OWNERTP1';
    await seedProducts(database.db, [{ asin, title: 'Owner Toaster', pricePence: 5000, priceAsOf: imported }]);
    await seedSubscriber(database.db, email, 'confirmed', imported);
    await seedAlerts(database.db, [{ email, asin, currentPricePence: 5000 }]);
    tick();
    await importNewPrice(database.db, asin, 4000, now);
    expect((await check(email)).notificationsQueued).toBe(1);
    // The same price checked again queues nothing.
    tick();
    expect((await check(email)).notificationsQueued).toBe(0);
    await send();

    const mails = mailTo(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.parsed.subject).toBe('Owner says: Owner Toaster now £40.00');
    expect(mail.parsed.html).toContain('Owner body for Owner Toaster');
    expect(mail.parsed.html).toContain('Was £50.00, now £40.00 (20% off)');
    expect(mail.parsed.from?.address).toBe('deals@dealalerts.example.co.uk');
    const listUnsubscribe = headerOf(mail.parsed, 'List-Unsubscribe');
    expect(listUnsubscribe).toMatch(/^<https:\/\/deals\.example\.co\.uk\/api\/unsubscribe/);
    expect(headerOf(mail.parsed, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The house footer's unsubscribe link is the same signed URL.
    expect(mail.parsed.html).toContain('Unsubscribe</a>');
    const unsubscribeUrl = listUnsubscribe!.replace(/^<|>$/g, '');
    expect(mail.parsed.html).toContain(unsubscribeUrl.replace(/&/g, '&amp;'));

    // The owner's manual send of the same drop is the same outbox message: already sent, no second e-mail.
    const rows = await database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));
    expect(rows.map((r) => [r.kind, r.status])).toEqual([['price-drop', 'sent']]);
  });
});
