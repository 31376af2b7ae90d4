/**
 * The owners' people and alerts tabs in Chromium (issue 12 parts 1 and 2), on the demo catalogue:
 * a shopper signs up and creates a price alert through the public API (as the site's dialogs do),
 * the owner signs in, finds the alert under the shopper's e-mail in the Alerts tab, runs Check
 * Prices Now and sees the new Manual log with its results, then opens the signups tab and sees the
 * shopper with the cards. Desktop 1440 and mobile 390 px; screenshots in
 * test-results/e2e/admin-people-*.png.
 *
 * Issue 29 ("tables an owner can trust"): the products list's page and sort survive a reload and
 * Back; a row ticked on another page is said ("1 selected to delete across pages (1 not on this
 * page)") with "Select all N matching" offered; the Users tab's search survives a reload; at 390 px
 * the tabs are reached through the "Admin section" menu, and the owner unsubscribes the shopper in
 * bulk, after which the shopper's alert is "Paused: unsubscribed" and no longer counted Active.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOTS, ROOT, launchChromium, missingPrerequisites, openAdminTab, signInAsOwner } from './support/browser';
import { freePort, startServer, type RunningServer } from './support/server-process';
import { migratedDataDir } from './support/data-dir';
import { signEmail } from '../../server/email/signed-links';

/** Signs the shopper's confirmation link here, as the e-mail would carry it. */
const SECRET_KEY = 'e2e-admin-people-secret-'.padEnd(48, 'k');

const ADMIN_EMAIL = 'owner@dealalerts.example';
const ADMIN_PASSWORD = 'e2e admin people password';
const SHOPPER = 'shopper.e2e@example.com';
const REFERRER = 'https://www.google.co.uk/search?q=kitchen+deals+this+week';

const missing = missingPrerequisites('the admin people journey', [
  [!existsSync(path.join(ROOT, 'dist/web/index.html')), 'dist/web not built (npm run build)'],
]);

