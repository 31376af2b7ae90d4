/**
 * The price-history import (issue 30 "History from day one") on a real database: the real Keepa
 * history of ../shared/data/price-history (amazon.com, so only with allowOtherMarketplace) and our
 * long form, through the prices feature's writer. Idempotent on re-import; rows for ASINs we do not
 * hold are reported, never created; rows at or after the price we hold and rows contradicting our
 * record are rejected by line; the reference-price rule and the product page read the history at once.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { priceObservations, products } from '../../db/schema/catalogue.schema';
import { signInAsAdmin } from '../../test-support/admin-session';
import { csvUpload } from '../../test-support/multipart';
import { createTestApp } from '../../test-support/test-app';
import { testEnv } from '../../env';
import { seedObservations, seedProducts } from '../products/products.test-seed';
import { importHistoryStream, importHistoryFile } from './price-history.service';

const KEEPA = path.resolve(import.meta.dirname, '../../../../shared/data/price-history/keepa-B08HR6ZBYJ-long.csv');
const hasKeepa = existsSync(KEEPA);
if (!hasKeepa) {
  if (process.env.CI) throw new Error(`real Keepa history missing at ${KEEPA}`);
  console.warn(`Skipping the real Keepa history test: ${KEEPA} not found`);
}

const DAY = 86_400_000;
/** The app's clock: a fortnight after the Keepa export's last point (2025-04-23). */
const now = new Date('2025-05-07T12:00:00Z');
let app: App;
let database: Database;
let close: () => Promise<void>;

const csv = (text: string) => Readable.from([Buffer.from(text)]);

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ clock: () => now }));
});
afterAll(async () => close?.());

async function observationsOf(asin: string) {
  return database.db
    .select({ price: priceObservations.pricePence, at: priceObservations.observedAt, confirmed: priceObservations.confirmedAt })
    .from(priceObservations)
    .where(eq(priceObservations.asin, asin))
    .orderBy(priceObservations.observedAt);
}

describe.skipIf(!hasKeepa)("Keepa's real export (B08HR6ZBYJ, 4.5 years)", () => {
  it('refuses amazon.com prices by default, saying why, and writes nothing', async () => {
    const [held] = await seedProducts(database.db, [
      { asin: 'B08HR6ZBYJ', title: 'Keepa test product', pricePence: 249_999, priceAsOf: new Date('2025-05-01T00:00:00Z') },
    ]);
    await seedObservations(database.db, held!, [{ pricePence: 249_999, observedAt: new Date('2025-05-01T00:00:00Z'), confirmedAt: now }]);
    const report = await importHistoryFile(database.db, KEEPA, { now });
    expect(report.layout).toBe('keepa');
    expect(report.observationsAdded).toBe(0);
    expect(report.notes.join(' ')).toMatch(/Keepa rows of amazon\.com were not imported: their prices are not amazon\.co\.uk prices/);
    expect(await observationsOf('B08HR6ZBYJ')).toHaveLength(1);
  });

  it('imports the NEW series as history, re-judges the product, shows it on the chart, and adds nothing the second time', async () => {
    const report = await importHistoryFile(database.db, KEEPA, { now, allowOtherMarketplace: true });
    expect(report).toMatchObject({ layout: 'keepa', totalRows: 9569, productsUpdated: 1, rejectedCount: 0, unknownAsins: [] });
    expect(report.notes).toContain('B08HR6ZBYJ: Keepa series NEW (lowest new offer) read, 2579 points.');
    // 2,579 NEW points, some of them no-offer markers (-1), merged where the price did not change.
    expect(report.observationsAdded).toBe(2536);
    expect(report.rowsAdded + report.ignoredRows).toBe(9569);
    const stored = await observationsOf('B08HR6ZBYJ');
    expect(stored.length).toBe(report.observationsAdded + 1);
    // The first priced point: $1,999.99 on 2020-09-20 06:52 UTC, held until the next point (2020-09-21 00:48).
    expect(stored[0]).toEqual({
      price: 199_999,
      at: new Date('2020-09-20T06:52:00Z'),
      confirmed: new Date('2020-09-21T00:48:00Z'),
    });
    // The product page's chart holds the last year of it.
    const page = await app.inject({ method: 'GET', url: '/api/products/B08HR6ZBYJ' });
    const history = page.json().history as Array<{ observedAt: string }>;
    expect(history.length).toBeGreaterThan(100);
    expect(new Date(history[0]!.observedAt).getTime()).toBeLessThanOrEqual(now.getTime() - 365 * DAY);

    const again = await importHistoryFile(database.db, KEEPA, { now, allowOtherMarketplace: true });
    expect(again).toMatchObject({ observationsAdded: 0, productsUpdated: 0, rejectedCount: 0, alreadyRecorded: report.rowsAdded });
    expect(await observationsOf('B08HR6ZBYJ')).toHaveLength(stored.length);
  }, 60_000);
});

