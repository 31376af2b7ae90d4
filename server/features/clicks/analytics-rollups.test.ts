/**
 * The database's daily analytics roll-ups (migration 0020, decision 0028; issues 29 and 31) and the
 * owners' overview read from them. Exactness: visits and clicks written through two app instances
 * on one database, by plain SQL (several rows a statement, a click before its visit, two clicks
 * naming one visit), then updated, deleted and truncated; after each step every roll-up row equals
 * the figure counted straight from the raw tables. Then the overview's figures, its previous
 * period, device classes and referrer hosts from real requests, bad input and who may call it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { testEnv } from '../../env';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import { issueVisitorToken } from '../visitors/visitors.service';
import type { AnalyticsOverview } from '../../../common/api/click-analytics.admin.schema';
import { wholeMonths } from './analytics-rollups.queries';

/** The hand-written migrations (server/db/migrations). */
const MIGRATIONS = path.join(import.meta.dirname, '../../db/migrations');

const env = testEnv({ AFFILIATE_TAG: 'plain-21', PUBLIC_URL: 'https://deals.example' });
const A = 'B0AAAAAAA1';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const TABLET =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let clock = new Date('2026-11-10T12:00:00Z');
let database: Database;
let one: App;
let two: App;
let closeOne: () => Promise<void>;
let closeTwo: () => Promise<void>;
let admin: AdminHeaders;

beforeAll(async () => {
  ({ app: one, database, close: closeOne } = await createTestApp({ env, clock: () => clock }));
  ({ app: two, close: closeTwo } = await createTestApp({ env, database, clock: () => clock }));
  admin = await signInAsAdmin(one, database, env.PUBLIC_URL, 'owner@example.com', clock);
});
afterAll(async () => {
  await closeTwo?.();
  await closeOne?.();
});

const ref = (n: number) => n.toString(16).padStart(32, '0');
const exec = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));

/** Every non-zero roll-up row, as `day|dimension|key → visits/productVisits/clickedVisits/clicks`. */
async function rollups(): Promise<Record<string, string>> {
  const rows = await exec<{ k: string; v: string }>(
    sql`select to_char(day, 'YYYY-MM-DD') || '|' || dimension || '|' || key as k,
               visits || '/' || product_visits || '/' || clicked_visits || '/' || clicks as v
        from analytics_daily where visits <> 0 or product_visits <> 0 or clicked_visits <> 0 or clicks <> 0`,
  );
  return Object.fromEntries(rows.map((r) => [r.k, r.v]));
}

/** utm_source=email or utm_medium=email, case and surrounding spaces ignored (issue 29). */
const fromEmail = (source: string | null, medium: string | null) => [source, medium].some((p) => p?.trim().toLowerCase() === 'email');

