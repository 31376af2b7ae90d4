/**
 * A feed's `availability` column (issue 30): stored per product, and an import that brings an
 * out-of-stock product back judges its back-in-stock alerts at once (the same price, so only the
 * stock changed), queueing the e-mail that says so. Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { products } from '../../db/schema/catalogue.schema';
import { emailOutbox } from '../../db/schema/email.schema';
import { composeDeferred } from '../../email/deferred-email';
import { testEnv } from '../../env';
import { createTestDatabase } from '../../test-support/test-db';
import { seedAlerts, seedProducts, seedSubscriber } from '../price-checks/price-check.test-support';
import { importCatalogueAndCheckAlerts } from './catalogue-update.service';
import { availabilityOf } from './catalogue-row';

const env = testEnv({ PUBLIC_URL: 'https://deals.example', PRICE_SOURCE_RATE_PER_SECOND: '0.016' });
let now = new Date('2026-05-04T08:00:00Z');
let database: Database;
const ASIN = 'B0AVAIL001';

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProducts(database.db, [{ asin: ASIN, title: 'Garden hose', pricePence: 3000, priceAsOf: now }]);
  await seedSubscriber(database.db, 'stock@example.com', 'confirmed', now);
  await seedAlerts(database.db, [{ email: 'stock@example.com', asin: ASIN, currentPricePence: 3000, alertType: 'back_in_stock' }]);
});
afterAll(() => database?.close());

const importRow = (availability: string) => {
  now = new Date(now.getTime() + 3_600_000);
  return importCatalogueAndCheckAlerts(
    { db: database.db, env, clock: () => now },
    { stream: Readable.from([`asin,title,price,availability\n${ASIN},Garden hose,30.00,${availability}\n`]) },
    { now },
  );
};
const stock = async () =>
  (await database.db.select({ inStock: products.inStock }).from(products).where(eq(products.asin, ASIN)))[0]!.inStock;

describe('a feed availability column', () => {
  it('reads the usual spellings, and unknown text as unknown', () => {
    expect(['In Stock', 'IN_STOCK', 'in_stock_scarce', 'available', 'yes', '1', 'Pre-order'].map(availabilityOf)).toEqual(
      Array(7).fill(true),
    );
    expect(['Out of stock', 'OUT_OF_STOCK', 'Currently unavailable', 'sold out', 'no', '0'].map(availabilityOf)).toEqual(
      Array(6).fill(false),
    );
    expect(['', 'ships in 3 weeks'].map(availabilityOf)).toEqual([null, null]);
  });

  it('stores the stock and tells a back-in-stock alert when the product returns at the same price', async () => {
    await importRow('Out of stock');
    expect(await stock()).toBe(false);
    expect(await database.db.select().from(emailOutbox)).toHaveLength(0);
    const back = await importRow('In stock');
    expect(await stock()).toBe(true);
    expect(back.alerts).toMatchObject({ alertsChecked: 1, notificationsQueued: 1 });
    const mail = await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'price-drop'));
    expect(mail).toHaveLength(1);
    expect((await composeDeferred(env, mail[0] as (typeof mail)[number])).subject).toBe('Back in stock: Garden hose at £30.00');
    // The same stock again is not news.
    expect((await importRow('In stock')).alerts).toBeUndefined();
  });
});
