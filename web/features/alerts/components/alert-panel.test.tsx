// @vitest-environment happy-dom
/**
 * 'Check price' on one alert of the bell's panel, as a shopper uses it (shopper-screens §2 bell
 * panel, §3 "Price check result", §7 POST /api/deal-alerts/{id}/check-price, §8 'Failed to check
 * price'; issue 27): reached with the keyboard, 'Checking the price…' while the server works, then
 * the outcome in the row's status region (announced politely) — a drop with its old price and
 * percent, unchanged, or 'Not checked: …' with the reason the endpoint gave (no price from the
 * price service, an alert the token does not reach, no token, too many checks). Fetch is answered
 * at the network edge in the API's shapes (common/api/price-checks.schema.ts).
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dealAlertSchema, subscriberStatusSchema, type DealAlert } from '../../../../common/api/alerts.schema';
import { priceCheckResultSchema, type PriceCheckResult } from '../../../../common/api/price-checks.schema';
import { deferred, fakeApi, renderPage, type FakeAnswer, type FakeRoute } from '../../../testing/harness';
import { AlertBell } from './alert-bell';

const EMAIL = 'ann@example.co.uk';
const TOKEN = 'visitor-token-ann';

function alertOf(id: number, title: string, overrides: Partial<DealAlert> = {}): DealAlert {
  return dealAlertSchema.parse({
    id,
    productAsin: `B0ALERT00${id}`,
    productTitle: title,
    currentPrice: '24.99',
    lastCheckedPrice: null,
    targetPrice: null,
    productImageUrl: null,
    productUrl: `/deals/B0ALERT00${id}`,
    userEmail: EMAIL,
    isActive: true,
    awaitingConfirmation: false,
    alertType: 'any_drop',
    dropPercent: null,
    alertKind: 'Any drop',
    lastCheckedAt: null,
    lastNotificationSentAt: null,
    notificationsSent: 0,
    priceChange: null,
    priceChangePercent: null,
    createdAt: '2026-11-01T09:00:00.000Z',
    asOf: '2026-11-01T09:00:00.000Z',
    ...overrides,
  });
}

const KETTLE = alertOf(1, 'Russell Hobbs kettle');
const TOASTER = alertOf(2, 'Breville toaster', { alertType: 'target_price', targetPrice: '40.00', alertKind: 'Below £40' });

function result(overrides: Partial<PriceCheckResult>): FakeAnswer {
  return {
    json: priceCheckResultSchema.parse({
      alertId: 1,
      asin: KETTLE.productAsin,
      productTitle: KETTLE.productTitle,
      originalPrice: '24.99',
      currentPrice: '24.99',
      priceChange: '0.00',
      priceChangePercent: 0,
      isPriceDrop: false,
      apiWorking: true,
      status: 'unchanged',
      asOf: '2026-11-27T10:00:00.000Z',
      ...overrides,
    }),
  };
}

/** The app's bell for Ann with two alerts, `check` answering the kettle's check; the panel opened. */
async function openPanel(check: FakeRoute) {
  const api = fakeApi({
    'GET /api/deal-alerts': { json: [KETTLE, TOASTER] },
    'GET /api/subscribers/status': { json: subscriberStatusSchema.parse({ email: EMAIL, confirmed: true, unsubscribed: false }) },
    'POST /api/deal-alerts/1/check-price': check,
  });
  const view = renderPage(<AlertBell email={EMAIL} token={TOKEN} />);
  await view.user.click(await screen.findByRole('button', { name: 'Your deal alerts (2)' }));
  const panel = await screen.findByRole('dialog', { name: /Your Deal Alerts \(2\)/ });
  const kettleRow = within(panel)
    .getAllByTestId('alert-row')
    .find((row) => row.textContent?.includes('Russell Hobbs kettle'));
  if (!kettleRow) throw new Error('no kettle row');
  return { ...view, api, panel, kettleRow };
}

describe('the kind of each alert (issue 30)', () => {
  it('is shown in words on its row', async () => {
    const { panel } = await openPanel({ json: {} });
    const rows = within(panel).getAllByTestId('alert-row');
    expect(rows.find((r) => r.textContent?.includes('Breville toaster'))).toHaveTextContent('Alert: Below £40');
    expect(rows.find((r) => r.textContent?.includes('Russell Hobbs kettle'))).toHaveTextContent('Alert: Any drop');
  });
});

