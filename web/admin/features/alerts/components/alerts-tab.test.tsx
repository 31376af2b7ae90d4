// @vitest-environment happy-dom
/**
 * The Alerts tab in the browser (admin-area §2 "Alerts tab", §8 "Alerts"; issue 12 part 2), with
 * the API faked at `fetch`: the cards, alerts grouped by e-mail with 'Never checked', the
 * price-change badge and Active/Inactive; deleting after confirmation ('Alert Deleted'); the Price
 * Check History opened, Check Prices Now ('Price Check Complete' and the new Manual log), a log's
 * per-product results with 'Failed', and the outcome table toggle.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminAlertsResponse } from '../../../../../common/api/alerts.admin.schema';
import type { DealAlert } from '../../../../../common/api/alerts.schema';
import type { PriceCheckLog, PriceCheckLogsResponse } from '../../../../../common/api/price-checks.schema';
import { currentUrl, fakeApi, renderPage } from '../../../../testing/harness';
import { AlertsTab } from './alerts-tab';

const alert = (id: number, email: string, over: Partial<DealAlert> = {}): DealAlert => ({
  id,
  productAsin: `B0ALERT00${id}`,
  productTitle: `Product ${id}`,
  currentPrice: '10.00',
  lastCheckedPrice: null,
  targetPrice: null,
  productImageUrl: null,
  productUrl: `/deals/B0ALERT00${id}`,
  userEmail: email,
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
  createdAt: '2026-06-01T09:00:00.000Z',
  asOf: null,
  ...over,
});

const ALERTS: AdminAlertsResponse = {
  stats: { totalAlerts: 3, activeAlerts: 2, uniqueUsers: 2 },
  groups: [
    {
      email: 'ann@example.com',
      activeCount: 1,
      unsubscribed: false,
      alerts: [
        alert(1, 'ann@example.com', {
          lastCheckedPrice: '8.00',
          lastCheckedAt: '2026-06-15T10:00:00.000Z',
          priceChange: '-2.00',
          priceChangePercent: -20,
          notificationsSent: 1,
        }),
        alert(2, 'ann@example.com', { isActive: false, alertType: 'percent_drop', dropPercent: 10, alertKind: 'Drops 10 %' }),
      ],
    },
    { email: 'bob@example.com', activeCount: 1, unsubscribed: false, alerts: [alert(3, 'bob@example.com')] },
  ],
  pagination: { page: 1, limit: 20, total: 2, totalPages: 1 },
  matchingAlerts: 3,
};

const log = (id: number, over: Partial<PriceCheckLog> = {}): PriceCheckLog => ({
  id,
  triggerType: 'cron',
  checkedAt: '2026-06-15T06:00:00.000Z',
  alertsChecked: 2,
  successfulChecks: 1,
  failedChecks: 1,
  sourceCalls: 1,
  details: JSON.stringify([
    {
      productTitle: 'Gone product',
      asin: 'B0GONE0001',
      originalPrice: '5.00',
      newPrice: null,
      priceChange: null,
      priceChangePercent: null,
      success: false,
    },
    {
      productTitle: 'Product 1',
      asin: 'B0ALERT001',
      originalPrice: '10.00',
      newPrice: '8.00',
      priceChange: '-2.00',
      priceChangePercent: -20,
      success: true,
    },
  ]),
  detailsTotal: 2,
  ...over,
});

const logsPage = (logs: PriceCheckLog[]): PriceCheckLogsResponse => ({
  logs,
  pagination: { page: 1, limit: 10, total: logs.length, totalPages: 1 },
});
const OUTCOMES = { days: [{ date: '2026-06-15', drops: 1, increases: 0, unchanged: 0, failures: 1 }] };

describe('the Alerts tab', () => {
  it('shows the cards and each group with its alerts and badges, and deletes after confirmation', async () => {
    let current = ALERTS;
    const api = fakeApi({
      'GET /api/admin/deal-alerts': () => ({ json: current }),
      'GET /api/price-check-logs': { json: logsPage([]) },
      'GET /api/admin/price-check-outcomes': { json: OUTCOMES },
      'DELETE /api/admin/deal-alerts/3': () => {
        current = { ...ALERTS, groups: ALERTS.groups.slice(0, 1) };
        return { json: { success: true } };
      },
    });
    const { user } = renderPage(<AlertsTab tabKey="deal-alerts" />);
    const ann = within(await screen.findByRole('region', { name: /ann@example\.com/ }));
    expect(screen.getByText('Total Alerts', { selector: 'dt' }).nextSibling).toHaveTextContent('3');
    expect(ann.getByText('1 active of 2')).toBeInTheDocument();
    expect(ann.getByText('↓ £2.00 (20.0%) drop')).toBeInTheDocument();
    expect(ann.getByText('Inactive')).toBeInTheDocument();
    expect(ann.getByText('Never checked')).toBeInTheDocument();
    expect(ann.getByText('Notified ×1')).toBeInTheDocument();
    // Issue 30: each alert's kind in words.
    expect(ann.getByText('Drops 10 %')).toBeInTheDocument();
    expect(ann.getByText('Any drop')).toBeInTheDocument();
    expect(ann.getByRole('link', { name: 'Open Product 1 (new tab)' })).toHaveAttribute('href', '/deals/B0ALERT001');

    const bob = within(screen.getByRole('region', { name: /bob@example\.com/ }));
    await user.click(bob.getByRole('button', { name: 'Delete the alert on Product 3' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete this alert?' })).getByRole('button', { name: 'Delete alert' }),
    );
    expect(await screen.findByText('Alert Deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/admin/deal-alerts/3')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: /bob@example\.com/ })).toBeNull());
  });

  it('runs Check Prices Now and shows the new Manual log, its results and the outcome table', async () => {
    let logs = [log(1)];
    const api = fakeApi({
      'GET /api/admin/deal-alerts': { json: ALERTS },
      'GET /api/price-check-logs': () => ({ json: logsPage(logs) }),
      'GET /api/admin/price-check-outcomes': { json: OUTCOMES },
      'POST /api/admin/price-checks': () => {
        logs = [log(2, { triggerType: 'manual', failedChecks: 0, successfulChecks: 2, checkedAt: '2026-06-15T10:00:00.000Z' }), ...logs];
        return { json: { logId: 2, alertsChecked: 2, successfulChecks: 2, failedChecks: 0, drops: 1, notificationsQueued: 1 } };
      },
    });
    const { user } = renderPage(<AlertsTab tabKey="deal-alerts" />);
    const toggle = await screen.findByRole('button', { name: /Price Check History/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const runs = within((await screen.findByRole('heading', { name: 'Latest runs' })).parentElement as HTMLElement);
    expect(await runs.findByText('Auto')).toBeInTheDocument();
    expect(runs.getByText('Some Failed')).toBeInTheDocument();
    await user.click(runs.getByRole('button', { name: 'Results (2)' }));
    expect(runs.getByText('Failed')).toBeInTheDocument();
    expect(runs.getByText('-20.0%')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check Prices Now' }));
    expect(await screen.findByText('Checked 2 alerts: 1 price drop, 0 failed.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/price-checks')).toHaveLength(1);
    expect(await runs.findByText('Manual')).toBeInTheDocument();
    expect(runs.getByText('All Success')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table', { name: 'Price-check outcomes per day' });
    expect(within(table).getByRole('row', { name: '15 Jun 1 0 0 1' })).toBeInTheDocument();
  });

  it("says 'Price Check Failed' with the server's message when the run fails", async () => {
    fakeApi({
      'GET /api/admin/deal-alerts': { json: ALERTS },
      'GET /api/price-check-logs': { json: logsPage([]) },
      'GET /api/admin/price-check-outcomes': { json: OUTCOMES },
      'POST /api/admin/price-checks': {
        status: 429,
        json: { error: 'Too Many Requests', message: 'Rate limit exceeded, retry in 1 minute' },
      },
    });
    const { user } = renderPage(<AlertsTab tabKey="deal-alerts" />);
    await user.click(await screen.findByRole('button', { name: 'Check Prices Now' }));
    expect(await screen.findByText('Price Check Failed')).toBeInTheDocument();
    expect(screen.getByText('Rate limit exceeded, retry in 1 minute')).toBeInTheDocument();
  });

  it('issue 29: an unsubscribed address is not active; the filter and page are in the URL; bulk deactivate of all matching', async () => {
    const GONE: AdminAlertsResponse = {
      stats: { totalAlerts: 3, activeAlerts: 1, uniqueUsers: 2 },
      groups: [
        {
          email: 'gone@example.com',
          activeCount: 0,
          unsubscribed: true,
          alerts: [alert(4, 'gone@example.com'), alert(5, 'gone@example.com')],
        },
      ],
      pagination: { page: 1, limit: 20, total: 30, totalPages: 2 },
      matchingAlerts: 41,
    };
    const api = fakeApi({
      'GET /api/admin/deal-alerts': { json: GONE },
      'GET /api/price-check-logs': { json: logsPage([]) },
      'GET /api/admin/price-check-outcomes': { json: OUTCOMES },
      'POST /api/admin/deal-alerts/bulk': { json: { action: 'deactivate', matched: 41, affected: 40 } },
    });
    const { user, router } = renderPage(<AlertsTab tabKey="deal-alerts" />, '/?state=inactive');
    const gone = within(await screen.findByRole('region', { name: /gone@example\.com/ }));
    expect(gone.getByText('0 active of 2')).toBeInTheDocument();
    expect(gone.getAllByText('Paused: unsubscribed')).toHaveLength(2);
    expect(gone.queryByText('Active')).toBeNull();
    // The filter came from the URL and says the same counts as the cards.
    expect(screen.getByRole('button', { name: 'Not active (2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Active (1)' })).toHaveAttribute('aria-pressed', 'false');
    expect(api.callsTo('GET /api/admin/deal-alerts')[0]?.query.get('state')).toBe('inactive');

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(currentUrl(router)).toBe('/?state=inactive&page=2');

    await user.click(gone.getByRole('checkbox', { name: 'Select the alert on Product 4' }));
    const bar = within(screen.getByRole('group', { name: 'Selected alerts' }));
    expect(bar.getByText('1 alert selected')).toBeInTheDocument();
    await user.click(bar.getByRole('button', { name: 'Select all 41 matching' }));
    expect(bar.getByText('All 41 matching alerts selected')).toBeInTheDocument();
    await user.click(bar.getByRole('button', { name: 'Deactivate (41)' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Deactivate 41 alerts?' }));
    await user.click(dialog.getByRole('button', { name: 'Deactivate 41 alerts' }));
    expect(await screen.findByText('40 alerts deactivated (1 already was).')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/deal-alerts/bulk')[0]?.body).toEqual({
      action: 'deactivate',
      matching: { state: 'inactive' },
      confirmCount: 41,
    });
  });
});
