/**
 * The admin catalogue tabs in Chromium on the real catalogue (issue 11 part 3 "Tests"): the owner
 * signs in, sees the products list, pages through it, filters by a category, selects two products
 * and bulk-deletes them after the confirmation (the shopper product page then answers 404), and
 * opens Statistics with its bar chart. Desktop 1440 and mobile 390 px (the table scrolls sideways
 * inside its box, the page does not widen); screenshots in test-results/e2e/admin-products-*.png.
 *
 * Issue 29: the audit log filtered by who and what names the deleted ASINs; one of the two deleted
 * products comes back from "Recently deleted" (the shopper page answers again); the owner edits a
 * product's title and price in its dialog (the shopper API shows both, the audit log says what
 * changed); at 390 px the edit dialog and the audit filters fit the phone.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { parse } from 'csv-parse/sync';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOTS, launchChromium, newBrowserContext, missingPrerequisites, signInAsOwner, openAdminTab } from './support/browser';
import { freePort, runImport, startServer, type RunningServer, REAL_CATALOGUE } from './support/server-process';
import { migratedDataDir } from './support/data-dir';

const ADMIN_EMAIL = 'owner@dealalerts.example';
const ADMIN_PASSWORD = 'e2e admin password 1';

const missing = missingPrerequisites('the admin products journey', [
  [!existsSync(REAL_CATALOGUE), `real data not found at ${REAL_CATALOGUE}`],
]);

/** Rows of the real feed imported: 20 pages of the list, several categories, imported in seconds. */
const ROWS = 400;

/** One CSV field, quoted (RFC 4180). */
const csvField = (value: string) => `"${value.replaceAll('"', '""')}"`;

/** The real feed's header and first {@link ROWS} records, written to `dir` (never into the project). */
function realFeedSubset(dir: string): string {
  const records = parse(readFileSync(REAL_CATALOGUE)) as string[][];
  const file = path.join(dir, 'feed-subset.csv');
  writeFileSync(
    file,
    `${records
      .slice(0, ROWS + 1)
      .map((r) => r.map(csvField).join(','))
      .join('\n')}\n`,
  );
  return file;
}

/** WCAG 2.2 AA rule tags (as tests/e2e/a11y.e2e.ts). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe's violations on the page, as "rule: target" lines (empty when none). */
async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** "Page 1 of 194 (3,869 total products)" → its three numbers. */
function pagingLine(text: string): { page: number; pages: number; total: number } {
  const m = /Page (\d+) of (\d+) \(([\d,]+) total products\)/.exec(text);
  if (!m) throw new Error(`no paging line in: ${text}`);
  return { page: Number(m[1]), pages: Number(m[2]), total: Number((m[3] as string).replaceAll(',', '')) };
}

