/**
 * The signups tab's server (admin-area §2 "Signups tab", §4, §9; issue 12 part 1) on a fresh
 * PGlite with seeded signups and clicks: the exact figures of the cards (today in Europe/London),
 * the click summary (one decimal), the top clickers, the click list, the CSV export (formula-safe),
 * and deleting one or many signups with their addresses' clicks, audited without addresses.
 * Issue 25: each signup shows its address's subscriber status in the list and the CSV, and the
 * confirmed-addresses list (Copy Email List) leaves out unconfirmed and unsubscribed addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/admin.schema';
import { signups } from '../../db/schema/engagement.schema';
import { productClicks } from '../../db/schema/product-clicks.schema';
import { subscribers } from '../../db/schema/visitors.schema';
import { testEnv } from '../../env';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import type { SignupsResponse } from '../../../common/api/signups.admin.schema';

const PUBLIC_URL = 'https://deals.example';
// 00:30 on 16 June in London (BST): a signup at 23:10 UTC on the 15th is "today", one at 22:50 UTC is not.
const NOW = new Date('2026-06-15T23:30:00Z');
const NEW_USER_TAG = 'dealalertsnew-21';

let app: App;
let database: Database;
let close: () => Promise<void>;
let admin: AdminHeaders;
const ids: Record<string, number> = {};

async function addSignup(key: string, email: string, source: string, at: string, referrer: string | null = null) {
  const [row] = await database.db
    .insert(signups)
    .values({ email, source, consentWording: 'wording', consentAt: new Date(at), confirmationQueued: true, referrer, userAgent: 'Firefox' })
    .returning({ id: signups.id });
  ids[key] = row!.id;
}

async function addClicks(email: string | null, count: number, tag = 'dealalertsuk-21', from = '2026-06-14T10:00:00Z') {
  for (let i = 0; i < count; i++) {
    await database.db.insert(productClicks).values({
      email,
      asin: `B0CLICK00${i}`,
      title: `Product ${i}`,
      clickType: 'shop',
      pricePence: 1999 + i,
      affiliateTag: tag,
      destinationUrl: `https://www.amazon.co.uk/dp/B0CLICK00${i}?tag=${tag}`,
      recordedBy: 'redirect',
      clickedAt: new Date(new Date(from).getTime() + i * 60_000),
    });
  }
}

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({
    env: testEnv({ PUBLIC_URL, AFFILIATE_TAG_NEW_USER: NEW_USER_TAG }),
    clock: () => NOW,
  }));
  admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', NOW);
  await addSignup('annOld', 'ann@example.com', 'signup_page', '2026-06-01T09:00:00Z');
  await addSignup('dan', 'dan@example.com', 'partner_site', '2026-06-12T09:00:00Z', '=HYPERLINK("http://evil.example","open")');
  await addSignup('bob', 'bob@example.com', 'signup_page', '2026-06-15T22:50:00Z');
  await addSignup('ann', 'ann@example.com', 'signup_popup', '2026-06-15T23:10:00Z', 'https://www.google.co.uk/search?q=air+fryer+deals');
  await addClicks('ann@example.com', 2);
  await addClicks('ann@example.com', 1, NEW_USER_TAG, '2026-06-15T12:00:00Z');
  await addClicks('bob@example.com', 1);
  await addClicks('eve@example.com', 4); // clicked, never signed up
  await addClicks(null, 2); // anonymous
  // ann confirmed; bob confirmed, then unsubscribed; dan never confirmed; eve (no signup) confirmed.
  await database.db.insert(subscribers).values([
    { email: 'ann@example.com', consentSource: 'signup_popup', confirmedAt: new Date('2026-06-02T09:00:00Z') },
    {
      email: 'bob@example.com',
      consentSource: 'signup_page',
      confirmedAt: new Date('2026-06-15T22:55:00Z'),
      unsubscribedAt: new Date('2026-06-15T23:00:00Z'),
    },
    { email: 'dan@example.com', consentSource: 'partner_site' },
    { email: 'eve@example.com', consentSource: 'deal_alert', confirmedAt: new Date('2026-06-02T09:00:00Z') },
  ]);
});
afterAll(() => close?.());

const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
const del = (url: string, payload?: Record<string, unknown>) =>
  app.inject({ method: 'DELETE', url, headers: { ...admin }, ...(payload === undefined ? {} : { payload }) });

describe('GET /api/admin/signups', () => {
  it('gives the cards, the click summary and the top clickers from the rows', async () => {
    const res = await get('/api/admin/signups');
    expect(res.statusCode).toBe(200);
    const body = res.json() as SignupsResponse;
    expect(body.stats).toEqual({ totalSignups: 4, todaySignups: 1, popupSignups: 1, pageSignups: 2, otherSignups: 1 });
    // ann and bob clicked; ann, bob and dan signed up: 2 / 3 = 66.7 %.
    expect(body.clickSummary).toEqual({ uniqueClickers: 2, totalUsers: 3, conversionRate: 66.7 });
    expect(body.topClickers).toEqual([
      { email: 'ann@example.com', signupId: ids.ann, clickCount: 3, newUser: true },
      { email: 'bob@example.com', signupId: ids.bob, clickCount: 1, newUser: false },
    ]);
    expect(body.total).toBe(4);
    expect(body.signups.map((s) => [s.email, s.source, s.clickCount, s.newUser, s.status])).toEqual([
      ['ann@example.com', 'signup_popup', 3, true, 'confirmed'],
      ['bob@example.com', 'signup_page', 1, false, 'unsubscribed'],
      ['dan@example.com', 'partner_site', 0, false, 'awaiting-confirmation'],
      ['ann@example.com', 'signup_page', 3, true, 'confirmed'],
    ]);
    expect(body.signups[0]).toMatchObject({
      createdAt: '2026-06-15T23:10:00.000Z',
      referrer: 'https://www.google.co.uk/search?q=air+fryer+deals',
    });
  });

  it("lists a signup's clicks newest first, with the new-user tag marked", async () => {
    const res = await get(`/api/admin/signups/${ids.ann}/clicks`);
    expect(res.statusCode).toBe(200);
    const { clicks, total } = res.json();
    expect(total).toBe(3);
    expect(clicks.map((c: { newUserTag: boolean; price: string }) => [c.newUserTag, c.price])).toEqual([
      [true, '19.99'],
      [false, '20.00'],
      [false, '19.99'],
    ]);
    expect((await get('/api/admin/signups/424242/clicks')).json()).toEqual({ error: 'Not Found', message: 'id: no signup 424242' });
  });

  it('exports every signup as CSV, with formula-like cells neutralised', async () => {
    const res = await get('/api/admin/signups/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="signups-2026-06-15.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(res.body.slice(1), { columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(4);
    const dan = rows.find((r) => r.email === 'dan@example.com');
    expect(dan?.referrer).toBe('\'=HYPERLINK("http://evil.example","open")');
    expect(rows[0]).toMatchObject({ email: 'ann@example.com', source: 'signup_popup', clickCount: '3', newUser: 'yes' });
    expect(rows.map((r) => [r.email, r.status])).toEqual([
      ['ann@example.com', 'Confirmed'],
      ['bob@example.com', 'Unsubscribed'],
      ['dan@example.com', 'Awaiting confirmation'],
      ['ann@example.com', 'Confirmed'],
    ]);
  });

  it('gives Copy Email List the confirmed, subscribed signed-up addresses only, once each', async () => {
    const res = await get('/api/admin/signups/confirmed-emails');
    expect(res.statusCode).toBe(200);
    // bob unsubscribed, dan never confirmed, eve never signed up; ann signed up twice.
    expect(res.json()).toEqual({ emails: ['ann@example.com'] });
    const anonymous = await app.inject({ method: 'GET', url: '/api/admin/signups/confirmed-emails' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('deleting signups', () => {
  it('refuses a bulk delete without ids, with too many, or with a non-number, naming the field', async () => {
    const none = await del('/api/admin/signups', { ids: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('ids: must hold at least 1 id');
    const many = await del('/api/admin/signups', { ids: Array.from({ length: 1001 }, (_, i) => i + 1) });
    expect(many.json().message).toBe('ids: must hold at most 1000 ids');
    const text = await del('/api/admin/signups', { ids: ['one'] });
    expect(text.json().message).toBe('ids.0: must be a whole number');
  });

  it("deletes one signup with every click of its address, leaves others' clicks, and audits counts only", async () => {
    const res = await del(`/api/admin/signups/${ids.ann}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ signup: { id: ids.ann, email: 'ann@example.com' }, clicksDeleted: 3 });
    expect(await database.db.$count(productClicks)).toBe(7); // bob 1, eve 4, anonymous 2
    expect((await del(`/api/admin/signups/${ids.ann}`)).statusCode).toBe(404);
    const entry = (await database.db.select().from(auditLog)).find((e) => e.action === 'signups.delete');
    expect(entry).toMatchObject({ target: `signup ${ids.ann}`, counts: { signups: 1, clicks: 3 } });
  });

  it('bulk-deletes the ids it knows and says how many', async () => {
    const res = await del('/api/admin/signups', { ids: [ids.bob, ids.dan, 999_999] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 2, clicksDeleted: 1 });
    const body = (await get('/api/admin/signups')).json() as SignupsResponse;
    expect(body.signups.map((s) => s.id)).toEqual([ids.annOld]);
    expect(body.stats).toEqual({ totalSignups: 1, todaySignups: 0, popupSignups: 0, pageSignups: 1, otherSignups: 0 });
    expect(body.clickSummary).toEqual({ uniqueClickers: 0, totalUsers: 1, conversionRate: 0 });
    const audit = (await database.db.select().from(auditLog)).filter((e) => e.action.startsWith('signups.'));
    expect(audit.some((e) => JSON.stringify(e).includes('@'))).toBe(false);
  });
});
