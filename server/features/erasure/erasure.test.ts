/**
 * Right to erasure (issue 12 part 1) through HTTP on a fresh PGlite: a shopper leaves traces the way
 * shoppers do (an alert, a signup, survey answers, clicks through /go, a category click, unsubscribe
 * page visits, a contact message; each writes outbox e-mail), the Users and Preferences tabs show
 * them, then "Delete everything about this e-mail" removes every one in one transaction: afterwards
 * no row of ANY table (every text, varchar and json column of every schema) holds the address, as
 * typed or URL-encoded, while another shopper's rows stay. The audit entry holds counts only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { auditLog } from '../../db/schema/admin.schema';
import { signEmail } from '../../email/signed-links';
import { testEnv } from '../../env';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import { seedProducts } from '../products/products.test-seed';
import type { UserAnalysisResponse, UserPreferencesResponse } from '../../../common/api/preferences.admin.schema';

const PUBLIC_URL = 'https://deals.example';
const env = testEnv({ PUBLIC_URL });
const SECRET = env.SECRET_KEY;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ANN = 'ann.erase@example.com';
const BOB = 'bob.keep@example.com';
const ASIN = 'B0ERASE001';

let app: App;
let database: Database;
let close: () => Promise<void>;
let admin: AdminHeaders;

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });

/** Leaves every kind of trace a shopper can leave, through the public API. */
async function shopperVisits(email: string) {
  const alert = await post('/api/deal-alerts', { userEmail: email, productAsin: ASIN, targetPrice: '50.00' });
  expect(alert.statusCode, alert.body).toBe(201);
  const signup = await post('/api/signup', {
    email,
    source: 'signup_popup',
    referrer: `https://deals.example/?email=${encodeURIComponent(email)}`,
  });
  expect(signup.statusCode, signup.body).toBe(201);
  const token = signup.json().visitorToken as string;
  const survey = await post(
    '/api/user-preferences',
    { email, preferredCategories: ['kitchen', 'toys'], emailFrequency: 'daily' },
    { authorization: `Bearer ${token}` },
  );
  expect(survey.statusCode, survey.body).toBe(200);
  // Opening the e-mailed link on that browser makes its answers the address's (issue 25)…
  const t = Math.floor(Date.now() / 1000);
  const confirmed = await post(
    '/api/subscribers/confirm',
    { email, t, sig: signEmail(SECRET, 'confirm', email, t) },
    { authorization: `Bearer ${token}` },
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  // …and another device's answers stay that device's own.
  const otherDevice = alert.json().visitorToken as string;
  const other = await post(
    '/api/user-preferences',
    { email, preferredCategories: ['books'], emailFrequency: 'weekly' },
    { authorization: `Bearer ${otherDevice}` },
  );
  expect(other.statusCode, other.body).toBe(200);
  // A shopper's browser proving the address (issue 25: crawlers and unproven addresses are not counted).
  const shopper = { 'user-agent': CHROME, authorization: `Bearer ${token}` };
  for (const ct of ['shop', 'title']) {
    const go = await app.inject({
      url: `/go/${ASIN}?ct=${ct}&email=${encodeURIComponent(email)}&from=%2Fdeals%2F${ASIN}`,
      headers: shopper,
    });
    expect(go.statusCode).toBe(302);
  }
  const category = await post(
    '/api/category-clicks',
    { categoryName: 'Kitchen', categorySlug: 'home-kitchen', userEmail: email, pageUrl: '/' },
    shopper,
  );
  expect(category.statusCode, category.body).toBeLessThan(300);
  const track = await post('/api/unsubscribe/track', {
    email: null,
    reason: 'visited_unsubscribe_page',
    visitedPath: `/unsubscribe?email=${encodeURIComponent(email)}`,
  });
  expect(track.statusCode, track.body).toBe(202);
  const unsubscribe = await post('/api/unsubscribe', { email, reason: 'Too many e-mails', visitedPath: '/unsubscribe' });
  expect(unsubscribe.statusCode, unsubscribe.body).toBe(200);
  const visit = await post(
    '/api/visits',
    { path: '/todays-deals', userEmail: email, utm_source: 'email', utm_medium: 'price-drop', utm_campaign: 'price-drop-alert' },
    shopper,
  );
  expect(visit.statusCode, visit.body).toBeLessThan(300);
  const contact = await post('/api/contact', {
    name: 'Shopper',
    email,
    subject: 'Hello',
    message: `Please write to me at ${email} about my alert.`,
  });
  expect(contact.statusCode, contact.body).toBeLessThan(300);
  // Issue 30: a saved search and a private alert feed.
  const saved = await post(
    '/api/saved-searches',
    { userEmail: email, keywords: 'air fryer', frequency: 'daily' },
    { authorization: `Bearer ${token}` },
  );
  expect(saved.statusCode, saved.body).toBe(201);
  const feed = await post('/api/alert-feed', {}, { authorization: `Bearer ${token}` });
  expect(feed.statusCode, feed.body).toBe(201);
}

/** Every (table, column) of every schema whose type can hold text. */
async function textColumns(): Promise<Array<{ schema: string; table: string; column: string }>> {
  const result = await database.db.execute(sql`
    select c.table_schema as schema, c.table_name as table, c.column_name as column
    from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`);
  return rowsOf<{ schema: string; table: string; column: string }>(result);
}

/** "schema.table.column" of every column holding `email` (as typed or URL-encoded, any case) in some row. */
async function columnsHolding(email: string): Promise<string[]> {
  const found: string[] = [];
  const needles = [email.toLowerCase(), encodeURIComponent(email).toLowerCase()];
  for (const { schema, table, column } of await textColumns()) {
    const ref = sql.raw(`"${schema}"."${table}"`);
    const col = sql.raw(`"${column}"::text`);
    const result = await database.db.execute(
      sql`select count(*)::int as n from ${ref} where position(${needles[0]} in lower(${col})) > 0 or position(${needles[1]} in lower(${col})) > 0`,
    );
    if ((rowsOf<{ n: number }>(result)[0]?.n ?? 0) > 0) found.push(`${schema}.${table}.${column}`);
  }
  return found;
}

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env }));
  await seedProducts(database.db, [{ asin: ASIN, title: 'Ninja Air Fryer', pricePence: 7999, category: 'home-kitchen' }]);
  admin = await signInAsAdmin(app, database, PUBLIC_URL);
  await shopperVisits(ANN);
  await shopperVisits(BOB);
});
afterAll(() => close?.());