/** The same figures counted straight from site_visits, product_clicks and category_clicks (written independently of the migrations' SQL). */
async function counted(): Promise<Record<string, string>> {
  const out = new Map<string, [number, number, number, number]>();
  // Each figure on its day's row, its month's ('{dimension}@month', day = the 1st), its year's ('@year', 1 January; migration 0025)
  // the all-time row ('@all', day 1970-01-01; migration 0026) and its ISO week's ('@week', day = the Monday; migration 0031).
  const add = (k: string, i: 0 | 1 | 2 | 3) => {
    const [day, dimension, key] = k.split('|') as [string, string, string];
    const date = new Date(`${day}T00:00:00Z`);
    const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
    for (const row of [
      k,
      `${monday}|${dimension}@week|${key}`,
      `${day.slice(0, 7)}-01|${dimension}@month|${key}`,
      `${day.slice(0, 4)}-01-01|${dimension}@year|${key}`,
      `1970-01-01|${dimension}@all|${key}`,
    ]) {
      const v = out.get(row) ?? [0, 0, 0, 0];
      v[i]++;
      out.set(row, v);
    }
  };
  const page = (path: string) => path.replace(/^(\/deals?\/)[A-Za-z0-9]{10}\/?$/, '$1{ASIN}');
  const visits = await exec<{
    day: string;
    path: string;
    host: string | null;
    device: string | null;
    asin: string | null;
    clicked: boolean;
    email: string | null;
    source: string | null;
    medium: string | null;
    campaign: string | null;
  }>(
    sql`select to_char(visited_at at time zone 'Europe/London', 'YYYY-MM-DD') as day, path, referrer_host as host, device, asin,
               exists (select 1 from product_clicks c where c.visit_ref = v.ref) as clicked,
               email, utm_source as source, utm_medium as medium, utm_campaign as campaign
        from site_visits v`,
  );
  for (const v of visits) {
    const campaign =
      v.source === null && v.medium === null && v.campaign === null
        ? []
        : [[v.source, v.medium, v.campaign].map((p) => p ?? '').join('\u0001')];
    for (const k of [
      `${v.day}|total|`,
      `${v.day}|page|${page(v.path)}`,
      `${v.day}|referrer|${v.host ?? ''}`,
      `${v.day}|device|${v.device ?? 'unknown'}`,
      ...campaign.map((c) => `${v.day}|campaign|${c}`),
      ...(v.email === null ? [`${v.day}|visit_kind|anonymous`] : []),
      ...(fromEmail(v.source, v.medium) ? [`${v.day}|visit_kind|email_source`] : []),
    ]) {
      add(k, 0);
      if (v.asin) add(k, 1);
      if (v.clicked) add(k, 2);
    }
  }
  const clicks = await exec<{
    day: string;
    device: string | null;
    asin: string | null;
    deal: string | null;
    category: string | null;
    email: string | null;
    source: string | null;
    medium: string | null;
  }>(
    sql`select to_char(clicked_at at time zone 'Europe/London', 'YYYY-MM-DD') as day, device, asin, deal_id as deal, category, email,
               utm_source as source, utm_medium as medium
        from product_clicks`,
  );
  for (const c of clicks) {
    add(`${c.day}|total|`, 3);
    add(`${c.day}|device|${c.device ?? 'unknown'}`, 3);
    // Migration 0025: the Clicks tab's dimensions.
    if ((c.asin ?? c.deal) !== null) add(`${c.day}|product|${c.asin ?? c.deal}`, 3);
    add(`${c.day}|click_category|${c.category ?? ''}`, 3);
    if (c.email !== null) add(`${c.day}|click_email|${c.email}`, 3);
    else add(`${c.day}|click_kind|anonymous`, 3);
    if (fromEmail(c.source, c.medium)) add(`${c.day}|click_kind|email_source`, 3);
  }
  const buttons = await exec<{ day: string; slug: string; name: string | null; email: string | null }>(
    sql`select to_char(clicked_at at time zone 'Europe/London', 'YYYY-MM-DD') as day, category_slug as slug, category_name as name,
               user_email as email
        from category_clicks`,
  );
  for (const b of buttons) {
    add(`${b.day}|category_button|${b.slug}\u0001${b.name ?? ''}`, 3);
    if (b.email !== null) add(`${b.day}|category_button_user|${b.email}`, 3);
  }
  return Object.fromEntries([...out].map(([k, v]) => [k, v.join('/')]));
}

const insertVisits = (values: ReturnType<typeof sql>) =>
  database.db.execute(sql`insert into site_visits (ref, path, asin, referrer_host, device, visited_at) values ${values}`);
const insertClicks = (values: ReturnType<typeof sql>) =>
  database.db.execute(
    sql`insert into product_clicks (asin, click_type, affiliate_tag, destination_url, recorded_by, visit_ref, device, clicked_at)
        select asin, 'shop', 'plain-21', 'https://www.amazon.co.uk/dp/' || asin, 'sql', visit_ref, device, clicked_at::timestamptz
        from (values ${values}) as v(asin, visit_ref, device, clicked_at)`,
  );

