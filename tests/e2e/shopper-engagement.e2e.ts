/**
 * Shopper engagement in Chromium on the real Amazon UK catalogue (issue 9): signup sends one
 * confirmation e-mail, the survey opens once and saves, the alternatives dialog ranks alternatives
 * with explanations, an outbound click goes through /go with the new-user tag inside 24 hours (the
 * default tag after) and lands in product_clicks, and every deal preset renders. Desktop 1280 and
 * mobile 390 px; screenshots in test-results/e2e/engagement-*.png.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { productClicks } from '../../server/db/schema/product-clicks.schema';
import { DEAL_PRESETS } from '../../web/features/deals/deal-presets';
import { SHOTS, launchChromium, newBrowserContext, missingPrerequisites } from './support/browser';
import { freePort, runImport, startServer, type RunningServer, REAL_CATALOGUE } from './support/server-process';
import { migratedDataDir } from './support/data-dir';
import { startMailCatcher, type MailCatcher } from './support/mail-catcher';

const NEW_USER_TAG = 'e2e-new-21';
const DEFAULT_TAG = 'e2e-plain-21';

const missing = missingPrerequisites('the engagement journey', [[!existsSync(REAL_CATALOGUE), `real data not found at ${REAL_CATALOGUE}`]]);

describe.skipIf(missing.length > 0)('shopper engagement in Chromium', () => {
  let browser: Browser;
  let mail: MailCatcher;
  let server: RunningServer;
  let dataDir: string;
  /** Amazon URLs the browser was sent to (answered locally, never fetched). */
  const amazonVisits: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    mail = await startMailCatcher();
    const port = await freePort();
    dataDir = migratedDataDir('e2e-engage-');
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      AFFILIATE_TAG: DEFAULT_TAG,
      AFFILIATE_TAG_NEW_USER: NEW_USER_TAG,
    };
    const imported = await runImport(REAL_CATALOGUE, env);
    expect(imported.code, imported.output).toBe(0);
    server = await startServer(env);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `engagement-${name}.png`) });

  const newContext = (width: number) => newBrowserContext(browser, width, { kind: 'stand-in', onVisit: (url) => amazonVisits.push(url) });

  /**
   * Opens 'Alternative Products' on the first card that has ranked alternatives, among the search
   * results for a product type the real feed holds many of (the home lists the lowest prices first
   * on a feed without deals: sheet music and cables, which rightly have no alternatives).
   */
  async function showAlternatives(page: Page, name: string) {
    await page.goto(`${server.url}/search?q=laser%20printer`);
    const cards = page.getByTestId('product-card');
    await cards.first().waitFor({ timeout: 20_000 });
    // The 'Search completed' toast (issue 28) slides in over the page as the results arrive; close
    // it as a shopper would, so a later click lands on the card and not on the toast.
    const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
    await dismiss.waitFor({ timeout: 10_000 });
    await dismiss.click();
    await dismiss.waitFor({ state: 'hidden' });
    for (let i = 0; i < 6; i++) {
      await cards.nth(i).getByRole('button', { name: 'Alternative Products' }).click();
      const dialog = page.getByRole('dialog', { name: 'Alternative Products' });
      await dialog
        .getByText(/Cheaper Alternative|We didn't find cheaper|No Alternatives Found/)
        .first()
        .waitFor({ timeout: 15_000 });
      const items = dialog.getByTestId('alternative');
      if ((await items.count()) > 0) {
        expect(await items.first().getByLabel('Rank 1').count()).toBe(1);
        expect(await items.first().textContent()).toMatch(/(cheaper|more|same price)/);
        expect(await items.first().getByRole('link', { name: 'View on Amazon' }).getAttribute('href')).toMatch(/^\/go\/[A-Z0-9]{10}\?/);
        await shot(page, name);
        await page.keyboard.press('Escape');
        return;
      }
      await page.keyboard.press('Escape');
    }
    throw new Error('no card among the first six had alternatives');
  }

  /** Clicks 'View at Amazon' on the first card and returns the Amazon URL the new tab reached. */
  async function clickOut(page: Page): Promise<string> {
    const before = amazonVisits.length;
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page
        .getByTestId('product-card')
        .first()
        .getByRole('link', { name: /View at Amazon/ })
        .click(),
    ]);
    await expect.poll(() => amazonVisits.length, { timeout: 15_000 }).toBeGreaterThan(before);
    await tab.close();
    return amazonVisits[amazonVisits.length - 1] ?? '';
  }

  it('desktop 1280: signup, one confirmation e-mail, survey once, alternatives, tagged clicks, deal presets', async () => {
    const context = await newContext(1280);
    const page = await context.newPage();
    const email = `signup.${Date.now()}@example.co.uk`;

    await page.goto(`${server.url}/signup`);
    await page.getByRole('heading', { name: 'Unlock Home & Kitchen Deals' }).waitFor();
    await page.waitForTimeout(800); // backdrop images
    await shot(page, 'desktop-signup');
    await page.getByLabel('Your e-mail address').fill(email);
    await page.getByRole('button', { name: 'Unlock Deals' }).click();
    await page.getByRole('heading', { name: "You're All Set!" }).waitFor();
    await shot(page, 'desktop-signup-done');
    await page.waitForURL(/\/todays-deals\?newuser=true$/, { timeout: 10_000 });

    const confirmation = await mail.waitFor((m) => m.parsed.to?.[0]?.address === email);
    expect(confirmation.parsed.html).toContain('/confirm-email?');

    // The survey opens by itself once; Save stays disabled until a category is chosen.
    const survey = page.getByRole('dialog', { name: 'Personalize Your Deals' });
    await survey.waitFor({ timeout: 15_000 });
    expect(await survey.getByRole('button', { name: 'Save Preferences' }).isDisabled()).toBe(true);
    await survey.getByRole('button', { name: 'Kitchen & Home' }).click();
    await survey.getByRole('button', { name: 'Books & Media' }).click();
    await survey.getByLabel('Daily').check();
    await shot(page, 'desktop-survey');
    await survey.getByRole('button', { name: 'Save Preferences' }).click();
    await page.getByText('Preferences Saved!').first().waitFor();
    await survey.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByTestId('product-card').first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1500);
    expect(await survey.count()).toBe(0);

    await showAlternatives(page, 'desktop-alternatives');

    // Inside the 24-hour window the new-user tag earns the click; after it, the default tag.
    expect(await clickOut(page)).toContain(`tag=${NEW_USER_TAG}`);
    await page.evaluate(() => localStorage.setItem('newUserSignupTime', String(Date.now() - 25 * 3600_000)));
    await page.reload();
    await page.getByTestId('product-card').first().waitFor({ timeout: 20_000 });
    expect(await clickOut(page)).toContain(`tag=${DEFAULT_TAG}`);

    for (const [slug, deal] of Object.entries(DEAL_PRESETS)) {
      await page.goto(`${server.url}/deal/${slug}`);
      await page.getByRole('heading', { level: 1, name: deal.productTitle, exact: true }).waitFor();
      // The real feed has no verified saving, so no preset shows a percentage (issue 27, decision 0023).
      expect(await page.getByText(/% OFF/).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'View On Amazon →' }).getAttribute('href')).toContain(`deal=${slug}`);
    }
    await shot(page, 'desktop-deal-preset');
    await context.close();
  });

  it('mobile 390: popup signup, survey, alternatives and a deal preset', async () => {
    const context = await newContext(390);
    const page = await context.newPage();
    const email = `popup.${Date.now()}@example.co.uk`;
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Sign Up' }).filter({ visible: true }).click();
    const popup = page.getByRole('dialog', { name: "Access Today's Deals" });
    await popup.getByLabel('Your e-mail address').fill(email);
    await shot(page, 'mobile-signup-popup');
    await popup.getByRole('button', { name: 'Unlock Deals' }).click();
    await page.waitForURL(/\/\?newuser=true$/);
    await mail.waitFor((m) => m.parsed.to?.[0]?.address === email);
    const survey = page.getByRole('dialog', { name: 'Personalize Your Deals' });
    await survey.waitFor({ timeout: 15_000 });
    await shot(page, 'mobile-survey');
    await survey.getByRole('button', { name: 'Skip for now' }).click();
    await survey.waitFor({ state: 'hidden' });
    await showAlternatives(page, 'mobile-alternatives');
    await page.goto(`${server.url}/deal/air-fryer`);
    await page.getByRole('button', { name: /Like/ }).first().click();
    await shot(page, 'mobile-deal-preset');
    await context.close();

    // Clicks landed in product_clicks with the tag that earned them (read after the server stops).
    expect(await server.stop(), server.output()).toBe(0);
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      const clicks = await database.db.select().from(productClicks);
      const mine = clicks.filter((c) => c.email?.startsWith('signup.'));
      expect(mine.map((c) => c.affiliateTag)).toEqual([NEW_USER_TAG, DEFAULT_TAG]);
      expect(mine[0]).toMatchObject({ clickType: 'shop', recordedBy: 'redirect' });
      expect(mine[0]?.asin).toMatch(/^[A-Z0-9]{10}$/);
      expect(mine[0]?.pricePence).toBeGreaterThan(0);
      expect(mail.messages.filter((m) => m.parsed.to?.[0]?.address?.startsWith('signup.'))).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
