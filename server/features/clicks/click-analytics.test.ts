/**
 * The owners' click analytics through HTTP on a fresh database (issue 13; admin-area §2, §3, §7):
 * clicks, category clicks, visits and searches seeded at known instants around midnight and both
 * Europe/London clock changes of 2026 (29 March: a 23-hour day; 25 October: a 25-hour day), then
 * the exact figures of every card, list and export; the access matrix of every new route; bad
 * input; and that new or erased clicks show in the next answer, ranges with date-times at their ends
 * equal the raw rows, and a second app instance answers the same (the figures are the database's
 * roll-ups, decision 0028).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { rangeEnd, rangeStart } from '../../../common/api/click-analytics.admin.schema';
import { productClicks } from '../../db/schema/product-clicks.schema';
import { categoryClicks } from '../../db/schema/category-clicks.schema';
import { searchCounts, siteVisits } from '../../db/schema/site-visits.schema';
import { testEnv } from '../../env';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import { seedProducts } from '../products/products.test-seed';
import { SESSION_ABSOLUTE_MS } from '../admin-auth/admin-auth.rules';
import { issueVisitorToken } from '../visitors/visitors.service';
import { flushSearchCounts } from '../products/search-counter.service';

const env = testEnv({ AFFILIATE_TAG: 'plain-21' });
const A = 'B0AAAAAAA1';
const B = 'B0BBBBBBB2';
const C = 'B0CCCCCCC3';
const ANA = 'ana@example.com';
const BEN = 'ben@example.com';
let clock = new Date('2026-11-02T12:00:00Z');
let database: Database;
let app: App;
let close: () => Promise<void>;
let admin: AdminHeaders;
/** A desktop Chrome: light-my-request's own User-Agent is a script's, which is not counted (issue 25). */
const browser = {
  'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

type Seed = {
  at: string;
  email: string | null;
  asin: string;
  category: string | null;
  title?: string;
  utm?: [string, string, string];
  visit?: string;
};
/** c1…c10: the instants sit on each side of London midnights (GMT and BST) and inside the repeated hour of 25 October. */
const CLICKS: Seed[] = [
  { at: '2026-03-28T23:59:59Z', email: ANA, asin: A, category: 'home-kitchen', utm: ['email', 'price-drop', 'spring'] },
  { at: '2026-03-29T00:00:00Z', email: ANA, asin: A, category: 'home-kitchen' },
  { at: '2026-03-29T22:59:59Z', email: BEN, asin: B, category: 'electronics', utm: ['email', 'price-drop', 'spring'], visit: 'v4' },
  { at: '2026-03-29T23:00:00Z', email: null, asin: A, category: 'home-kitchen' },
  { at: '2026-10-24T22:59:59Z', email: null, asin: C, category: null },
  { at: '2026-10-24T23:00:00Z', email: BEN, asin: A, category: 'home-kitchen', utm: ['email', 'weekly', 'oct'] },
  { at: '2026-10-25T01:30:00Z', email: ANA, asin: B, category: 'electronics', visit: 'v1' },
  { at: '2026-10-25T23:59:59Z', email: null, asin: B, category: 'electronics', utm: ['email', 'weekly', 'oct'] },
  { at: '2026-10-26T00:00:00Z', email: BEN, asin: C, category: null, title: '=HYPERLINK("http://evil.example")' },
  { at: '2026-06-30T23:30:00Z', email: ANA, asin: A, category: 'home-kitchen' },
];
const ref = (name: string) => name.padEnd(32, '0').replace(/[^0-9a-f]/g, 'a');
const VISITS = [
  { ref: ref('v1'), at: '2026-10-25T00:10:00Z', path: `/deals/${A}`, asin: A, email: ANA, utm: ['email', 'weekly', 'oct'] },
  { ref: ref('v2'), at: '2026-10-25T02:00:00Z', path: `/deals/${B}`, asin: B, email: null, utm: ['email', 'weekly', 'oct'] },
  { ref: ref('v3'), at: '2026-10-25T03:00:00Z', path: '/', asin: null, email: null, utm: [null, null, null] },
  { ref: ref('v4'), at: '2026-03-29T10:00:00Z', path: `/deals/${B}`, asin: B, email: BEN, utm: ['email', 'price-drop', 'spring'] },
];

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ env, clock: () => clock }));
  await seedProducts(database.db, [{ asin: A, title: 'Tefal Frying Pan 28 cm', pricePence: 1999, category: 'home-kitchen' }]);
  await database.db.insert(siteVisits).values(
    VISITS.map((v) => ({
      ref: v.ref,
      path: v.path,
      asin: v.asin,
      email: v.email,
      utmSource: v.utm[0],
      utmMedium: v.utm[1],
      utmCampaign: v.utm[2],
      visitedAt: new Date(v.at),
    })),
  );
  await database.db.insert(productClicks).values(
    CLICKS.map((c) => ({
      email: c.email,
      asin: c.asin,
      title: c.title ?? (c.asin === A ? 'Tefal Frying Pan 28 cm' : c.asin === B ? 'Anker USB-C Charger' : '-10% Mystery Box'),
      clickType: 'shop',
      pricePence: c.asin === A ? 1999 : null,
      category: c.category,
      affiliateTag: 'plain-21',
      destinationUrl: `https://www.amazon.co.uk/dp/${c.asin}?tag=plain-21`,
      utmSource: c.utm?.[0] ?? null,
      utmMedium: c.utm?.[1] ?? null,
      utmCampaign: c.utm?.[2] ?? null,
      recordedBy: 'redirect',
      visitRef: c.visit ? ref(c.visit) : null,
      clickedAt: new Date(c.at),
    })),
  );
  await database.db.insert(categoryClicks).values([
    { categoryName: 'Kitchen', categorySlug: 'home-kitchen', userEmail: ANA, pageUrl: '/', clickedAt: new Date('2026-03-29T00:30:00Z') },
    {
      categoryName: 'Electronics',
      categorySlug: 'electronics',
      userEmail: null,
      pageUrl: null,
      clickedAt: new Date('2026-03-29T12:00:00Z'),
    },
    {
      categoryName: 'Kitchen',
      categorySlug: 'home-kitchen',
      userEmail: BEN,
      pageUrl: '/categories',
      clickedAt: new Date('2026-10-25T01:30:00Z'),
    },
  ]);
  await database.db.insert(searchCounts).values([
    { hour: new Date('2026-10-24T22:00:00Z'), searches: 2 },
    { hour: new Date('2026-10-25T01:00:00Z'), searches: 5 },
  ]);
  admin = await signInAsAdmin(app, database, env.PUBLIC_URL, 'owner@example.com', clock);
});
afterAll(() => close?.());

