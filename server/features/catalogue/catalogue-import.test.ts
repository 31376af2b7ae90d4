/**
 * The importer on small files written here (issue part 3 "Catalogue import"): the spec's product
 * layout, --strict, broken CSV, duplicate ASINs and files that carry only some columns.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { priceObservations, products } from '../../db/schema/catalogue.schema';
import { createTestDatabase } from '../../test-support/test-db';
import { refreshProductStats } from '../prices/prices.service';
import { importCatalogueFile, importCatalogueStream } from './catalogue-import.service';

let database: Database;
const dir = mkdtempSync(path.join(tmpdir(), 'catalogue-import-'));
const now = new Date('2025-05-01T10:00:00Z');

function file(name: string, lines: string[]): string {
  const target = path.join(dir, name);
  writeFileSync(target, lines.join('\n'));
  return target;
}

async function counts() {
  const [p] = await database.db.select({ n: sql<number>`count(*)::int` }).from(products);
  const [o] = await database.db.select({ n: sql<number>`count(*)::int` }).from(priceObservations);
  return { products: p?.n, observations: o?.n };
}

async function product(asin: string) {
  const [row] = await database.db.select().from(products).where(eq(products.asin, asin));
  return row;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.delete(products);
});

const SPEC_HEADER =
  'asin,title,price,originalPrice,rating,reviewCount,imageUrl,affiliateUrl,category,features,brand,savingBasisType,isPrime';

describe('the spec product layout', () => {
  it('stores prices with £ and commas, the list price, features, brand and category', async () => {
    const csv = file('spec.csv', [
      SPEC_HEADER,
      'B0SPEC0001,"Brewmoor Kettle, 1.7L","£1,299.00","£1,499.99",4.5,"1,024",https://example.com/k.jpg,https://www.amazon.co.uk/dp/B0SPEC0001?tag=x,Small Kitchen Appliances,"Fast boil | Cordless",Brewmoor,,true',
      'B0SPEC0002,"Two-line',
      'title",£20.00,£25.00,,,,,electronics,"[""JSON feature"", ""Second""]",,WAS_PRICE,',
      'B0SPEC0003,Cheap thing,£20.00,£19.99,,,,,,,,,',
    ]);
    const report = await importCatalogueFile(database.db, csv, { now });
    expect(report).toMatchObject({ layout: 'product-csv', totalRows: 3, imported: 3, rejected: [] });
    expect(report.warnings).toEqual([{ line: 5, message: 'originalPrice ignored: £19.99 is not above the price £20.00' }]);

    expect(await product('B0SPEC0001')).toMatchObject({
      title: 'Brewmoor Kettle, 1.7L',
      pricePence: 129900,
      listPricePence: 149999,
      savingBasisType: 'LIST_PRICE',
      rating: 4.5,
      reviewCount: 1024,
      features: ['Fast boil', 'Cordless'],
      brand: 'Brewmoor',
      category: 'home-kitchen',
      categoryName: 'Small Kitchen Appliances',
      sourceUrl: 'https://www.amazon.co.uk/dp/B0SPEC0001?tag=x',
      source: 'csv',
      isDemo: false,
    });
    expect(await product('B0SPEC0002')).toMatchObject({
      title: 'Two-line title',
      listPricePence: 2500,
      savingBasisType: 'WAS_PRICE',
      features: ['JSON feature', 'Second'],
      category: 'electronics',
    });
    expect(await product('B0SPEC0003')).toMatchObject({ listPricePence: null, savingBasisType: null });
    const [observation] = await database.db.select().from(priceObservations).where(eq(priceObservations.asin, 'B0SPEC0001'));
    expect(observation).toMatchObject({ pricePence: 129900, listPricePence: 149999, observedAt: now });
    // Trending: a 20 % labelled saving scores 0.6 × 20; nothing to go on scores 0 (docs/decisions/0002).
    expect((await product('B0SPEC0002'))?.trendingScore).toBeCloseTo(12, 2);
    expect((await product('B0SPEC0003'))?.trendingScore).toBe(0);
  });

  it('stores text with quotes, backslashes, braces, commas and the word NULL as written (rows travel as arrays)', async () => {
    const lines = [
      'asin,title,price,brand,features',
      'B0ODD00001,"Say ""NULL"" \\ {braces}, ok",1.00,NULL,"[""a \\"" b"", ""{x,y}"", ""NULL""]"',
      'B0ODD00002,NULL,2.00,,',
    ];
    const csv = file('awkward.csv', lines);
    const report = await importCatalogueFile(database.db, csv, { now });
    expect(report).toMatchObject({ imported: 2, rejected: [] });
    expect(await product('B0ODD00001')).toMatchObject({
      title: 'Say "NULL" \\ {braces}, ok',
      brand: 'NULL',
      features: ['a " b', '{x,y}', 'NULL'],
    });
    expect(await product('B0ODD00002')).toMatchObject({ title: 'NULL', brand: null, features: [] });
    // The same rows again with new prices: existing products go through the upsert.
    const again = await importCatalogueFile(
      database.db,
      file('awkward2.csv', [lines[0] as string, (lines[1] as string).replace(',1.00,', ',0.90,')]),
      { now },
    );
    expect(again).toMatchObject({ updated: 1, changedAsins: ['B0ODD00001'] });
    expect(await product('B0ODD00001')).toMatchObject({ title: 'Say "NULL" \\ {braces}, ok', brand: 'NULL', pricePence: 90 });
  });

  it('keeps the columns a later file does not carry, and counts a file that repeats the data as unchanged', async () => {
    await importCatalogueFile(
      database.db,
      file('full.csv', [SPEC_HEADER, 'B0SPEC0001,Kettle,10.00,12.00,4.5,10,https://example.com/k.jpg,,Kitchen,a|b,Brand,,']),
      { now },
    );
    const subset = await importCatalogueFile(database.db, file('subset.csv', ['ASIN,Title,Price', 'B0SPEC0001,Kettle,10.00']), { now });
    expect(subset).toMatchObject({ layout: 'product-csv', unchanged: 1, updated: 0, imported: 0 });
    expect(await product('B0SPEC0001')).toMatchObject({
      imageUrl: 'https://example.com/k.jpg',
      listPricePence: 1200,
      rating: 4.5,
      features: ['a', 'b'],
      brand: 'Brand',
    });
    const renamed = await importCatalogueFile(database.db, file('renamed.csv', ['ASIN,Title,Price', 'B0SPEC0001,Kettle 1.7L,10.00']), {
      now,
    });
    expect(renamed).toMatchObject({ updated: 1, changedAsins: [] });
    expect(await counts()).toEqual({ products: 1, observations: 1 });
  });
});

describe('bad rows', () => {
  const lines = [
    'ASIN,Title,Price',
    'B0GOOD0001,Good one,1.00',
    'B0GOOD0002,Good two,2.00',
    'B0GOOD0001,Same ASIN again,3.00',
    'bad,No,£1 - £2',
    'B0GOOD0003,Good three,3.00',
  ];

  it('are reported with their line and reason while the good rows are imported', async () => {
    const report = await importCatalogueFile(database.db, file('mixed.csv', lines), { now });
    expect(report).toMatchObject({ totalRows: 5, imported: 3, strictFailed: false });
    expect(report.rejected).toEqual([
      { line: 4, asin: 'B0GOOD0001', reason: 'duplicate ASIN: B0GOOD0001 is already on line 2' },
      { line: 5, reason: 'malformed ASIN: "bad" is not 10 upper-case letters or digits; price is a range: "£1 - £2"' },
    ]);
    expect((await product('B0GOOD0001'))?.title).toBe('Good one');
  });

  it('with --strict reject the whole file and write nothing', async () => {
    const report = await importCatalogueFile(database.db, file('mixed.csv', lines), { now, strict: true });
    expect(report).toMatchObject({ strictFailed: true, imported: 0, updated: 0, unchanged: 0 });
    expect(report.rejected.map((r) => r.line)).toEqual([4, 5]);
    expect(await counts()).toEqual({ products: 0, observations: 0 });
  });

  it('with --strict and a bad row after the first batch still write nothing', async () => {
    const many = [
      'ASIN,Title,Price',
      ...Array.from({ length: 1200 }, (_, i) => `B0MANY${String(i).padStart(4, '0')},Item ${i},${i + 1}.00`),
      'B0MANY9999,,1.00',
    ];
    const report = await importCatalogueFile(database.db, file('many.csv', many), { now, strict: true });
    expect(report).toMatchObject({ strictFailed: true, rejected: [{ line: 1202, asin: 'B0MANY9999', reason: 'missing title' }] });
    expect(await counts()).toEqual({ products: 0, observations: 0 });
    const relaxed = await importCatalogueFile(database.db, file('many.csv', many), { now });
    expect(relaxed.imported).toBe(1200);
    expect(await counts()).toEqual({ products: 1200, observations: 1200 });
  });

  it('in a file that is not valid CSV reject it whole, naming the line', async () => {
    const report = await importCatalogueFile(
      database.db,
      file('broken.csv', ['ASIN,Title,Price', 'B0GOOD0001,Good,1.00', 'B0GOOD0002,"Never closed,2.00', 'B0GOOD0003,Good,3.00']),
      { now },
    );
    expect(report.fatalError).toMatch(
      /^malformed CSV: a quote opens but never closes \(the record starting on line 3\)\. Nothing was imported/,
    );
    expect(report).toMatchObject({ imported: 0, rejected: [{ line: 3 }] });
    expect(await counts()).toEqual({ products: 0, observations: 0 });
  });

  it('in a file with no usable header are each rejected with the missing columns named', async () => {
    const report = await importCatalogueFile(database.db, file('wrong.csv', ['item,cost', 'Thing,1.00', 'Other,2.00']), { now });
    expect(report.layout).toBe('unknown (no ASIN, title, price columns)');
    const reason =
      'missing ASIN: the file has no ASIN column; missing title: the file has no title column; missing price: the file has no price column';
    expect(report.rejected).toEqual([
      { line: 2, reason },
      { line: 3, reason },
    ]);
  });
});

describe('statistics of new products', () => {
  // A new product is written once, with the statistics the prices feature computes for it
  // (statsOfNewProduct); a refresh at the same `now` must find nothing to change (issue 7).
  async function statistics() {
    return database.db
      .select({
        id: products.id,
        asin: products.asin,
        high: products.observedHigh30dPence,
        low: products.observedLow30dPence,
        score: products.trendingScore,
        popularity: products.popularityScore,
        dealKind: products.dealKind,
        dealPercent: products.dealPercent,
        dealLabel: products.dealLabel,
      })
      .from(products)
      .orderBy(products.id);
  }

  async function expectRefreshChangesNothing() {
    const imported = await statistics();
    await refreshProductStats(
      database.db,
      imported.map((r) => r.id),
      now,
    );
    expect(await statistics()).toEqual(imported);
    return imported;
  }

  const HEADER = 'asin,title,price,originalPrice,savingBasisType,stars,reviews,isBestSeller,boughtInLastMonth,categoryName';
  /** 1,200 rows (more than two batches) with and without list prices, ratings, reviews and sales. */
  function rows(count: number, priceOf: (i: number) => number = (i) => 100 + ((i * 7919) % 50_000)) {
    return Array.from({ length: count }, (_, i) => {
      const price = priceOf(i);
      const list = i % 3 === 0 ? '' : (price + ((i * 31) % 5000) - 40) / 100; // some not above the price: ignored
      const basis = ['', 'LIST_PRICE', 'WAS_PRICE'][i % 3 === 1 ? (i >> 1) % 3 : 0];
      const stars = i % 5 === 0 ? '' : i % 5 === 1 ? '4.219845137' : ((i % 41) / 10 + 0.9).toFixed(i % 2 ? 1 : 6);
      // 4.219845137 stars and 100 reviews score 16.35 as stored (a real), 16.34 unrounded.
      const reviews = i % 5 === 1 ? '100' : i % 4 === 0 ? '' : String((i * 37) % 20_000);
      return `B0ST${String(i).padStart(6, '0')},Product ${i},${price / 100},${list},${basis},${stars},${reviews},${i % 7 === 0},${i % 6 ? '' : (i * 13) % 3000},Home`;
    });
  }

  it('are what refreshProductStats stores, list-price deals and products without a list price alike', async () => {
    const report = await importCatalogueFile(database.db, file('stats.csv', [HEADER, ...rows(1200)]), { now });
    expect(report).toMatchObject({ imported: 1200, rejected: [] });
    const imported = await expectRefreshChangesNothing();
    // The file has both: labelled savings and products that are no deal, scored and unscored.
    const deals = imported.filter((r) => r.dealKind === 'LABELLED_SAVING');
    expect(deals.length).toBeGreaterThan(300);
    expect(imported.filter((r) => r.dealKind === null).length).toBeGreaterThan(400);
    expect(imported.every((r) => r.high !== null && r.high === r.low)).toBe(true);
    expect(new Set(imported.map((r) => r.score)).size).toBeGreaterThan(100);
  });

  it('are what refreshProductStats stores when new products share batches with changed ones, and without list prices', async () => {
    await importCatalogueFile(database.db, file('first.csv', [HEADER, ...rows(600)]), { now });
    // Every third price changes, 600 products are new.
    const second = rows(1200, (i) => (i < 600 && i % 3 === 0 ? 5000 + i : 100 + ((i * 7919) % 50_000)));
    const report = await importCatalogueFile(database.db, file('second.csv', [HEADER, ...second]), {
      now: new Date(now.getTime() + 3_600_000),
    });
    expect(report).toMatchObject({ imported: 600, rejected: [] });
    expect(report.changedAsins.length).toBe(200);
    const later = new Date(now.getTime() + 3_600_000);
    const imported = await statistics();
    await refreshProductStats(
      database.db,
      imported.map((r) => r.id),
      later,
    );
    expect(await statistics()).toEqual(imported);

    await database.db.delete(products);
    const plain = await importCatalogueFile(
      database.db,
      file('plain.csv', ['ASIN,Title,Price', 'B0PLAIN001,Plain one,1.00', 'B0PLAIN002,Plain two,2.50']),
      { now },
    );
    expect(plain.imported).toBe(2);
    expect(await expectRefreshChangesNothing()).toMatchObject([
      { high: 100, low: 100, score: 0, popularity: 0, dealKind: null },
      { high: 250, low: 250, score: 0, popularity: 0, dealKind: null },
    ]);
  });
});

describe('streams and progress', () => {
  it('imports from a stream and reports bytes read against the file size', async () => {
    const csv = file('progress.csv', ['ASIN,Title,Price', 'B0PROG0001,One,1.00', 'B0PROG0002,Two,2.00']);
    const seen: Array<[number, number | null]> = [];
    const report = await importCatalogueFile(database.db, csv, { now, onProgress: (read, total) => seen.push([read, total]) });
    expect(report.imported).toBe(2);
    const size = statSync(csv).size;
    expect(seen.at(-1)).toEqual([size, size]);

    const streamed = await importCatalogueStream(database.db, Readable.from([Buffer.from('asin,title,price\nB0PROG0003,Three,3.00\n')]), {
      now,
      source: 'admin-upload',
    });
    expect(streamed.imported).toBe(1);
    expect(await product('B0PROG0003')).toMatchObject({ source: 'admin-upload' });
  });

  it('reports an empty file as having no rows', async () => {
    const report = await importCatalogueFile(database.db, file('empty.csv', ['']), { now });
    expect(report).toMatchObject({ layout: 'empty file', totalRows: 0, imported: 0, rejected: [] });
  });
});