describe.skipIf(missing.length > 0)('the admin catalogue tabs in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const port = await freePort();
    const dataDir = migratedDataDir('e2e-admin-products-');
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
    };
    const imported = await runImport(realFeedSubset(dataDir), env);
    expect(imported.code, imported.output).toBe(0);
    server = await startServer(env);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `admin-products-${name}.png`), fullPage: true });

  const newContext = (width: number) => newBrowserContext(browser, width);

  async function signIn(page: Page, at: string) {
    await signInAsOwner(page, `${server.url}${at}`, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  }

  // The products table's paging line (the audit log below has its own "Page 1 of 1 (n actions)").
  const paging = async (page: Page) => pagingLine((await page.getByText(/^Page \d+ of \d+ \(\d+ total/).textContent()) ?? '');

  it('desktop 1440: list, page through, filter, bulk-delete with confirmation, audit filters, restore, edit, Statistics chart', async () => {
    const context = await newContext(1440);
    const page = await context.newPage();
    await signIn(page, '/admin');

    // The products list, 20 a page, newest first.
    await page.getByRole('table', { name: /^Products, page 1 of/ }).waitFor();
    const first = await paging(page);
    expect(first.page).toBe(1);
    expect(first.total).toBeGreaterThan(ROWS - 20);
    expect(first.pages).toBe(Math.ceil(first.total / 20));
    expect(
      await page
        .getByRole('table', { name: /^Products, page 1 of/ })
        .getByRole('row')
        .count(),
    ).toBe(21);
    await shot(page, 'list-1440');
    expect(await axeViolations(page)).toEqual([]);

    // Page through.
    await page.getByRole('navigation', { name: 'Product pages' }).getByRole('button', { name: 'Next' }).click();
    await page.getByRole('table', { name: /^Products, page 2 of/ }).waitFor();
    expect((await paging(page)).page).toBe(2);
    await page.getByRole('navigation', { name: 'Product pages' }).getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('table', { name: /^Products, page 1 of/ }).waitFor();

    // Filter by one of our ten categories.
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Electronics' });
    await expect.poll(async () => (await paging(page)).total).toBeLessThan(first.total);
    const electronics = await paging(page);
    expect(electronics.total).toBeGreaterThan(0);
    const table = page.getByRole('table', { name: /^Products, page 1 of/ });
    const categories = await table.locator('tbody tr td:nth-child(7)').allTextContents();
    expect(new Set(categories)).toEqual(new Set(['Electronics']));

    // Select two and bulk-delete, after the confirmation.
    const rows = table.locator('tbody tr');
    const asins = await Promise.all(
      [0, 1].map(async (i) =>
        (
          (await rows
            .nth(i)
            .getByText(/^ASIN /)
            .textContent()) ?? ''
        ).replace('ASIN ', ''),
      ),
    );
    for (const i of [0, 1])
      await rows
        .nth(i)
        .getByRole('checkbox', { name: /^Select: / })
        .check();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete 2 products?' });
    await dialog.waitFor();
    await shot(page, 'confirm-1440');
    await dialog.getByRole('button', { name: 'Delete 2 products' }).click();
    await page.getByText('Products deleted successfully').first().waitFor();
    await expect.poll(async () => (await paging(page)).total).toBe(electronics.total - 2);
    for (const asin of asins) {
      expect(await page.evaluate((a) => fetch(`/api/products/${a}`).then((r) => r.status), asin)).toBe(404);
      // Gone from the table (the 'Recently deleted' panel may list it, to restore).
      await expect.poll(() => table.getByText(`ASIN ${asin}`).count()).toBe(0);
    }
    // The audit log counts the deletion.
    const audit = page.getByRole('region', { name: /Audit log/ });
    await audit.getByText('Deleted products').filter({ visible: true }).first().waitFor();
    // Issue 29: filtered by who and what, it names the deleted ASINs; the sign-ins are filtered out.
    await audit.getByLabel('Who').fill('owner@');
    await audit.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Deleted products' });
    for (const asin of asins)
      await audit
        .getByText(new RegExp(`^Deleted: .*${asin}`))
        .filter({ visible: true })
        .first()
        .waitFor();
    await expect.poll(() => audit.getByText('Signed in', { exact: true }).filter({ visible: true }).count()).toBe(0);
    await audit.getByLabel('Who').fill('nobody@');
    await audit.getByText('No admin actions match.').waitFor();
    await audit.getByLabel('Who').fill('');
    await shot(page, 'audit-filtered-1440');

    // Issue 29: the first deleted product comes back from 'Recently deleted', with its history.
    const deleted = page.getByRole('region', { name: /^Recently deleted/ });
    await deleted.getByText('(2 products, restorable for 30 days)').waitFor();
    await deleted.getByLabel('Search deleted products').fill(asins[0]!);
    const deletedRow = deleted.getByRole('row').filter({ hasText: `ASIN ${asins[0]}` });
    await deletedRow.getByRole('checkbox').check();
    await deleted.getByRole('button', { name: 'Restore selected (1)' }).click();
    await page
      .getByText(/^1 product back in the catalogue with \d+ price points?\.$/)
      .first()
      .waitFor();
    await expect.poll(() => page.evaluate((a) => fetch(`/api/products/${a}`).then((r) => r.status), asins[0]!)).toBe(200);
    await expect.poll(async () => (await paging(page)).total).toBe(electronics.total - 1);
    await deleted.getByLabel('Search deleted products').fill('');
    await deleted.getByText('(1 product, restorable for 30 days)').waitFor();

    // Issue 29: edit one product; the shopper's API shows the new title and price.
    const editAsin = (
      (await rows
        .nth(0)
        .getByText(/^ASIN /)
        .textContent()) ?? ''
    ).replace('ASIN ', '');
    await rows
      .nth(0)
      .getByRole('button', { name: /^Edit / })
      .click();
    const editDialog = page.getByRole('dialog', { name: `Edit ${editAsin}` });
    const newTitle = `Edited by the owner ${editAsin}`;
    await editDialog.getByLabel('Title').fill(newTitle);
    await editDialog.getByLabel('Price (£)').fill('12.34');
    await shot(page, 'edit-1440');
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Product updated', { exact: true }).first().waitFor();
    await editDialog.waitFor({ state: 'hidden' });
    await table.getByText(newTitle).first().waitFor();
    const shopperView = (await page.evaluate((a) => fetch(`/api/products/${a}`).then((r) => r.json()), editAsin)) as {
      product: { title: string; price: string | number };
    };
    expect(shopperView.product.title).toBe(newTitle);
    expect(Number(shopperView.product.price)).toBe(12.34);
    await audit.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Edited a product' });
    await audit.getByText('Edited a product').filter({ visible: true }).first().waitFor();
    await shot(page, 'audit-edit-1440');
    const changedLine = audit
      .getByText(/^Changed: /)
      .filter({ visible: true })
      .first();
    await changedLine.waitFor();
    expect(await changedLine.textContent()).toContain(`→ ${newTitle}`);
    expect(await changedLine.textContent()).toMatch(/price: [\d.]+ → 12\.34/);

    // Statistics: the stat cards and the bar chart of products per category.
    await page.getByRole('tab', { name: 'Statistics' }).click();
    await page.waitForURL(/\/admin\/stats$/);
    await page.getByText('Total Products').waitFor();
    const chart = page.getByRole('figure', { name: 'Products per category' });
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await chart.locator('.recharts-bar-rectangle').count()).toBeGreaterThanOrEqual(5);
    await page.getByRole('figure', { name: 'Products by price' }).locator('.recharts-bar-rectangle').first().waitFor();
    await chart.getByRole('button', { name: 'Show as table' }).click();
    await chart.getByRole('row', { name: /^Electronics [\d,]+$/ }).waitFor();
    await chart.getByRole('button', { name: 'Show as chart' }).click();
    await shot(page, 'stats-1440');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('mobile 390: the table scrolls sideways inside its box, the page does not widen; the charts fit', async () => {
    const context = await newContext(390);
    const page = await context.newPage();
    await signIn(page, '/admin');
    await page.getByRole('table', { name: /^Products, page 1 of/ }).waitFor();
    const widths = await page.evaluate(() => {
      const box = document.querySelector('[data-testid="product-table-scroll"]') as HTMLElement;
      return { page: document.documentElement.scrollWidth, box: box.clientWidth, table: box.scrollWidth };
    });
    expect(widths.page).toBeLessThanOrEqual(390);
    expect(widths.table).toBeGreaterThan(widths.box);
    await shot(page, 'list-390');

    // Issue 29 at 390 px: the edit dialog fits the phone (cancelled: nothing changes).
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    const editDialog = page.getByRole('dialog', { name: /^Edit / });
    await editDialog.getByLabel('Title').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await editDialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await shot(page, 'edit-390');
    await editDialog.getByRole('button', { name: 'Cancel' }).click();
    await editDialog.waitFor({ state: 'hidden' });
    // The audit log filtered by what, and Recently deleted, as cards on the phone.
    const audit = page.getByRole('region', { name: /Audit log/ });
    await audit.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Deleted products' });
    await audit
      .getByText(/^Deleted: /)
      .filter({ visible: true })
      .first()
      .waitFor();
    await page
      .getByRole('region', { name: /^Recently deleted/ })
      .getByText('(1 product, restorable for 30 days)')
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'audit-and-deleted-390');

    await openAdminTab(page, 'Statistics');
    await page.getByRole('figure', { name: 'Products per category' }).locator('.recharts-bar-rectangle').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'stats-390');
    await context.close();
  });
});