const get = (url: string, headers: Record<string, string> = admin) => app.inject({ method: 'GET', url: `/api/admin${url}`, headers });
const json = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const day = (d: string) => `startDate=${d}&endDate=${d}`;

describe('GET /api/admin/product-clicks-stats', () => {
  it('all time: every card figure, the top lists, categories and the day series', async () => {
    const s = await json('/product-clicks-stats');
    expect(s).toMatchObject({
      totalClicks: 10,
      uniqueUsers: 2,
      uniqueProducts: 3,
      anonymousClicks: 3,
      range: { startDate: null, endDate: null },
    });
    expect(s.topProducts).toEqual([
      { asin: A, title: 'Tefal Frying Pan 28 cm', category: 'home-kitchen', clickCount: 5 },
      { asin: B, title: 'Anker USB-C Charger', category: 'electronics', clickCount: 3 },
      { asin: C, title: '=HYPERLINK("http://evil.example")', category: null, clickCount: 2 },
    ]);
    expect(s.clicksByEmail).toEqual([
      { email: ANA, clickCount: 4, lastClickedAt: '2026-10-25T01:30:00.000Z' },
      { email: BEN, clickCount: 3, lastClickedAt: '2026-10-26T00:00:00.000Z' },
    ]);
    expect(s.clicksByCategory).toEqual([
      { category: 'home-kitchen', clicks: 5 },
      { category: 'electronics', clicks: 3 },
      { category: 'Uncategorised', clicks: 2 },
    ]);
    expect(s.clicksPerDay[0]).toEqual({ date: '2026-03-28', clicks: 1 });
    expect(s.clicksPerDay.at(-1)).toEqual({ date: '2026-10-26', clicks: 1 });
    expect(s.clicksPerDay.reduce((n: number, d: { clicks: number }) => n + d.clicks, 0)).toBe(10);
  });

  it('29 March 2026 (23 hours, clocks go forward): 00:00 GMT to 23:59:59 BST', async () => {
    const s = await json(`/product-clicks-stats?${day('2026-03-29')}`);
    expect(s).toMatchObject({ totalClicks: 2, uniqueUsers: 2, uniqueProducts: 2, anonymousClicks: 0 });
    expect(s.clicksPerDay).toEqual([{ date: '2026-03-29', clicks: 2 }]);
  });

  it('25 October 2026 (25 hours, clocks go back): from 23:00 UTC the day before to midnight GMT', async () => {
    const s = await json(`/product-clicks-stats?${day('2026-10-25')}`);
    expect(s).toMatchObject({ totalClicks: 3, uniqueUsers: 2, uniqueProducts: 2, anonymousClicks: 1 });
    expect(s.topProducts.map((p: { asin: string; clickCount: number }) => [p.asin, p.clickCount])).toEqual([
      [B, 2],
      [A, 1],
    ]);
    const around = await json('/product-clicks-stats?startDate=2026-10-24&endDate=2026-10-26');
    expect(around.clicksPerDay).toEqual([
      { date: '2026-10-24', clicks: 1 },
      { date: '2026-10-25', clicks: 3 },
      { date: '2026-10-26', clicks: 1 },
    ]);
  });

  it('a summer midnight: 23:30 UTC on 30 June is 1 July in London', async () => {
    expect((await json(`/product-clicks-stats?${day('2026-06-30')}`)).totalClicks).toBe(0);
    expect((await json(`/product-clicks-stats?${day('2026-07-01')}`)).totalClicks).toBe(1);
  });

  it('date-times are exact instants, endDate inclusive', async () => {
    const s = await json('/product-clicks-stats?startDate=2026-10-25T01:30:00Z&endDate=2026-10-25T23:59:59Z');
    expect(s.totalClicks).toBe(2);
  });
});

