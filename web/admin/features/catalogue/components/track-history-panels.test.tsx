// @vitest-environment happy-dom
/**
 * The import tab's issue-30 parts as an owner sees them, with fetch and XMLHttpRequest faked at the
 * edge: the products shoppers asked for (most wanted first, Fetch from Amazon sending the API tab's
 * import for that ASIN, the advice to use a CSV without Amazon) and the price-history upload (the
 * file sent to its own URL, the report: counts, ASINs we do not hold, rejected rows by line).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryUploadResponse } from '../../../../../common/api/price-history.admin.schema';
import type { ProductRequestsResponse } from '../../../../../common/api/product-requests.admin.schema';
import { fakeApi, renderPage } from '../../../../testing/harness';
import { HistoryUploadPanel } from './history-upload-panel';
import { ProductRequestsList } from './product-requests-list';

const requests = (amazonConfigured: boolean): ProductRequestsResponse => ({
  total: 2,
  amazonConfigured,
  requests: [
    {
      asin: 'B0WANTED01',
      requestCount: 3,
      firstRequestedAt: '2026-11-20T10:00:00Z',
      lastRequestedAt: '2026-11-27T09:00:00Z',
      lastFetchError: null,
      amazonUrl: 'https://www.amazon.co.uk/dp/B0WANTED01',
    },
    {
      asin: 'B0WANTED02',
      requestCount: 1,
      firstRequestedAt: '2026-11-26T10:00:00Z',
      lastRequestedAt: '2026-11-26T10:00:00Z',
      lastFetchError: 'no current offer on amazon.co.uk: out of stock or unavailable',
      amazonUrl: 'https://www.amazon.co.uk/dp/B0WANTED02',
    },
  ],
});

describe('Products shoppers asked for', () => {
  it('lists the most wanted first and fetches one from Amazon through the API import', async () => {
    const api = fakeApi({
      'GET /api/admin/product-requests': { json: requests(true) },
      'POST /api/admin/amazon/import': { json: { created: 1, updated: 0, skipped: [], calls: 1 } },
    });
    const { user } = renderPage(<ProductRequestsList tabKey="import" />);
    const panel = await screen.findByRole('region', { name: /Products shoppers asked for/ });
    await within(panel).findByText('3 requests');
    const items = within(panel).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('B0WANTED01');
    expect(items[1]).toHaveTextContent('Amazon: no current offer on amazon.co.uk: out of stock or unavailable');
    expect(within(panel).getByRole('link', { name: /B0WANTED01/ })).toHaveAttribute('href', 'https://www.amazon.co.uk/dp/B0WANTED01');
    await user.click(within(panel).getByRole('button', { name: 'Fetch B0WANTED01 from Amazon' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/amazon/import')).toHaveLength(1));
    expect(api.callsTo('POST /api/admin/amazon/import')[0]!.body).toEqual({ asins: ['B0WANTED01'] });
  });

  it('without Amazon, says to add them by CSV and offers no fetch', async () => {
    fakeApi({ 'GET /api/admin/product-requests': { json: requests(false) } });
    renderPage(<ProductRequestsList tabKey="import" />);
    await screen.findByText(/Creators API is not configured, so add these with a CSV import/);
    expect(screen.queryByRole('button', { name: /Fetch .* from Amazon/ })).toBeNull();
  });
});

/** The one upload the panel makes, answered by the test with the progress stream's result line. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  url = '';
  status = 0;
  responseText = '';
  upload = { onprogress: null };
  onprogress: (() => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? 'application/x-ndjson; charset=utf-8' : null;
  }
  send() {
    FakeXhr.sent.push(this);
  }
  abort() {}
  answer(body: HistoryUploadResponse) {
    this.status = 200;
    this.responseText = `${JSON.stringify({ type: 'result', status: 200, body })}\n`;
    this.onload?.();
  }
}

afterEach(() => {
  FakeXhr.sent = [];
  vi.unstubAllGlobals();
});

describe('Import price history', () => {
  it('sends the file to the history upload and shows the report', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { user } = renderPage(<HistoryUploadPanel />);
    await user.upload(
      screen.getByLabelText('Price history CSV'),
      new File(['asin,observed_at,price\n'], 'history.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Import Price History' }));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.url).toBe('/api/admin/price-history/upload-csv');
    xhr.answer({
      committed: true,
      report: {
        layout: 'long-form',
        totalRows: 44,
        observationsAdded: 1,
        rowsAdded: 40,
        alreadyRecorded: 0,
        ignoredRows: 0,
        productsUpdated: 1,
        unknownAsins: [{ asin: 'B0NOTHELD1', rows: 2, firstLine: 43 }],
        rejected: [{ line: 42, asin: 'B0HISTKET1', reason: 'observed_at: not before the newest price we hold for this product' }],
        rejectedCount: 1,
        notes: [],
        durationMs: 12,
      },
    });
    const report = await screen.findByRole('region', { name: 'Price history report' });
    expect(report).toHaveTextContent('1 price observation added from 40 rows, for 1 product (re-judged now).');
    expect(report).toHaveTextContent('B0NOTHELD1: 2 rows from line 43');
    expect(report).toHaveTextContent('Line 42 (B0HISTKET1): observed_at: not before the newest price we hold for this product');
  });
});