describe('our long form', () => {
  it('adds earlier prices, reports unknown ASINs and bad rows by line, and the reference-price rule reads it at once', async () => {
    // A kettle we track since 10 days ago at £40.00 (confirmed daily), after 40 days at £50.00 we did not see.
    const dropAt = new Date(now.getTime() - 10 * DAY);
    const [kettle] = await seedProducts(database.db, [{ asin: 'B0HISTKET1', title: 'Kettle', pricePence: 4000, priceAsOf: now }]);
    await seedObservations(database.db, kettle!, [{ pricePence: 4000, observedAt: dropAt, confirmedAt: now }]);
    const days = Array.from({ length: 40 }, (_, i) => new Date(dropAt.getTime() - (40 - i) * DAY).toISOString());
    const file = [
      'ASIN,Observed At,Price',
      ...days.map((d) => `B0HISTKET1,${d},£50.00`),
      `B0HISTKET1,${new Date(dropAt.getTime() + DAY).toISOString()},45.00`, // line 42: after the price we hold
      'B0NOTHELD1,2025-01-01,9.99', // line 43: an ASIN we do not hold
      'B0NOTHELD1,2025-01-02,9.49', // line 44
      'B0HISTKET1,not a date,50.00', // line 45
      'B0HISTKET1,2025-01-01T00:00:00Z,£3.42 - £5.00', // line 46
      `B0HISTKET1,${days[0]},49.00`, // line 47: another price for line 2's time
      'short,2025-01-01,1.00', // line 48
    ].join('\n');
    const before = await database.db
      .select({ reference: products.referencePricePence, deal: products.dealKind })
      .from(products)
      .where(eq(products.asin, 'B0HISTKET1'));
    expect(before[0]).toEqual({ reference: null, deal: null });

    const report = await importHistoryStream(database.db, csv(file), { now });
    expect(report).toMatchObject({
      layout: 'long-form',
      totalRows: 47,
      observationsAdded: 1, // 40 daily sightings of £50.00: one observation confirmed to the last
      rowsAdded: 40,
      productsUpdated: 1,
      unknownAsins: [{ asin: 'B0NOTHELD1', rows: 2, firstLine: 43 }],
    });
    expect(report.rejected.map((r) => [r.line, r.reason.split(':')[0]])).toEqual([
      [42, 'observed_at'],
      [45, 'observed_at'],
      [46, 'price'],
      [47, 'observed_at'],
      [48, 'asin'],
    ]);
    expect(report.rejected[0]!.reason).toMatch(/not before the newest price we hold/);
    expect(report.rejected[3]!.reason).toBe('observed_at: another price for the same time is on line 2');
    expect(report.rejected[2]!.reason).toBe('price: must be one price, not a range');
    expect(await database.db.select({ n: products.id }).from(products).where(eq(products.asin, 'B0NOTHELD1'))).toHaveLength(0);
    // £50.00 held 40 days on evidence right up to the drop: the tracked reference price, at once.
    const [after] = await database.db
      .select({ reference: products.referencePricePence, deal: products.dealKind, price: products.pricePence })
      .from(products)
      .where(eq(products.asin, 'B0HISTKET1'));
    expect(after).toEqual({ reference: 5000, deal: 'TRACKED_PRICE_DROP', price: 4000 });
    const page = await app.inject({ method: 'GET', url: '/api/products/B0HISTKET1' });
    expect(page.json().product).toMatchObject({ price: '40.00', originalPrice: '50.00' });

    // The same file again adds nothing and reports the same rejections.
    const again = await importHistoryStream(database.db, csv(file), { now });
    expect(again).toMatchObject({ observationsAdded: 0, alreadyRecorded: 40, rejectedCount: 5 });
  });

  it('rejects a row that contradicts a price we recorded, and refuses a file that is not a price history', async () => {
    const [p] = await seedProducts(database.db, [{ asin: 'B0HISTCLS1', title: 'Toaster', pricePence: 2000, priceAsOf: now }]);
    const seen = new Date(now.getTime() - 20 * DAY);
    await seedObservations(database.db, p!, [{ pricePence: 2000, observedAt: seen, confirmedAt: now }]);
    const inside = new Date(now.getTime() - 5 * DAY).toISOString();
    const report = await importHistoryStream(database.db, csv(`asin,observed_at,price\nB0HISTCLS1,${inside},25.00\n`), { now });
    expect(report.rejectedCount).toBe(1);
    expect(report.rejected[0]!.reason).toMatch(/not before the newest price we hold/);
    const notHistory = await importHistoryStream(database.db, csv('asin,title,price\nB0HISTCLS1,Toaster,20.00\n'), { now });
    expect(notHistory.fatalError).toMatch(/^Not a price history: missing column observed_at/);
    expect(notHistory.observationsAdded).toBe(0);
  });
});