describe('GET /api/admin/product-clicks', () => {
  it('lists the newest clicks with the total, searches e-mails, and caps the list at 50', async () => {
    const all = await json('/product-clicks');
    expect(all.total).toBe(10);
    expect(all.clicks.map((c: { clickedAt: string }) => c.clickedAt)).toEqual(
      [...CLICKS.map((c) => c.at)]
        .sort()
        .reverse()
        .map((at) => new Date(at).toISOString()),
    );
    expect(all.clicks[0]).toMatchObject({ userEmail: BEN, productAsin: C, price: null });
    const ana = await json('/product-clicks?email=ANA@');
    expect(ana.total).toBe(4);
    expect(new Set(ana.clicks.map((c: { userEmail: string }) => c.userEmail))).toEqual(new Set([ANA]));
    const limited = await json(`/product-clicks?limit=2&${day('2026-10-25')}`);
    expect(limited.total).toBe(3);
    expect(limited.clicks.map((c: { clickedAt: string }) => c.clickedAt)).toEqual(['2026-10-25T23:59:59.000Z', '2026-10-25T01:30:00.000Z']);
    expect((await get('/product-clicks?limit=51')).json().message).toBe('limit: Too big: expected number to be <=50');
  });

  it('one address: its clicks newest first, as JSON or CSV', async () => {
    const ben = await json(`/product-clicks/${encodeURIComponent('Ben@Example.com')}`);
    expect(ben).toMatchObject({ email: BEN, total: 3 });
    expect(ben.clicks.map((c: { productAsin: string }) => c.productAsin)).toEqual([C, A, B]);
    const csv = await get(`/product-clicks/${BEN}?format=csv&${day('2026-10-25')}`);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="user-clicks_2026-10-25_to_2026-10-25.csv"');
    const rows = parse(csv.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.map((r) => [r['E-mail'], r.ASIN, r['Clicked at (UK time)']])).toEqual([[BEN, A, '25/10/2026 00:00:00']]);
    expect((await get('/product-clicks/not-an-address')).json().message).toBe('email: must be an e-mail address');
  });
});

