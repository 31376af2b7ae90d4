/**
 * The job scheduler on pg-boss over an in-memory PGlite (DESIGN.md §2 "Jobs"): at start it delivers
 * what is pending and runs the initial check of never-checked alerts; notifyOutbox() leads to
 * delivery through a real SMTP server; stop() resolves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { priceCheckLogs } from '../db/schema/alerts.schema';
import { enqueueEmail } from '../email/outbox';
import { startSmtpCapture, type SmtpCapture } from '../email/smtp-capture.test-support';
import { testEnv } from '../env';
import { seedAlerts, seedProducts, seedSubscriber } from '../features/price-checks/price-check.test-support';
import { createCatalogueSource } from '../sources/catalogue.source';
import { createTestDatabase } from '../test-support/test-db';
import { startJobs, type Jobs } from './scheduler';

let database: Database;
let smtp: SmtpCapture;
let jobs: Jobs | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpCapture();
});

afterAll(async () => {
  await jobs?.stop();
  await smtp?.close();
  await database?.close();
});

/** Polls `condition` every 100 ms; fails after `timeoutMs`. */
async function eventually(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const message = (n: number) => ({
  recipient: 'sched@example.com',
  subject: `Scheduled message ${n}`,
  html: `<p>${n}</p>`,
  text: `${n}`,
  kind: 'price-drop',
  dedupeKey: `scheduler-test:${n}`,
});

describe('startJobs on PGlite', () => {
  it('delivers at start, runs the initial check, delivers on notifyOutbox and stops', async () => {
    const at = new Date(Date.now() - 60_000);
    await seedProducts(database.db, [{ asin: 'B0SCHED001', pricePence: 1500, priceAsOf: at }]);
    await seedSubscriber(database.db, 'sched@example.com', 'confirmed', at);
    await seedAlerts(database.db, [{ email: 'sched@example.com', asin: 'B0SCHED001', currentPricePence: 1500 }]);
    await enqueueEmail(database.db, message(1));

    const env = testEnv({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://deals.example', PRICE_CHECK_CRON: '15 */6 * * *' });
    jobs = await startJobs(
      { database, env, clock: () => new Date(), priceSource: createCatalogueSource(database.db) },
      { pollingIntervalSeconds: 0.5 },
    );

    await eventually(() => smtp.messages.length === 1, 'the pending message to be delivered at start');
    await eventually(
      async () => (await database.db.select().from(priceCheckLogs)).some((l) => l.triggerType === 'initial'),
      'the initial price check',
    );

    await enqueueEmail(database.db, message(2));
    jobs.notifyOutbox();
    jobs.notifyOutbox();
    await eventually(() => smtp.messages.length === 2, 'the notified message to be delivered');
    expect(smtp.messages.map((m) => m.parsed.subject)).toEqual(['Scheduled message 1', 'Scheduled message 2']);

    const schedules = await database.query<{ name: string; cron: string; timezone: string }>(
      'select name, cron, timezone from pgboss.schedule order by name',
    );
    expect(schedules.rows).toEqual([
      { name: 'deal-digest', cron: '15 * * * *', timezone: 'Europe/London' },
      { name: 'maintenance', cron: '30 3 * * *', timezone: 'Europe/London' },
      { name: 'price-check', cron: '15 */6 * * *', timezone: 'Europe/London' },
      { name: 'send-email', cron: '* * * * *', timezone: 'Europe/London' },
    ]);

    await jobs.stop();
    jobs = undefined;
    // Stopped: nothing more is delivered.
    await enqueueEmail(database.db, message(3));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(smtp.messages).toHaveLength(2);
  });
});
