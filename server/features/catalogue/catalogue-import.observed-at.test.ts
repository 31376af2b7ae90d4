/**
 * True times of imported prices (issue 27 "True times"), on a real database (PGlite): the import's
 * `observedAt` option, the `observedAt` column (which wins per row), bad times rejected naming the
 * column and rule, a row older than the stored price kept in the history only (`historyOnly`), and
 * unchanged rows confirmed at their observation time.
 */
import { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { priceObservations, products } from '../../db/schema/catalogue.schema';
import type { PriceQuote } from '../../sources/price-source';
import { createTestDatabase } from '../../test-support/test-db';
import { refreshProductStats } from '../prices/prices.service';
import { importCatalogueStream, type ImportOptions } from './catalogue-import.service';

let database: Database;
const now = new Date('2026-11-27T10:00:00Z');
const JUNE_2023 = new Date('2023-06-01T00:00:00Z');

function csv(lines: string[]): Readable {
  return Readable.from([Buffer.from(`${lines.join('\n')}\n`)]);
}

function run(lines: string[], opts: ImportOptions = {}) {
  return importCatalogueStream(database.db, csv(lines), { now, ...opts });
}

async function product(asin: string) {
  const [row] = await database.db.select().from(products).where(eq(products.asin, asin));
  return row;
}

async function history(asin: string) {
  const rows = await database.db
    .select({ pricePence: priceObservations.pricePence, observedAt: priceObservations.observedAt })
    .from(priceObservations)
    .where(eq(priceObservations.asin, asin))
    .orderBy(asc(priceObservations.observedAt), asc(priceObservations.id));
  return rows.map((r) => [r.pricePence, r.observedAt.toISOString()]);
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(products);
});

describe('the observedAt option', () => {
  it("becomes each product's price_as_of and its observation's time; created_at and updated_at stay the import's", async () => {
    const report = await run(['ASIN,Title,Price', 'B0TRUE0001,Kettle,24.99', 'B0TRUE0002,Toaster,19.99'], { observedAt: JUNE_2023 });
    expect(report).toMatchObject({ imported: 2, historyOnly: 0, rejected: [] });
    expect(await product('B0TRUE0001')).toMatchObject({ priceAsOf: JUNE_2023, createdAt: now, updatedAt: now, pricePence: 2499 });
    expect(await history('B0TRUE0001')).toEqual([[2499, '2023-06-01T00:00:00.000Z']]);
    expect(await history('B0TRUE0002')).toEqual([[1999, '2023-06-01T00:00:00.000Z']]);
  });

  it('defaults to the import clock', async () => {
    await run(['ASIN,Title,Price', 'B0TRUE0001,Kettle,24.99']);
    expect((await product('B0TRUE0001'))?.priceAsOf).toEqual(now);
    expect(await history('B0TRUE0001')).toEqual([[2499, now.toISOString()]]);
  });

  it('refuses a time more than 5 minutes in the future, or before 1990, writing nothing', async () => {
    await expect(run(['ASIN,Title,Price', 'B0TRUE0001,Kettle,24.99'], { observedAt: new Date(now.getTime() + 301_000) })).rejects.toThrow(
      'observedAt: must not be more than 5 minutes in the future',
    );
    await expect(run(['ASIN,Title,Price', 'B0TRUE0001,Kettle,24.99'], { observedAt: new Date('1989-12-31T00:00:00Z') })).rejects.toThrow(
      'observedAt: must not be before 1990-01-01',
    );
    expect(await product('B0TRUE0001')).toBeUndefined();
    // Clocks drift: up to 5 minutes ahead is accepted.
    await run(['ASIN,Title,Price', 'B0TRUE0001,Kettle,24.99'], { observedAt: new Date(now.getTime() + 299_000) });
    expect((await product('B0TRUE0001'))?.priceAsOf).toEqual(new Date(now.getTime() + 299_000));
  });

  it("gives a price change's quote (what the alerts are judged on) the observation time", async () => {
    await run(['ASIN,Title,Price', 'B0TRUE0001,Kettle,24.99'], { observedAt: JUNE_2023 });
    const quotes: PriceQuote[] = [];
    const later = new Date('2023-07-01T08:00:00Z');
    const report = await run(['ASIN,Title,Price', 'B0TRUE0001,Kettle,21.99'], { observedAt: later, onPriceChange: (q) => quotes.push(q) });
    expect(report).toMatchObject({ updated: 1, changedAsins: ['B0TRUE0001'] });
    expect(quotes).toEqual([expect.objectContaining({ asin: 'B0TRUE0001', pricePence: 2199, observedAt: later })]);
    expect(await product('B0TRUE0001')).toMatchObject({ pricePence: 2199, priceAsOf: later, updatedAt: now });
    expect(await history('B0TRUE0001')).toEqual([
      [2499, '2023-06-01T00:00:00.000Z'],
      [2199, '2023-07-01T08:00:00.000Z'],
    ]);
  });
});

