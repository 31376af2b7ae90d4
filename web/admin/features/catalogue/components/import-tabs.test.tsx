// @vitest-environment happy-dom
/**
 * The import and Under £15 tabs in the browser (issue 11 part 3; admin-area §2, §4, §5, §8), with
 * the network faked at its edge: `XMLHttpRequest` for the uploads (a fake the test drives: upload
 * progress events, progress lines, the answer) and `fetch` for the list. What is checked is what the
 * owner sees: the labelled file picker, 'Invalid file' / 'Please select a CSV file', the Replace All
 * confirmation, both progress bars, the report with its rejected rows, the CSV download (formula
 * cells neutralised), 'Upload Error' with the server's message, and the Under £15 notice and list.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueUploadResponse, DealsUnder15Response } from '../../../../../common/api/catalogue-import.admin.schema';
import { fakeApi, makeProduct, renderPage } from '../../../../testing/harness';
import { ImportTab } from './import-tab';
import { Under15Tab } from './under-15-tab';

/** One request the page made through XMLHttpRequest, driven by the test. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  private contentType = '';
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onprogress: (() => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? this.contentType : null;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  /** The browser has sent `loaded` of `total` bytes. */
  uploaded(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  /** The server answered 200 with the progress stream; `lines` arrive now (more may follow). */
  streamLines(lines: unknown[]) {
    this.status = 200;
    this.contentType = 'application/x-ndjson; charset=utf-8';
    this.responseText += lines.map((l) => `${JSON.stringify(l)}\n`).join('');
    this.onprogress?.();
  }
  finish() {
    this.onload?.();
  }
  /** A plain JSON answer (a refusal before the import started). */
  answerJson(status: number, body: unknown) {
    this.status = status;
    this.contentType = 'application/json';
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  FakeXhr.sent = [];
});

