// @vitest-environment happy-dom
/**
 * The Email Alerts tab in the browser (admin-area §2, §5, §8, §9; issue 12 part 3), with the API
 * faked at `fetch`: the counts, the alerts with drops (every field), the analytics card, the first
 * 5 of the 24-hour drops, the disabled rules, 'No Deal Alerts Selected', the sends with the
 * spec's toasts (and what was skipped), 'No Price Drops Available', and the empty states.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DealAlert } from '../../../../../common/api/alerts.schema';
import type {
  DealAlertDropsResponse,
  DealAlertStatsResponse,
  PreviewPriceDropsResponse,
  PriceDrop,
} from '../../../../../common/api/emails.admin.schema';
import { fakeApi, renderPage, type FakeRoute } from '../../../../testing/harness';
import { EmailAlertsTab } from './email-alerts-tab';

const alert = (id: number, over: Partial<DealAlert> = {}): DealAlert => ({
  id,
  productAsin: `B0ALERT00${id}`,
  productTitle: `Air fryer ${id}`,
  currentPrice: '40.00',
  lastCheckedPrice: '30.00',
  targetPrice: null,
  productImageUrl: null,
  productUrl: null,
  userEmail: `shopper${id}@example.com`,
  isActive: true,
  awaitingConfirmation: false,
  alertType: 'any_drop',
  dropPercent: null,
  alertKind: 'Any drop',
  lastCheckedAt: '2026-11-23T09:00:00.000Z',
  lastNotificationSentAt: null,
  notificationsSent: 0,
  priceChange: '-10.00',
  priceChangePercent: -25,
  createdAt: '2026-11-01T09:00:00.000Z',
  asOf: '2026-11-23T09:00:00.000Z',
  ...over,
});
const drop = (n: number): PriceDrop => ({
  asin: `B0DROP000${n}`,
  productTitle: `Dropped product ${n}`,
  productImageUrl: null,
  category: 'electronics',
  previousPrice: '100.00',
  currentPrice: String(100 - n * 5) + '.00',
  dropAmount: `${n * 5}.00`,
  dropPercent: n * 5,
  observedAt: '2026-11-23T08:00:00.000Z',
});
const STATS: DealAlertStatsResponse = {
  subscriberCount: 1234,
  totalNotifications: 56,
  totalEmailsSent: 50,
  totalClicks: 7,
  activeNotifications: 3,
};
const DROPS: DealAlertDropsResponse = {
  alerts: [alert(1, { notificationsSent: 2 }), alert(2, { lastCheckedAt: null, lastCheckedPrice: null })],
  total: 2,
};
const PREVIEW: PreviewPriceDropsResponse = { priceDrops: [6, 5, 4, 3, 2, 1].map(drop), total: 6 };

function renderTab(routes: Record<string, FakeRoute>) {
  const api = fakeApi({
    'GET /api/admin/deal-alert-stats': { json: STATS },
    'GET /api/admin/deal-alert-drops': { json: DROPS },
    'GET /api/admin/preview-price-drops': { json: PREVIEW },
    ...routes,
  });
  return { api, ...renderPage(<EmailAlertsTab tabKey="email-alerts" />) };
}

describe('the Email Alerts tab', () => {
  it('shows the counts, the alerts with every field, the analytics and the first 5 recent drops', async () => {
    const { api } = renderTab({});
    const list = await screen.findByRole('region', { name: /Deal alerts with price drops/ });
    const first = (await within(list).findByText('Air fryer 1')).closest('li')!;
    expect(within(first).getByText('shopper1@example.com')).toBeInTheDocument();
    expect(within(first).getByText('£40.00')).toBeInTheDocument();
    expect(within(first).getByText('£30.00')).toBeInTheDocument();
    expect(within(first).getByText('£10.00')).toBeInTheDocument();
    expect(within(first).getByText('Notified')).toBeInTheDocument();
    expect(within(first).getByText('25% drop')).toBeInTheDocument();
    expect(within(first).getByText('2')).toBeInTheDocument();
    const second = within(list).getByText('Air fryer 2').closest('li')!;
    expect(within(second).getByText('Never checked')).toBeInTheDocument();
    expect(within(second).queryByText('Notified')).toBeNull();

    const counts = screen.getByRole('region', { name: 'Deal alert notifications' });
    expect(within(counts).getByText('Deal alerts with price drops').nextSibling).toHaveTextContent('2');
    expect(within(counts).getByText('Subscribers').nextSibling).toHaveTextContent('1,234');

    const analytics = screen.getByRole('region', { name: 'Notification analytics' });
    const figures: Array<[string, string]> = [
      ['Total Notifications', '56'],
      ['Emails Sent', '50'],
      ['Total Clicks', '7'],
      ['Active Notifications', '3'],
    ];
    for (const [label, value] of figures) expect(within(analytics).getByText(label).nextSibling).toHaveTextContent(value);

    const recent = screen.getByRole('region', { name: 'Price drops in the last 24 hours' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(5);
    expect(within(recent).getByText('30% OFF')).toBeInTheDocument();
    expect(within(recent).queryByText('Dropped product 1')).toBeNull();
    expect(within(recent).getByText('Showing 5 of 6 drops.')).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/preview-price-drops')[0]?.query.get('limit')).toBe('10');
    expect(api.callsTo('GET /api/admin/deal-alert-drops')[0]?.query.get('limit')).toBe('10');
  });

  it('asks for a selection, then sends the selected alerts and says what was sent and skipped', async () => {
    const { api, user } = renderTab({
      'POST /api/admin/deal-alert-notifications': {
        json: { emailsSent: 1, alreadySent: 1, skipped: { notFound: 0, inactive: 0, noPriceDrop: 0, unconfirmed: 2, unsubscribed: 1 } },
      },
    });
    const send = await screen.findByRole('button', { name: 'Send Deal Alert Notifications' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    expect(await screen.findByText('No Deal Alerts Selected')).toBeInTheDocument();
    expect(screen.getByText('Please select deal alerts with price drops to send notifications.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/deal-alert-notifications')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'Air fryer 2' }));
    expect(screen.getByText('Select all (1 selected)')).toBeInTheDocument();
    await user.click(send);
    expect(await screen.findByText('Deal Alert Notifications Sent!')).toBeInTheDocument();
    expect(screen.getByText('Successfully sent notifications to 1 users')).toBeInTheDocument();
    expect(screen.getByText('1 e-mail was already sent earlier and not sent again.')).toBeInTheDocument();
    expect(screen.getByText('Skipped: 2 unconfirmed addresses, 1 unsubscribed address.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/deal-alert-notifications')[0]?.body).toEqual({ dealAlertIds: [2] });
    // The tab's data is fetched again (Notified badges, counts).
    await waitFor(() => expect(api.callsTo('GET /api/admin/deal-alert-stats').length).toBeGreaterThan(1));

    await user.click(screen.getByRole('checkbox', { name: /Select all/ }));
    expect(screen.getByRole('checkbox', { name: 'Air fryer 1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Air fryer 2' })).toBeChecked();
  });

  it('sends the price drop summary, and says when there is nothing to send', async () => {
    let status = 200;
    const { api, user } = renderTab({
      'POST /api/admin/price-drop-summary': () =>
        status === 200
          ? { json: { emailsSent: 3, alreadySent: 0, priceDrops: 6, skipped: { unconfirmed: 1, unsubscribed: 0, noDropsInCategories: 2 } } }
          : { status: 409, json: { error: 'Conflict', message: 'priceDrops: No recent price drops found to include in the summary.' } },
    });
    const send = await screen.findByRole('button', { name: 'Send Price Drop Summary' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    expect(await screen.findByText('Price Drop Summary Sent!')).toBeInTheDocument();
    expect(screen.getByText('Sent to 3 subscribers, covering 6 price drops.')).toBeInTheDocument();
    expect(screen.getByText('Skipped: 1 unconfirmed address, 2 subscribers with no drop in their categories.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/price-drop-summary')[0]?.body).toBeUndefined();

    status = 409;
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    expect(await screen.findByText('No Price Drops Available')).toBeInTheDocument();
    expect(screen.getByText('No recent price drops found to include in the summary.')).toBeInTheDocument();
  });

  it('shows the empty states and disables both sends when there is nothing to send', async () => {
    renderTab({
      'GET /api/admin/deal-alert-drops': { json: { alerts: [], total: 0 } },
      'GET /api/admin/preview-price-drops': { json: { priceDrops: [], total: 0 } },
    });
    expect(
      await screen.findByText('No deal alerts with price drops right now. They appear here after a price check finds one.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('No price drops in the last 24 hours.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Deal Alert Notifications' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send Price Drop Summary' })).toBeDisabled();
  });

  it('says when a list cannot be loaded, and tries again', async () => {
    let fail = true;
    renderTab({
      'GET /api/admin/preview-price-drops': () =>
        fail ? { status: 500, json: { error: 'Internal Server Error', message: '' } } : { json: PREVIEW },
    });
    const recent = await screen.findByRole('region', { name: 'Price drops in the last 24 hours' });
    expect(await within(recent).findByRole('alert')).toHaveTextContent('Failed to preview price drops');
    fail = false;
    within(recent).getByRole('button', { name: 'Try again' }).click();
    expect(await within(recent).findByText('30% OFF')).toBeInTheDocument();
  });
});
