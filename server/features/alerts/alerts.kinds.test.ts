/**
 * Alert kinds through HTTP (issue 30): `POST /api/deal-alerts` takes `alertType` (with
 * `targetPrice` or `dropPercent` where the kind needs one), answers and lists carry it with the kind
 * in words, today's clients keep working (a target means target_price, none any_drop), and a caller
 * without the visitor token neither sees nor alters another's alerts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { products } from '../../db/schema/catalogue.schema';
import { testEnv } from '../../env';
import { createTestApp } from '../../test-support/test-app';

const env = testEnv({ PUBLIC_URL: 'https://deals.example' });
const now = new Date('2026-08-01T10:00:00Z');
let database: Database;
let app: App;
let close: () => Promise<void>;

const ASINS = ['B0KIND0001', 'B0KIND0002', 'B0KIND0003', 'B0KIND0004', 'B0KIND0005', 'B0KIND0006'];

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env, clock: () => now }));
  await database.db
    .insert(products)
    .values(ASINS.map((asin, i) => ({ asin, title: `Kind product ${i}`, pricePence: 5000, priceAsOf: now })));
});

afterAll(() => close?.());

const post = (payload: Record<string, unknown>, token?: string) =>
  app.inject({ method: 'POST', url: '/api/deal-alerts', payload, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });

describe('POST /api/deal-alerts with alertType', () => {
  it('stores each kind and answers it with its words; lists carry them too', async () => {
    const email = 'kinds@example.com';
    const first = await post({ productAsin: ASINS[0], userEmail: email, alertType: 'target_price', targetPrice: '40' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ alertType: 'target_price', targetPrice: '40.00', dropPercent: null, alertKind: 'Below £40' });
    const token = first.json().visitorToken as string;
    const kinds: Array<[Record<string, unknown>, Record<string, unknown>]> = [
      [
        { alertType: 'percent_drop', dropPercent: 10 },
        { alertType: 'percent_drop', dropPercent: 10, targetPrice: null, alertKind: 'Drops 10 %' },
      ],
      [
        { alertType: 'any_drop', targetPrice: '30' },
        { alertType: 'any_drop', targetPrice: null, alertKind: 'Any drop' },
      ],
      [{ alertType: 'lowest_price' }, { alertType: 'lowest_price', alertKind: 'New lowest price' }],
      [{ alertType: 'back_in_stock' }, { alertType: 'back_in_stock', alertKind: 'Back in stock' }],
    ];
    for (const [i, [ask, answer]] of kinds.entries()) {
      const res = await post({ productAsin: ASINS[i + 1], userEmail: email, ...ask }, token);
      expect(res.statusCode, JSON.stringify(ask)).toBe(201);
      expect(res.json()).toMatchObject(answer);
    }
    const list = await app.inject({ method: 'GET', url: '/api/deal-alerts', headers: { authorization: `Bearer ${token}` } });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((a: { alertKind: string }) => a.alertKind)).toEqual([
      'Back in stock',
      'New lowest price',
      'Any drop',
      'Drops 10 %',
      'Below £40',
    ]);
  });

  it('keeps today\u2019s clients working: a target means target_price, none any_drop, and asking again keeps the kind', async () => {
    const email = 'legacy@example.com';
    const target = await post({ productAsin: ASINS[0], userEmail: email, targetPrice: '£45.50' });
    expect(target.json()).toMatchObject({ alertType: 'target_price', targetPrice: '45.50', alertKind: 'Below £45.50' });
    const token = target.json().visitorToken as string;
    const plain = await post({ productAsin: ASINS[1], userEmail: email }, token);
    expect(plain.json()).toMatchObject({ alertType: 'any_drop', targetPrice: null });
    // The same alert asked for again without a kind or target: unchanged kind and target (200).
    const again = await post({ productAsin: ASINS[0], userEmail: email }, token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ alertType: 'target_price', targetPrice: '45.50' });
    // Asked again as a percentage drop: it becomes one, and the target goes.
    const changed = await post({ productAsin: ASINS[0], userEmail: email, alertType: 'percent_drop', dropPercent: '15' }, token);
    expect(changed.json()).toMatchObject({ alertType: 'percent_drop', dropPercent: 15, targetPrice: null, alertKind: 'Drops 15 %' });
  });

  it('answers 400 naming the field and the rule', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ alertType: 'target_price' }, 'targetPrice: is required for a target_price alert'],
      [{ alertType: 'percent_drop' }, 'dropPercent: is required for a percent_drop alert'],
      [{ alertType: 'percent_drop', dropPercent: 0 }, 'dropPercent: must be a whole number from 1 to 90'],
      [{ alertType: 'percent_drop', dropPercent: 91 }, 'dropPercent: must be a whole number from 1 to 90'],
      [{ alertType: 'percent_drop', dropPercent: 12.5 }, 'dropPercent: must be a whole number from 1 to 90'],
      [{ alertType: 'price_rise' }, 'alertType: must be one of target_price, percent_drop, any_drop, lowest_price, back_in_stock'],
    ];
    for (const [ask, message] of cases) {
      const res = await post({ productAsin: ASINS[5], userEmail: 'bad@example.com', ...ask });
      expect(res.statusCode, JSON.stringify(ask)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('a caller without the visitor token cannot see or alter another browser\u2019s alerts', async () => {
    const mine = await post({ productAsin: ASINS[2], userEmail: 'owner@example.com', alertType: 'back_in_stock' });
    const { id, visitorToken } = mine.json() as { id: number; visitorToken: string };
    expect((await app.inject({ method: 'GET', url: '/api/deal-alerts?email=owner@example.com' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: `/api/deal-alerts/${id}` })).statusCode).toBe(401);
    // A stranger's token (another address) is refused the list and gets 404 on delete.
    const stranger = (await post({ productAsin: ASINS[3], userEmail: 'stranger@example.com' })).json().visitorToken as string;
    const asStranger = { authorization: `Bearer ${stranger}` };
    expect((await app.inject({ method: 'GET', url: '/api/deal-alerts?email=owner@example.com', headers: asStranger })).statusCode).toBe(
      403,
    );
    expect((await app.inject({ method: 'DELETE', url: `/api/deal-alerts/${id}`, headers: asStranger })).statusCode).toBe(404);
    // The stranger asking for the owner's alert with another kind leaves it untouched.
    await post({ productAsin: ASINS[2], userEmail: 'owner@example.com', alertType: 'any_drop' }, stranger);
    const list = await app.inject({ method: 'GET', url: '/api/deal-alerts', headers: { authorization: `Bearer ${visitorToken}` } });
    expect(list.json()).toEqual([expect.objectContaining({ id, alertType: 'back_in_stock' })]);
  });
});
