/**
 * Debian's Chromium for the end-to-end specs (DESIGN.md §6: never a downloaded browser), and the
 * browser contexts a shopper or an owner uses at a given width. One place for the launch flags the
 * closed network needs and for the desktop/mobile viewport rules, so the specs only say what they
 * test.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`). */
export const CHROMIUM = '/usr/bin/chromium';

/** The project root, and where the specs write their screenshots (`test-results/e2e/*.png`). */
export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const SHOTS = path.join(ROOT, 'test-results/e2e');

/**
 * What a spec lacks to run (no Chromium, no build, no real data): an empty list when it can run.
 * Under CI a missing prerequisite throws instead, so a skipped spec can never pass CI unnoticed.
 *
 * @param what the spec's name, for the warning.
 * @param needs extra `[condition, reason]` pairs; a true condition is missing.
 */
export function missingPrerequisites(what: string, needs: [boolean, string][] = []): string[] {
  const missing = [[!existsSync(CHROMIUM), `Chromium not found at ${CHROMIUM}`] as [boolean, string], ...needs]
    .filter(([absent]) => absent)
    .map(([, reason]) => reason);
  if (missing.length > 0) {
    if (process.env.CI) throw new Error(`end-to-end prerequisites missing under CI: ${missing.join('; ')}`);
    console.warn(`Skipping ${what}: ${missing.join('; ')}`);
  }
  return missing;
}

/**
 * Launches headless Chromium with the flags this machine's closed network needs (no background
 * networking, no component updates: without them Chromium retries Google's hosts at every start).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
}

/**
 * How Amazon's hosts are answered (the tests never reach the internet):
 * - `stand-in`: www.amazon.co.uk answers a small page, and each URL visited is passed to `onVisit`
 *   (so a test can read the affiliate tag the shopper left with);
 * - `blocked`: product images and Amazon pages answer an empty 404 (the app's image fallbacks show).
 */
export type AmazonRoute = { kind: 'stand-in'; onVisit?: (url: string) => void } | { kind: 'blocked' };

/**
 * A fresh browser context at `width` CSS pixels: below 768 px a touch phone 844 px tall, otherwise
 * a desktop 900 px tall; British locale and Europe/London time, as our shoppers have.
 */
/** User-Agents of Chrome on a desktop and on an Android phone (the site counts HeadlessChrome as a bot). */
export const DESKTOP_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const MOBILE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

export async function newBrowserContext(browser: Browser, width: number, amazon?: AmazonRoute): Promise<BrowserContext> {
  const mobile = width < 768;
  const context = await browser.newContext({
    viewport: { width, height: mobile ? 844 : 900 },
    // A shopper's browser: headless Chromium's own User-Agent says "HeadlessChrome", which the site
    // rightly counts as a bot (clicks and visits not recorded, issue 25).
    userAgent: mobile ? MOBILE_USER_AGENT : DESKTOP_USER_AGENT,
    isMobile: mobile,
    hasTouch: mobile,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  if (amazon?.kind === 'stand-in') {
    await context.route(/^https:\/\/www\.amazon\.co\.uk\//, (route) => {
      amazon.onVisit?.(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Amazon (stand-in)</h1>' });
    });
  } else if (amazon?.kind === 'blocked') {
    await context.route(/^https:\/\/(m\.media-amazon|images-na\.ssl-images-amazon|www\.amazon)\./, (route) =>
      route.fulfill({ status: 404, body: '' }),
    );
  }
  return context;
}

/**
 * Opens `url` (an admin page), signs in on the sign-in page it sends a visitor without a session
 * to, and waits for the admin shell ('Product Management Admin'), as an owner would. Waits up to
 * 60 s (a loaded CI machine once took over 30 s); when the form shows an error instead, throws
 * with the error's text and the address, so a failure says why.
 */
export async function signInAsOwner(page: Page, url: string, owner: { email: string; password: string }): Promise<void> {
  await page.goto(url);
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const shell = page.getByRole('heading', { name: 'Product Management Admin' });
  const failed = page.getByRole('alert').filter({ hasText: /\S/ });
  await shell.or(failed).first().waitFor({ timeout: 60_000 });
  if (!(await shell.isVisible())) {
    throw new Error(`signing in did not open the admin area: "${(await failed.first().textContent()) ?? ''}" at ${page.url()}`);
  }
}

/**
 * Opens the admin tab labelled `label` as an owner would at the page's width (issue 29): the tab
 * bar from 768 px, the "Admin section" select below it (the bar is hidden on phones).
 */
export async function openAdminTab(page: Page, label: string): Promise<void> {
  const menu = page.getByRole('combobox', { name: 'Admin section' });
  if (await menu.isVisible()) await menu.selectOption({ label });
  else await page.getByRole('tab', { name: label, exact: true }).click();
}
