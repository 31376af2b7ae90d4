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
import { ALERT_TYPES } from '../../../common/alert-kinds';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** Every combination of what an alert remembers, by kind, around a price of 10.00 and observations 1 and 2. */
function memories(): AlertMemory[] {
  const out: AlertMemory[] = [];
  for (const alertType of ALERT_TYPES)
    for (const currentPricePence of [null, 1000])
      for (const lastCheckedPricePence of [null, 900, 1000, 1100])
        for (const targetPricePence of alertType === 'target_price' ? [null, 950, 1000] : [null])
          for (const dropPercent of alertType === 'percent_drop' ? [null, 5, 10] : [null])
            for (const lastNotifiedPricePence of alertType === 'target_price' || alertType === 'percent_drop'
              ? [null, 950, 1000]
              : [null, 950])
              for (const lastObservationId of alertType === 'back_in_stock' ? [1] : [null, 1, 2])
                for (const lastInStock of alertType === 'back_in_stock' ? [null, false, true] : [null])
                  for (const isActive of [true, false])
                    out.push({
                      alertType,
                      currentPricePence,
                      lastCheckedPricePence,
                      targetPricePence,
                      dropPercent,
                      lastNotifiedPricePence,
                      lastObservationId,
                      lastInStock,
                      isActive,
                    });
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
    const cases = [900, 950, 1000, 1100].flatMap((price) =>
      [1, 2].flatMap((observation) =>
        [
          { lowest: false, inStock: null },
          { lowest: true, inStock: true },
          { lowest: false, inStock: false },
        ].map((facts) => ({ price, observation, ...facts })),
      ),
    );
    const result = await database.db.execute(sql`
      select ${dealAlerts.id} as id, v.price, v.observation, v.lowest, v.in_stock,
        ${notifySql(sql`v.price`, sql`v.observation`, { lowestEver: sql`v.lowest`, inStock: sql`v.in_stock` })} as notify
      from ${dealAlerts}
        cross join unnest(${sql.param(cases.map((c) => c.price))}::int[], ${sql.param(cases.map((c) => c.observation))}::int[],
          ${sql.param(cases.map((c) => c.lowest))}::boolean[], ${sql.param(cases.map((c) => c.inStock))}::boolean[])
          as v(price, observation, lowest, in_stock)
      where ${dealAlerts.productAsin} = 'B0RULES001'`);
    const answers = rowsOf<{
      id: number | string;
      price: number;
      observation: number;
      lowest: boolean;
      in_stock: boolean | null;
      notify: boolean;
    }>(result);
    expect(answers).toHaveLength(states.length * cases.length);

    const stateById = new Map(rows.map((r, i) => [r.id, states[i]!]));
    const disagreements = answers.filter((a) => {
      const state = stateById.get(Number(a.id))!;
      return judgeAlert(state, a.price, a.observation, { lowestEver: a.lowest, inStock: a.in_stock }).shouldNotify !== a.notify;
    });
    expect(disagreements).toEqual([]);
    // The grid reaches both answers, and every reason to stay silent.
    expect(answers.filter((a) => a.notify).length).toBeGreaterThan(100);
    expect(answers.filter((a) => !a.notify).length).toBeGreaterThan(100);
    // Every kind fires somewhere and stays silent somewhere.
    for (const kind of ALERT_TYPES) {
      const ofKind = answers.filter((a) => stateById.get(Number(a.id))!.alertType === kind);
      expect(
        ofKind.some((a) => a.notify),
        kind,
      ).toBe(true);
      expect(
        ofKind.some((a) => !a.notify),
        kind,
      ).toBe(true);
    }
  });
});

describe('each kind', () => {
  const base: AlertMemory = {
    alertType: 'any_drop',
    currentPricePence: 1000,
    lastCheckedPricePence: 1000,
    targetPricePence: null,
    dropPercent: null,
    lastNotifiedPricePence: null,
    lastObservationId: 1,
    lastInStock: null,
    isActive: true,
  };
  const facts = { lowestEver: false, inStock: null };

  it('target_price fires at or below the target, not above it, and re-arms after leaving it', () => {
    const target = { ...base, alertType: 'target_price' as const, targetPricePence: 950 };
    expect(judgeAlert(target, 960, 2).shouldNotify).toBe(false); // a drop above the target is not news for this kind
    expect(judgeAlert(target, 950, 2).shouldNotify).toBe(true);
    // Told at £9.50; a new observation at £9.50 again is not news, a lower price is.
    const told = { ...target, lastCheckedPricePence: 950, lastNotifiedPricePence: 950 };
    expect(judgeAlert(told, 950, 3).shouldNotify).toBe(false);
    expect(judgeAlert(told, 940, 3).shouldNotify).toBe(true);
    // The price rose above the target and came back to £9.50: re-armed.
    expect(judgeAlert({ ...told, lastCheckedPricePence: 1100 }, 950, 4).shouldNotify).toBe(true);
  });

  it('percent_drop fires at N % under the price when it was set, not at N − 1 %', () => {
    const tenPercent = { ...base, alertType: 'percent_drop' as const, dropPercent: 10 };
    expect(judgeAlert(tenPercent, 901, 2).shouldNotify).toBe(false);
    expect(judgeAlert(tenPercent, 900, 2).shouldNotify).toBe(true);
  });

  it('any_drop fires on any fall; lowest_price only on a fall to the lowest we have recorded', () => {
    expect(judgeAlert(base, 999, 2).shouldNotify).toBe(true);
    expect(judgeAlert(base, 999, 1).shouldNotify).toBe(false); // the observation was already judged
    const lowest = { ...base, alertType: 'lowest_price' as const };
    expect(judgeAlert(lowest, 900, 2, facts).shouldNotify).toBe(false);
    expect(judgeAlert(lowest, 900, 2, { ...facts, lowestEver: true }).shouldNotify).toBe(true);
  });

  it('back_in_stock fires when the alert last saw the product out of stock, whatever the price', () => {
    const stock = { ...base, alertType: 'back_in_stock' as const, lastInStock: false };
    expect(judgeAlert(stock, 1200, 1, { ...facts, inStock: true }).shouldNotify).toBe(true);
    expect(judgeAlert(stock, 1200, 1, { ...facts, inStock: false }).shouldNotify).toBe(false);
    expect(judgeAlert({ ...stock, lastInStock: null }, 1200, 1, { ...facts, inStock: true }).shouldNotify).toBe(false);
    expect(judgeAlert({ ...stock, lastInStock: true }, 1200, 1, { ...facts, inStock: true }).shouldNotify).toBe(false);
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
