/**
 * Issue 29 "bulk actions on Users": `POST /api/admin/users/bulk` unsubscribes or erases the people
 * selected or every person matching the search; admin session only (401/403), the count confirmed
 * for matching and above 100, one transaction, an audit entry naming subscriber ids, never an address.
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
import { seedAlerts } from '../price-checks/price-check.test-support';
import type { UserAnalysisResponse } from '../../../common/api/preferences.admin.schema';

const PUBLIC_URL = 'https://deals.example';
const NOW = new Date('2026-06-15T10:00:00Z');
let app: App;
let database: Database;
let close: () => Promise<void>;
let admin: AdminHeaders;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env: testEnv({ PUBLIC_URL }), clock: () => NOW }));
  admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', NOW);
  await database.db.insert(subscribers).values([
    { email: 'amy@shop.test', consentSource: 'signup_page', confirmedAt: NOW },
    { email: 'ben@shop.test', consentSource: 'signup_page', confirmedAt: NOW },
    { email: 'cy@other.test', consentSource: 'signup_page', confirmedAt: NOW },
  ]);
  await seedAlerts(database.db, [
    { email: 'amy@shop.test', asin: 'B0PEOPLE01', currentPricePence: 100 },
    { email: 'dee@shop.test', asin: 'B0PEOPLE02', currentPricePence: 100 }, // no subscriber row
  ]);
});
afterAll(() => close?.());

const bulk = (payload: unknown, headers: Record<string, string> = admin) =>
  app.inject({ method: 'POST', url: '/api/admin/users/bulk', headers, payload: payload as object });
const users = async () =>
  ((await app.inject({ url: '/api/admin/user-analysis', headers: { cookie: admin.cookie } })).json() as UserAnalysisResponse).users;
const lastEntry = async () => (await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

describe('POST /api/admin/users/bulk', () => {
  it('refuses callers without an admin session (401) and without the site Origin (403)', async () => {
    expect((await bulk({ action: 'erase', emails: ['amy@shop.test'] }, {})).statusCode).toBe(401);
    expect((await bulk({ action: 'erase', emails: ['amy@shop.test'] }, { cookie: admin.cookie })).statusCode).toBe(403);
    expect((await users()).map((u) => u.email)).toContain('amy@shop.test');
  });

  it('names the field of a bad body', async () => {
    expect((await bulk({ action: 'erase', emails: ['not-an-address'] })).json().message).toBe('emails.0: must be a valid e-mail address');
    expect((await bulk({ action: 'forget', emails: ['amy@shop.test'] })).json().message).toBe('action: must be unsubscribe or erase');
  });

  it('unsubscribes the selected addresses, audited by subscriber id', async () => {
    const done = await bulk({ action: 'unsubscribe', emails: ['ben@shop.test', 'cy@other.test'] });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ action: 'unsubscribe', matched: 2, affected: 2, rowsErased: 0 });
    const list = await users();
    expect(list.find((u) => u.email === 'ben@shop.test')?.subscription).toBe('unsubscribed');
    expect(list.find((u) => u.email === 'amy@shop.test')?.subscription).toBe('confirmed');
    const entry = await lastEntry();
    expect(entry?.action).toBe('people.bulk-unsubscribe');
    expect(JSON.stringify(entry)).not.toContain('@');
    const [ben] = await database.db.select().from(subscribers).where(eq(subscribers.email, 'ben@shop.test'));
    expect(ben?.unsubscribeReason).toBe('admin');
    expect(JSON.stringify(entry?.counts)).toContain(String(ben?.id));
  });

  it('erases every person matching the search only with the confirmed count, in one go', async () => {
    const refused = await bulk({ action: 'erase', matching: { search: '@SHOP.test' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().count).toBe(3); // amy, ben, dee
    expect(await database.db.select().from(dealAlerts)).toHaveLength(2);
    const done = await bulk({ action: 'erase', matching: { search: '@shop.test' }, confirmCount: 3 });
    expect(done.json()).toMatchObject({ action: 'erase', matched: 3, affected: 3 });
    expect((await users()).map((u) => u.email)).toEqual(['cy@other.test']);
    expect(await database.db.select().from(dealAlerts)).toHaveLength(0);
    const entry = await lastEntry();
    expect(entry?.action).toBe('people.bulk-erase');
    const detail = (entry?.counts as Record<string, unknown>)['$detail'] as { deleted: string[]; deletedTotal: number };
    expect(detail.deletedTotal).toBe(3);
    expect(detail.deleted).toHaveLength(2); // dee had no subscriber row
    expect(detail.deleted[0]).toMatch(/^subscriber \d+$/);
    expect(JSON.stringify(entry)).not.toContain('@');
  });
});
