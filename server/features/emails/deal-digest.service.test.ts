/**
 * Scheduled deals digests (issue 12 part 3) on a fresh database, delivered to a real SMTP server on
 * loopback: each confirmed subscriber gets new deals in their categories at their frequency, from
 * 08:00 UK time, never an empty digest, never twice in one period (UK day, ISO week, month), and
 * never to an unconfirmed or unsubscribed address. Also the UK calendar rules behind the keys.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema/email.schema';
import { signups } from '../../db/schema/engagement.schema';
import { testEnv, type Env } from '../../env';
import { deliverDueEmails } from '../../email/sender.service';
import { headerOf, startSmtpCapture, type SmtpCapture } from '../../email/smtp-capture.test-support';
import { createTestDatabase } from '../../test-support/test-db';
import { seedProducts, seedSubscriber } from '../price-checks/price-check.test-support';
import { sendScheduledDigests } from './deal-digest.service';
import { seedPreferences, setProductFacts } from './emails.test-support';
import { digestPeriod, isoWeekOf, ukDay } from './owner-email.rules';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let smtp: SmtpCapture;
let env: Env;
let database: Database;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  env = testEnv({ PUBLIC_URL: 'https://deals.example.co.uk', SMTP_URL: smtp.url });
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
  await smtp?.close();
});

describe('UK periods', () => {
  it('counts days in Europe/London (BST too), ISO weeks from Monday and months', () => {
    expect(ukDay(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02'); // 00:30 BST
    expect(ukDay(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31'); // GMT
    expect(isoWeekOf('2026-11-23')).toBe('2026-W48');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01');
    expect(digestPeriod('monthly', new Date('2026-10-31T23:30:00Z'))).toBe('2026-10'); // GMT from 25 Oct
  });
});

describe('sendScheduledDigests', () => {
  // Monday 23 November 2026, 09:15 in London.
  const monday = new Date('2026-11-23T09:15:00Z');
  const run = (at: Date) => sendScheduledDigests({ db: database.db }, at);
  const deliver = (at: Date) => deliverDueEmails({ db: database.db, env, clock: () => at });
  const digestsTo = (email: string) => smtp.messages.filter((m) => m.recipients[0] === email);

  beforeAll(async () => {
    await seedProducts(database.db, [
      { asin: 'B0DIGKIT01', pricePence: 2500, priceAsOf: new Date(monday.getTime() - 3 * HOUR) },
      { asin: 'B0DIGELE01', pricePence: 9900, priceAsOf: new Date(monday.getTime() - 3 * DAY) },
      { asin: 'B0DIGOLD01', pricePence: 500, priceAsOf: new Date(monday.getTime() - 60 * DAY) },
    ]);
    await setProductFacts(database, 'B0DIGKIT01', {
      category: 'home-kitchen',
      title: 'Stand mixer',
      deal: { percent: 30, label: 'Lowest price in 30 days' },
    });
    await setProductFacts(database, 'B0DIGELE01', {
      category: 'electronics',
      title: 'Headphones',
      deal: { percent: 20, label: 'Save on list price' },
    });
    await setProductFacts(database, 'B0DIGOLD01', {
      category: 'books',
      title: 'Old deal',
      deal: { percent: 50, label: 'Save on list price' },
    });
    await seedSubscriber(database.db, 'daily@example.com', 'confirmed', monday);
    await seedPreferences(database, 'daily@example.com', ['kitchen'], 'daily');
    await seedSubscriber(database.db, 'weekly@example.com', 'confirmed', monday);
    await seedPreferences(database, 'weekly@example.com', ['electronics'], 'weekly');
    await seedSubscriber(database.db, 'books@example.com', 'confirmed', monday);
    await seedPreferences(database, 'books@example.com', ['books'], 'daily');
    await seedSubscriber(database.db, 'pending@example.com', 'unconfirmed', monday);
    await seedPreferences(database, 'pending@example.com', [], 'daily');
    await seedSubscriber(database.db, 'left@example.com', 'unsubscribed', monday);
    await seedPreferences(database, 'left@example.com', [], 'daily');
    // A signup without a survey answer: weekly, every category.
    await seedSubscriber(database.db, 'signup@example.com', 'confirmed', monday);
    await database.db.insert(signups).values({
      email: 'signup@example.com',
      source: 'signup_page',
      consentWording: 'test',
      consentAt: monday,
      confirmationQueued: true,
    });
    // Confirmed through an alert only, no survey, no signup: asked for no digest.
    await seedSubscriber(database.db, 'alertonly@example.com', 'confirmed', monday);
  });

  it('does nothing before 08:00 UK time', async () => {
    expect(await run(new Date('2026-11-23T07:15:00Z'))).toEqual({ queued: 0, empty: 0, tooEarly: true });
  });

  it('sends each due subscriber the new deals in their categories, never empty, once per period', async () => {
    expect(await run(monday)).toEqual({ queued: 3, empty: 1, tooEarly: false });
    // The next hour and a second instance at once: nothing more.
    const again = await Promise.all([run(new Date(monday.getTime() + HOUR)), run(new Date(monday.getTime() + HOUR))]);
    expect(again.map((r) => r.queued)).toEqual([0, 0]);
    await deliver(monday);

    expect(smtp.messages.map((m) => m.recipients[0]).sort()).toEqual(['daily@example.com', 'signup@example.com', 'weekly@example.com']);
    const daily = digestsTo('daily@example.com')[0]!;
    expect(daily.parsed.subject).toBe("Today's deals: 1 new deal for you");
    expect(daily.parsed.html).toContain('Stand mixer');
    expect(daily.parsed.html).toContain('Save 30%');
    expect(daily.parsed.html).not.toContain('Headphones');
    expect(daily.parsed.html).toContain('/deals/B0DIGKIT01?utm_source=email&amp;utm_medium=digest&amp;utm_campaign=deals-daily');
    expect(headerOf(daily.parsed, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const weekly = digestsTo('weekly@example.com')[0]!;
    expect(weekly.parsed.subject).toBe('Your weekly deals: 1 new deal for you');
    expect(weekly.parsed.html).toContain('utm_campaign=deals-weekly');
    const signup = digestsTo('signup@example.com')[0]!;
    // Every category, best saving first; a 60-day-old deal is not new.
    expect(signup.parsed.html!.indexOf('Stand mixer')).toBeLessThan(signup.parsed.html!.indexOf('Headphones'));
    expect(signup.parsed.html).not.toContain('Old deal');

    // Tuesday: the daily subscriber has no new deal in kitchen (the mixer is now over a day old): no empty digest.
    const tuesday = new Date(monday.getTime() + DAY);
    expect(await run(tuesday)).toEqual({ queued: 0, empty: 2, tooEarly: false });
    // A new kitchen deal on Tuesday: the daily digest goes, the weekly ones wait for next week.
    await seedProducts(database.db, [{ asin: 'B0DIGKIT02', pricePence: 1500, priceAsOf: tuesday }]);
    await setProductFacts(database, 'B0DIGKIT02', {
      category: 'home-kitchen',
      title: 'Toaster',
      deal: { percent: 15, label: 'Lowest price in 30 days' },
    });
    expect(await run(new Date(tuesday.getTime() + HOUR))).toMatchObject({ queued: 1 });
    // Next week: the signup gets the toaster; no new electronics for the weekly subscriber, so nothing for them.
    const nextMonday = new Date(monday.getTime() + 7 * DAY);
    expect(await run(nextMonday)).toMatchObject({ queued: 1 });

    const keys = (
      await database.db.select({ key: emailOutbox.dedupeKey }).from(emailOutbox).where(eq(emailOutbox.kind, 'deal-digest'))
    ).map((r) => r.key.replace(/^deal-digest:\d+:/, ''));
    expect(keys.sort()).toEqual(['2026-11-23', '2026-11-24', '2026-W48', '2026-W48', '2026-W49'].sort());
    const recipients = await database.db.select({ r: emailOutbox.recipient }).from(emailOutbox).where(eq(emailOutbox.kind, 'deal-digest'));
    expect(recipients.map((r) => r.r)).not.toEqual(expect.arrayContaining(['pending@example.com']));
    expect(recipients.map((r) => r.r)).not.toContain('left@example.com');
    expect(recipients.map((r) => r.r)).not.toContain('alertonly@example.com');
    expect(recipients.map((r) => r.r)).not.toContain('books@example.com');
  });
});
