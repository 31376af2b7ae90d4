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
  it('imports it and answers the same report as the CLI importer, then everything unchanged the second time', async () => {
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
  });
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

  it('without strict keeps the file’s products, deletes the rest, and logs the counts', async () => {
    const file = `${HEADER}B0KEEP0001,Kept kettle,18.00,,Kitchen\nB0NEW00001,New blender,25.00,,Kitchen\nB0BAD00001,Bad row,not a price,,\n`;
    const body = (await upload('/api/admin/replace-with-csv', csvUpload(file))).json<CatalogueUploadResponse>();
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
    expect(second.json().results).toEqual({ created: 0, updated: 1, unchanged: 1, rejected: [] });
    const product = await app.inject({ url: '/api/products/B0BULK0001' });
    // originalPrice left out clears the list price (like an empty CSV cell); the "was" price is now our own 30-day high.
    expect(product.json()).toMatchObject({ product: { price: '17.99', originalPrice: '19.99', savingBasis: 'OBSERVED_HIGH_30D' } });
    const [entry] = await auditLogPage(database.db, 1);
    expect(entry).toMatchObject({ action: 'catalogue.bulk-import', counts: { created: 0, updated: 1, unchanged: 1, rejected: 0 } });

    const empty = await app.inject({ method: 'POST', url: '/api/products/import/bulk', headers: admin, payload: { products: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('products: must hold at least one product');
  });
});