describe("'Check price' in the alerts panel", () => {
  it('is reached with Tab, says it is checking, then announces the drop with the old price and percent', async () => {
    const answer = deferred<FakeAnswer>();
    const { user, api, kettleRow } = await openPanel(() => answer.promise);
    const button = within(kettleRow).getByRole('button', { name: 'Check price of Russell Hobbs kettle' });
    const outcome = within(kettleRow).getByRole('status');
    expect(outcome).toHaveTextContent('');

    for (let i = 0; i < 20 && document.activeElement !== button; i++) await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await within(kettleRow).findByText('Checking the price…')).toBeVisible();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    // A second press while it runs sends nothing more.
    await user.keyboard('{Enter}');
    expect(api.callsTo('POST /api/deal-alerts/1/check-price')).toHaveLength(1);
    expect(api.callsTo('POST /api/deal-alerts/1/check-price')[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);

    answer.resolve(result({ currentPrice: '19.99', priceChange: '-5.00', priceChangePercent: -20.01, isPriceDrop: true, status: 'drop' }));
    await within(kettleRow).findByText(/^Price dropped to £19\.99 \(was £24\.99, 20% lower\)\. Price as of 27 Nov 2026/);
    expect(outcome).toHaveTextContent(/Price dropped to £19\.99/);
    expect(button).toHaveAttribute('aria-disabled', 'false');
    expect(button).toHaveFocus();
    // The row's button is described by its outcome; the other row is untouched.
    expect(button).toHaveAccessibleDescription(/Price dropped to £19\.99/);
    const toasterRow = screen.getAllByTestId('alert-row').find((row) => row.textContent?.includes('Breville toaster'));
    expect(within(toasterRow as HTMLElement).getByRole('status')).toHaveTextContent('');
    // The alerts are asked for again, so the row shows the checked price and time.
    expect(api.callsTo('GET /api/deal-alerts').length).toBeGreaterThanOrEqual(2);
  });

  it("says 'Unchanged at £X' when the price did not move", async () => {
    const { user, kettleRow } = await openPanel(result({}));
    await user.click(within(kettleRow).getByRole('button', { name: /Check price/ }));
    expect(await within(kettleRow).findByRole('status')).toHaveTextContent(/^Unchanged at £24\.99\. Price as of 27 Nov 2026/);
  });

  it("says 'Not checked' with the reason when the price service did not answer", async () => {
    const { user, kettleRow } = await openPanel(
      result({ currentPrice: null, priceChange: null, priceChangePercent: null, apiWorking: false, status: 'failed', asOf: null }),
    );
    await user.click(within(kettleRow).getByRole('button', { name: /Check price/ }));
    await within(kettleRow).findByText("Not checked: Amazon's price service did not answer. Please try again later.");
  });

  it("says 'Not checked' with the endpoint's own reason when it refuses (404, 401, 429)", async () => {
    const refusals: Array<[number, string, string]> = [
      [404, 'id: no deal alert 1 for this visitor', 'Not checked: No deal alert 1 for this visitor'],
      [
        401,
        'token: a visitor token is required: open the link in your confirmation e-mail or create an alert on this device',
        'Not checked: A visitor token is required: open the link in your confirmation e-mail or create an alert on this device',
      ],
      [
        429,
        'Too many requests for this address: try again in 1 minutes.',
        'Not checked: Too many requests for this address: try again in 1 minutes.',
      ],
    ];
    for (const [status, message, shown] of refusals) {
      const { user, kettleRow, unmount } = await openPanel({ status, json: { error: 'Refused', message } });
      await user.click(within(kettleRow).getByRole('button', { name: /Check price/ }));
      await within(kettleRow).findByText(shown);
      unmount();
    }
  });

  it("falls back to the spec's 'Failed to check price' when the server sends no reason", async () => {
    const { user, kettleRow } = await openPanel({ status: 500 });
    await user.click(within(kettleRow).getByRole('button', { name: /Check price/ }));
    await within(kettleRow).findByText('Not checked: Failed to check price. Please try again.');
  });
});
