/**
 * A log line is written in SQL (price-check.queries.ts `logLineSql`, issue 7) and an alert's result
 * in JavaScript (price-check-judge.rules.ts `resultOf`): for every previous price and new price they
 * must show the same pound strings and the same percentage (admin-area §3 "Price check log";
 * shopper-screens §3). Runs on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { createTestDatabase } from '../../test-support/test-db';
import { resultOf } from './price-check-judge.rules';
import { logLineSql, type PriceCheckLogDetail } from './price-check.queries';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const PREVIOUS = [null, 0, 1, 3, 7, 99, 100, 999, 1000, 1599, 2000, 3333, 20_001, 99_999_999, 100_000_000];
const NEW = [1, 2, 5, 99, 100, 101, 667, 999, 1000, 1001, 1299, 1999, 2250, 6666, 99_999_999, 100_000_000];

async function linesInSql(cases: Array<{ previous: number | null; price: number | null }>): Promise<PriceCheckLogDetail[]> {
  const result = await database.db.execute(sql`
    select ${logLineSql({ title: sql`'Kettle'`, asin: sql`'B0LINES001'`, previous: sql`c.previous`, price: sql`c.price`, error: sql`'no price'` })} as line
    from unnest(${sql.param(cases.map((c) => c.previous))}::int[], ${sql.param(cases.map((c) => c.price))}::int[])
      with ordinality as c(previous, price, n)
    order by c.n`);
  return rowsOf<{ line: PriceCheckLogDetail | string }>(result).map((r) =>
    typeof r.line === 'string' ? (JSON.parse(r.line) as PriceCheckLogDetail) : r.line,
  );
}

describe('a log line', () => {
  it('shows what the alert result shows, for every previous and new price', async () => {
    const cases = PREVIOUS.flatMap((previous) => NEW.map((price) => ({ previous, price })));
    const lines = await linesInSql(cases);
    expect(lines).toHaveLength(cases.length);
    const expected = cases.map(({ previous, price }): PriceCheckLogDetail => {
      const r = resultOf(
        { alertId: 1, asin: 'B0LINES001', previousPence: previous, title: 'Kettle', pricePence: price, asOf: null },
        new Map(),
      );
      return {
        productTitle: 'Kettle',
        asin: 'B0LINES001',
        originalPrice: r.originalPrice,
        newPrice: r.currentPrice,
        priceChange: r.priceChange,
        // As stored before issue 7: through JSON, where -0 (a tiny fall rounded) is written 0.
        priceChangePercent: r.priceChangePercent === 0 ? 0 : r.priceChangePercent,
        success: true,
      };
    });
    expect(lines).toEqual(expected);
    expect(lines.some((l) => Object.is(l.priceChangePercent, 0) && l.priceChange?.startsWith('-'))).toBe(true);
  });

  it('says why a product failed, with the last price seen', async () => {
    const [line] = await linesInSql([{ previous: 1599, price: null }]);
    expect(line).toEqual({
      productTitle: 'Kettle',
      asin: 'B0LINES001',
      originalPrice: '15.99',
      newPrice: null,
      priceChange: null,
      priceChangePercent: null,
      success: false,
      error: 'no price',
    });
  });
});
