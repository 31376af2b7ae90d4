/**
 * The notification rule twice (issue part 7 "Evaluation"; issue 7): `judgeAlert` in JavaScript and
 * `notifySql`, the same rule as the price check applies it in SQL over a whole run, must give the same
 * answer for every alert state, new price and observation. Runs on the test database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { dealAlerts } from '../../db/schema/alerts.schema';
import { createTestDatabase } from '../../test-support/test-db';
import { notifySql } from './price-check.queries';
import { judgeAlert, priceChange, type AlertMemory } from './price-drop.rules';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** Every combination of what an alert remembers, around a price of 10.00 and observations 1 and 2. */
function memories(): AlertMemory[] {
  const out: AlertMemory[] = [];
  for (const currentPricePence of [null, 1000])
    for (const lastCheckedPricePence of [null, 900, 1000, 1100])
      for (const targetPricePence of [null, 950, 1000])
        for (const lastNotifiedPricePence of [null, 950, 1000])
          for (const lastObservationId of [null, 1, 2])
            for (const isActive of [true, false])
              out.push({ currentPricePence, lastCheckedPricePence, targetPricePence, lastNotifiedPricePence, lastObservationId, isActive });
  return out;
}

describe('who is told about a price', () => {
  it('is the same in SQL as in judgeAlert for every alert state, price and observation', async () => {
    const states = memories();
    const rows = await database.db
      .insert(dealAlerts)
      .values(
        states.map((m, i) => ({
          userEmail: `rule${i}@example.com`,
          productAsin: 'B0RULES001',
          productTitle: 'Rules',
          ...m,
        })),
      )
      .returning({ id: dealAlerts.id });
    const cases = [900, 950, 1000, 1100].flatMap((price) => [1, 2].map((observation) => ({ price, observation })));
    const result = await database.db.execute(sql`
      select ${dealAlerts.id} as id, v.price, v.observation,
        ${notifySql(sql`v.price`, sql`v.observation`)} as notify
      from ${dealAlerts}
        cross join unnest(${sql.param(cases.map((c) => c.price))}::int[], ${sql.param(cases.map((c) => c.observation))}::int[])
          as v(price, observation)
      where ${dealAlerts.productAsin} = 'B0RULES001'`);
    const answers = rowsOf<{ id: number | string; price: number; observation: number; notify: boolean }>(result);
    expect(answers).toHaveLength(states.length * cases.length);

    const stateById = new Map(rows.map((r, i) => [r.id, states[i]!]));
    const disagreements = answers.filter((a) => {
      const state = stateById.get(Number(a.id))!;
      return judgeAlert(state, a.price, a.observation).shouldNotify !== a.notify;
    });
    expect(disagreements).toEqual([]);
    // The grid reaches both answers, and every reason to stay silent.
    expect(answers.filter((a) => a.notify).length).toBeGreaterThan(100);
    expect(answers.filter((a) => !a.notify).length).toBeGreaterThan(100);
  });
});

describe('a price change', () => {
  it('is a drop, a rise or no change against the last price seen, with a two-decimal percentage', () => {
    expect(priceChange(1599, 1299)).toEqual({
      previousPence: 1599,
      status: 'drop',
      isPriceDrop: true,
      changePence: -300,
      changePercent: -18.76,
    });
    expect(priceChange(2000, 2250)).toMatchObject({ status: 'increase', isPriceDrop: false, changePence: 250, changePercent: 12.5 });
    expect(priceChange(2000, 2000)).toMatchObject({ status: 'unchanged', changePence: 0, changePercent: 0 });
    expect(priceChange(null, 2000)).toEqual({
      previousPence: null,
      status: 'unchanged',
      isPriceDrop: false,
      changePence: null,
      changePercent: null,
    });
  });
});