describe('the observedAt column', () => {
  const HEADER = 'asin,title,price,Observed At';

  it('wins per row over the option; an empty cell takes the option', async () => {
    const report = await run([HEADER, 'B0COLM0001,Kettle,24.99,2023-05-20T14:30:00+01:00', 'B0COLM0002,Toaster,19.99,'], {
      observedAt: JUNE_2023,
    });
    expect(report).toMatchObject({ layout: 'product-csv', imported: 2, rejected: [] });
    expect((await product('B0COLM0001'))?.priceAsOf).toEqual(new Date('2023-05-20T13:30:00Z'));
    expect(await history('B0COLM0001')).toEqual([[2499, '2023-05-20T13:30:00.000Z']]);
    expect((await product('B0COLM0002'))?.priceAsOf).toEqual(JUNE_2023);
  });

  it('is recognised as observedAt, observed_at or "Observed At"; a date alone is midnight UTC', async () => {
    for (const [i, header] of ['observedAt', 'observed_at', 'Observed At'].entries()) {
      const asin = `B0HEAD000${i}`;
      await run([`asin,title,price,${header}`, `${asin},Kettle,24.99,2023-06-0${i + 2}`]);
      expect((await product(asin))?.priceAsOf, header).toEqual(new Date(`2023-06-0${i + 2}T00:00:00Z`));
    }
  });

  it('rejects a row whose time is not ISO 8601, lies more than 5 minutes ahead or before 1990, naming the column and rule', async () => {
    const report = await run([
      HEADER,
      'B0BADT0001,Kettle,24.99,01/06/2023',
      'B0BADT0002,Toaster,19.99,2026-11-27T10:06:00Z',
      'B0BADT0003,Mixer,39.99,1989-06-01',
      'B0BADT0004,Blender,29.99,2023-06-01T09:30',
      'B0BADT0005,Grill,49.99,2026-11-27T10:04:00Z',
    ]);
    expect(report.imported).toBe(1);
    expect(report.rejected).toEqual([
      {
        line: 2,
        asin: 'B0BADT0001',
        reason:
          'bad observedAt: "01/06/2023" must be an ISO 8601 date or date-time with a time zone, such as 2023-06-01 or 2023-06-01T09:30:00Z',
      },
      { line: 3, asin: 'B0BADT0002', reason: 'bad observedAt: "2026-11-27T10:06:00Z" must not be more than 5 minutes in the future' },
      { line: 4, asin: 'B0BADT0003', reason: 'bad observedAt: "1989-06-01" must not be before 1990-01-01' },
      {
        line: 5,
        asin: 'B0BADT0004',
        reason:
          'bad observedAt: "2023-06-01T09:30" must be an ISO 8601 date or date-time with a time zone, such as 2023-06-01 or 2023-06-01T09:30:00Z',
      },
    ]);
    expect((await product('B0BADT0005'))?.priceAsOf).toEqual(new Date('2026-11-27T10:04:00Z'));
  });
});

describe('a row older than the stored price', () => {
  it('leaves the price, its time and the product alone, adds the observation to the history once, and counts historyOnly', async () => {
    const latest = new Date('2024-01-10T00:00:00Z');
    await run(['ASIN,Title,Price', 'B0OLDR0001,Kettle,20.00', 'B0OLDR0002,Toaster,15.00'], { observedAt: latest });

    const quotes: PriceQuote[] = [];
    const older = ['ASIN,Title,Price', 'B0OLDR0001,Kettle (2023 title),25.00', 'B0OLDR0002,Toaster,15.00', 'B0OLDR0003,New mixer,30.00'];
    const report = await run(older, { observedAt: JUNE_2023, onPriceChange: (q) => quotes.push(q) });
    expect(report).toMatchObject({ imported: 1, updated: 0, unchanged: 0, historyOnly: 2, changedAsins: [] });
    expect(quotes).toEqual([]);
    expect(await product('B0OLDR0001')).toMatchObject({ title: 'Kettle', pricePence: 2000, priceAsOf: latest });
    expect(await history('B0OLDR0001')).toEqual([
      [2500, '2023-06-01T00:00:00.000Z'],
      [2000, '2024-01-10T00:00:00.000Z'],
    ]);
    expect(await history('B0OLDR0002')).toEqual([
      [1500, '2023-06-01T00:00:00.000Z'],
      [1500, '2024-01-10T00:00:00.000Z'],
    ]);
    // A product new to the catalogue takes the old price: it is the newest we know.
    expect(await product('B0OLDR0003')).toMatchObject({ pricePence: 3000, priceAsOf: JUNE_2023 });

    // The same old file again: counted again, but the history does not grow.
    const again = await run(older, { observedAt: JUNE_2023 });
    expect(again).toMatchObject({ imported: 0, unchanged: 1, historyOnly: 2 });
    expect(await history('B0OLDR0001')).toHaveLength(2);
    expect(await history('B0OLDR0002')).toHaveLength(2);
  });

  it('is judged per row by its own observedAt cell', async () => {
    await run(['ASIN,Title,Price', 'B0OLDR0001,Kettle,20.00', 'B0OLDR0002,Toaster,15.00'], { observedAt: JUNE_2023 });
    const report = await run(['asin,title,price,observedAt', 'B0OLDR0001,Kettle,18.00,2023-05-01', 'B0OLDR0002,Toaster,14.00,2023-07-01']);
    expect(report).toMatchObject({ updated: 1, historyOnly: 1, changedAsins: ['B0OLDR0002'] });
    expect(await product('B0OLDR0001')).toMatchObject({ pricePence: 2000, priceAsOf: JUNE_2023 });
    expect(await product('B0OLDR0002')).toMatchObject({ pricePence: 1400, priceAsOf: new Date('2023-07-01T00:00:00Z') });
  });
});

