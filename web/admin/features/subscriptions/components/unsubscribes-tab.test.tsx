// @vitest-environment happy-dom
/**
 * The unsubscribes tab in the browser (admin-area §2 "Unsubscribes tab"; issue 12 part 1), with the
 * API faked at `fetch`: the cards, top reasons in words, 'Anonymous' for records without an address,
 * IP addresses as networks until the owner opens one row, which asks the server for that record.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UnsubscribeRecord } from '../../../../../common/api/subscriptions.admin.schema';
import { fakeApi, renderPage } from '../../../../testing/harness';
import { UnsubscribesTab } from './unsubscribes-tab';

const record = (id: number, over: Partial<UnsubscribeRecord> = {}): UnsubscribeRecord => ({
  id,
  email: `user${id}@example.com`,
  reason: 'Too many e-mails',
  visitedPath: '/unsubscribe',
  createdAt: '2026-06-01T09:00:00.000Z',
  userAgent: 'Safari',
  ipAddress: '198.51.100.0/24',
  referrer: null,
  effective: true,
  kind: 'request',
  ...over,
});
const RECORDS = [
  record(3, { effective: false }),
  record(2),
  record(1, { email: null, reason: 'visited_unsubscribe_page', ipAddress: '2001:db8:abcd::/48', effective: false, kind: 'page-visit' }),
];

describe('the unsubscribes tab', () => {
  it('shows the cards, the reasons, Anonymous, and a full IP only for an opened row', async () => {
    const api = fakeApi({
      'GET /api/admin/unsubscribes': { json: { unsubscribes: RECORDS, total: 3 } },
      'GET /api/admin/unsubscribe-stats': {
        json: {
          totalUnsubscribes: 12,
          unsubscribeRequests: 10,
          pageVisits: 2,
          unsubscribedAddresses: 1,
          recentUnsubscribes: RECORDS,
          topReasons: [
            { reason: 'Too many e-mails', count: 1 },
            { reason: 'visited_unsubscribe_page', count: 1 },
          ],
        },
      },
      'GET /api/admin/unsubscribes/2': { json: record(2, { ipAddress: '198.51.100.23' }) },
    });
    const { user } = renderPage(<UnsubscribesTab tabKey="unsubscribes" />);
    await screen.findByRole('heading', { name: 'Unsubscribes' });
    // One meaning per word (issue 29): the card counts addresses unsubscribed now, and says what the records are.
    const card = screen.getByText('Total Unsubscribes', { selector: 'dt' }).parentElement!;
    expect(card).toHaveTextContent(/^Total Unsubscribes\s*1\s*1 address unsubscribed now · 10 requests, 2 page visits recorded$/);
    expect(screen.getByText('Top Reason', { selector: 'dt' }).nextSibling).toHaveTextContent('Too many e-mails');
    const table = screen.getByRole('table');
    expect(within(table).getByText('Anonymous')).toBeInTheDocument();
    expect(within(table).getByText('Visited the unsubscribe page')).toBeInTheDocument();
    // A page visit is badged as such, never as a link e-mailed; requests say whether they took effect.
    expect(within(table).queryByText(/link e-mailed/i)).toBeNull();
    const rowOf = (email: string | null) =>
      within(table)
        .getAllByRole('row')
        .find((r) => r.textContent?.includes(email ?? 'Anonymous'))!;
    expect(rowOf(null)).toHaveTextContent('Page visit');
    expect(rowOf('user2@example.com')).toHaveTextContent('Unsubscribed');
    expect(rowOf('user3@example.com')).toHaveTextContent('Not proved');
    expect(within(table).queryByText('198.51.100.23')).toBeNull();
    expect(api.callsTo('GET /api/admin/unsubscribes/2')).toHaveLength(0);

    await user.click(within(table).getByRole('button', { name: 'Show the full IP address of record 2' }));
    expect(await within(table).findByText('198.51.100.23')).toBeInTheDocument();
    expect(within(table).getByText('2001:db8:abcd::/48')).toBeInTheDocument();
  });
});