function useFakeXhr() {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

const csv = (name = 'products.csv', text = 'asin,title,price\nB0TEST0001,Kettle,12.99\n') => new File([text], name, { type: 'text/csv' });

const REPORT: CatalogueUploadResponse = {
  committed: true,
  importedCount: 3,
  report: {
    layout: 'product-csv',
    totalRows: 5,
    imported: 2,
    updated: 1,
    unchanged: 0,
    historyOnly: 0,
    rejected: [
      { line: 3, asin: 'B0EVIL0001', reason: `formula-like text: the title starts with "=", which spreadsheets run as a formula` },
      { line: 6, reason: 'missing ASIN' },
    ],
    warnings: [{ line: 4, message: '=originalPrice ignored' }],
    priceChanged: 1,
    strictFailed: false,
    durationMs: 1200,
  },
};

describe('the import tab', () => {
  it("says 'Please select a CSV file' with no file, or a file that is not a CSV", async () => {
    useFakeXhr();
    const { user } = renderPage(<ImportTab tabKey="import" />);
    await user.click(screen.getByRole('button', { name: 'Add Products' }));
    expect(screen.getByText('Please select a CSV file', { selector: 'p[id$="-error"]' })).toBeInTheDocument();
    expect(await screen.findByText('Invalid file')).toBeInTheDocument();
    const picker = screen.getByLabelText('CSV file');
    expect(picker).toHaveFocus();
    expect(picker).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(picker, { target: { files: [new File(['PNG'], 'photo.png', { type: 'image/png' })] } });
    await user.click(screen.getByRole('button', { name: 'Add Products' }));
    expect(screen.getByText('Please select a CSV file', { selector: 'p[id$="-error"]' })).toBeInTheDocument();
    expect(FakeXhr.sent).toEqual([]);
  });

  it('uploads with both progress bars, then shows the report, its rejected rows and a formula-safe CSV download', async () => {
    useFakeXhr();
    const { user } = renderPage(<ImportTab tabKey="import" />);
    const picker = screen.getByLabelText('CSV file');
    await user.upload(picker, csv());
    await user.click(screen.getByRole('checkbox', { name: 'Strict: import nothing if any row is rejected' }));
    await user.click(screen.getByRole('button', { name: 'Add Products' }));

    const xhr = FakeXhr.sent[0] as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/admin/upload-csv?strict=true');
    expect(xhr.headers.accept).toMatch(/application\/x-ndjson/);
    expect((xhr.body?.get('csvFile') as File).name).toBe('products.csv');
    // No time given: the server records the prices as seen now.
    expect(xhr.body?.has('observedAt')).toBe(false);

    xhr.uploaded(50, 100);
    expect(await screen.findByRole('progressbar', { name: 'Upload' })).toHaveAttribute('aria-valuenow', '50');
    // Until the server's first line, the Import bar moves without a value.
    expect(screen.getByRole('progressbar', { name: 'Import' })).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByText('saving rows as the file arrives')).toBeInTheDocument();
    const size = csv().size;
    xhr.streamLines([{ type: 'progress', phase: 'reading', bytesRead: size / 2, rowsRead: 1 }]);
    await waitFor(() => expect(screen.getByText('1 row read (50% of the file)')).toBeInTheDocument());
    expect(screen.getByRole('progressbar', { name: 'Import' })).toHaveAttribute('aria-valuenow', '50');
    xhr.uploaded(100, 100);
    xhr.streamLines([{ type: 'progress', phase: 'finishing', bytesRead: 40, rowsRead: 5 }]);
    expect(await screen.findByText('The whole file is read: refreshing prices and saving the import…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import' })).not.toHaveAttribute('aria-valuenow');

    xhr.streamLines([{ type: 'result', status: 200, body: REPORT }]);
    xhr.finish();
    const report = await screen.findByRole('region', { name: 'Import report: products.csv' });
    expect(screen.queryByTestId('upload-progress')).not.toBeInTheDocument();
    expect(within(report).getByText('3 products accepted.')).toBeInTheDocument();
    const rows = within(report).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['3', 'B0EVIL0001', REPORT.report.rejected[0]?.reason],
      ['6', '—', 'missing ASIN'],
    ]);
    // spec §4: the selected file is cleared after a successful upload.
    expect((screen.getByLabelText('CSV file') as HTMLInputElement).files?.length ?? 0).toBe(0);

    let blob: Blob | undefined;
    // The browser's Blob URL API, at the edge like the network: keep the Blob the page offers.
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => ((blob = b as Blob), 'blob:report'));
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    await user.click(within(report).getByRole('button', { name: 'Download report (CSV)' }));
    const text = await (blob as Blob).text();
    expect(text.split('\r\n')).toEqual([
      'kind,line,asin,message',
      `rejected,3,B0EVIL0001,"formula-like text: the title starts with ""="", which spreadsheets run as a formula"`,
      'rejected,6,,missing ASIN',
      `warning,4,,'=originalPrice ignored`,
      '',
    ]);
    create.mockRestore();
    revoke.mockRestore();
  });

  it('asks when the prices were seen, sends it before the file, and reports rows kept in the price history only', async () => {
    useFakeXhr();
    const { user } = renderPage(<ImportTab tabKey="import" />);
    const when = screen.getByLabelText('Prices observed at');
    expect(when).toHaveAccessibleDescription(expect.stringContaining('When were these prices seen? Leave empty for now.'));
    await user.upload(screen.getByLabelText('CSV file'), csv());

    // A time in the future is refused before anything is sent.
    fireEvent.change(when, { target: { value: '2999-01-01T00:00' } });
    await user.click(screen.getByRole('button', { name: 'Add Products' }));
    expect(screen.getByText('The time must not be more than 5 minutes in the future.')).toBeInTheDocument();
    expect(when).toHaveAttribute('aria-invalid', 'true');
    expect(when).toHaveFocus();
    expect(FakeXhr.sent).toEqual([]);

    // The owner's local time goes out as UTC, shown back so there is no doubt.
    fireEvent.change(when, { target: { value: '2023-06-01T09:30' } });
    const utc = new Date('2023-06-01T09:30').toISOString();
    expect(screen.getByText(`Recorded as ${utc.slice(0, 10)} ${utc.slice(11, 16)} UTC.`)).toBeInTheDocument();
    expect(screen.queryByText('The time must not be more than 5 minutes in the future.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Products' }));
    const xhr = FakeXhr.sent[0] as FakeXhr;
    expect([...(xhr.body as FormData).keys()]).toEqual(['observedAt', 'csvFile']);
    expect(xhr.body?.get('observedAt')).toBe(utc);

    const older: CatalogueUploadResponse = {
      committed: true,
      importedCount: 3,
      report: { ...REPORT.report, imported: 0, updated: 1, historyOnly: 2, rejected: [], warnings: [] },
    };
    xhr.streamLines([{ type: 'result', status: 200, body: older }]);
    xhr.finish();
    const report = await screen.findByRole('region', { name: 'Import report: products.csv' });
    expect(
      within(report).getByText('3 products accepted; 2 older than the stored prices, added to the price history only.'),
    ).toBeInTheDocument();
    const historyOnly = within(report).getByText('History only').closest('div') as HTMLElement;
    expect(within(historyOnly).getByText('2')).toBeInTheDocument();
    // The time belonged to that file: cleared with it.
    expect(screen.getByLabelText('Prices observed at')).toHaveValue('');
  });

  it('the server refusing the time shows its message', async () => {
    useFakeXhr();
    const { user } = renderPage(<ImportTab tabKey="import" />);
    await user.upload(screen.getByLabelText('CSV file'), csv());
    fireEvent.change(screen.getByLabelText('Prices observed at'), { target: { value: '2023-06-01T09:30' } });
    await user.click(screen.getByRole('button', { name: 'Add Products' }));
    const xhr = FakeXhr.sent[0] as FakeXhr;
    xhr.answerJson(400, { error: 'Bad Request', message: 'observedAt: must not be more than 5 minutes in the future' });
    expect(await screen.findByText('Upload Error: observedAt: must not be more than 5 minutes in the future')).toHaveAttribute(
      'role',
      'alert',
    );
  });

  it('Replace All first asks the server, states the exact number and what goes with it, wants it typed above 100, then sends it', async () => {
    useFakeXhr();
    const refused = {
      error: 'Conflict',
      message: 'confirmDeleteCount: this file would delete 150 products',
      deleteCount: 150,
      priceObservationCount: 4321,
      categoryPageEntryCount: 7,
      budgetDealEntryCount: 2,
      alertCount: 3,
    };
    const refuse = (xhr: FakeXhr) => {
      xhr.streamLines([{ type: 'result', status: 409, body: refused }]);
      xhr.finish();
    };
    const { user } = renderPage(<ImportTab tabKey="import" />);
    await user.upload(screen.getByLabelText('CSV file'), csv('new-catalogue.csv'));
    await user.click(screen.getByRole('button', { name: 'Replace All Products' }));
    const dryRun = FakeXhr.sent[0] as FakeXhr;
    expect(dryRun.url).toBe('/api/admin/replace-with-csv?strict=false');
    expect(dryRun.body?.get('confirmDeleteCount')).toBeNull();
    refuse(dryRun);

    const dialog = await screen.findByRole('alertdialog', { name: 'Replace all products?' });
    expect(dialog).toHaveTextContent('150 products will be deleted. They can be restored with their price history for 30 days');
    expect(dialog).toHaveTextContent('4,321 price observations (their price history)');
    expect(dialog).toHaveTextContent('7 places on category pages');
    expect(dialog).toHaveTextContent('2 places on the Under £15 list');
    expect(dialog).toHaveTextContent('3 shopper alerts keep their ASINs but stop being checked');
    expect(within(dialog).getByRole('link', { name: /Download the current catalogue first/ })).toHaveAttribute(
      'href',
      '/api/admin/products/export-csv',
    );
    const go = within(dialog).getByRole('button', { name: 'Delete 150 and replace' });
    expect(go).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type 150 to confirm'), '15');
    expect(go).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(FakeXhr.sent).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Replace All Products' }));
    refuse(FakeXhr.sent[1] as FakeXhr);
    const again = await screen.findByRole('alertdialog', { name: 'Replace all products?' });
    await user.type(within(again).getByLabelText('Type 150 to confirm'), '150');
    await user.click(within(again).getByRole('button', { name: 'Delete 150 and replace' }));
    const confirmed = FakeXhr.sent[2] as FakeXhr;
    expect(confirmed.body?.get('confirmDeleteCount')).toBe('150');
    confirmed.answerJson(413, { error: 'Payload Too Large', message: 'csvFile: the file must be at most 50 MB (MAX_UPLOAD_MB)' });
    expect(await screen.findByText('Replace Error: csvFile: the file must be at most 50 MB (MAX_UPLOAD_MB)')).toHaveAttribute(
      'role',
      'alert',
    );
  });
});