describe('category clicks', () => {
  it('stats: total, unique users, categories tracked, breakdown and the 10 newest (Anonymous, Home)', async () => {
    const s = await json('/category-clicks-stats');
    expect(s).toMatchObject({ totalClicks: 3, uniqueUsers: 2, categoriesTracked: 2 });
    expect(s.topCategories).toEqual([
      { categoryName: 'Kitchen', categorySlug: 'home-kitchen', clickCount: 2 },
      { categoryName: 'Electronics', categorySlug: 'electronics', clickCount: 1 },
    ]);
    expect(s.clicks.map((c: { userEmail: string | null; pageUrl: string | null }) => [c.userEmail, c.pageUrl])).toEqual([
      [BEN, '/categories'],
      [null, null],
      [ANA, '/'],
    ]);
    const spring = await json(`/category-clicks-stats?${day('2026-03-29')}`);
    expect(spring).toMatchObject({ totalClicks: 2, uniqueUsers: 1, categoriesTracked: 2 });
    const list = await json(`/category-clicks?limit=1&${day('2026-03-29')}`);
    expect(list.total).toBe(2);
    expect(list.clicks).toEqual([
      {
        id: 2,
        categoryName: 'Electronics',
        categorySlug: 'electronics',
        userEmail: null,
        pageUrl: null,
        clickedAt: '2026-03-29T12:00:00.000Z',
      },
    ]);
  });
});

describe('GET /api/admin/email-tracking', () => {
  it('all time: visits, clicks, searches, CTR, campaigns and recent e-mail visits', async () => {
    const t = await json('/email-tracking');
    expect(t.summary).toEqual({
      totalWebsiteVisits: 4,
      emailWebsiteVisits: 3,
      anonymousWebsiteVisits: 2,
      totalAmazonAffiliateClicks: 10,
      emailAmazonAffiliateClicks: 4,
      anonymousAmazonAffiliateClicks: 3,
      totalSearches: 7,
      clickThroughRate: 50,
      uniqueProducts: 3,
      uniqueUsers: 2,
    });
    expect(t.campaigns).toEqual([
      { source: 'email', medium: 'weekly', campaign: 'oct', visits: 2, clickThroughs: 1, clickThroughRate: 50 },
      { source: 'email', medium: 'price-drop', campaign: 'spring', visits: 1, clickThroughs: 1, clickThroughRate: 100 },
    ]);
    expect(
      t.recentVisits.map((v: { productAsin: string; userEmail: string | null; clickedThrough: boolean; productTitle: string | null }) => [
        v.productAsin,
        v.userEmail,
        v.clickedThrough,
        v.productTitle,
      ]),
    ).toEqual([
      [B, null, false, null],
      [A, ANA, true, 'Tefal Frying Pan 28 cm'],
      [B, BEN, true, null],
    ]);
  });

  it('25 October: searches by London day, visits of that day only', async () => {
    const t = await json(`/email-tracking?${day('2026-10-25')}`);
    expect(t.summary).toMatchObject({
      totalWebsiteVisits: 3,
      emailWebsiteVisits: 2,
      anonymousWebsiteVisits: 2,
      totalSearches: 5,
      clickThroughRate: 33.3,
    });
    expect((await json(`/email-tracking?${day('2026-10-24')}`)).summary.totalSearches).toBe(2);
  });
});

