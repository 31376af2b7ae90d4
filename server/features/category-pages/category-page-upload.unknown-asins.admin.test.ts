/**
 * A category page's CSV naming ASINs the catalogue lacks (issue 29 "add ASINs to a category page
 * that the catalogue lacks"), through HTTP on fresh databases, both ways:
 *
 * - without the Creators API: a row with title and price creates the product (price history
 *   started, shoppers see it on the page); a row lacking its price, and a headerless ASIN, are
 *   reported with their line and why, never dropped;
 * - with the fake Creators API on loopback: an ASIN Amazon has is fetched from it (Amazon's title
 *   and price, not the file's); one Amazon does not have falls back to its row (saying what Amazon
 *   said), or is reported when its row cannot create it either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryPageCsvReport } from '../../../common/api/category-pages.admin.schema';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { connectToFake, startFakeCreatorsApi, type FakeCreatorsApi } from '../../sources/creators-api/fake-creators-api.test-support';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import { createTestDatabase } from '../../test-support/test-db';
import { csvForm } from './multipart.test-support';

interface Setup {
  app: App;
  database: Database;
  admin: AdminHeaders;
  close: () => Promise<void>;
}

async function createPage(s: Setup): Promise<void> {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/category-pages',
    headers: s.admin,
    payload: { name: 'Kitchen finds', affiliateTag: 'finds-21' },
  });
  expect(res.statusCode).toBe(201);
}

const upload = (s: Setup, csv: string) => {
  const form = csvForm(csv, 'finds.csv');
  return s.app.inject({
    method: 'POST',
    url: '/api/category-pages/kitchen-finds/upload-csv',
    headers: { ...s.admin, ...form.headers },
    payload: form.payload,
  });
};

const pageProducts = async (s: Setup) =>
  (
    (await s.app.inject({ method: 'GET', url: '/api/category-pages/kitchen-finds/products' })).json().products as Array<{
      asin: string;
      title: string;
      price: string;
    }>
  ).map((p) => [p.asin, p.title, p.price]);

const observations = async (s: Setup, asin: string) =>
  (await s.database.query<{ n: number }>(`select count(*)::int as n from price_observations where asin = $1`, [asin])).rows[0]?.n;

describe('category page CSV with ASINs the catalogue lacks, without the Creators API', () => {
  const s = {} as Setup;
  beforeAll(async () => {
    const PUBLIC_URL = 'https://deals.example';
    ({ app: s.app, database: s.database, close: s.close } = await createTestApp({ env: testEnv({ PUBLIC_URL }) }));
    s.admin = await signInAsAdmin(s.app, s.database, PUBLIC_URL);
    await createPage(s);
  });
  afterAll(() => s.close?.());

  it('creates products from rows with a title and price, and reports rows that lack what a product needs', async () => {
    const csv = [
      'asin,title,price,originalPrice,category', // 1
      'B0FILE0001,Enamel milk pan 14 cm,12.50,15.00,Kitchen', // 2
      'B0FILE0002,,9.99,,Kitchen', // 3 no title
      'B0FILE0003,Bamboo spoon set,,,Kitchen', // 4 no price
    ].join('\n');
    const res = await upload(s, csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CategoryPageCsvReport>()).toMatchObject({
      rowsRead: 3,
      added: 1,
      createdFromFile: 1,
      fetchedFromAmazon: 0,
      created: [{ line: 2, asin: 'B0FILE0001', source: 'file' }],
      rejectedCount: 2,
      rejected: [
        { line: 3, reason: expect.stringMatching(/^asin: B0FILE0002 is not in the catalogue and its row cannot create it \(.*title/) },
        { line: 4, reason: 'asin: B0FILE0003 is not in the catalogue and its row cannot create it (no price: the price is empty)' },
      ],
      productCount: 1,
    });
    expect(await pageProducts(s)).toEqual([['B0FILE0001', 'Enamel milk pan 14 cm', '12.50']]);
    expect(await observations(s, 'B0FILE0001')).toBe(1);
  });

  it('reports an unknown ASIN of a headerless list: there is no row to create it from', async () => {
    const res = await upload(s, 'B0FILE0001\nB0NOROW001\n');
    expect(res.json<CategoryPageCsvReport>()).toMatchObject({
      added: 0,
      alreadyOnPage: 1,
      createdFromFile: 0,
      rejected: [
        {
          line: 2,
          reason: 'asin: B0NOROW001 is not in the catalogue (the file has no header row to create it from: asin, title, price)',
        },
      ],
    });
  });
});

describe('category page CSV with ASINs the catalogue lacks, with the fake Creators API', () => {
  const s = {} as Setup;
  let fake: FakeCreatorsApi;
  let database: Database;
  beforeAll(async () => {
    fake = await startFakeCreatorsApi({
      ratePerSecond: 50,
      realCatalogue: false,
      products: [{ asin: 'B0AMAZON01', title: 'Le Creuset stoneware mug 350 ml', pricePence: 1800, categoryName: 'Mugs' }],
    });
    database = await createTestDatabase();
    const { connection: amazon, env } = connectToFake(fake, database.db, { ratePerSecond: 50 });
    ({ app: s.app, close: s.close } = await createTestApp({ database, env, amazon, priceSource: amazon.source }));
    s.database = database;
    s.admin = await signInAsAdmin(s.app, database, env.PUBLIC_URL);
    await createPage(s);
  });
  afterAll(async () => {
    await s.close?.();
    await database?.close();
    await fake?.close();
  });

  it('fetches what Amazon has, falls back to the row for what it lacks, and reports a row that can be neither', async () => {
    const csv = [
      'asin,title,price', // 1
      'B0AMAZON01,Mug as the owner typed it,99.00', // 2 Amazon has it: Amazon's data wins
      'B0ROWONLY1,Cast iron trivet,7.25', // 3 Amazon lacks it: created from the row
      'B0NOTHING1,Mystery item,', // 4 Amazon lacks it and the row has no price
    ].join('\n');
    const res = await upload(s, csv);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<CategoryPageCsvReport>();
    expect(report).toMatchObject({
      added: 2,
      fetchedFromAmazon: 1,
      createdFromFile: 1,
      created: [
        { line: 2, asin: 'B0AMAZON01', source: 'creators-api' },
        { line: 3, asin: 'B0ROWONLY1', source: 'file', note: expect.stringMatching(/^Amazon: B0ROWONLY1 not found/) },
      ],
      rejectedCount: 1,
      rejected: [
        {
          line: 4,
          reason: expect.stringMatching(
            /^asin: B0NOTHING1 is not in the catalogue and its row cannot create it \(Amazon: B0NOTHING1 not found.*; no price/,
          ),
        },
      ],
    });
    expect(await pageProducts(s)).toEqual([
      ['B0AMAZON01', 'Le Creuset stoneware mug 350 ml', '18.00'],
      ['B0ROWONLY1', 'Cast iron trivet', '7.25'],
    ]);
    const [source] = (await database.query<{ source: string }>(`select source from products where asin = 'B0AMAZON01'`)).rows;
    expect(source?.source).toBe('creators-api');
    expect(await observations(s, 'B0AMAZON01')).toBe(1);
  });
});
