import { describe, expect, it } from 'vitest';
import { detectHistoryLayout, readHistoryRow, type HistoryLayout } from './history-csv.rules';

const now = new Date('2026-11-27T12:00:00Z');
const layoutOf = (header: string) => {
  const layout = detectHistoryLayout(header.split(','));
  if ('error' in layout) throw new Error(layout.error);
  return layout as HistoryLayout;
};

describe('price-history layouts', () => {
  it('reads our long form in its spellings, and says which columns a file lacks', () => {
    expect(layoutOf('ASIN,Observed At,Price').name).toBe('long-form');
    expect(layoutOf('asin,observedAt,price,notes').name).toBe('long-form');
    expect(detectHistoryLayout(['asin', 'title', 'price'])).toEqual({
      error: 'missing column observed_at: a price history needs asin,observed_at,price',
    });
    expect(detectHistoryLayout(['sku', 'date', 'price'])).toMatchObject({ error: expect.stringMatching(/^no asin column/) });
  });

  it("reads Keepa's long export: raw pence, -1 as no offer, keepa_minute without a timestamp, other series ignored", () => {
    const keepa = layoutOf('asin,keepa_domain,csv_index,series,keepa_minute,timestamp_utc,raw_value,value_gbp');
    expect(keepa.name).toBe('keepa');
    expect(readHistoryRow(['B0KEEPA001', '2', '1', 'NEW', '7000000', '2024-01-01T10:00Z', '1999', '19.99'], keepa, now)).toEqual({
      kind: 'point',
      asin: 'B0KEEPA001',
      observedAt: new Date('2024-01-01T10:00:00Z'),
      pricePence: 1999,
      series: 'NEW',
    });
    expect(readHistoryRow(['B0KEEPA001', '2', '0', 'AMAZON', '7000000', '2024-01-01T10:00Z', '-1', ''], keepa, now)).toMatchObject({
      kind: 'point',
      pricePence: null,
    });
    expect(readHistoryRow(['B0KEEPA001', '2', '2', 'USED', '7000000', '2024-01-01T10:00Z', '999', '9.99'], keepa, now)).toEqual({
      kind: 'ignored',
      asin: 'B0KEEPA001',
      series: 'USED',
    });
    expect(readHistoryRow(['B0KEEPA001', '1', '1', 'NEW', '7000000', '2024-01-01T10:00Z', '999', '9.99'], keepa, now)).toEqual({
      kind: 'other-marketplace',
      asin: 'B0KEEPA001',
      marketplace: 'amazon.com',
    });
    const minutes = layoutOf('asin,csv_index,keepa_minute,value');
    // Keepa minute 7,000,000 = (7,000,000 + 21,564,000) × 60,000 ms.
    expect(readHistoryRow(['B0KEEPA001', '18', '7000000', '£12.50'], minutes, now)).toEqual({
      kind: 'point',
      asin: 'B0KEEPA001',
      observedAt: new Date((7_000_000 + 21_564_000) * 60_000),
      pricePence: 1250,
      series: 'BUY_BOX_SHIPPING',
    });
  });

  it('rejects bad cells naming the column and the rule', () => {
    const long = layoutOf('asin,observed_at,price');
    expect(readHistoryRow(['B0LONG0001', '2026-11-28T12:00:00Z', '5.00'], long, now)).toEqual({
      kind: 'rejected',
      asin: 'B0LONG0001',
      reason: 'observed_at: must not be more than 5 minutes in the future',
    });
    expect(readHistoryRow(['B0LONG0001', '2026-01-01T09:00:00', '5.00'], long, now)).toMatchObject({
      reason: expect.stringMatching(/^observed_at: must be an ISO 8601 date or date-time with a time zone/),
    });
    expect(readHistoryRow(['B0LONG0001', '2026-01-01', '0.00'], long, now)).toMatchObject({ reason: 'price: must be above 0' });
    expect(readHistoryRow(['nope', '2026-01-01', '1.00'], long, now)).toEqual({
      kind: 'rejected',
      asin: 'NOPE',
      reason: 'asin: must be a 10-character ASIN',
    });
  });
});