describe.skipIf(missing.length > 0)('the admin people and alerts tabs in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  let productTitle = '';

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const port = await freePort();
    server = await startServer(
      {
        PORT: String(port),
        DATA_DIR: migratedDataDir('e2e-admin-people-'),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        SECRET_KEY,
      },
      ['--demo'],
    );
    browser = await launchChromium();

    // The shopper: a signup from the popup, then a price alert on a catalogue product.
    const signup = await fetch(`${server.url}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: SHOPPER, source: 'signup_popup', referrer: REFERRER }),
    });
    expect(signup.status).toBe(201);
    // The shopper opens the confirmation link in this browser (issue 25: only then do its alerts start).
    const t = Math.floor(Date.now() / 1000);
    const confirmed = await fetch(`${server.url}/api/subscribers/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: SHOPPER, t, sig: signEmail(SECRET_KEY, 'confirm', SHOPPER, t) }),
    });
    expect(confirmed.status).toBe(200);
    const mailbox = ((await confirmed.json()) as { visitorToken: string }).visitorToken;
    const deals = await (await fetch(`${server.url}/api/amazon/top-discounted`)).json();
    const product = (deals.products as Array<{ asin: string; title: string }>)[0]!;
    productTitle = product.title;
    const alert = await fetch(`${server.url}/api/deal-alerts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${mailbox}` },
      body: JSON.stringify({ userEmail: SHOPPER, productAsin: product.asin }),
    });
    expect(alert.status, await alert.clone().text()).toBeLessThan(300);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `admin-people-${name}.png`), fullPage: true });

  async function signedInPage(width: number): Promise<Page> {
    const mobile = width < 768;
    const context = await browser.newContext({
      viewport: { width, height: mobile ? 844 : 900 },
      isMobile: mobile,
      hasTouch: mobile,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
    });
    const page = await context.newPage();
    await signInAsOwner(page, `${server.url}/admin/deal-alerts`, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await page.getByRole('heading', { name: 'Alerts', level: 2 }).waitFor();
    return page;
  }

  for (const width of [1440, 390]) {
    it(`${width} px: the shopper's alert, Check Prices Now and its log, then signups`, async () => {
      const page = await signedInPage(width);
      const group = page.getByRole('region', { name: new RegExp(SHOPPER.replace(/\./g, '\\.')) });
      await group.getByText(productTitle).waitFor();
      await group.getByText('Active', { exact: true }).waitFor();
      expect(await page.getByRole('definition').first().textContent()).toBe('1');

      await page.getByRole('button', { name: 'Price Check History' }).click();
      const runs = page.getByRole('heading', { name: 'Latest runs' }).locator('..').getByRole('listitem');
      const before = await runs.count();
      await page.getByRole('button', { name: 'Check Prices Now' }).click();
      await page.getByText('Price Check Complete', { exact: true }).waitFor();
      await expect.poll(() => runs.count()).toBe(Math.min(before + 1, 10));
      const newest = runs.first();
      await newest.getByText('Manual', { exact: true }).waitFor();
      await newest.getByText('All Success').waitFor();
      await newest.getByRole('button', { name: /Results/ }).click();
      await newest.getByRole('cell', { name: new RegExp(productTitle.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).waitFor();
      await group.getByText(/Last checked/).waitFor();
      await page.locator('.recharts-line').first().waitFor({ state: 'attached' });
      await shot(page, `alerts-chart-${width}`);
      await page.getByRole('button', { name: 'Show as table' }).click();
      await page.getByRole('table', { name: 'Price-check outcomes per day' }).waitFor();
      await shot(page, `alerts-${width}`);

      await openAdminTab(page, 'signups');
      await page.getByRole('heading', { name: 'Signups', level: 2 }).waitFor();
      await page.getByText(SHOPPER).first().waitFor();
      await page.getByText('Popup', { exact: true }).first().waitFor();
      // The second list cuts the referrer to 30 characters (admin-area §9).
      await page.getByRole('cell', { name: `${REFERRER.slice(0, 30)}…` }).waitFor();
      await shot(page, `signups-${width}`);

      // Issue 29: page and sort in the URL survive a reload and Back; the selection across pages is said.
      await page.goto(`${server.url}/admin?sort=price&order=asc&page=2`);
      await page.getByRole('table', { name: /^Products, page 2 of/ }).waitFor();
      await page.reload();
      await page.getByRole('table', { name: /^Products, page 2 of/ }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('price');
      await page
        .getByRole('checkbox', { name: /^Select: (?!every)/ })
        .first()
        .check();
      const pager = page.getByRole('navigation', { name: 'Product pages' });
      await pager.getByRole('button', { name: 'First page' }).click();
      await page.getByRole('table', { name: /^Products, page 1 of/ }).waitFor();
      expect(page.url()).toBe(`${server.url}/admin?sort=price&order=asc`);
      await page.getByText('1 selected to delete across pages (1 not on this page)').waitFor();
      await page.getByRole('button', { name: /^Select all \d+ matching$/ }).waitFor();
      await shot(page, `products-selection-${width}`);
      await page.goBack();
      await page.getByRole('table', { name: /^Products, page 2 of/ }).waitFor();

      // The Users tab's search is in the URL too.
      await openAdminTab(page, 'Users');
      await page.getByRole('heading', { name: 'Users', level: 2 }).waitFor();
      await page.getByLabel('Search by e-mail').fill('shopper.e2e');
      await page.waitForURL(/\/admin\/user-analysis\?q=shopper\.e2e$/);
      await page.reload();
      await page.getByText(SHOPPER, { exact: true }).waitFor();
      expect(await page.getByLabel('Search by e-mail').inputValue()).toBe('shopper.e2e');

      if (width === 390) {
        // A bulk action: unsubscribe the ticked person; their alert stops counting as active.
        await page.getByRole('checkbox', { name: `Select ${SHOPPER}` }).check();
        const bar = page.getByRole('group', { name: 'Selected users' });
        await bar.getByText('1 person selected').waitFor();
        await bar.getByRole('button', { name: 'Unsubscribe (1)' }).click();
        const dialog = page.getByRole('alertdialog', { name: 'Unsubscribe 1 person?' });
        await shot(page, `users-bulk-confirm-${width}`);
        await dialog.getByRole('button', { name: 'Unsubscribe 1 person' }).click();
        await page.getByText('1 person unsubscribed. They get no more e-mail.', { exact: true }).waitFor();
        await page.getByText('Unsubscribed', { exact: true }).first().waitFor();
        await shot(page, `users-bulk-done-${width}`);
        await openAdminTab(page, 'Alerts');
        await group.getByText('Paused: unsubscribed').waitFor();
        await group.getByText('0 active of 1').waitFor();
        await page.getByRole('button', { name: 'Active (0)' }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await shot(page, `alerts-after-unsubscribe-${width}`);
      }
      await page.context().close();
    });
  }
});
