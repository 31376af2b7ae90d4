/**
 * A category page's products CSV through HTTP (admin-area §2 "View Products panel", §5 CSV rules,
 * §7 `POST /api/category-pages/{slug}/upload-csv`; issue 11 part 3 "Bad input"): the rows taken and
 * every row refused with its physical line and reason (a hostile formula, a blank cell, an unknown
 * ASIN whose row cannot create it, a repeat, lines shifted by a quoted line break), a headerless list of ASINs, the real feed's
 * layout, and the whole-file refusals (not multipart, no file, wrong part, not a CSV, empty, no ASIN
 * column, broken quoting, over 5 MB) that leave the page as it was. Shoppers see exactly the page's
 * products after each upload. Access (401/403) is in category-pages.admin.test.ts.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_PAGE_CSV_MAX_BYTES } from '../../../common/api/category-pages.admin.schema';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import { hasSharedData, sharedDataPath } from '../catalogue/real-data.test-support';
import { seedProducts } from '../products/products.test-seed';
import { csvForm, multipartBody, type FormPart } from './multipart.test-support';

const PUBLIC_URL = 'https://deals.example';
const FEED = 'amazon-uk-2023/top_10_best_sellers.csv';
const hasFeed = hasSharedData('the real-feed upload', FEED);

let app: App;
let database: Database;
let close: () => Promise<void>;
let admin: AdminHeaders;
const ASINS = ['B0CUPL0001', 'B0CUPL0002', 'B0CUPL0003', 'B0CUPL0004'];
const TITLES = ['Air Fryer', 'Slow Cooker', 'Rice Cooker', 'Stand Mixer'];

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env: testEnv({ PUBLIC_URL }) }));
  await seedProducts(
    database.db,
    ASINS.map((asin, i) => ({ asin, title: TITLES[i]!, pricePence: 2000 + i * 100 })),
  );
  admin = await signInAsAdmin(app, database, PUBLIC_URL);
  const res = await app.inject({
    method: 'POST',
    url: '/api/category-pages',
    headers: admin,
    payload: { name: 'Cooking', affiliateTag: 'cook-21' },
  });
  expect(res.statusCode).toBe(201);
});
afterAll(() => close?.());

function upload(form: { payload: Buffer; headers: Record<string, string> }, slug = 'cooking') {
  return app.inject({
    method: 'POST',
    url: `/api/category-pages/${slug}/upload-csv`,
    headers: { ...admin, ...form.headers },
    payload: form.payload,
  });
}

async function shopperTitles(slug = 'cooking'): Promise<string[]> {
  const res = await app.inject({ method: 'GET', url: `/api/category-pages/${slug}/products` });
  return (res.json().products as { title: string }[]).map((p) => p.title);
}

describe('POST /api/category-pages/{slug}/upload-csv', () => {
  it('takes the good rows and reports each bad one by its line', async () => {
    const csv = [
      'ASIN,Title,Price', // 1
      `${ASINS[1]},Slow Cooker,20.99`, // 2
      `"=cmd|' /C calc'!A0",Evil,1`, // 3 formula injection
      ',No ASIN,3.00', // 4
      'B0NOTHERE9,Not ours,', // 5 not in the catalogue, and its row has no price to create it from
      `${ASINS[1]},Again,20.99`, // 6 repeat
      `${ASINS[0]?.toLowerCase()},"A title`, // 7 …
      'over two lines",19.99', // 8
      `${'X'.repeat(2000)},Huge cell,1`, // 9
      `${ASINS[2]},Rice Cooker,22.00`, // 10
    ].join('\r\n');
    const res = await upload(csvForm(csv, 'cooking picks.csv'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      fileName: 'cooking picks.csv',
      rowsRead: 8,
      total: 3,
      added: 3,
      alreadyOnPage: 0,
      rejectedCount: 5,
      rejected: [
        { line: 3, reason: 'asin: must be a 10-character ASIN (letters and digits)' },
        { line: 4, reason: 'asin: missing' },
        { line: 5, reason: 'asin: B0NOTHERE9 is not in the catalogue and its row cannot create it (no price: the price is empty)' },
        { line: 6, reason: `asin: ${ASINS[1]} is already on line 2 of this file` },
        { line: 9, reason: 'asin: must be a 10-character ASIN (letters and digits)' },
      ],
      productCount: 3,
      fetchedFromAmazon: 0,
      createdFromFile: 0,
      created: [],
    });
    // Nothing of the hostile or huge cells comes back.
    expect(res.body).not.toContain('cmd');
    expect(await shopperTitles()).toEqual(['Slow Cooker', 'Air Fryer', 'Rice Cooker']);
  });

  it('reads a headerless list of ASINs, keeps products already on the page, and appends the rest', async () => {
    const res = await upload(csvForm(`${ASINS[3]}\n${ASINS[0]}\n`, 'list.csv', 'application/vnd.ms-excel'));
    expect(res.json()).toMatchObject({ rowsRead: 2, total: 2, added: 1, alreadyOnPage: 1, rejectedCount: 0, productCount: 4 });
    expect(await shopperTitles()).toEqual(['Slow Cooker', 'Air Fryer', 'Rice Cooker', 'Stand Mixer']);
  });

  it.skipIf(!hasFeed)(
    'reads a slice of the real Amazon UK feed: products not imported yet are created from their rows, named by line',
    async () => {
      const before = await shopperTitles();
      const res = await upload(csvForm(readFileSync(sharedDataPath(FEED)), 'top_10_best_sellers.csv'));
      expect(res.statusCode).toBe(200);
      const report = res.json();
      expect(report).toMatchObject({ rowsRead: 10, added: 10, rejectedCount: 0, createdFromFile: 10, fetchedFromAmazon: 0 });
      expect(report.created.map((r: { line: number; source: string }) => [r.line, r.source])).toEqual(
        [2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((line) => [line, 'file']),
      );
      expect(await shopperTitles()).toHaveLength(before.length + 10);
      // Back to the page the next cases expect.
      const asins = report.created.map((r: { asin: string }) => r.asin);
      await app.inject({ method: 'DELETE', url: '/api/category-pages/cooking/products', headers: admin, payload: { asins } });
    },
  );

  it.each<[string, () => ReturnType<typeof upload>, number, string]>([
    [
      'a JSON body',
      () => app.inject({ method: 'POST', url: '/api/category-pages/cooking/upload-csv', headers: admin, payload: { asins: [ASINS[0]] } }),
      400,
      'csvFile: send the file as multipart/form-data',
    ],
    [
      'a form without a file',
      () => upload(multipartBody([{ name: 'note', content: 'hello' }])),
      400,
      'csvFile: choose a CSV file to upload',
    ],
    [
      'a file in another part',
      () => upload(multipartBody([{ name: 'upload', filename: 'a.csv', content: `asin\n${ASINS[0]}\n` } satisfies FormPart])),
      400,
      'csvFile: the file part must be named csvFile',
    ],
    [
      'an image',
      () => upload(csvForm(Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'photo.png', 'image/png')),
      400,
      'csvFile: must be a CSV file (.csv)',
    ],
    [
      'a .csv name with an image type',
      () => upload(csvForm('asin\n', 'photo.csv', 'image/png')),
      400,
      'csvFile: must be a CSV file (text/csv)',
    ],
    ['an empty file', () => upload(csvForm('')), 400, 'csvFile: the file is empty; it must list ASINs'],
    [
      'a file without an ASIN column',
      () => upload(csvForm('Title,Price\nKettle,12.00\n')),
      400,
      'csvFile: the first line must be a header with an ASIN column, or an ASIN',
    ],
    [
      'binary bytes',
      () => upload(csvForm(Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 10, 0, 0]), 'blob.csv')),
      400,
      'csvFile: the first line must be a header with an ASIN column, or an ASIN',
    ],
    [
      'a quote that never closes',
      () => upload(csvForm(`asin,title\n${ASINS[0]},ok\n${ASINS[1]},"never closed\n${ASINS[2]},x\n`)),
      400,
      'csvFile: line 3: malformed CSV: a quote opens but never closes (the record starting on line 3); nothing was added',
    ],
    [
      'an unknown page',
      () => upload(csvForm(`asin\n${ASINS[0]}\n`), 'no-such-page'),
      404,
      'slug: there is no category page "no-such-page"',
    ],
  ])('refuses %s whole, adding nothing', async (_name, send, status, message) => {
    const before = await shopperTitles();
    const res = await send();
    expect([res.statusCode, res.json().message]).toEqual([status, message]);
    expect(await shopperTitles()).toEqual(before);
  });

  it('refuses a file over 5 MB with 413, streamed and cut off at the limit, adding nothing', async () => {
    await app.inject({ method: 'DELETE', url: '/api/category-pages/cooking/products', headers: admin, payload: { asins: [ASINS[3]] } });
    const row = `${ASINS[3]},${'padding '.repeat(100)}\n`;
    const big = `asin,title\n${row.repeat(Math.ceil(CATEGORY_PAGE_CSV_MAX_BYTES / row.length) + 10)}`;
    const res = await upload(csvForm(big, 'big.csv'));
    expect([res.statusCode, res.json().message]).toEqual([413, 'csvFile: must be at most 5 MB']);
    expect(await shopperTitles()).not.toContain('Stand Mixer');
  });

  it('recorded each upload in the audit log with its counts', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/audit-log?limit=50', headers: admin });
    const uploads = (res.json().entries as { action: string; target: string; counts: Record<string, number> }[])
      .filter((e) => e.action === 'category-pages.upload-csv')
      .reverse();
    expect(uploads[0]).toMatchObject({ target: 'cooking', counts: { rowsRead: 8, added: 3, alreadyOnPage: 0, rejected: 5 } });
    expect(uploads[1]).toMatchObject({ target: 'cooking', counts: { rowsRead: 2, added: 1, alreadyOnPage: 1, rejected: 0 } });
  });
});