describe('the roll-ups equal the raw rows', () => {
  it('through two app instances, plain SQL, updates, deletes and a truncate', async () => {
    // Instance one: a phone arrives from Google on a product page; instance two: its click (the redirect names the visit).
    const visit = await one.inject({
      method: 'POST',
      url: '/api/visits',
      headers: { 'user-agent': PHONE },
      payload: { path: `/deals/${A}`, referrer: 'https://www.Google.co.uk/search?q=pan' },
    });
    expect(visit.statusCode, visit.body).toBe(201);
    const go = await two.inject({ method: 'GET', url: `/go/${A}?ct=shop&visit=${visit.json().visit}`, headers: { 'user-agent': PHONE } });
    expect(go.statusCode).toBe(302);
    // A desktop visit moving inside our own site has no referrer host; a tablet click through the API.
    const own = await two.inject({
      method: 'POST',
      url: '/api/visits',
      headers: { 'user-agent': DESKTOP },
      payload: { path: '/', referrer: 'https://deals.example/search' },
    });
    expect(own.statusCode).toBe(201);
    expect(
      (
        await one.inject({
          method: 'POST',
          url: '/api/product-clicks',
          headers: { 'user-agent': TABLET },
          payload: { productAsin: A, affiliateUrl: `https://www.amazon.co.uk/dp/${A}?tag=plain-21`, clickType: 'title' },
        })
      ).statusCode,
    ).toBe(201);
    const stored = await exec<{ host: string | null; device: string | null }>(
      sql`select referrer_host as host, device from site_visits order by id`,
    );
    expect(stored).toEqual([
      { host: 'www.google.co.uk', device: 'mobile' },
      { host: null, device: 'desktop' },
    ]);
    expect(await rollups()).toEqual(await counted());

    // Plain SQL, several rows a statement: around the 25 October clock change, two clicks naming one
    // visit in one statement, and a click written before the visit it names.
    await insertVisits(
      sql`(${ref(1)}, '/deals/B0AAAAAAA1', 'B0AAAAAAA1', 'news.example', 'mobile', '2026-10-24T22:59:59Z'),
          (${ref(2)}, '/', null, null, 'desktop', '2026-10-24T23:00:00Z'),
          (${ref(3)}, '/blog', null, 'news.example', null, '2026-10-25T01:30:00Z')`,
    );
    await insertClicks(
      sql`('B0AAAAAAA1', ${ref(1)}, 'mobile', '2026-10-24T23:10:00Z'), ('B0AAAAAAA1', ${ref(1)}, 'mobile', '2026-10-24T23:20:00Z'),
          ('B0AAAAAAA1', ${ref(4)}, 'desktop', '2026-10-25T09:00:00Z'), ('B0AAAAAAA1', null, null, '2026-10-26T00:00:00Z')`,
    );
    await insertVisits(sql`(${ref(4)}, '/deals/B0AAAAAAA1', 'B0AAAAAAA1', null, 'desktop', '2026-10-25T08:59:00Z')`);
    const after = await rollups();
    expect(after).toEqual(await counted());
    // The London day of 22:59:59 UTC on 24 October (BST) is the 24th; 23:00 UTC is the 25th.
    expect(after['2026-10-24|total|']).toBe('1/1/1/0');
    expect(after['2026-10-25|total|']).toBe('3/1/1/3');

    // One of two clicks of a visit deleted: still clicked through; both: not. A visit moved to another page and day.
    await database.db.execute(sql`delete from product_clicks where clicked_at = '2026-10-24T23:10:00Z'`);
    expect((await rollups())['2026-10-24|total|']).toBe('1/1/1/0');
    await database.db.execute(sql`delete from product_clicks where visit_ref = ${ref(1)}`);
    expect((await rollups())['2026-10-24|total|']).toBe('1/1/0/0');
    await database.db.execute(sql`update site_visits set path = '/deals', visited_at = '2026-10-27T10:00:00Z' where ref = ${ref(3)}`);
    await database.db.execute(sql`update product_clicks set visit_ref = ${ref(2)} where visit_ref is null and clicked_at < '2026-11-01'`);
    expect(await rollups()).toEqual(await counted());

    // A visit deleted while its click stays; then everything truncated.
    await database.db.execute(sql`delete from site_visits where ref = ${ref(4)}`);
    expect(await rollups()).toEqual(await counted());
    await database.db.execute(sql`truncate product_clicks`);
    expect(await rollups()).toEqual(await counted());
    await database.db.execute(sql`truncate site_visits`);
    expect(await rollups()).toEqual({});
  });

  it("the Clicks tab's dimensions (migration 0025): products, categories, addresses, campaigns, kinds and category buttons", async () => {
    await database.db.execute(
      sql`insert into site_visits (ref, path, asin, email, utm_source, utm_medium, utm_campaign, visited_at) values
          (${ref(21)}, '/deals/B0AAAAAAA1', 'B0AAAAAAA1', 'ana@example.com', 'email', 'weekly', 'oct', '2026-10-24T23:00:00Z'),
          (${ref(22)}, '/', null, null, 'newsletter', ' Email ', null, '2026-10-25T01:30:00Z'),
          (${ref(23)}, '/', null, null, null, null, 'spring', '2026-03-29T00:30:00Z'),
          (${ref(24)}, '/blog', null, 'ben@example.com', null, null, null, '2026-03-28T23:59:59Z')`,
    );
    await database.db.execute(
      sql`insert into product_clicks (email, asin, deal_id, category, click_type, affiliate_tag, destination_url, recorded_by,
                                      utm_source, utm_medium, visit_ref, clicked_at) values
          ('ana@example.com', 'B0AAAAAAA1', null, 'home-kitchen', 'shop', 't-21', 'https://www.amazon.co.uk/', 'sql', 'email', null, ${ref(21)}, '2026-10-24T23:10:00Z'),
          ('ana@example.com', null, 'air-fryer', null, 'shop', 't-21', 'https://www.amazon.co.uk/', 'sql', null, 'EMAIL', ${ref(22)}, '2026-10-25T02:00:00Z'),
          (null, null, null, 'electronics', 'title', 't-21', 'https://www.amazon.co.uk/', 'sql', 'emailer', null, null, '2026-03-29T22:59:59Z'),
          ('ben@example.com', 'B0BBBBBBB2', null, 'electronics', 'title', 't-21', 'https://www.amazon.co.uk/', 'sql', null, null, ${ref(23)}, '2026-03-29T23:00:00Z')`,
    );
    await database.db.execute(
      sql`insert into category_clicks (category_name, category_slug, user_email, page_url, clicked_at) values
          ('Kitchen', 'home-kitchen', 'ana@example.com', '/', '2026-03-29T00:30:00Z'),
          ('Electronics', 'electronics', null, null, '2026-03-29T12:00:00Z'),
          ('Kitchen', 'home-kitchen', 'ben@example.com', '/categories', '2026-10-25T01:30:00Z')`,
    );
    const rows = await rollups();
    expect(rows).toEqual(await counted());
    expect(rows['2026-10-25|click_email|ana@example.com']).toBe('0/0/0/2');
    expect(rows['2026-10-01|click_kind@month|email_source']).toBe('0/0/0/2');
    expect(rows['2026-10-25|visit_kind|email_source']).toBe('2/1/2/0');
    expect(rows['2026-03-30|product|B0BBBBBBB2']).toBe('0/0/0/1');
    expect(rows['2026-03-01|campaign@month|\u0001\u0001spring']).toBe('1/0/1/0');
    // Sunday 25 October 2026 (London) is in the week of Monday the 19th; 29 March 2026 in that of the 23rd.
    expect(rows['2026-10-19|click_email@week|ana@example.com']).toBe('0/0/0/2');
    expect(rows['2026-03-23|category_button@week|home-kitchen\u0001Kitchen']).toBe('0/0/0/1');

    // Migration 0031's one-off fill of the week rows from the day rows, run again on these rows
    // (the rows an existing site holds when it upgrades) after its week rows are deleted.
    const fill = readFileSync(path.join(MIGRATIONS, '0031_week_rollups.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes(`"dimension" || '@week'`));
    expect(fill).toBeDefined();
    await database.db.execute(sql`delete from analytics_daily where dimension like '%@week'`);
    expect(Object.keys(await rollups()).some((k) => k.includes('@week|'))).toBe(false);
    await database.db.execute(sql.raw(fill!));
    expect(await rollups()).toEqual(rows);

    // An address erased (its clicks kept anonymously), a click moved to another product, a button click deleted, then truncates.
    await database.db.execute(sql`update product_clicks set email = null where email = 'ana@example.com'`);
    await database.db.execute(sql`update product_clicks set asin = 'B0CCCCCCC3', utm_medium = null where deal_id = 'air-fryer'`);
    await database.db.execute(sql`update site_visits set email = null, utm_campaign = 'nov' where ref = ${ref(21)}`);
    await database.db.execute(sql`delete from category_clicks where user_email = 'ben@example.com'`);
    expect(await rollups()).toEqual(await counted());
    await database.db.execute(sql`truncate category_clicks`);
    expect(await rollups()).toEqual(await counted());
    await database.db.execute(sql`truncate product_clicks, site_visits`);
    expect(await rollups()).toEqual({});
  });
});

describe('GET /api/admin/analytics-overview', () => {
  const get = (url: string, headers: Record<string, string> = { cookie: admin.cookie }) =>
    one.inject({ method: 'GET', url: `/api/admin/analytics-overview${url}`, headers });

  it('a period beside the one before it: funnel, clicks, per day, top pages, referrers and devices', async () => {
    // 3–9 November (7 London days) and 27 October – 2 November before it.
    await insertVisits(
      sql`(${ref(11)}, '/deals/B0AAAAAAA1', 'B0AAAAAAA1', 'www.google.com', 'mobile', '2026-11-03T09:00:00Z'),
          (${ref(12)}, '/deals/B0AAAAAAA1', 'B0AAAAAAA1', 'www.google.com', 'desktop', '2026-11-05T09:00:00Z'),
          (${ref(13)}, '/', null, null, 'mobile', '2026-11-09T23:59:59Z'),
          (${ref(14)}, '/blog', null, 'news.example', 'tablet', '2026-11-02T23:59:59Z'),
          (${ref(15)}, '/', null, null, 'desktop', '2026-10-27T00:00:00Z')`,
    );
    await insertClicks(
      sql`('B0AAAAAAA1', ${ref(11)}, 'mobile', '2026-11-03T09:01:00Z'), ('B0AAAAAAA1', ${ref(11)}, 'mobile', '2026-11-03T09:02:00Z'),
          ('B0AAAAAAA1', null, 'desktop', '2026-11-06T10:00:00Z'), ('B0AAAAAAA1', ${ref(14)}, 'tablet', '2026-11-03T00:00:01Z')`,
    );
    const res = await get('?startDate=2026-11-03&endDate=2026-11-09');
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json() as AnalyticsOverview;
    expect(o.range).toEqual({ startDate: '2026-11-03', endDate: '2026-11-09' });
    expect(o.previousRange).toEqual({ startDate: '2026-10-27', endDate: '2026-11-02' });
    // The tablet's click on 3 November names a visit of 2 November: the click counts on its own day, the click-through on the visit's.
    expect(o.current).toEqual({ visits: 3, productVisits: 2, clickedVisits: 1, clicks: 4, clickThroughRate: 33.3 });
    expect(o.previous).toEqual({ visits: 2, productVisits: 0, clickedVisits: 1, clicks: 0, clickThroughRate: 50 });
    expect(o.perDay.map((d) => d.date)).toEqual([
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
      '2026-11-08',
      '2026-11-09',
    ]);
    expect(o.perDay[0]).toEqual({ date: '2026-11-03', visits: 1, clickedVisits: 1, clicks: 3 });
    expect(o.perDay[1]).toEqual({ date: '2026-11-04', visits: 0, clickedVisits: 0, clicks: 0 });
    // Product pages count as one landing page.
    expect(o.topPages).toEqual([
      { key: '/deals/{ASIN}', visits: 2, clickedVisits: 1 },
      { key: '/', visits: 1, clickedVisits: 0 },
    ]);
    expect(o.topReferrers).toEqual([
      { key: 'www.google.com', visits: 2, clickedVisits: 1 },
      { key: '', visits: 1, clickedVisits: 0 },
    ]);
    expect(o.devices).toEqual([
      { key: 'mobile', visits: 2, clicks: 2 },
      { key: 'desktop', visits: 1, clicks: 1 },
      { key: 'tablet', visits: 0, clicks: 1 },
    ]);

    // A start alone runs to today in London (10 November); none is All Time, with nothing before it.
    const open = (await get('?startDate=2026-11-09')).json() as AnalyticsOverview;
    expect(open.range).toEqual({ startDate: '2026-11-09', endDate: '2026-11-10' });
    expect(open.previousRange).toEqual({ startDate: '2026-11-07', endDate: '2026-11-08' });
    // Whole months are read from the month rows, the ends from day rows: the same figures as the days.
    const long = (await get('?startDate=2026-09-15&endDate=2026-11-09')).json() as AnalyticsOverview;
    expect(long.current.visits).toBe(long.perDay.reduce((n, d) => n + d.visits, 0));
    expect(long.current.clicks).toBe(long.perDay.reduce((n, d) => n + d.clicks, 0));
    expect(long.current).toEqual({ visits: 5, productVisits: 2, clickedVisits: 2, clicks: 4, clickThroughRate: 40 });
    const all = (await get('')).json() as AnalyticsOverview;
    expect(all.previous).toBeNull();
    expect(all.current.visits).toBe(5);
    expect(all.perDay[0]?.date).toBe('2026-10-27');
  });

  it('refuses bad input with a 400 naming the field', async () => {
    for (const [query, message] of [
      ['?startDate=2026-11-03T00:00:00Z', /^startDate: must be a date YYYY-MM-DD/],
      ['?startDate=2026-02-30', /^startDate: /],
      ['?startDate=2026-11-09&endDate=2026-11-03', /^endDate: must not be before startDate/],
      ['?endDate=2026-11-03', /^startDate: is required with endDate/],
      ['?period=last7', /^period: is not a filter of this endpoint/],
    ] as const) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
  });

  it('answers 401 without an admin session, a visitor token included', async () => {
    expect((await get('', {})).statusCode).toBe(401);
    const { token } = await issueVisitorToken(database.db, { email: 'shopper@example.com', proof: 'mailbox', now: clock });
    expect((await get('', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
    clock = new Date(clock.getTime() + 1000);
  });
});

describe('wholeMonths', () => {
  it('the months a range covers whole, as [first, exclusive end)', () => {
    expect(wholeMonths('2026-09-15', '2026-11-09')).toEqual(['2026-10-01', '2026-11-01']);
    expect(wholeMonths('2026-10-01', '2026-10-31')).toEqual(['2026-10-01', '2026-11-01']);
    expect(wholeMonths('2026-01-01', '2026-12-31')).toEqual(['2026-01-01', '2027-01-01']);
    expect(wholeMonths('2026-10-02', '2026-10-31')).toBeNull();
    expect(wholeMonths('2026-02-01', '2026-02-27')).toBeNull();
    expect(wholeMonths('2024-02-01', '2024-02-29')).toEqual(['2024-02-01', '2024-03-01']);
  });
});
