/**
 * The import tab's API through HTTP on a fresh PGlite (issue 11 part 3 "Tests"; admin-area §5, §7,
 * §8): the access matrix of every new route (no session, expired session, wrong or missing Origin,
 * valid), the real 3,870-row file uploaded with its report (the same report the CLI's importer
 * gives), the progress stream, 413 over MAX_UPLOAD_MB (told by Content-Length, and found while
 * streaming), non-CSV refused, Replace All (deletes what the file lacks; a bad row in strict mode
 * changes nothing), hostile rows rejected one by one, the bulk JSON import, and the audit entries.
 */
import { Readable } from 'node:stream';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueUploadResponse, ImportProgressLine } from '../../../common/api/catalogue-import.admin.schema';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { createTestApp } from '../../test-support/test-app';
import { createTestDatabase } from '../../test-support/test-db';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { csvUpload, multipartBody } from '../../test-support/multipart';
import { SESSION_IDLE_MS } from '../admin-auth/admin-auth.rules';
import { auditLogPage } from '../audit/audit.service';
import { importCatalogueFile } from './catalogue-import.service';
import { hasSharedData, sharedDataPath } from './real-data.test-support';

const PUBLIC_URL = 'https://deals.example';
const REAL_FILE = 'amazon-uk-2023/underpriced_and_overpriced_products.csv';
const HEADER = 'asin,title,price,originalPrice,category\n';

let app: App;
let database: Database;
let close: () => Promise<void>;
let admin: AdminHeaders;
let now = new Date('2026-06-01T09:00:00Z');

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env: testEnv({ PUBLIC_URL }), clock: () => now }));
  admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);
});
afterAll(() => close?.());

/** Posts a multipart body to `url` with the admin's cookie and Origin (or the headers given). */
function upload(url: string, body: ReturnType<typeof csvUpload>, headers: Record<string, string> = admin) {
  return app.inject({ method: 'POST', url, payload: body.payload, headers: { ...headers, ...body.headers } });
}

async function catalogue(): Promise<Array<{ asin: string; title: string; price: string }>> {
  const res = await database.query<{ asin: string; title: string; price: string }>(
    'select asin, title, price_pence::text as price from products order by asin',
  );
  return res.rows;
}

describe('who may call the new routes', () => {
  const routes = [
    { url: '/api/admin/upload-csv', body: () => csvUpload(`${HEADER}B0ACCESS01,Access test,1.00,,\n`) },
    { url: '/api/admin/replace-with-csv', body: () => csvUpload(`${HEADER}B0ACCESS01,Access test,1.00,,\n`) },
    { url: '/api/admin/deals-under-15/upload-csv', body: () => csvUpload(`${HEADER}B0ACCESS01,Access test,1.00,,\n`) },
    {
      url: '/api/products/import/bulk',
      body: () => ({
        payload: Buffer.from(JSON.stringify({ products: [{ asin: 'B0ACCESS01', title: 'Access test', price: 1 }] })),
        headers: { 'content-type': 'application/json' },
      }),
    },
  ];
  for (const route of routes) {
    it(`POST ${route.url}: 401 without a session or once expired, 403 from another or no Origin, 200 for the owner`, async () => {
      const none = await upload(route.url, route.body(), { origin: admin.origin });
      expect(none.statusCode).toBe(401);
      expect(none.json().message).toMatch(/^session: /);

      const other = await upload(route.url, route.body(), { cookie: admin.cookie, origin: 'https://evil.example' });
      expect(other.statusCode).toBe(403);
      const missing = await upload(route.url, route.body(), { cookie: admin.cookie });
      expect(missing.statusCode).toBe(403);

      const fresh = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);
      now = new Date(now.getTime() + SESSION_IDLE_MS + 60_000);
      const expired = await upload(route.url, route.body(), fresh);
      expect(expired.statusCode).toBe(401);
      admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);

      const valid = await upload(route.url, route.body());
      expect(valid.statusCode, valid.body).toBe(200);
    });
  }

  it('GET /api/amazon/deals-under-15 is a public read: anyone gets the list, no cookie needed', async () => {
    const res = await app.inject({ url: '/api/amazon/deals-under-15' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ maxPrice: '15.00' });
  });
});

