/**
 * "Import, then tell the alerts" (issue 6 point 2): an import that lowers an alerted product's price
 * queues its price-drop e-mail at once, judging the alert on the imported price without asking the
 * price source (no calls, so the rate limit never waits), and an import that changes no price
 * judges nothing.
 */
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { priceCheckLogs } from '../../db/schema/alerts.schema';
import { emailOutbox } from '../../db/schema/email.schema';
import { composeDeferred } from '../../email/deferred-email';
import { testEnv } from '../../env';
import { createTestDatabase } from '../../test-support/test-db';
import { seedAlerts, seedProducts, seedSubscriber } from '../price-checks/price-check.test-support';
import { importCatalogueAndCheckAlerts } from './catalogue-update.service';

// One call a minute: if the check asked the source for its 2 ASINs it would wait a minute.
const env = testEnv({ PUBLIC_URL: 'https://deals.example', PRICE_SOURCE_RATE_PER_SECOND: '0.016' });
const now = new Date('2026-05-04T08:00:00Z');
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  const at = new Date(now.getTime() - 86_400_000);
  await seedProducts(database.db, [
    { asin: 'B0UPDATE01', pricePence: 5000, priceAsOf: at },
    { asin: 'B0UPDATE02', pricePence: 3000, priceAsOf: at },
  ]);
  await seedSubscriber(database.db, 'reader@example.com', 'confirmed', at);
  await seedAlerts(database.db, [
    { email: 'reader@example.com', asin: 'B0UPDATE01', currentPricePence: 5000 },
    { email: 'reader@example.com', asin: 'B0UPDATE02', currentPricePence: 3000 },
  ]);
});
afterAll(() => database?.close());

const csv = (text: string) => ({ stream: Readable.from([text]) });

describe('importCatalogueAndCheckAlerts', () => {
  it('judges the alerts on the imported prices and queues the price-drop e-mail, with no source call', async () => {
    const started = performance.now();
    const { report, alerts } = await importCatalogueAndCheckAlerts(
      { db: database.db, env, clock: () => now },
      csv('asin,title,price\nB0UPDATE01,Cordless drill,39.99\nB0UPDATE02,Garden hose,30.00\n'),
      { now },
    );
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(report.changedAsins).toEqual(['B0UPDATE01']);
    expect(alerts).toMatchObject({ alertsChecked: 1, notificationsQueued: 1 });
    const mail = await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'price-drop'));
    expect(mail).toHaveLength(1);
    // Queued as facts; the sender composes it after the import's transaction (email/deferred-email.ts).
    expect((await composeDeferred(env, mail[0] as (typeof mail)[number])).subject).toBe(
      'Price drop: Cordless drill now £39.99 (was £50.00)',
    );
    const [log] = await database.db.select().from(priceCheckLogs).where(eq(priceCheckLogs.triggerType, 'import'));
    expect(log).toMatchObject({ alertsChecked: 1, sourceCalls: 0 });
  });

  it('judges nothing when no price changed', async () => {
    const { report, alerts } = await importCatalogueAndCheckAlerts(
      { db: database.db, env, clock: () => now },
      csv('asin,title,price\nB0UPDATE01,Cordless drill,39.99\n'),
      { now },
    );
    expect(report.unchanged).toBe(1);
    expect(alerts).toBeUndefined();
  });
});