describe('unchanged rows', () => {
  /** The latest time the price history vouches for the product's price: an observation, or a confirmation of one. */
  async function lastSeen(asin: string): Promise<string | undefined> {
    const res = await database.query<{ seen: string }>(
      `select to_char(max(greatest(observed_at, coalesce(confirmed_at, observed_at))) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as seen
       from price_observations where asin = $1`,
      [asin],
    );
    return res.rows[0]?.seen;
  }

  it('confirm the price at their observation time, which moves price_as_of forward only', async () => {
    await run(['ASIN,Title,Price', 'B0SAME0001,Kettle,20.00'], { observedAt: JUNE_2023 });
    expect(await lastSeen('B0SAME0001')).toBe('2023-06-01T00:00:00Z');
    const july = new Date('2023-07-15T12:00:00Z');
    const confirmed = await run(['ASIN,Title,Price', 'B0SAME0001,Kettle,20.00'], { observedAt: july });
    expect(confirmed).toMatchObject({ unchanged: 1, historyOnly: 0, changedAsins: [] });
    expect(await product('B0SAME0001')).toMatchObject({ pricePence: 2000, priceAsOf: july, updatedAt: now });
    // The price history learns of the confirmation at the feed's time, not at the import's.
    expect(await lastSeen('B0SAME0001')).toBe('2023-07-15T12:00:00Z');
    // The same time again: unchanged, not older, and nothing moves.
    expect(await run(['ASIN,Title,Price', 'B0SAME0001,Kettle,20.00'], { observedAt: july })).toMatchObject({
      unchanged: 1,
      historyOnly: 0,
    });
    expect((await product('B0SAME0001'))?.priceAsOf).toEqual(july);
    expect(await lastSeen('B0SAME0001')).toBe('2023-07-15T12:00:00Z');
    // No time given: seen now.
    await run(['ASIN,Title,Price', 'B0SAME0001,Kettle,20.00']);
    expect((await product('B0SAME0001'))?.priceAsOf).toEqual(now);
    expect(await lastSeen('B0SAME0001')).toBe('2026-11-27T10:00:00Z');
    // Every observation keeps the one price: confirmations never invent another.
    expect(new Set((await history('B0SAME0001')).map(([price]) => price))).toEqual(new Set([2000]));
  });
});

describe('statistics of new products observed long ago', () => {
  it('are what a refresh at the import time stores (the product is written once)', async () => {
    const header = 'asin,title,price,originalPrice,stars,reviews,observedAt';
    await run(
      [
        header,
        'B0STAT0001,Kettle,20.00,30.00,4.5,120,',
        'B0STAT0002,Toaster,15.00,,,,',
        // Seen three days ago: within FEED_PRICE_MAX_AGE_DAYS, unlike the file's 2023.
        'B0STAT0003,Mixer,40.00,50.00,4.1,80,2026-11-24T10:00:00Z',
      ],
      { observedAt: JUNE_2023 },
    );
    const read = () =>
      database.db
        .select({
          id: products.id,
          high: products.observedHigh30dPence,
          low: products.observedLow30dPence,
          score: products.trendingScore,
          popularity: products.popularityScore,
          dealKind: products.dealKind,
          dealPercent: products.dealPercent,
        })
        .from(products)
        .orderBy(products.id);
    const imported = await read();
    // Not vacuous: the rules tell the two times apart (a 2023 price is no current deal).
    expect(imported.map((r) => r.dealKind)).toEqual([null, null, 'LABELLED_SAVING']);
    await refreshProductStats(
      database.db,
      imported.map((r) => r.id),
      now,
    );
    expect(await read()).toEqual(imported);
  });
});

describe('the evidence a re-import leaves (the reference-price rule)', () => {
  it('a row whose title changed but whose price did not re-asserts that price: its observation is confirmed at the row time', async () => {
    const first = new Date('2026-11-01T10:00:00Z');
    const second = new Date('2026-11-05T10:00:00Z');
    await run(['ASIN,Title,Price', 'B0TRUE0100,Kettle,24.99'], { observedAt: first });
    const report = await run(['ASIN,Title,Price', 'B0TRUE0100,Kettle 1.7 L,24.99'], { observedAt: second });
    expect(report).toMatchObject({ updated: 1, rejected: [] });
    const rows = await database.db
      .select({ observedAt: priceObservations.observedAt, confirmedAt: priceObservations.confirmedAt })
      .from(priceObservations)
      .where(eq(priceObservations.asin, 'B0TRUE0100'));
    expect(rows).toEqual([{ observedAt: first, confirmedAt: second }]);
  });
});
