/**
 * The admin shell in Chromium (issue 11 parts 1 and 2): a visitor without a session is sent to
 * the sign-in page, a refused sign-in says so, the owner (created from ADMIN_EMAIL/ADMIN_PASSWORD
 * on first start) signs in, sees 'Product Management Admin' with its 20 tabs, switches tabs by URL,
 * by click and by keyboard (the back button follows), refreshes, reads the audit log and signs
 * out. The shopper home page loads no admin code. Desktop 1280 and mobile 390 px; screenshots in
 * test-results/e2e/admin-*.png.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOTS, ROOT, launchChromium, newBrowserContext, missingPrerequisites } from './support/browser';
import { freePort, startServer, type RunningServer } from './support/server-process';
import { migratedDataDir } from './support/data-dir';

const ADMIN_EMAIL = 'owner@dealalerts.example';
const ADMIN_PASSWORD = 'e2e admin password 1';

const missing = missingPrerequisites('the admin shell journey', [
  [!existsSync(path.join(ROOT, 'dist/web/index.html')), 'dist/web not built (npm run build)'],
]);

describe.skipIf(missing.length > 0)('the admin shell in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const port = await freePort();
    server = await startServer({
      PORT: String(port),
      DATA_DIR: migratedDataDir('e2e-admin-'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
    });
    expect(server.output()).toContain(`Admin account ${ADMIN_EMAIL} created`);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `admin-${name}.png`), fullPage: true });

  const newContext = (width: number) => newBrowserContext(browser, width);

  const path_ = (page: Page) => {
    const url = new URL(page.url());
    return `${url.pathname}${url.search}`;
  };

  async function signIn(page: Page, password = ADMIN_PASSWORD) {
    await page.getByLabel('E-mail').fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('the shopper home page loads no admin code', async () => {
    const context = await newContext(1280);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((u) => /admin/i.test(u))).toEqual([]);
    await context.close();
  });

  it('desktop 1280: sign-in, the 20 tabs by URL, click and keyboard, back, Refresh, audit log, sign out', async () => {
    const context = await newContext(1280);
    const page = await context.newPage();

    // No session: /admin goes to the sign-in page and comes back after it.
    await page.goto(`${server.url}/admin/stats`);
    await page.getByRole('heading', { name: 'Admin sign-in' }).waitFor();
    expect(path_(page)).toBe('/admin/login?next=%2Fadmin%2Fstats');

    // Empty fields, then a wrong password.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Enter your e-mail address.').waitFor();
    await signIn(page, 'not the password');
    await page.getByRole('alert').getByText('That e-mail and password do not match an admin account.').waitFor();
    await shot(page, 'login-error-1280');

    await signIn(page);
    await page.getByRole('heading', { name: 'Product Management Admin' }).waitFor();
    expect(path_(page)).toBe('/admin/stats');
    const tabs = page.getByRole('tab');
    expect(await tabs.count()).toBe(20);
    expect(await tabs.allTextContents()).toEqual([
      'products list',
      'Product Catalog',
      'Statistics',
      'Clicks',
      'Users',
      'Alerts',
      'signups',
      'unsubscribes',
      'Categories (category pages management)',
      'Preferences',
      'Templates',
      'Email Alerts',
      'import',
      'API',
      'top-deals',
      'Under £15',
      'Similar',
      'Categories (category button clicks)',
      'Deal links',
      'Delivery log',
    ]);
    await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toBe('Statistics');
    await page.getByRole('heading', { name: 'Statistics', exact: true }).waitFor();
    // The audit log at the bottom shows the failed and the successful sign-in.
    const audit = page.getByRole('region', { name: /Audit log/ });
    await audit.getByText('Signed in').filter({ visible: true }).first().waitFor();
    await audit.getByText('Failed sign-in').filter({ visible: true }).first().waitFor();
    await shot(page, 'shell-1280');

    // By URL.
    await page.goto(`${server.url}/admin/signups`);
    // Built in issue 12 (tests/e2e/admin-people.e2e.ts covers it).
    await page.getByRole('heading', { name: 'Signups', level: 2 }).waitFor();
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('signups');

    // By click.
    await page.getByRole('tab', { name: 'Under £15' }).click();
    await page.waitForURL(/\/admin\/under-15$/);

    // By keyboard: the selected tab is the one tab stop; arrows, Home and End move and select.
    await page.getByRole('tab', { name: 'Under £15' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/\/admin\/similar-products$/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Similar');
    await page.keyboard.press('End');
    await page.waitForURL(/\/admin\/delivery-log$/);
    await page.keyboard.press('ArrowRight'); // wraps to the first
    await page.waitForURL(/\/admin$/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('products list');
    await page.keyboard.press('ArrowLeft'); // wraps to the last
    await page.waitForURL(/\/admin\/delivery-log$/);
    expect(await page.getByRole('tab', { selected: true }).getAttribute('tabindex')).toBe('0');
    expect(await page.locator('[role="tab"][tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('Tab'); // out of the bar, into the panel
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tabpanel');

    // Back follows the tabs.
    await page.goBack();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('heading', { name: 'Products', exact: true }).waitFor();
    await page.goBack();
    await page.waitForURL(/\/admin\/delivery-log$/);

    // Refresh refetches the open tab's queries and the audit log.
    const refetched = page.waitForResponse((r) => r.url().includes('/api/admin/audit-log') && r.status() === 200);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await refetched;
    await page.getByRole('button', { name: 'Refresh' }).waitFor();

    // /management is the same admin page.
    await page.goto(`${server.url}/management`);
    await page.getByRole('heading', { name: 'Product Management Admin' }).waitFor();
    await page.getByRole('tab', { name: 'Clicks', exact: true }).click();
    await page.waitForURL(/\/management\/click-tracking$/);

    // Sign out: back to the sign-in page; the admin page needs signing in again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You have signed out.').waitFor();
    expect(path_(page)).toBe('/admin/login?signedOut=1');
    await page.goto(`${server.url}/admin`);
    await page.getByRole('heading', { name: 'Admin sign-in' }).waitFor();
    expect(path_(page)).toBe('/admin/login?next=%2Fadmin');
    const me = await page.evaluate(() => fetch('/api/admin/me').then((r) => r.status));
    expect(me).toBe(401);
    await context.close();
  });

  it('mobile 390: the sign-in page fits, and the "Admin section" menu reaches every tab without widening the page', async () => {
    const context = await newContext(390);
    const page = await context.newPage();
    await page.goto(`${server.url}/admin`);
    await page.getByRole('heading', { name: 'Admin sign-in' }).waitFor();
    await shot(page, 'login-390');
    await signIn(page);
    await page.getByRole('heading', { name: 'Product Management Admin' }).waitFor();
    await page
      .getByRole('region', { name: /Audit log/ })
      .getByText('Signed in')
      .filter({ visible: true })
      .first()
      .waitFor();
    // Issue 29: a strip of 20 tabs showed about 3 at 390 px; the labelled select lists every tab.
    const menu = page.getByRole('combobox', { name: 'Admin section' });
    expect(await menu.isVisible()).toBe(true);
    expect(await page.getByRole('tablist').isVisible()).toBe(false);
    expect(await menu.locator('option').count()).toBe(await page.locator('[role="tab"]').count());
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'shell-390');
    // The last tab, chosen from the menu.
    await menu.selectOption({ label: 'Delivery log' });
    await page.waitForURL(/\/admin\/delivery-log$/);
    await expect.poll(() => menu.inputValue()).toBe('delivery-log');
    await shot(page, 'shell-390-last-tab');
    await context.close();
  });
});