describe('the Users and Preferences tabs', () => {
  it('list every address with its clicks, alerts, signups, subscription and preferences', async () => {
    const users = (await app.inject({ url: '/api/admin/user-analysis', headers: { cookie: admin.cookie } })).json() as UserAnalysisResponse;
    expect(users.total).toBe(2);
    expect(users.users.find((u) => u.email === ANN)).toMatchObject({
      clickCount: 2,
      alertCount: 1,
      signupCount: 1,
      // Confirmed by the link; an unsubscribe without proof e-mails a one-click link and has not taken effect yet.
      subscription: 'confirmed',
      preferences: { categories: ['kitchen', 'toys'], emailFrequency: 'daily' },
    });
    const prefs = (
      await app.inject({ url: '/api/admin/user-preferences', headers: { cookie: admin.cookie } })
    ).json() as UserPreferencesResponse;
    expect(prefs.total).toBe(2);
    expect(prefs.preferences.find((p) => p.email === ANN)).toMatchObject({
      preferredCategories: ['kitchen', 'toys'],
      emailFrequency: 'daily',
      hasCompletedSurvey: true,
    });
    const csv = await app.inject({
      url: `/api/admin/user-analysis/clicks.csv?email=${encodeURIComponent(ANN)}`,
      headers: { cookie: admin.cookie },
    });
    expect(csv.body.trim().split('\r\n')).toHaveLength(3); // header + 2 clicks
    const bad = await app.inject({ url: '/api/admin/user-analysis/clicks.csv?email=nobody', headers: { cookie: admin.cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^email: /);
  });
});

describe('POST /api/admin/erasure', () => {
  it('refuses a value that is not an e-mail address, naming the field', async () => {
    const res = await post('/api/admin/erasure', { email: 'not an address' }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('email: must be a valid e-mail address');
  });

  it('leaves no row anywhere holding the address, keeps the other shopper, and audits counts only', async () => {
    expect((await columnsHolding(ANN)).length).toBeGreaterThanOrEqual(8);
    const bobBefore = await columnsHolding(BOB);

    const res = await post('/api/admin/erasure', { email: ANN.toUpperCase() }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const { erased, total } = res.json();
    expect(erased).toMatchObject({
      savedSearches: 1,
      alertFeeds: 1,
      dealAlerts: 1,
      preferences: 1,
      devicePreferences: 1,
      productClicks: 2,
      categoryClicks: 1,
      signups: 1,
      subscribers: 1,
      contactMessages: 1,
      siteVisits: 1,
    });
    // The page-visit record keeps its path without the `?email=` query (issue 25), so only the request itself holds the address.
    expect(erased.unsubscribeRecords).toBeGreaterThanOrEqual(1);
    expect(erased.visitorTokens).toBeGreaterThanOrEqual(1);
    expect(erased.outboxMessages).toBeGreaterThanOrEqual(2);
    expect(total).toBe(Object.values(erased as Record<string, number>).reduce((a, b) => a + b, 0));

    expect(await columnsHolding(ANN)).toEqual([]);
    expect(await columnsHolding(BOB)).toEqual(bobBefore);

    const entries = (await database.db.select().from(auditLog)).filter((e) => e.action === 'people.erase');
    expect(entries).toHaveLength(1);
    expect(entries[0]?.counts).toMatchObject({ dealAlerts: 1, total });
    expect(JSON.stringify(entries)).not.toMatch(/@|ann/i);

    const again = await post('/api/admin/erasure', { email: ANN }, admin);
    expect(again.json().total).toBe(0);
  });
});
