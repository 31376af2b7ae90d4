/**
 * The Alerts tab's server (admin-area §2 "Alerts tab", "Price Check History", §3, §9; issue 12 part
 * 2) on seeded products and alerts: the cards, alerts grouped by e-mail with search and paging,
 * "Check Prices Now" writing a manual log that the paginated history shows (failures first, at most
 * 100 lines a log, never more than 10 logs a page), the per-day outcome counts, and deleting an alert.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/admin.schema';
import { priceCheckLogs } from '../../db/schema/alerts.schema';
import { testEnv } from '../../env';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import { importNewPrice, seedAlerts, seedProducts } from '../price-checks/price-check.test-support';
import type { AdminAlertsResponse } from '../../../common/api/alerts.admin.schema';
import type { PriceCheckLogsResponse } from '../../../common/api/price-checks.schema';

const PUBLIC_URL = 'https://deals.example';
const NOW = new Date('2026-06-15T10:00:00Z');
let app: App;
let database: Database;
let close: () => Promise<void>;
let admin: AdminHeaders;
let alertIds: number[];

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env: testEnv({ PUBLIC_URL }), clock: () => NOW }));
  admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', NOW);
  const before = new Date('2026-06-14T10:00:00Z');
  await seedProducts(database.db, [
    { asin: 'B0ALERTA01', pricePence: 1000, priceAsOf: before },
    { asin: 'B0ALERTB01', pricePence: 2000, priceAsOf: before },
    { asin: 'B0ALERTC01', pricePence: 3000, priceAsOf: before },
  ]);
  alertIds = await seedAlerts(database.db, [
    { email: 'ann@example.com', asin: 'B0ALERTA01', currentPricePence: 1000 },
    { email: 'ann@example.com', asin: 'B0ALERTB01', currentPricePence: 2000, isActive: false },
    { email: 'bob@example.com', asin: 'B0ALERTC01', currentPricePence: 3000 },
    { email: 'cat@example.com', asin: 'B0GONE0001', currentPricePence: 500 }, // no longer in the catalogue
  ]);
});
afterAll(() => close?.());

const get = (url: string) => app.inject({ url, headers: { cookie: admin.cookie } });
const alerts = async (query = '') => (await get(`/api/admin/deal-alerts${query}`)).json() as AdminAlertsResponse;

describe('GET /api/admin/deal-alerts', () => {
  it('gives the cards and the alerts grouped by e-mail with their active counts', async () => {
    const body = await alerts();
    expect(body.stats).toEqual({ totalAlerts: 4, activeAlerts: 3, uniqueUsers: 3 });
    expect(body.groups.map((g) => [g.email, g.activeCount, g.alerts.length])).toEqual([
      ['ann@example.com', 1, 2],
      ['bob@example.com', 1, 1],
      ['cat@example.com', 1, 1],
    ]);
    const ann = body.groups[0]!.alerts.find((a) => a.productAsin === 'B0ALERTA01');
    expect(ann).toMatchObject({ isActive: true, lastCheckedAt: null, currentPrice: '10.00', priceChange: '0.00' });
    expect(body.pagination).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1 });
  });

  it('searches addresses and titles, and pages the groups', async () => {
    expect((await alerts('?search=BOB')).groups.map((g) => g.email)).toEqual(['bob@example.com']);
    expect((await alerts('?search=B0GONE')).groups.map((g) => g.email)).toEqual(['cat@example.com']);
    const second = await alerts('?page=2&limit=1');
    expect(second.groups.map((g) => g.email)).toEqual(['bob@example.com']);
    expect(second.pagination).toEqual({ page: 2, limit: 1, total: 3, totalPages: 3 });
    expect((await alerts('?page=9')).pagination.total).toBe(3);
    expect((await get('/api/admin/deal-alerts?limit=101')).json().message).toBe('limit: must be at most 100');
  });
});

describe('Check Prices Now and the price-check history', () => {
  it('checks every active alert, and the newest log shows the run with failures first', async () => {
    await importNewPrice(database.db, 'B0ALERTA01', 800, NOW); // −20 %
    await importNewPrice(database.db, 'B0ALERTC01', 3300, NOW); // +10 %
    const run = await app.inject({ method: 'POST', url: '/api/admin/price-checks', headers: { ...admin } });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ alertsChecked: 3, successfulChecks: 2, failedChecks: 1, drops: 1 });

    const history = (await get('/api/price-check-logs')).json() as PriceCheckLogsResponse;
    expect(history.pagination).toEqual({ page: 1, limit: 10, total: 1, totalPages: 1 });
    const [log] = history.logs;
    expect(log).toMatchObject({
      id: run.json().logId,
      triggerType: 'manual',
      alertsChecked: 3,
      successfulChecks: 2,
      failedChecks: 1,
      detailsTotal: 3,
    });
    const lines = JSON.parse(log!.details) as Array<{ asin: string; success: boolean; priceChangePercent: number | null }>;
    expect(lines.map((l) => [l.asin, l.success, l.priceChangePercent])).toEqual([
      ['B0GONE0001', false, null],
      ['B0ALERTA01', true, -20],
      ['B0ALERTC01', true, 10],
    ]);
    const ann = (await alerts('?search=ann')).groups[0]!.alerts.find((a) => a.productAsin === 'B0ALERTA01');
    expect(ann).toMatchObject({
      lastCheckedPrice: '8.00',
      priceChange: '-2.00',
      priceChangePercent: -20,
      lastCheckedAt: NOW.toISOString(),
    });
    const audit = (await database.db.select().from(auditLog)).find((e) => e.action === 'price-checks.run');
    expect(audit?.counts).toMatchObject({ checked: 3, failed: 1, drops: 1 });
  });

  it('counts the outcomes per London day, with zeros on days without runs', async () => {
    const res = await get('/api/admin/price-check-outcomes?days=7');
    expect(res.statusCode).toBe(200);
    const { days } = res.json();
    expect(days).toHaveLength(7);
    expect(days[0]).toEqual({ date: '2026-06-09', drops: 0, increases: 0, unchanged: 0, failures: 0 });
    expect(days[6]).toEqual({ date: '2026-06-15', drops: 1, increases: 1, unchanged: 0, failures: 1 });
    expect((await get('/api/admin/price-check-outcomes?days=91')).json().message).toBe('days: must be at most 90');
  });

  it('never sends more than 10 logs a page, nor more than 100 lines a log', async () => {
    const line = (i: number) => ({
      productTitle: `P${i}`,
      asin: `B0LINE${String(i).padStart(4, '0')}`,
      originalPrice: '1.00',
      newPrice: '1.00',
      priceChange: '0.00',
      priceChangePercent: 0,
      success: true,
    });
    await database.db.insert(priceCheckLogs).values(
      Array.from({ length: 11 }, (_, i) => ({
        triggerType: i % 2 ? 'cron' : 'initial',
        checkedAt: new Date(NOW.getTime() - (i + 1) * 3_600_000),
        alertsChecked: 150,
        successfulChecks: 150,
        details: Array.from({ length: 150 }, (_, j) => line(j)),
        // As migration 0030 fills the counts of a log written before it.
        productsChecked: 150,
        pricesUnchanged: 150,
      })),
    );
    const first = (await get('/api/price-check-logs')).json() as PriceCheckLogsResponse;
    expect(first.logs).toHaveLength(10);
    expect(first.pagination).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2 });
    expect(first.logs[1]).toMatchObject({ triggerType: 'initial', detailsTotal: 150 });
    expect(JSON.parse(first.logs[1]!.details)).toHaveLength(100);
    const second = (await get('/api/price-check-logs?page=2')).json() as PriceCheckLogsResponse;
    expect(second.logs).toHaveLength(2);
    const tooMany = await get('/api/price-check-logs?limit=11');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('limit: must be at most 10');
  });
});

describe('DELETE /api/admin/deal-alerts/:id', () => {
  it('deletes the alert, audits it by id, and answers 404 the second time', async () => {
    const id = alertIds[2]!;
    const res = await app.inject({ method: 'DELETE', url: `/api/admin/deal-alerts/${id}`, headers: { ...admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await alerts()).stats).toEqual({ totalAlerts: 3, activeAlerts: 2, uniqueUsers: 2 });
    const entry = (await database.db.select().from(auditLog)).find((e) => e.action === 'deal-alerts.delete');
    expect(entry?.target).toBe(`deal alert ${id}`);
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/deal-alerts/${id}`, headers: { ...admin } })).statusCode).toBe(404);
  });
});