describe.runIf(hasSharedData('the real-file upload', REAL_FILE))('the real 3,870-row file through HTTP', () => {
  it(
    'imports it and answers the same report as the CLI importer, then everything unchanged the second time',
    async () => {
      const content = readFileSync(sharedDataPath(REAL_FILE));
      await database.query('delete from products');
      const res = await upload('/api/admin/upload-csv', csvUpload(content, 'underpriced_and_overpriced_products.csv'));
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<CatalogueUploadResponse>();

      // The CLI's importer on a database of its own, for comparison: the same rows, the same verdicts.
      const cliDb = await createTestDatabase();
      const cli = await importCatalogueFile(cliDb.db, sharedDataPath(REAL_FILE), { now });
      await cliDb.close();
      expect(body.report.totalRows).toBe(3870);
      expect(body.report.layout).toBe(cli.layout);
      expect(body.report.imported).toBe(cli.imported);
      expect(body.report.rejected).toEqual(cli.rejected);
      expect(body.report.warnings).toEqual(cli.warnings);
      expect(body.report.imported + body.report.rejected.length).toBe(3870);
      expect(body.committed).toBe(true);
      expect(body.importedCount).toBe(body.report.imported);
      for (const r of body.report.rejected) {
        expect(r.line).toBeGreaterThanOrEqual(2);
        expect(r.reason).not.toBe('');
      }
      expect((await catalogue()).length).toBe(body.report.imported);

      const again = (await upload('/api/admin/upload-csv', csvUpload(content))).json<CatalogueUploadResponse>();
      expect(again.report).toMatchObject({ imported: 0, updated: 0, unchanged: body.report.imported });
      const [entry] = await auditLogPage(database.db, 1);
      expect(entry).toMatchObject({
        action: 'catalogue.upload',
        target: 'products.csv',
        counts: { imported: 0, updated: 0, unchanged: body.report.imported },
      });
    },
    // Three imports of the real file (two uploads and the CLI importer): 72 s in a PGlite pass beside the
    // browser specs on 28 November 2026, over the 60 s default.
    180_000,
  );
});

describe('the progress stream', () => {
  it('sends progress lines, then the result line with the report, when asked with Accept: application/x-ndjson', async () => {
    const rows = Array.from(
      { length: 1200 },
      (_, i) => `B0PROG${String(i).padStart(4, '0')},Progress product ${i},${(i % 90) + 1}.99,,Kitchen`,
    );
    const body = csvUpload(`${HEADER}${rows.join('\n')}\n`);
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/upload-csv',
      payload: body.payload,
      headers: { ...admin, ...body.headers, accept: 'application/x-ndjson' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as ImportProgressLine);
    const last = lines.at(-1);
    expect(last?.type).toBe('result');
    expect(last).toMatchObject({ status: 200, body: { committed: true, report: { totalRows: 1200, imported: 1200 } } });
    const progress = lines.filter((l) => l.type === 'progress');
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress.at(-1)).toMatchObject({ phase: 'finishing', rowsRead: 1200 });
  });
});

