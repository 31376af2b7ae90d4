/**
 * Click analytics in Chromium (issue 13; admin-area §2 "Clicks tab", "Category-clicks tab"): a
 * shopper arrives from an e-mail link (utm parameters), clicks a category button and a card's
 * 'View at Amazon' (amazon.co.uk answered locally, never fetched); the owner signs in, sees the
 * visit, the click and the campaign in the Clicks tab, changes the date filter and the figures
 * change, downloads the recent-clicks export with exactly that click, and sees the category click
 * in the Category clicks tab. On the demo catalogue (`--demo`), at 1280 and 390 px; screenshots in
 * test-results/e2e/admin-analytics-*.png. Then (issue 29) a phone arrives from another site and the
 * product reaches 11 clicks; the owner picks a custom From–To range and sees it beside the week
 * before, the funnel, the referrer and the device, with "11" on one line, at 1440 and 390 px.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE_USER_AGENT, SHOTS, ROOT, launchChromium, newBrowserContext, missingPrerequisites, signInAsOwner } from './support/browser';
import { londonDate, previousRange } from '../../common/analytics-dates';
import { freePort, startServer, type RunningServer } from './support/server-process';
import { migratedDataDir } from './support/data-dir';

const ADMIN_EMAIL = 'owner@dealalerts.example';
const ADMIN_PASSWORD = 'e2e admin password 1';
const SHOPPER = 'shopper@example.com';
const CAMPAIGN = 'e2e-october';

const missing = missingPrerequisites('the click analytics journey', [
  [!existsSync(path.join(ROOT, 'dist/web/index.html')), 'dist/web not built (npm run build)'],
]);

describe.skipIf(missing.length > 0)('click analytics in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  const amazonVisits: string[] = [];
  /** The product the shopper clicked in the first journey. */
  let clickedAsin = '';

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const port = await freePort();
    server = await startServer(
      {
        PORT: String(port),
        DATA_DIR: migratedDataDir('e2e-analytics-'),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
      },
      ['--demo'],
    );
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const newContext = (width: number) => newBrowserContext(browser, width, { kind: 'stand-in', onVisit: (url) => amazonVisits.push(url) });

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `admin-analytics-${name}.png`), fullPage: true });

  /** The number on a summary card. */
  const card = (page: Page, label: string) =>
    page
      .getByLabel('Summary')
      .locator('div', { has: page.getByText(label, { exact: true }) })
      .locator('dd')
      .first();

  it('a shopper from an e-mail clicks through; the owner sees it, filters it and exports it (1280, then 390)', async () => {
    // The shopper: opens an e-mail link, with a tracking e-mail stored, picks a category and clicks out.
    const shopper = await newContext(1280);
    // Clicks are attributed to an address only with its token (issue 25): the shopper signed up in this browser.
    const signup = await fetch(`${server.url}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: SHOPPER, source: 'signup_page' }),
    });
    expect(signup.status).toBe(201);
    const { visitorToken } = (await signup.json()) as { visitorToken: string };
    await shopper.addInitScript(
      ([email, token]) => {
        window.localStorage.setItem('clickTrackingEmail', email);
        window.localStorage.setItem('visitorToken', JSON.stringify({ email, token }));
      },
      [SHOPPER, visitorToken] as const,
    );
    const page = await shopper.newPage();
    const visit = page.waitForResponse((r) => r.url().endsWith('/api/visits') && r.status() === 201);
    await page.goto(`${server.url}/?utm_source=email&utm_medium=price-drop&utm_campaign=${CAMPAIGN}`);
    await visit;
    const categoryClick = page.waitForResponse((r) => r.url().endsWith('/api/category-clicks') && r.status() === 201);
    await page
      .getByRole('group', { name: 'Deal categories' })
      .getByRole('button', { name: /Electronics/ })
      .click();
    await categoryClick;
    const button = page
      .getByTestId('product-card')
      .first()
      .getByRole('link', { name: /View at Amazon/ });
    await button.waitFor();
    const asin = /\/go\/([A-Z0-9]{10})/.exec((await button.getAttribute('href')) ?? '')?.[1];
    expect(asin).toBeTruthy();
    clickedAsin = asin as string;
    const [tab] = await Promise.all([shopper.waitForEvent('page'), button.click()]);
    await expect.poll(() => amazonVisits.length, { timeout: 15_000 }).toBe(1);
    expect(amazonVisits[0]).toContain(`/dp/${asin}`);
    await tab.close();
    await shopper.close();

    // The owner at 1280.
    const owner = await newContext(1280);
    const admin = await owner.newPage();
    await signInAsOwner(admin, `${server.url}/admin/click-tracking`, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await admin.getByRole('heading', { name: 'Click tracking', exact: true }).waitFor();
    await expect.poll(() => card(admin, 'Amazon Affiliate Clicks').textContent()).toBe('1');
    expect(await card(admin, 'Website Visits').textContent()).toBe('1');
    await admin.getByLabel('Summary').getByText('1 from e-mails').first().waitFor();
    const all = admin.getByRole('region', { name: 'All product clicks' });
    await all.getByText('Showing 1 of 1 click').waitFor();
    await all.getByRole('cell', { name: SHOPPER }).waitFor();
    const campaigns = admin.getByRole('region', { name: 'Email Campaign Performance' });
    expect(await campaigns.getByRole('row').nth(1).textContent()).toBe(`${CAMPAIGN}emailprice-drop11100%`);
    await admin.getByText('Recent Email Visits (1)').click();
    await admin.getByRole('cell', { name: 'Yes' }).waitFor();
    await shot(admin, 'clicks-1280');

    // The filter changes the figures: nothing yesterday, the click again after Clear Filter.
    await admin.getByRole('button', { name: 'Yesterday' }).click();
    await admin.waitForURL(/period=yesterday/);
    await expect.poll(() => card(admin, 'Amazon Affiliate Clicks').textContent()).toBe('0');
    await all.getByText('Showing 0 of 0 clicks').waitFor();
    await admin.getByRole('button', { name: 'Clear Filter' }).click();
    await expect.poll(() => card(admin, 'Amazon Affiliate Clicks').textContent()).toBe('1');

    // The export holds exactly that click.
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('link', { name: 'Recent product clicks' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('recent-product-clicks_all-time.csv');
    const rows = parse(readFileSync((await download.path()) as string), { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.map((r) => [r['E-mail'], r.ASIN, r['UTM campaign']])).toEqual([[SHOPPER, asin, CAMPAIGN]]);

    // The chart as a table, and the category click in its own tab.
    const perDay = admin.getByRole('region', { name: 'Clicks per day' });
    await perDay.getByRole('button', { name: 'Show table' }).click();
    await perDay.getByRole('table').waitFor();
    await admin.getByRole('tab', { name: 'Categories (category button clicks)' }).click();
    await admin.getByLabel('Category click figures').getByText('Electronics').waitFor();
    const recent = admin.getByRole('region', { name: /Recent clicks/ });
    expect(await recent.getByRole('row').nth(1).textContent()).toMatch(new RegExp(`^Electronics${SHOPPER}`));
    await shot(admin, 'category-clicks-1280');
    await owner.close();

    // The owner on a phone: the page fits 390 px.
    const phone = await newContext(390);
    const mobile = await phone.newPage();
    await signInAsOwner(mobile, `${server.url}/admin/login?next=%2Fadmin%2Fclick-tracking`, {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    await expect.poll(() => card(mobile, 'Amazon Affiliate Clicks').textContent()).toBe('1');
    await mobile.getByRole('region', { name: 'All product clicks' }).getByText('Showing 1 of 1 click').waitFor();
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(mobile, 'clicks-390');
    await mobile.goto(`${server.url}/admin/category-clicks`);
    await mobile.getByLabel('Category click figures').getByText('Electronics').waitFor();
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(mobile, 'category-clicks-390');
    await phone.close();
  });
  it('a custom range beside the period before it, with referrers, devices and an unwrapped 11 (1440, then 390)', async () => {
    expect(clickedAsin).not.toBe('');
    // A phone from another site, and ten more clicks (11 in all) on the product clicked above.
    const visit = await fetch(`${server.url}/api/visits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': MOBILE_USER_AGENT },
      body: JSON.stringify({ path: `/deals/${clickedAsin}`, referrer: 'https://www.reddit.com/r/UKPersonalFinance/' }),
    });
    expect(visit.status).toBe(201);
    for (let i = 0; i < 10; i++) {
      const go = await fetch(`${server.url}/go/${clickedAsin}?ct=shop`, {
        headers: { 'user-agent': MOBILE_USER_AGENT },
        redirect: 'manual',
      });
      expect(go.status).toBe(302);
    }
    const today = londonDate(new Date());
    const week = { startDate: londonDate(Date.now() - 6 * 86_400_000), endDate: today };
    const before = previousRange(week)!;
    const show = (d: string) =>
      new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${d}T00:00:00Z`),
      );
    const overviewCard = (page: Page, label: string) =>
      page
        .getByLabel('Overview figures')
        .locator('div', { has: page.getByText(label, { exact: true }) })
        .first();

    for (const width of [1440, 390]) {
      const context = await newContext(width);
      const page = await context.newPage();
      await signInAsOwner(page, `${server.url}/admin/login?next=%2Fadmin%2Fclick-tracking`, {
        email: ADMIN_EMAIL,
        password: ADMIN_PASSWORD,
      });
      const form = page.getByRole('form', { name: 'Custom date range' });
      await form.getByLabel('From').fill(week.startDate);
      await form.getByLabel('To').fill(week.endDate);
      await form.getByRole('button', { name: 'Apply dates' }).click();
      await page.waitForURL(new RegExp(`period=custom&from=${week.startDate}&to=${week.endDate}`));
      await page
        .getByRole('heading', { name: /^Overview/ })
        .getByText(`compared with ${show(before.startDate!)} – ${show(before.endDate!)}`)
        .waitFor();
      await expect.poll(() => overviewCard(page, 'Clicks to Amazon').textContent()).toMatch(/^Clicks to Amazon11▲ new \(0 before\)$/);
      expect(await overviewCard(page, 'Visits').textContent()).toMatch(/^Visits2▲ new \(0 before\)$/);
      await page.getByRole('region', { name: 'Top referring sites' }).getByRole('rowheader', { name: 'www.reddit.com' }).waitFor();
      await page.getByRole('region', { name: 'Devices' }).getByText('Mobile').waitFor();
      const funnel = page.getByRole('region', { name: 'Visit → click-through funnel' });
      await funnel.getByText('Clicked through to Amazon').waitFor();
      // "11" on one line in the Top 3 Products card (issue 29: it wrapped to "1/1").
      const eleven = page.getByLabel('Product click figures').locator('[data-count]').first();
      await expect.poll(() => eleven.textContent()).toBe('11');
      const box = await eleven.boundingBox();
      expect(box!.height).toBeLessThan(28);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(page, `overview-custom-range-${width}`);
      await context.close();
    }
  });
});