describe('CSV exports', () => {
  const csv = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    return { name: res.headers['content-disposition'], rows: parse(res.body, { columns: true, bom: true }) as Record<string, string>[] };
  };

  it('top products and users by activity, ranked, formula-safe', async () => {
    const top = await csv('/export/top-products-csv');
    expect(top.name).toBe('attachment; filename="top-products-by-clicks_all-time.csv"');
    expect(top.rows.map((r) => [r.Rank, r.ASIN, r['Product title'], r.Clicks])).toEqual([
      ['1', A, 'Tefal Frying Pan 28 cm', '5'],
      ['2', B, 'Anker USB-C Charger', '3'],
      ['3', C, `'=HYPERLINK("http://evil.example")`, '2'],
    ]);
    const users = await csv(`/export/users-by-activity-csv?${day('2026-10-25')}`);
    expect(users.name).toBe('attachment; filename="users-by-click-activity_2026-10-25_to_2026-10-25.csv"');
    expect(users.rows.map((r) => [r['E-mail'], r.Clicks])).toEqual([
      [ANA, '1'],
      [BEN, '1'],
    ]);
  });

  it('recent, signed-up and anonymous clicks of a range, newest first', async () => {
    const recent = await csv(`/export/recent-clicks-csv?${day('2026-10-25')}`);
    expect(recent.name).toBe('attachment; filename="recent-product-clicks_2026-10-25_to_2026-10-25.csv"');
    expect(recent.rows.map((r) => [r['Clicked at (UTC)'], r['Clicked at (UK time)'], r['E-mail'], r.ASIN, r['UTM campaign']])).toEqual([
      ['2026-10-25T23:59:59.000Z', '25/10/2026 23:59:59', 'Anonymous', B, 'oct'],
      ['2026-10-25T01:30:00.000Z', '25/10/2026 01:30:00', ANA, B, ''],
      ['2026-10-24T23:00:00.000Z', '25/10/2026 00:00:00', BEN, A, 'oct'],
    ]);
    const signedUp = await csv('/export/signed-up-users-clicks-csv');
    expect(signedUp.rows).toHaveLength(7);
    expect(signedUp.rows.every((r) => r['E-mail'] !== 'Anonymous')).toBe(true);
    const anonymous = await csv('/export/anonymous-users-clicks-csv');
    expect(anonymous.rows.map((r) => r['Clicked at (UTC)'])).toEqual([
      '2026-10-25T23:59:59.000Z',
      '2026-10-24T22:59:59.000Z',
      '2026-03-29T23:00:00.000Z',
    ]);
    expect(anonymous.rows[0]?.['Price (£)']).toBe('');
    expect((await csv('/export/recent-clicks-csv?startDate=2026-03-29&endDate=2026-03-29')).rows[1]?.['Price (£)']).toBe('19.99');
  });
});