describe('POST /api/admin/price-history/upload-csv', () => {
  const file =
    'asin,observed_at,price\nB0HISTUPL1,2025-04-01T08:00:00Z,12.00\nB0HISTUPL1,2025-04-02T08:00:00Z,12.00\nB0NOTHELD9,2025-04-01,1.00\n';

  it('is for signed-in admins only', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/admin/price-history/upload-csv', ...csvUpload(file, 'history.csv') });
    expect(res.statusCode).toBe(401);
  });

  it('imports through the same importer, with progress lines, and names csvFile when no file is sent', async () => {
    const [p] = await seedProducts(database.db, [{ asin: 'B0HISTUPL1', title: 'Iron', pricePence: 1500, priceAsOf: now }]);
    await seedObservations(database.db, p!, [{ pricePence: 1500, observedAt: new Date('2025-05-01T00:00:00Z'), confirmedAt: now }]);
    const headers = await signInAsAdmin(app, database, testEnv().PUBLIC_URL, 'owner@example.com', now);
    const upload = csvUpload(file, 'history.csv');
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/price-history/upload-csv',
      payload: upload.payload,
      headers: { ...headers, ...upload.headers, accept: 'application/x-ndjson' },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; status?: number; body?: unknown });
    const result = lines[lines.length - 1]!;
    expect(result).toMatchObject({
      type: 'result',
      status: 200,
      body: {
        committed: true,
        report: { layout: 'long-form', observationsAdded: 1, rowsAdded: 2, unknownAsins: [{ asin: 'B0NOTHELD9', rows: 1, firstLine: 4 }] },
      },
    });
    const stored = await observationsOf('B0HISTUPL1');
    expect(stored[0]).toEqual({ price: 1200, at: new Date('2025-04-01T08:00:00Z'), confirmed: new Date('2025-04-02T08:00:00Z') });
    const none = await app.inject({
      method: 'POST',
      url: '/api/admin/price-history/upload-csv',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/^csvFile: /);
  });
});
