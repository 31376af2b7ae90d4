/**
 * The click exports' keyset batches (click-exports.admin.service.ts; issue 13: "an export of all of
 * them streams"): an export holds every click of its range even when two clicks share the
 * millisecond where one 250-row batch ends and the next begins (the cursor was a millisecond Date).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv } from '../../env';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';

describe('an export across batches', () => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let admin: AdminHeaders;
  const env = testEnv({ AFFILIATE_TAG: 'plain-21' });
  const clock = new Date('2026-11-02T12:00:00Z');

  beforeAll(async () => {
    ({ app, database, close } = await createTestApp({ env, clock: () => clock }));
    admin = await signInAsAdmin(app, database, env.PUBLIC_URL, 'owner@example.com', clock);
  });
  afterAll(() => close?.());

  it('holds every click when two share the millisecond where a 250-row batch ends (clicked_at has microseconds)', async () => {
    // 300 clicks one millisecond apart, newest first: click 0 at …:00.300, click 299 at …:00.001;
    // clicks 249 and 250 (the 250th and 251st newest) both in millisecond …:00.051.
    await database.db.execute(sql`
      insert into product_clicks (email, asin, title, click_type, affiliate_tag, destination_url, recorded_by, clicked_at)
      select null, 'B0AAAAAAA1', 'click ' || n, 'shop', 'plain-21', 'https://www.amazon.co.uk/dp/B0AAAAAAA1?tag=plain-21', 'redirect',
        timestamptz '2026-11-01 10:00:00+00' + case when n = 249 then interval '51.900 milliseconds'
          when n = 250 then interval '51.100 milliseconds' else (300 - n) * interval '1 millisecond' end
      from generate_series(0, 299) n`);
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/export/recent-clicks-csv?startDate=2026-11-01&endDate=2026-11-01',
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = parse(res.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.map((r) => r['Product title'])).toEqual(Array.from({ length: 300 }, (_, n) => `click ${n}`));
    expect(rows.slice(249, 251).map((r) => r['Clicked at (UTC)'])).toEqual(['2026-11-01T10:00:00.051Z', '2026-11-01T10:00:00.051Z']);
  });

  it('writes each click as the Clicks tab lists it: every column, prices in pounds, deal ids, nulls as empty cells, formulas defused', async () => {
    await database.db.execute(sql`
      insert into product_clicks (email, asin, deal_id, title, click_type, price_pence, original_price_pence, referrer, category,
        affiliate_tag, destination_url, utm_source, utm_medium, utm_campaign, recorded_by, clicked_at)
      values ('ana@example.com', 'B0BBBBBBB2', null, '=SUM(A1)', 'title', 1999, 2999, '/deals/B0BBBBBBB2', 'home-kitchen', 'plain-21',
          'https://www.amazon.co.uk/dp/B0BBBBBBB2?tag=plain-21', 'email', 'price-drop', 'alerts-2026-10', 'redirect', '2026-10-20 09:15:30.123456+00'),
        (null, null, 'deal-7', null, 'shop', null, null, null, null, 'plain-21',
          'https://www.amazon.co.uk/deal/7?tag=plain-21', null, null, null, 'redirect', '2026-10-20 09:15:31+00')`);
    const query = 'startDate=2026-10-20&endDate=2026-10-20';
    const [exported, listed] = await Promise.all([
      app.inject({ method: 'GET', url: `/api/admin/export/recent-clicks-csv?${query}`, headers: admin }),
      app.inject({ method: 'GET', url: `/api/admin/product-clicks?${query}`, headers: admin }),
    ]);
    expect(exported.statusCode, exported.body).toBe(200);
    const rows = parse(exported.body, { columns: true, bom: true }) as Record<string, string>[];
    const clicks = (listed.json() as { clicks: Record<string, string | null>[] }).clicks;
    expect(clicks).toHaveLength(2);
    expect(rows).toEqual(
      clicks.map((c) => ({
        'Clicked at (UTC)': c.clickedAt,
        'Clicked at (UK time)': c.clickedAt === '2026-10-20T09:15:31.000Z' ? '20/10/2026 10:15:31' : '20/10/2026 10:15:30',
        'E-mail': c.userEmail ?? 'Anonymous',
        ASIN: c.productAsin ?? '',
        'Product title': c.productTitle?.startsWith('=') ? `'${c.productTitle}` : (c.productTitle ?? ''),
        Category: c.category ?? '',
        'Click type': c.clickType,
        'Price (£)': c.price ?? '',
        'Original price (£)': c.originalPrice ?? '',
        Referrer: c.referrer ?? '',
        'UTM source': c.utmSource ?? '',
        'UTM medium': c.utmMedium ?? '',
        'UTM campaign': c.utmCampaign ?? '',
        'Affiliate URL': c.affiliateUrl,
      })),
    );
    expect(rows.map((r) => [r['Clicked at (UTC)'], r.ASIN, r['Product title'], r['Price (£)'], r['Original price (£)']])).toEqual([
      ['2026-10-20T09:15:31.000Z', 'deal-7', '', '', ''],
      ['2026-10-20T09:15:30.123Z', 'B0BBBBBBB2', "'=SUM(A1)", '19.99', '29.99'],
    ]);
  });
});
