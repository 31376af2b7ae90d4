/**
 * Issue 29 on the Alerts tab's server: "active" means active AND subscribed (the card, the group
 * counts and the 'active' filter agree), and the bulk actions (deactivate / delete the selected
 * alerts or every alert matching the filter): admin session only, the count confirmed for
 * matching and above 100, one transaction, an audit entry naming the alert ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/admin.schema';
import { dealAlerts } from '../../db/schema/alerts.schema';
import { subscribers } from '../../db/schema/visitors.schema';
import { testEnv } from '../../env';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import { seedAlerts, seedProducts } from '../price-checks/price-check.test-support';
import type { AdminAlertsResponse } from '../../../common/api/alerts.admin.schema';

const PUBLIC_URL = 'https://deals.example';
const NOW = new Date('2026-06-15T10:00:00Z');
let app: App;
let database: Database;
let close: () => Promise<void>;
let admin: AdminHeaders;
let ids: number[];

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env: testEnv({ PUBLIC_URL }), clock: () => NOW }));
  admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', NOW);
  await seedProducts(database.db, [{ asin: 'B0BULKA001', pricePence: 1000, priceAsOf: NOW }]);
  ids = await seedAlerts(database.db, [
    { email: 'ann@example.com', asin: 'B0BULKA001', currentPricePence: 1000 },
    { email: 'ann@example.com', asin: 'B0BULKA002', currentPricePence: 1000 },
    { email: 'gone@example.com', asin: 'B0BULKA001', currentPricePence: 1000 },
    { email: 'gone@example.com', asin: 'B0BULKA003', currentPricePence: 1000 },
    { email: 'zed@example.com', asin: 'B0BULKA004', currentPricePence: 1000, isActive: false },
  ]);
  // gone@ unsubscribed: its alerts keep is_active but are not active to an owner.
  await database.db.insert(subscribers).values({ email: 'gone@example.com', consentSource: 'deal_alert', unsubscribedAt: NOW });
});
afterAll(() => close?.());

const list = async (query = '') =>
  (await app.inject({ url: `/api/admin/deal-alerts${query}`, headers: { cookie: admin.cookie } })).json() as AdminAlertsResponse;
const bulk = (payload: unknown, headers: Record<string, string> = admin) =>
  app.inject({ method: 'POST', url: '/api/admin/deal-alerts/bulk', headers, payload: payload as object });

describe('Active means active and subscribed', () => {
  it('the card, the group counts and the active filter count the same alerts', async () => {
    const all = await list();
    expect(all.stats).toEqual({ totalAlerts: 5, activeAlerts: 2, uniqueUsers: 3 });
    const gone = all.groups.find((g) => g.email === 'gone@example.com')!;
    expect(gone).toMatchObject({ activeCount: 0, unsubscribed: true });
    expect(all.groups.find((g) => g.email === 'ann@example.com')).toMatchObject({ activeCount: 2, unsubscribed: false });
    const active = await list('?state=active');
    expect(active.groups.flatMap((g) => g.alerts.map((a) => a.id)).sort()).toEqual([ids[0], ids[1]].sort());
    const inactive = await list('?state=inactive');
    expect(inactive.groups.flatMap((g) => g.alerts).length).toBe(3);
    expect((await app.inject({ url: '/api/admin/deal-alerts?state=on', headers: { cookie: admin.cookie } })).json().message).toBe(
      'state: must be all, active or inactive',
    );
  });
});

describe('POST /api/admin/deal-alerts/bulk', () => {
  it('refuses callers without an admin session (401) and without the site Origin (403)', async () => {
    expect((await bulk({ action: 'delete', ids: [ids[0]] }, {})).statusCode).toBe(401);
    expect((await bulk({ action: 'delete', ids: [ids[0]] }, { cookie: admin.cookie })).statusCode).toBe(403);
    expect(await database.db.select().from(dealAlerts).where(eq(dealAlerts.id, ids[0]!))).toHaveLength(1);
  });

  it('names the field of a bad body', async () => {
    expect((await bulk({ action: 'pause', ids: [1] })).json().message).toBe('action: must be deactivate or delete');
    expect((await bulk({ action: 'delete' })).json().message).toBe('ids: give either ids or matching, not both');
  });

  it('deactivates every alert matching the filter once the count is confirmed, audited with the ids', async () => {
    const refused = await bulk({ action: 'deactivate', matching: { search: 'ann@', state: 'active' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().count).toBe(2);
    expect((await list()).stats.activeAlerts).toBe(2);
    const done = await bulk({ action: 'deactivate', matching: { search: 'ann@', state: 'active' }, confirmCount: 2 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ action: 'deactivate', matched: 2, affected: 2 });
    expect((await list()).stats.activeAlerts).toBe(0);
    const [entry] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry?.action).toBe('deal-alerts.bulk-deactivate');
    expect(JSON.stringify(entry?.counts)).toContain(`${ids[0]}, ${ids[1]}`);
    expect(JSON.stringify(entry)).not.toContain('@');
  });

  it('deletes selected ids (any page) in one go, audited with the ids', async () => {
    const done = await bulk({ action: 'delete', ids: [ids[2]!, ids[3]!, 999_999] });
    expect(done.json()).toEqual({ action: 'delete', matched: 2, affected: 2 });
    expect((await list()).stats.totalAlerts).toBe(3);
    const [entry] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry?.action).toBe('deal-alerts.bulk-delete');
    expect((entry?.counts as Record<string, unknown>)['$detail']).toEqual({
      deleted: [`alert ${ids[2]}`, `alert ${ids[3]}`],
      deletedTotal: 2,
    });
  });
});