describe('refusals', () => {
  it('413 over MAX_UPLOAD_MB, whether Content-Length says so or the stream passes it, and nothing is written', async () => {
    const small = await createTestApp({ database, env: testEnv({ PUBLIC_URL, MAX_UPLOAD_MB: '1' }), clock: () => now });
    try {
      const before = await catalogue();
      const rows = Array.from({ length: 30_000 }, (_, i) => `B0BIG${String(i).padStart(5, '0')},Big file product ${i},1.99,,`);
      const big = csvUpload(`${HEADER}${rows.join('\n')}\n`);
      expect(big.payload.length).toBeGreaterThan(1024 * 1024);
      const told = await small.app.inject({
        method: 'POST',
        url: '/api/admin/upload-csv',
        payload: big.payload,
        headers: { ...admin, ...big.headers },
      });
      expect(told.statusCode).toBe(413);
      expect(told.json().message).toMatch(/^csvFile: the file must be at most 1 MB/);

      // No Content-Length (a stream): the limit is found while reading; the transaction rolls back.
      const streamed = await small.app.inject({
        method: 'POST',
        url: '/api/admin/upload-csv',
        payload: Readable.from([big.payload.subarray(0, 500_000), big.payload.subarray(500_000)]),
        headers: { ...admin, ...big.headers },
      });
      expect(streamed.statusCode).toBe(413);
      expect(await catalogue()).toEqual(before);
    } finally {
      await small.app.close();
    }
  });

  it("a file that is not a CSV, no file, or a JSON body: 'Please select a CSV file'", async () => {
    const png = await upload('/api/admin/upload-csv', csvUpload(Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'photo.png', 'image/png'));
    expect(png.statusCode).toBe(400);
    expect(png.json()).toEqual({ error: 'Bad Request', message: 'csvFile: Please select a CSV file' });
    const disguised = await upload('/api/admin/upload-csv', csvUpload('a,b\n', 'products.csv', 'application/pdf'));
    expect(disguised.json().message).toBe('csvFile: Please select a CSV file');
    const wrongField = await upload('/api/admin/upload-csv', multipartBody([{ name: 'file', fileName: 'a.csv', content: 'a\n' }]));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('csvFile: the file must be sent in the field csvFile');
    const noFile = await upload('/api/admin/upload-csv', multipartBody([{ name: 'note', content: 'hello' }]));
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toMatch(/^csvFile: Please select a CSV file/);
    const json = await app.inject({ method: 'POST', url: '/api/admin/upload-csv', headers: admin, payload: { csvFile: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('csvFile: Please select a CSV file (send multipart/form-data with the file in the field csvFile)');
  });
});

describe('Replace All', () => {
  const seed = `${HEADER}B0KEEP0001,Kept kettle,20.00,,Kitchen\nB0GONE0001,Gone toaster,30.00,,Kitchen\nB0GONE0002,Gone mixer,40.00,,Kitchen\n`;

  it('with strict and one failing row leaves the catalogue exactly as it was', async () => {
    await database.query('delete from products');
    expect((await upload('/api/admin/upload-csv', csvUpload(seed))).json().committed).toBe(true);
    const before = await catalogue();
    const file = `${HEADER}B0KEEP0001,Kept kettle,18.00,,Kitchen\nB0NEW00001,New blender,25.00,,Kitchen\nB0BAD00001,Bad row,not a price,,\n`;
    const res = await upload('/api/admin/replace-with-csv?strict=true', csvUpload(file));
    expect(res.statusCode).toBe(200);
    const body = res.json<CatalogueUploadResponse>();
    expect(body).toMatchObject({ committed: false, importedCount: 0, deletedCount: 0 });
    expect(body.report.strictFailed).toBe(true);
    expect(body.report.rejected).toEqual([{ line: 4, asin: 'B0BAD00001', reason: 'price not a number: "not a price"' }]);
    expect(await catalogue()).toEqual(before);
    const [entry] = await auditLogPage(database.db, 1);
    expect(entry).toMatchObject({ action: 'catalogue.replace.refused', counts: { rows: 3, rejected: 1 } });
  });

  it('unconfirmed, answers 409 with the exact count and what goes with it, and changes nothing', async () => {
    const before = await catalogue();
    const [gone] = (await database.query<{ id: number }>("select id from products where asin = 'B0GONE0001'")).rows;
    await database.query(
      `insert into deal_alerts (user_email, product_asin, product_id, product_title, target_price_pence)
       values ('shopper@example.com', 'B0GONE0001', $1, 'Gone toaster', 1000)`,
      [gone!.id],
    );
    const file = `${HEADER}B0KEEP0001,Kept kettle,18.00,,Kitchen\nB0NEW00001,New blender,25.00,,Kitchen\n`;
    for (const url of ['/api/admin/replace-with-csv', '/api/admin/products/replace']) {
      const res = await upload(url, csvUpload(file));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        deleteCount: 2,
        priceObservationCount: 2,
        categoryPageEntryCount: 0,
        budgetDealEntryCount: 0,
        alertCount: 1,
      });
      expect(res.json().message).toMatch(/^confirmDeleteCount: this file would delete 2 products/);
      const wrong = await upload(
        url,
        multipartBody([
          { name: 'confirmDeleteCount', content: '1' },
          { name: 'csvFile', fileName: 'p.csv', content: file },
        ]),
      );
      expect(wrong.statusCode).toBe(409);
      expect(wrong.json().deleteCount).toBe(2);
      expect(await catalogue()).toEqual(before);
    }
    const bad = await upload(
      '/api/admin/products/replace',
      multipartBody([
        { name: 'confirmDeleteCount', content: 'all' },
        { name: 'csvFile', fileName: 'p.csv', content: file },
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('confirmDeleteCount: must be a whole number of products, 0 or more');
    const stranger = await upload('/api/admin/products/replace', csvUpload(file), { origin: PUBLIC_URL });
    expect(stranger.statusCode).toBe(401);
    expect(await catalogue()).toEqual(before);
  });

  it('confirmed with the exact count keeps the file’s products, deletes the rest, and logs the counts', async () => {
    const file = `${HEADER}B0KEEP0001,Kept kettle,18.00,,Kitchen\nB0NEW00001,New blender,25.00,,Kitchen\nB0BAD00001,Bad row,not a price,,\n`;
    const confirmed = multipartBody([
      { name: 'confirmDeleteCount', content: '2' },
      { name: 'csvFile', fileName: 'products.csv', content: file },
    ]);
    const res = await upload('/api/admin/replace-with-csv', confirmed);
    const [alert] = (
      await database.query<{ asin: string; product_id: number | null }>('select product_asin as asin, product_id from deal_alerts')
    ).rows;
    expect(alert).toEqual({ asin: 'B0GONE0001', product_id: null });
    const body = res.json<CatalogueUploadResponse>();
    expect(body).toMatchObject({ committed: true, importedCount: 2, deletedCount: 2 });
    expect(body.report).toMatchObject({ imported: 1, updated: 1, priceChanged: 1 });
    expect(await catalogue()).toEqual([
      { asin: 'B0KEEP0001', title: 'Kept kettle', price: '1800' },
      { asin: 'B0NEW00001', title: 'New blender', price: '2500' },
    ]);
    const [entry] = await auditLogPage(database.db, 1);
    expect(entry).toMatchObject({
      action: 'catalogue.replace',
      counts: { imported: 1, updated: 1, unchanged: 0, rejected: 1, deleted: 2 },
    });
  });

  it('a file with no accepted row deletes nothing', async () => {
    const before = await catalogue();
    const body = (await upload('/api/admin/replace-with-csv', csvUpload('name,colour\nkettle,red\n'))).json<CatalogueUploadResponse>();
    expect(body).toMatchObject({ committed: false, importedCount: 0, deletedCount: 0 });
    expect(body.report.rejected[0]?.reason).toMatch(/^missing ASIN: the file has no ASIN column/);
    expect(await catalogue()).toEqual(before);
  });
});

describe('hostile rows are rejected one by one, the good rows still imported', () => {
  it('formula injection, a 1 MB cell and binary bytes', async () => {
    const megabyte = 'x'.repeat(1024 * 1024);
    const file = Buffer.concat([
      Buffer.from(HEADER),
      Buffer.from(`B0GOOD0001,Good kettle,12.00,,Kitchen\n`),
      Buffer.from(`B0EVIL0001,"=cmd|' /C calc'!A0",9.99,,Kitchen\n`),
      Buffer.from(`B0EVIL0002,"@SUM(1+1)*cmd|' /C calc'!A0",9.99,,Kitchen\n`),
      Buffer.from(`B0EVIL0003,Fine title,9.99,,"+cmd|' /C calc'!A0"\n`),
      Buffer.from(`B0HUGE0001,"${megabyte}",9.99,,Kitchen\n`),
      Buffer.from('B0BIN00001,Binary '),
      Buffer.from([0x00, 0xff, 0xfe, 0x01]),
      Buffer.from(' title,9.99,,Kitchen\n'),
      Buffer.from('B0GOOD0002,Good toaster,14.00,,Kitchen\n'),
    ]);
    const body = (await upload('/api/admin/upload-csv', csvUpload(file))).json<CatalogueUploadResponse>();
    expect(body.report.imported).toBe(2);
    expect(body.report.rejected.map((r) => [r.line, r.asin, r.reason.split(':')[0]])).toEqual([
      [3, 'B0EVIL0001', 'formula-like text'],
      [4, 'B0EVIL0002', 'formula-like text'],
      [5, 'B0EVIL0003', 'formula-like text'],
      [6, 'B0HUGE0001', 'title too long'],
      [7, 'B0BIN00001', 'binary or control characters'],
    ]);
    const stored = (await catalogue()).map((p) => p.asin);
    expect(stored).toEqual(expect.arrayContaining(['B0GOOD0001', 'B0GOOD0002']));
    expect(stored.filter((a) => a.startsWith('B0EVIL') || a.startsWith('B0HUGE') || a.startsWith('B0BIN'))).toEqual([]);
  });
});

describe('POST /api/products/import/bulk', () => {
  it('creates, then updates, each product checked on its own', async () => {
    const post = (products: unknown[]) =>
      app.inject({ method: 'POST', url: '/api/products/import/bulk', headers: admin, payload: { products } });
    const first = await post([
      { asin: 'B0BULK0001', title: 'Bulk kettle', price: 19.99, originalPrice: '£24.99', category: 'Kitchen', features: ['1.7 litres'] },
      { asin: 'B0BULK0002', title: 'Bulk toaster', price: '12.50', rating: 4.4, reviewCount: 120, isPrime: true },
      { asin: 'not-an-asin', title: 'Bad', price: 1 },
      { title: 'No ASIN', price: 1 },
      { asin: 'B0BULK0003', title: '=HYPERLINK("http://evil")', price: 3 },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().results).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      historyOnly: 0,
      rejected: [
        { index: 2, asin: 'not-an-asin', reason: 'asin: must be 10 upper-case letters or digits' },
        { index: 3, reason: expect.stringMatching(/^asin: /) },
        { index: 4, asin: 'B0BULK0003', reason: expect.stringMatching(/^formula-like text/) },
      ],
    });
    const second = await post([
      { asin: 'B0BULK0001', title: 'Bulk kettle', price: 17.99 },
      { asin: 'B0BULK0002', title: 'Bulk toaster', price: '12.50', rating: 4.4, reviewCount: 120 },
    ]);
    expect(second.json().results).toEqual({ created: 0, updated: 1, unchanged: 1, historyOnly: 0, rejected: [] });
    const product = await app.inject({ url: '/api/products/B0BULK0001' });
    // originalPrice left out clears the list price (like an empty CSV cell); £19.99 held for no time at
    // all, so it is no reference price either (issue 27, docs/pricing/reference-prices.md): no saving.
    expect(product.json()).toMatchObject({ product: { price: '17.99', originalPrice: null, savingBasis: null } });
    const [entry] = await auditLogPage(database.db, 1);
    expect(entry).toMatchObject({ action: 'catalogue.bulk-import', counts: { created: 0, updated: 1, unchanged: 1, rejected: 0 } });

    const empty = await app.inject({ method: 'POST', url: '/api/products/import/bulk', headers: admin, payload: { products: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('products: must hold at least one product');
  });
});

describe('when the prices were observed (issue 27 "True times")', () => {
  async function priceAsOf(asin: string): Promise<string | undefined> {
    const res = await database.query<{ at: string }>(
      `select to_char(price_as_of at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at from products where asin = $1`,
      [asin],
    );
    return res.rows[0]?.at;
  }
  const post = (body: unknown, headers: Record<string, string> = admin) =>
    app.inject({ method: 'POST', url: '/api/products/import/bulk', headers, payload: body as Record<string, unknown> });

  it('the bulk import takes a top-level observedAt, and a product’s own wins', async () => {
    const res = await post({
      observedAt: '2023-06-01T00:00:00Z',
      products: [
        { asin: 'B0WHEN0001', title: 'Kettle seen in June', price: 20 },
        { asin: 'B0WHEN0002', title: 'Toaster seen in May', price: 15, observedAt: '2023-05-20' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject({ created: 2, rejected: [] });
    expect(await priceAsOf('B0WHEN0001')).toBe('2023-06-01T00:00:00Z');
    expect(await priceAsOf('B0WHEN0002')).toBe('2023-05-20T00:00:00Z');

    // An older product is history only: the stored price stays.
    const older = await post({
      observedAt: '2023-01-01T00:00:00Z',
      products: [{ asin: 'B0WHEN0001', title: 'Kettle seen in June', price: 30 }],
    });
    expect(older.json().results).toEqual({ created: 0, updated: 0, unchanged: 0, historyOnly: 1, rejected: [] });
    expect((await app.inject({ url: '/api/products/B0WHEN0001' })).json()).toMatchObject({ product: { asOf: '2023-06-01T00:00:00.000Z' } });
    const [entry] = await auditLogPage(database.db, 1);
    expect(entry).toMatchObject({ action: 'catalogue.bulk-import', counts: { historyOnly: 1 } });
  });

  it('the bulk import refuses a bad observedAt with 400 naming it, and a bad product time rejects that product only', async () => {
    const notIso = await post({ observedAt: '1 June 2023', products: [{ asin: 'B0WHEN0003', title: 'Mixer', price: 1 }] });
    expect(notIso.statusCode).toBe(400);
    expect(notIso.json().message).toBe(
      'observedAt: must be an ISO 8601 date or date-time with a time zone, such as 2023-06-01 or 2023-06-01T09:30:00Z',
    );
    const future = await post({ observedAt: '2099-01-01', products: [{ asin: 'B0WHEN0003', title: 'Mixer', price: 1 }] });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('observedAt: must not be more than 5 minutes in the future');
    const typed = await post({ observedAt: 20230601, products: [{ asin: 'B0WHEN0003', title: 'Mixer', price: 1 }] });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toMatch(/^observedAt: /);
    expect(await priceAsOf('B0WHEN0003')).toBeUndefined();

    const perProduct = await post({
      products: [
        { asin: 'B0WHEN0003', title: 'Mixer', price: 1, observedAt: 'yesterday' },
        { asin: 'B0WHEN0004', title: 'Grill', price: 2, observedAt: '2099-01-01T00:00:00Z' },
        { asin: 'B0WHEN0005', title: 'Blender', price: 3, observedAt: '2023-06-01T10:00:00+01:00' },
      ],
    });
    expect(perProduct.statusCode).toBe(200);
    expect(perProduct.json().results).toMatchObject({
      created: 1,
      rejected: [
        { index: 0, asin: 'B0WHEN0003', reason: expect.stringMatching(/^observedAt: must be an ISO 8601 date or date-time/) },
        { index: 1, asin: 'B0WHEN0004', reason: 'bad observedAt: "2099-01-01T00:00:00Z" must not be more than 5 minutes in the future' },
      ],
    });
    expect(await priceAsOf('B0WHEN0005')).toBe('2023-06-01T09:00:00Z');
  });

  it('the admin upload reads the multipart field observedAt sent before the file; the file’s column wins per row', async () => {
    const file = 'asin,title,price,observedAt\nB0WHEN0006,Lamp,12.00,\nB0WHEN0007,Desk,80.00,2023-05-02T08:00:00Z\n';
    const body = () =>
      multipartBody([
        { name: 'observedAt', content: '2023-06-01T00:00:00Z' },
        { name: 'csvFile', fileName: 'june.csv', content: file },
      ]);
    const none = await upload('/api/admin/upload-csv', body(), { origin: admin.origin });
    expect(none.statusCode).toBe(401);
    expect(await priceAsOf('B0WHEN0006')).toBeUndefined();

    const res = await upload('/api/admin/upload-csv', body());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CatalogueUploadResponse>().report).toMatchObject({ imported: 2, historyOnly: 0, rejected: [] });
    expect(await priceAsOf('B0WHEN0006')).toBe('2023-06-01T00:00:00Z');
    expect(await priceAsOf('B0WHEN0007')).toBe('2023-05-02T08:00:00Z');

    // An older file: its rows only add to the history, and the report says so.
    const older = await upload(
      '/api/admin/upload-csv',
      multipartBody([
        { name: 'observedAt', content: '2023-01-01' },
        { name: 'csvFile', fileName: 'january.csv', content: 'asin,title,price\nB0WHEN0006,Lamp,14.00\n' },
      ]),
    );
    const report = older.json<CatalogueUploadResponse>();
    expect(report).toMatchObject({ committed: true, importedCount: 1, report: { historyOnly: 1, updated: 0, priceChanged: 0 } });
    expect(await priceAsOf('B0WHEN0006')).toBe('2023-06-01T00:00:00Z');
    const [entry] = await auditLogPage(database.db, 1);
    expect(entry).toMatchObject({ action: 'catalogue.upload', counts: { historyOnly: 1 } });

    // Empty means now.
    const empty = await upload(
      '/api/admin/upload-csv',
      multipartBody([
        { name: 'observedAt', content: '' },
        { name: 'csvFile', fileName: 'now.csv', content: 'asin,title,price\nB0WHEN0008,Chair,40.00\n' },
      ]),
    );
    expect(empty.statusCode).toBe(200);
    expect(await priceAsOf('B0WHEN0008')).toBe(now.toISOString().replace(/\.\d{3}Z$/, 'Z'));
  });

  it('the admin upload refuses a bad observedAt with 400 naming it, importing nothing', async () => {
    const send = (value: string | string[]) =>
      upload(
        '/api/admin/upload-csv',
        multipartBody([
          ...(Array.isArray(value) ? value : [value]).map((content) => ({ name: 'observedAt', content })),
          { name: 'csvFile', fileName: 'bad.csv', content: 'asin,title,price\nB0WHEN0009,Rug,25.00\n' },
        ]),
      );
    for (const [value, message] of [
      ['31/05/2023', 'observedAt: must be an ISO 8601 date or date-time with a time zone, such as 2023-06-01 or 2023-06-01T09:30:00Z'],
      [
        '2023-06-01T09:30',
        'observedAt: must be an ISO 8601 date or date-time with a time zone, such as 2023-06-01 or 2023-06-01T09:30:00Z',
      ],
      ['2099-06-01T00:00:00Z', 'observedAt: must not be more than 5 minutes in the future'],
      ['1985-06-01', 'observedAt: must not be before 1990-01-01'],
      [['2023-06-01', '2023-06-02'], 'observedAt: must be given once'],
    ] as const) {
      const res = await send(value as string | string[]);
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json()).toEqual({ error: 'Bad Request', message });
    }
    expect(await priceAsOf('B0WHEN0009')).toBeUndefined();
  });
});
