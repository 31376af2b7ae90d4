/**
 * The unsubscribes tab's server (admin-area §2 "Unsubscribes tab", §3 "Unsubscribe stats"; issue 12
 * part 1) on seeded records: exact card figures, top reasons, the last 10, IP addresses cut to /24
 * and /48 in lists, and the whole address only when the owner opens one record (audited by id).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/admin.schema';
import { subscribers, unsubscribeRecords } from '../../db/schema/visitors.schema';
import { testEnv } from '../../env';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import type { UnsubscribesResponse, UnsubscribeStats } from '../../../common/api/subscriptions.admin.schema';

const PUBLIC_URL = 'https://deals.example';
let app: App;
let database: Database;
let close: () => Promise<void>;
let admin: AdminHeaders;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env: testEnv({ PUBLIC_URL }) }));
  admin = await signInAsAdmin(app, database, PUBLIC_URL);
  const reasons = ['Too many e-mails', 'Too many e-mails', 'Too many e-mails', 'Not relevant', 'Not relevant', 'visited_unsubscribe_page'];
  // 12 records: the 6 reasons twice, one minute apart; the newest is the last inserted.
  const rows = Array.from({ length: 12 }, (_, i) => ({
    email: i % 4 === 0 ? null : `user${i}@example.com`,
    reason: reasons[i % 6] as string,
    visitedPath: '/unsubscribe',
    userAgent: 'Safari',
    ipAddress: i % 2 === 0 ? `198.51.100.${i + 10}` : `2001:db8:abcd:${i}::1`,
    referrer: null,
    effective: i % 3 === 0,
    createdAt: new Date(Date.UTC(2026, 5, 1, 9, i)),
  }));
  await database.db.insert(unsubscribeRecords).values(rows);
  await database.db.insert(subscribers).values([
    { email: 'gone@example.com', consentSource: 'signup_page', unsubscribedAt: new Date(), unsubscribeReason: 'x' },
    { email: 'here@example.com', consentSource: 'signup_page', confirmedAt: new Date() },
  ]);
});
afterAll(() => close?.());

const get = (url: string) => app.inject({ url, headers: { cookie: admin.cookie } });

describe('the unsubscribes tab', () => {
  it('gives the cards, the top reasons and the last 10 from the rows', async () => {
    const stats = (await get('/api/admin/unsubscribe-stats')).json() as UnsubscribeStats;
    expect(stats.totalUnsubscribes).toBe(12);
    // One meaning per word (issue 29): 2 of the 12 records are page visits, 10 are requests, and 1 address is unsubscribed.
    expect(stats.pageVisits).toBe(2);
    expect(stats.unsubscribeRequests).toBe(10);
    expect(stats.unsubscribedAddresses).toBe(1);
    expect(stats.topReasons).toEqual([
      { reason: 'Too many e-mails', count: 6 },
      { reason: 'Not relevant', count: 4 },
      { reason: 'visited_unsubscribe_page', count: 2 },
    ]);
    expect(stats.recentUnsubscribes).toHaveLength(10);
    expect(stats.recentUnsubscribes[0]).toMatchObject({ email: 'user11@example.com', createdAt: '2026-06-01T09:11:00.000Z' });
  });

  it('lists records with IPs cut to /24 and /48, Anonymous as null', async () => {
    const list = (await get('/api/admin/unsubscribes')).json() as UnsubscribesResponse;
    expect(list.total).toBe(12);
    const byEmail = (email: string | null) => list.unsubscribes.filter((r) => r.email === email);
    expect(byEmail('user11@example.com')[0]?.ipAddress).toBe('2001:db8:abcd::/48');
    expect(byEmail('user10@example.com')[0]?.ipAddress).toBe('198.51.100.0/24');
    expect(byEmail(null)).toHaveLength(3);
    // Page visits are their own kind (never shown as a link e-mailed); the rest are requests.
    expect(list.unsubscribes.filter((r) => r.kind === 'page-visit').map((r) => r.reason)).toEqual([
      'visited_unsubscribe_page',
      'visited_unsubscribe_page',
    ]);
    expect(list.unsubscribes.filter((r) => r.kind === 'request')).toHaveLength(10);
    expect(JSON.stringify(list)).not.toMatch(/198\.51\.100\.(?!0\/24)/);
  });

  it('sends the whole IP only for an opened record, and logs the opening without it', async () => {
    const list = (await get('/api/admin/unsubscribes')).json() as UnsubscribesResponse;
    const target = list.unsubscribes.find((r) => r.email === 'user10@example.com')!;
    const opened = await get(`/api/admin/unsubscribes/${target.id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().ipAddress).toBe('198.51.100.20');
    const entry = (await database.db.select().from(auditLog)).find((e) => e.action === 'unsubscribes.ip-viewed');
    expect(entry?.target).toBe(`unsubscribe record ${target.id}`);
    expect((await get('/api/admin/unsubscribes/0')).json().message).toBe('id: must be a positive number');
  });
});