describe('the import tab’s catalogue maintenance', () => {
  it('offers Clear cache and Clear all products; clearing all asks first and Cancel sends nothing', async () => {
    const api = fakeApi({
      'DELETE /api/admin/cache': { json: { cleared: true, catalogueVersion: 8 } },
      'DELETE /api/admin/products/clear-all': { json: { deletedCount: 1234 } },
    });
    const { user } = renderPage(<ImportTab tabKey="import" />);
    const section = screen.getByRole('region', { name: 'Catalogue maintenance' });

    await user.click(within(section).getByRole('button', { name: 'Clear cache' }));
    expect(await screen.findByText('Cache cleared successfully')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/admin/cache')).toHaveLength(1);

    await user.click(within(section).getByRole('button', { name: 'Clear all products' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Clear ALL products?' });
    expect(confirm).toHaveTextContent('They can be restored with their price history for 30 days');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE /api/admin/products/clear-all')).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'Clear all products' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Clear all products' }));
    expect(await screen.findByText('All products cleared successfully')).toBeInTheDocument();
    expect(screen.getByText('1,234 products deleted; restorable for 30 days (Products tab, Recently deleted).')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/admin/products/clear-all')).toHaveLength(1);
  });
});

describe('the Under £15 tab', () => {
  it('says nothing is invented, lists the deals with honest prices, and fetches again on the button', async () => {
    let calls = 0;
    const list: DealsUnder15Response = {
      products: [
        makeProduct({ asin: 'B0CHEAP001', title: 'Bamboo chopping board', price: '14.99', originalPrice: '19.99', discountPercent: 25 }),
        makeProduct({ asin: 'B0CHEAP002', title: 'Silicone spatula set', price: '6.49', originalPrice: null, discountPercent: null }),
      ],
      maxPrice: '15.00',
      listedCount: 3,
      availableCount: 2,
      updatedAt: '2026-06-01T09:00:00.000Z',
    };
    fakeApi({ 'GET /api/amazon/deals-under-15': () => ((calls += 1), { json: list }) });
    const { user } = renderPage(<Under15Tab tabKey="under-15" />);
    expect(screen.getByRole('heading', { name: 'Nothing is invented' })).toBeInTheDocument();
    expect(screen.getByText(/a row without an ASIN is rejected/)).toBeInTheDocument();
    expect(await screen.findByText('Bamboo chopping board')).toBeInTheDocument();
    expect(screen.getByText(/2 of 3 listed products are £15 or less now/)).toBeInTheDocument();
    expect(screen.getByText('Save 25%', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Special Deal')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load into Under £15' })).toBeInTheDocument();
    // The observation time belongs to the catalogue import, not to this list.
    expect(screen.queryByLabelText('Prices observed at')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fetch deals under £15' }));
    await waitFor(() => expect(calls).toBe(2));
  });

  it("shows 'Failed to fetch: {status}' when the list cannot be fetched", async () => {
    fakeApi({ 'GET /api/amazon/deals-under-15': { status: 503, json: { error: 'Service Unavailable', message: 'down' } } });
    renderPage(<Under15Tab tabKey="under-15" />);
    expect(await screen.findByText('Failed to fetch: 503')).toBeInTheDocument();
  });
});