describe('bad input', () => {
  it.each([
    ['?startDate=2026-13-01', 'startDate: must be an ISO 8601 date (YYYY-MM-DD) or date-time with a time zone (2026-03-29T00:00:00Z)'],
    ['?startDate=2026-02-30', 'startDate: must be an ISO 8601 date (YYYY-MM-DD) or date-time with a time zone (2026-03-29T00:00:00Z)'],
    [
      '?startDate=2026-03-29T10:00:00',
      'startDate: must be an ISO 8601 date (YYYY-MM-DD) or date-time with a time zone (2026-03-29T00:00:00Z)',
    ],
    ['?startDate=2026-03-02&endDate=2026-03-01', 'endDate: must not be before startDate'],
    ['?startDate=2020-01-01&endDate=2025-01-01', 'endDate: must be at most 5 years after startDate'],
    ['?category=kitchen', 'category: is not a filter of this endpoint'],
  ])('%s → 400 naming the field', async (query, message) => {
    for (const path of ['/product-clicks-stats', '/email-tracking', '/category-clicks-stats', '/export/recent-clicks-csv']) {
      const res = await get(`${path}${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('exactly 5 years is allowed', async () => {
    expect((await get('/product-clicks-stats?startDate=2021-11-03&endDate=2026-11-02')).statusCode).toBe(200);
  });
});

describe('access matrix', () => {
  const ROUTES = [
    '/product-clicks-stats',
    '/product-clicks',
    `/product-clicks/${ANA}`,
    '/category-clicks',
    '/category-clicks-stats',
    '/email-tracking',
    '/export/top-products-csv',
    '/export/users-by-activity-csv',
    '/export/recent-clicks-csv',
    '/export/signed-up-users-clicks-csv',
    '/export/anonymous-users-clicks-csv',
  ];
  it.each(ROUTES)('GET /api/admin%s: no session 401, expired session 401, signed in 200', async (route) => {
    expect((await get(route, {})).statusCode).toBe(401);
    expect((await get(route, { cookie: 'admin_session=not-a-session' })).statusCode).toBe(401);
    const was = clock;
    const session = await signInAsAdmin(app, database, env.PUBLIC_URL, 'second-owner@example.com', clock);
    clock = new Date(was.getTime() + SESSION_ABSOLUTE_MS + 1000);
    try {
      const expired = await get(route, session);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().message).toBe('session: an admin session is required; sign in at /admin/login');
    } finally {
      clock = was;
    }
    const ok = await get(route, await signInAsAdmin(app, database, env.PUBLIC_URL, 'second-owner@example.com', clock));
    expect(ok.statusCode).toBe(200);
  });
});

describe('the figures follow the database', () => {
  it('any range, date-times at its ends included, equals the raw rows, and a second instance answers the same (roll-ups, issue 31)', async () => {
    const { app: second, close: closeSecond } = await createTestApp({ env, database, clock: () => clock });
    try {
      const ranges: Array<[string, string]> = [
        ['2026-03-28T23:59:59Z', '2026-10-25T01:30:00Z'],
        ['2026-03-29', '2026-10-24T23:00:00Z'],
        ['2026-03-29T12:00:00+01:00', '2026-07-01'],
        ['2026-10-25T00:30:00Z', '2026-10-25T23:59:59Z'],
        ['2026-01-01', '2026-12-31'],
        // Past the last day with rows (year and month rows read whole), and from before the first to a date-time.
        ['2026-10-20', '2026-12-15'],
        ['2025-06-01', '2026-10-26T00:00:00Z'],
        ['2025-06-01', '2027-01-31'],
        // Most of a month: its month row less the days outside the range (rollup-slices.rules.ts).
        ['2026-10-02', '2026-10-25T01:30:00Z'],
        ['2026-03-29', '2026-10-25'],
      ];
      for (const [startDate, endDate] of ranges) {
        const [from, to] = [rangeStart(startDate).toISOString(), rangeEnd(endDate).toISOString()];
        const within = (column: string) => sql.raw(`${column} >= '${from}' and ${column} < '${to}'`);
        const [raw] = rowsOf<Record<string, string | number>>(
          await database.db.execute(
            sql`select (select count(*) from product_clicks where ${within('clicked_at')}) as clicks,
                       (select count(*) from product_clicks where ${within('clicked_at')} and email is null) as anonymous,
                       (select count(distinct email) from product_clicks where ${within('clicked_at')}) as users,
                       (select count(distinct coalesce(asin, deal_id)) from product_clicks where ${within('clicked_at')}) as products,
                       (select count(*) from site_visits where ${within('visited_at')}) as visits,
                       (select count(*) from category_clicks where ${within('clicked_at')}) as buttons`,
          ),
        );
        const q = `?startDate=${encodeURIComponent(startDate)}&endDate=${encodeURIComponent(endDate)}`;
        const stats = await json(`/product-clicks-stats${q}`);
        expect(stats, q).toMatchObject({
          totalClicks: Number(raw?.clicks),
          anonymousClicks: Number(raw?.anonymous),
          uniqueUsers: Number(raw?.users),
          uniqueProducts: Number(raw?.products),
        });
        expect(
          stats.clicksPerDay.reduce((n: number, d: { clicks: number }) => n + d.clicks, 0),
          q,
        ).toBe(Number(raw?.clicks));
        expect((await json(`/email-tracking${q}`)).summary.totalWebsiteVisits, q).toBe(Number(raw?.visits));
        expect((await json(`/category-clicks-stats${q}`)).totalClicks, q).toBe(Number(raw?.buttons));
        const fromSecond = await second.inject({
          method: 'GET',
          url: `/api/admin/product-clicks-stats${q}`,
          headers: { cookie: admin.cookie },
        });
        expect(fromSecond.json(), q).toEqual(stats);
      }
    } finally {
      await closeSecond();
    }
  });

  it('a visit and a click through HTTP show in the next answer; erased clicks leave it', async () => {
    // A browser that holds Cleo's token reports the visit with it; the redirect is a navigation
    // (no header) and is attributed through that visit (issue 25).
    const { token } = await issueVisitorToken(database.db, { email: 'cleo@example.com', proof: 'device', now: clock });
    const visit = await app.inject({
      method: 'POST',
      url: '/api/visits',
      headers: { ...browser, authorization: `Bearer ${token}` },
      payload: { path: `/deals/${A}`, userEmail: 'cleo@example.com', utm_source: 'email', utm_medium: 'weekly', utm_campaign: 'nov' },
    });
    expect(visit.statusCode, visit.body).toBe(201);
    const { visit: visitRef } = visit.json();
    const go = await app.inject({
      method: 'GET',
      url: `/go/${A}?ct=shop&email=cleo@example.com&utm_source=email&utm_medium=weekly&utm_campaign=nov&visit=${visitRef}`,
      headers: browser,
    });
    expect(go.statusCode).toBe(302);
    const stats = await json('/product-clicks-stats');
    expect(stats).toMatchObject({ totalClicks: 11, uniqueUsers: 3 });
    const tracking = await json('/email-tracking');
    expect(tracking.campaigns.find((c: { campaign: string }) => c.campaign === 'nov')).toEqual({
      source: 'email',
      medium: 'weekly',
      campaign: 'nov',
      visits: 1,
      clickThroughs: 1,
      clickThroughRate: 100,
    });
    expect(tracking.recentVisits[0]).toMatchObject({
      userEmail: 'cleo@example.com',
      clickedThrough: true,
      productTitle: 'Tefal Frying Pan 28 cm',
    });

    await database.db.delete(productClicks).where(eq(productClicks.email, 'cleo@example.com'));
    expect(await json('/product-clicks-stats')).toMatchObject({ totalClicks: 10, uniqueUsers: 2 });
    expect((await json('/email-tracking')).recentVisits[0]).toMatchObject({ userEmail: 'cleo@example.com', clickedThrough: false });
  });

  it('a visit recorded after the click that names it, and visits reloaded after a change, keep their click-through', async () => {
    const visitRef = ref('dec');
    const decCampaign = async () =>
      (await json('/email-tracking')).campaigns.find((c: { campaign: string }) => c.campaign === 'dec') as {
        visits: number;
        clickThroughs: number;
      };
    expect(await decCampaign()).toBeUndefined();
    // The click is indexed before its visit exists (two requests racing).
    await database.db.insert(productClicks).values({
      email: null,
      asin: A,
      clickType: 'shop',
      affiliateTag: 'plain-21',
      destinationUrl: `https://www.amazon.co.uk/dp/${A}?tag=plain-21`,
      utmSource: 'email',
      utmMedium: 'weekly',
      utmCampaign: 'dec',
      recordedBy: 'redirect',
      visitRef,
      clickedAt: new Date('2026-11-01T10:00:05Z'),
    });
    expect(await decCampaign()).toBeUndefined();
    await database.db.insert(siteVisits).values({
      ref: visitRef,
      path: '/',
      utmSource: 'email',
      utmMedium: 'weekly',
      utmCampaign: 'dec',
      visitedAt: new Date('2026-11-01T10:00:00Z'),
    });
    expect(await decCampaign()).toMatchObject({ visits: 1, clickThroughs: 1 });
    // A changed visit reloads the visits alone; the clicks already held still mark theirs.
    await database.db
      .update(siteVisits)
      .set({ path: '/deals' })
      .where(eq(siteVisits.ref, ref('v3')));
    expect(await decCampaign()).toMatchObject({ visits: 1, clickThroughs: 1 });
    const weekly = (await json('/email-tracking')).campaigns.find((c: { campaign: string }) => c.campaign === 'oct');
    expect(weekly).toMatchObject({ visits: 2, clickThroughs: 1 });

    await database.db.delete(productClicks).where(eq(productClicks.visitRef, visitRef));
    await database.db.delete(siteVisits).where(eq(siteVisits.ref, visitRef));
    expect(await decCampaign()).toBeUndefined();
  });

  it('"from e-mails" counts utm_medium=email as well as utm_source=email (issue 29)', async () => {
    const before = (await json('/email-tracking')).summary;
    const newsletter = await app.inject({
      method: 'POST',
      url: '/api/visits',
      headers: browser,
      payload: { path: '/', utm_source: 'newsletter', utm_medium: 'Email', utm_campaign: 'nov-news' },
    });
    expect(newsletter.statusCode).toBe(201);
    const go = await app.inject({
      method: 'GET',
      url: `/go/${A}?ct=shop&utm_source=newsletter&utm_medium=email&utm_campaign=nov-news`,
      headers: browser,
    });
    expect(go.statusCode).toBe(302);
    const other = await app.inject({ method: 'GET', url: `/go/${A}?ct=shop&utm_source=newsletter&utm_medium=social`, headers: browser });
    expect(other.statusCode).toBe(302);
    const after = (await json('/email-tracking')).summary;
    expect(after.emailWebsiteVisits - before.emailWebsiteVisits).toBe(1);
    expect(after.emailAmazonAffiliateClicks - before.emailAmazonAffiliateClicks).toBe(1);
    expect(after.totalAmazonAffiliateClicks - before.totalAmazonAffiliateClicks).toBe(2);
    await database.db.delete(productClicks).where(eq(productClicks.utmSource, 'newsletter'));
    await database.db.delete(siteVisits).where(eq(siteVisits.utmSource, 'newsletter'));
  });

  it('POST /api/visits stores no IP or user agent, refuses a malformed body, and keyword searches are counted', async () => {
    const bad = await app.inject({ method: 'POST', url: '/api/visits', headers: browser, payload: { path: 'https://evil.example/' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('path: must be a path on this site starting with /');
    const columns = Object.keys((await database.db.select().from(siteVisits).limit(1))[0] ?? {});
    // The device class and the referring site's host (issue 29), never the User-Agent or the referring URL.
    expect(columns.sort()).toEqual([
      'asin',
      'device',
      'email',
      'id',
      'path',
      'ref',
      'referrerHost',
      'utmCampaign',
      'utmMedium',
      'utmSource',
      'visitedAt',
    ]);

    const today = `startDate=2026-11-02&endDate=2026-11-02`;
    expect((await json(`/email-tracking?${today}`)).summary.totalSearches).toBe(0);
    for (const body of [{ keywords: 'frying pan' }, { keywords: 'frying pan', page: 2 }, { keywords: '' }, { keywords: 'charger' }]) {
      expect((await app.inject({ method: 'POST', url: '/api/products/search', payload: body })).statusCode).toBe(200);
    }
    await flushSearchCounts(database.db);
    // Two new keyword searches: a second page and a keyword-less listing are not new searches.
    expect((await json(`/email-tracking?${today}`)).summary.totalSearches).toBe(2);
  });
});
