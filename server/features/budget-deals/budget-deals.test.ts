/**
 * The Under £15 list through HTTP on a fresh PGlite (issue 11 part 3; admin-area §5 "Under £15 CSV
 * load", §7, §9; docs/decisions/0012-under-15.md): the upload keeps only rows at most £15 with a
 * title longer than 3 characters, rejects rows without an ASIN (never invents one), invents no
 * original price, discount or rating, replaces the list in file order, and the public list drops a
 * product whose price rose above £15. (Who may call the routes: catalogue-import.admin.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueUploadResponse, DealsUnder15Response } from '../../../common/api/catalogue-import.admin.schema';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { createTestApp } from '../../test-support/test-app';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { csvUpload } from '../../test-support/multipart';
import { auditLogPage } from '../audit/audit.service';

const PUBLIC_URL = 'https://deals.example';
let app: App;
let database: Database;
let close: () => Promise<void>;
let admin: AdminHeaders;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env: testEnv({ PUBLIC_URL }) }));
  admin = await signInAsAdmin(app, database, PUBLIC_URL);
});
afterAll(() => close?.());

async function uploadList(csv: string, url = '/api/admin/deals-under-15/upload-csv'): Promise<CatalogueUploadResponse> {
  const body = csvUpload(csv, 'under-15.csv');
  const res = await app.inject({ method: 'POST', url, payload: body.payload, headers: { ...admin, ...body.headers } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CatalogueUploadResponse>();
}

async function publicList(): Promise<DealsUnder15Response> {
  const res = await app.inject({ url: '/api/amazon/deals-under-15' });
  expect(res.statusCode).toBe(200);
  return res.json<DealsUnder15Response>();
}

describe('the Under £15 upload', () => {
  it('is empty before any upload', async () => {
    expect(await publicList()).toEqual({ products: [], maxPrice: '15.00', listedCount: 0, availableCount: 0, updatedAt: null });
  });

  it('keeps rows at most £15 with a title over 3 characters and a real ASIN, inventing nothing', async () => {
    const body = await uploadList(
      [
        'ASIN,Title,Price,List Price,Category',
        'B0CHEAP002,Silicone spatula set,£6.49,,Kitchen',
        'B0CHEAP001,Bamboo chopping board,14.99,19.99,Kitchen',
        'B0PRICEY01,Cast iron casserole,15.01,,Kitchen',
        'B0SHORT001,Pen,2.00,,Office',
        ',Measuring jug without an ASIN,4.00,,Kitchen',
        'B0EXACT001,Exactly fifteen pounds tray,15.00,,Kitchen',
      ].join('\n'),
    );
    expect(body).toMatchObject({ committed: true, importedCount: 3, listedCount: 3 });
    expect(body.report.rejected).toEqual([
      { line: 4, asin: 'B0PRICEY01', reason: 'price above £15: £15.01 is above the Under £15 threshold' },
      { line: 5, asin: 'B0SHORT001', reason: 'title too short: "Pen" must be longer than 3 characters' },
      { line: 6, reason: 'missing ASIN' },
    ]);

    const list = await publicList();
    expect(list).toMatchObject({ listedCount: 3, availableCount: 3 });
    expect(list.updatedAt).not.toBeNull();
    expect(list.products.map((p) => [p.asin, p.price, p.originalPrice, p.discountPercent, p.rating])).toEqual([
      ['B0CHEAP002', '6.49', null, null, null],
      ['B0CHEAP001', '14.99', '19.99', 25, null],
      ['B0EXACT001', '15.00', null, null, null],
    ]);
    // Rejected rows were not written to the catalogue either.
    const stored = await database.query<{ asin: string }>("select asin from products where asin in ('B0PRICEY01','B0SHORT001')");
    expect(stored.rows).toEqual([]);
    const [entry] = await auditLogPage(database.db, 1);
    expect(entry).toMatchObject({ action: 'budget-deals.upload', target: 'under-15.csv', counts: { imported: 3, rejected: 3, listed: 3 } });
  });

  it('a later upload replaces the list; a product whose price rose above £15 leaves the answer but not the list', async () => {
    await uploadList('asin,title,price\nB0EXACT001,Exactly fifteen pounds tray,15.00\nB0CHEAP002,Silicone spatula set,6.49\n');
    expect((await publicList()).products.map((p) => p.asin)).toEqual(['B0EXACT001', 'B0CHEAP002']);

    // A catalogue upload raises the tray's price: it is no longer under £15.
    await uploadList('asin,title,price\nB0EXACT001,Exactly fifteen pounds tray,16.50\n', '/api/admin/upload-csv');
    const list = await publicList();
    expect(list.products.map((p) => p.asin)).toEqual(['B0CHEAP002']);
    expect(list).toMatchObject({ listedCount: 2, availableCount: 1 });
  });

  it('a file without an ASIN column is rejected row by row, and the list stays as it was', async () => {
    const body = await uploadList('title,price\nTea towel set,5.00\nOven gloves,7.50\n');
    expect(body).toMatchObject({ committed: false, importedCount: 0 });
    expect(body.report.rejected.map((r) => r.reason)).toEqual([
      'missing ASIN: the file has no ASIN column',
      'missing ASIN: the file has no ASIN column',
    ]);
    expect((await publicList()).listedCount).toBe(2);
  });
});
