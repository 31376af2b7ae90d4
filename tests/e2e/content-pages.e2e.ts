/**
 * Content, help and account pages in Chromium (issue 10 part 1; content-and-account-pages §2.4–§2.12):
 * every page at 1280 and 390 px shows its heading without sideways scrolling, the blog lists ten
 * articles and opens one, an unknown slug says 'Article Not Found', the FAQ opens from the keyboard,
 * and the contact form shows field errors, then sends: the message arrives at the mail catcher
 * addressed to CONTACT_EMAIL. Screenshots in test-results/e2e/content-*.png.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOTS, launchChromium, newBrowserContext, missingPrerequisites } from './support/browser';
import { freePort, startServer, type RunningServer } from './support/server-process';
import { migratedDataDir } from './support/data-dir';
import { startMailCatcher, type MailCatcher } from './support/mail-catcher';

const OWNERS = 'owners@deals.example';

const missing = missingPrerequisites('the content pages');

/** Every page of issue 10 part 1, with the heading that proves it rendered. */
const PAGES: readonly { name: string; path: string; heading: string | RegExp }[] = [
  { name: 'blog', path: '/blog', heading: 'Deal Hunting Blog' },
  { name: 'blog-article', path: '/blog/amazon-deal-hunting-tips-2025', heading: /Amazon Deal Hunting in 2025/ },
  { name: 'blog-not-found', path: '/blog/no-such-article', heading: 'Article Not Found' },
  { name: 'about', path: '/about', heading: /^About / },
  { name: 'about-us', path: '/about-us', heading: /^About / },
  { name: 'privacy-policy', path: '/privacy-policy', heading: 'Privacy Policy' },
  { name: 'terms-of-service', path: '/terms-of-service', heading: 'Terms of Service' },
  { name: 'cookie-policy', path: '/cookie-policy', heading: 'Cookie Policy' },
  { name: 'faq', path: '/faq', heading: 'Frequently Asked Questions' },
  { name: 'how-it-works', path: '/how-it-works', heading: 'How It Works' },
  { name: 'contact-us', path: '/contact-us', heading: 'Contact Us' },
  { name: 'contact', path: '/contact', heading: 'Contact Us' },
  { name: 'subscribe', path: '/subscribe', heading: 'Your E-mail Preferences' },
  { name: 'subscribe-params', path: '/subscribe/123/update/weekly?email=reader%40example.com', heading: 'Your E-mail Preferences' },
  { name: 'unsubscribe', path: '/unsubscribe?email=reader%40example.com', heading: 'Unsubscribe from Deal Alerts UK' },
  { name: 'not-found', path: '/no/such/page', heading: '404 Page Not Found' },
];

describe.skipIf(missing.length > 0)('content pages in Chromium', () => {
  let browser: Browser;
  let mail: MailCatcher;
  let server: RunningServer;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    mail = await startMailCatcher();
    const port = await freePort();
    server = await startServer({
      PORT: String(port),
      DATA_DIR: migratedDataDir('e2e-content-'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      CONTACT_EMAIL: OWNERS,
      COMPANY_NAME: 'Example Deals Ltd',
      COMPANY_ADDRESS: '1 Example Street, Manchester M1 1AA',
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `content-${name}.png`), fullPage: true });

  const newContext = (width: number) => newBrowserContext(browser, width);

  async function visitEveryPage(width: number, label: string) {
    const context = await newContext(width);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    for (const target of PAGES) {
      await page.goto(`${server.url}${target.path}`);
      await page.getByRole('heading', { name: target.heading, level: 1 }).waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      // Nothing wider than the screen (WCAG 1.4.10 reflow at 390 px).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${target.path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      await shot(page, `${label}-${target.name}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  }

  it('desktop 1280: every page renders its heading', async () => {
    await visitEveryPage(1280, 'desktop');
  });

  it('mobile 390: every page renders its heading', async () => {
    await visitEveryPage(390, 'mobile');
  });

  it('the blog lists ten articles, the first featured, and opens one with its share row and more tips', async () => {
    const context = await newContext(1280);
    const page = await context.newPage();
    await page.goto(`${server.url}/blog`);
    await page.getByText('Featured').waitFor();
    const links = page.locator('main h2 a, main h3 a');
    await expect.poll(() => links.count()).toBe(10);
    await page.getByRole('link', { name: /^Read Article: Amazon Deal Hunting in 2025/ }).click();
    await page.getByRole('heading', { level: 1, name: /Amazon Deal Hunting in 2025/ }).waitFor();
    expect(await page.getByText('8 August 2025').count()).toBeGreaterThan(0);
    await page.getByText('Share this article').waitFor();
    await page.getByRole('heading', { name: 'More Deal Hunting Tips' }).waitFor();
    await page.getByRole('link', { name: 'Back to Blog' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Deal Hunting Blog' }).waitFor();
    await context.close();
  });

  it('the FAQ opens and closes from the keyboard', async () => {
    const context = await newContext(390);
    const page = await context.newPage();
    await page.goto(`${server.url}/faq`);
    const toggle = page.getByRole('button', { name: 'Deal Alerts' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByText('How do I set a price alert?').waitFor();
    await shot(page, 'mobile-faq-open');
    await page.keyboard.press('Space');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('the contact form shows field errors, then sends: the e-mail reaches CONTACT_EMAIL', async () => {
    const context = await newContext(1280);
    const page = await context.newPage();
    await page.goto(`${server.url}/contact-us`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please enter your name.').waitFor();
    await page.getByText('Please enter your e-mail address.').waitFor();
    await shot(page, 'desktop-contact-errors');

    await page.getByLabel('Your name').fill('Priya Shah');
    await page.getByLabel('Your e-mail address').fill('priya@example.co.uk');
    await page.getByLabel('Subject').fill('Question about alerts <b>now</b>');
    await page.getByLabel('Message').fill('Hello,\nhow often do you check prices?\nThanks');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('heading', { name: 'Message Sent' }).waitFor();
    await shot(page, 'desktop-contact-sent');

    const message = await mail.waitFor((m) => m.parsed.to?.[0]?.address === OWNERS);
    expect(message.parsed.subject).toBe('[Deal Alerts UK contact] Question about alerts <b>now</b>');
    expect(message.parsed.replyTo?.[0]?.address).toBe('priya@example.co.uk');
    expect(message.parsed.text).toContain('how often do you check prices?');
    expect(message.parsed.html).not.toContain('<b>now</b>');
    await context.close();
  });
});
