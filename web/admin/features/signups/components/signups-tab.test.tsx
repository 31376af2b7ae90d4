// @vitest-environment happy-dom
/**
 * The signups tab in the browser (admin-area §2 "Signups tab", §8 "Signups"; issue 12 part 1), with
 * the API faked at `fetch`: the cards and summary as the server sends them, the NEW USER and source
 * badges, Copy Email List, search with select-all, a bulk delete behind its confirmation with the
 * spec's success wording, an expandable click list, and the referrer cut to 30 characters.
 * Issue 25: each row shows its address's subscriber status, and Copy Email List copies the
 * server's confirmed, subscribed addresses only, saying so.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SignupClicksResponse, SignupsResponse, SubscriberStatus } from '../../../../../common/api/signups.admin.schema';
import { fakeApi, renderPage } from '../../../../testing/harness';
import { SignupsTab } from './signups-tab';

const signup = (
  id: number,
  email: string,
  source: string,
  clickCount: number,
  status: SubscriberStatus,
  newUser = false,
  referrer: string | null = null,
) => ({
  id,
  email,
  source,
  createdAt: '2026-06-15T23:10:00.000Z',
  userAgent: 'Firefox',
  referrer,
  clickCount,
  newUser,
  status,
});

const DATA: SignupsResponse = {
  signups: [
    signup(4, 'ann@example.com', 'signup_popup', 3, 'confirmed', true, 'https://www.google.co.uk/search?q=air+fryer+deals'),
    signup(3, 'bob@example.com', 'signup_page', 1, 'unsubscribed'),
    signup(2, 'dan@example.com', 'partner_site', 0, 'awaiting-confirmation'),
  ],
  total: 3,
  stats: { totalSignups: 3, todaySignups: 1, popupSignups: 1, pageSignups: 1, otherSignups: 1 },
  clickSummary: { uniqueClickers: 2, totalUsers: 3, conversionRate: 66.7 },
  topClickers: [
    { email: 'ann@example.com', signupId: 4, clickCount: 3, newUser: true },
    { email: 'bob@example.com', signupId: 3, clickCount: 1, newUser: false },
  ],
};

const CLICKS: SignupClicksResponse = {
  total: 1,
  clicks: [
    {
      id: 9,
      asin: 'B0CLICK001',
      title: 'Ninja Air Fryer',
      clickType: 'shop',
      price: '79.99',
      category: 'kitchen',
      affiliateTag: 'dealalertsnew-21',
      newUserTag: true,
      clickedAt: '2026-06-15T12:00:00.000Z',
    },
  ],
};

describe('the signups tab', () => {
  it('shows the cards, badges, summary, top clickers and the cut referrer', async () => {
    fakeApi({ 'GET /api/admin/signups': { json: DATA } });
    renderPage(<SignupsTab tabKey="signups" />);
    await screen.findByRole('heading', { name: 'Signups' });
    const card = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement;
    expect(within(card('Total Signups')).getByText('3')).toBeInTheDocument();
    expect(within(card("Today's Signups")).getByText('1')).toBeInTheDocument();
    expect(within(card('Popup vs Page')).getByText('1 / 1')).toBeInTheDocument();
    expect(within(card('Conversion rate')).getByText('66.7%')).toBeInTheDocument();
    expect(screen.getAllByText('NEW USER').length).toBeGreaterThanOrEqual(1);
    expect(screen.getAllByText('partner_site').length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('cell', { name: 'https://www.google.co.uk/searc…' })).toHaveAttribute(
      'title',
      'https://www.google.co.uk/search?q=air+fryer+deals',
    );
    expect(screen.getByRole('link', { name: /Export to CSV/ })).toHaveAttribute('href', '/api/admin/signups/export');
  });

  it('shows each address’s status in the list and in the table', async () => {
    fakeApi({ 'GET /api/admin/signups': { json: DATA } });
    renderPage(<SignupsTab tabKey="signups" />);
    const table = within((await screen.findByRole('heading', { name: 'All signups' })).closest('section') as HTMLElement);
    expect(table.getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    const statusOf = (email: string) =>
      within(table.getByRole('cell', { name: email }).closest('tr') as HTMLElement).getAllByRole('cell')[1];
    expect(statusOf('ann@example.com')).toHaveTextContent('Confirmed');
    expect(statusOf('bob@example.com')).toHaveTextContent('Unsubscribed');
    expect(statusOf('dan@example.com')).toHaveTextContent('Awaiting confirmation');
    const list = within(screen.getByRole('heading', { name: /^Users/ }).closest('section') as HTMLElement);
    expect(list.getByText('Awaiting confirmation')).toBeInTheDocument();
  });

  it('copies the confirmed, subscribed addresses only and says so', async () => {
    const api = fakeApi({
      'GET /api/admin/signups': { json: DATA },
      'GET /api/admin/signups/confirmed-emails': { json: { emails: ['ann@example.com', 'zoe@example.com'] } },
    });
    const { user } = renderPage(<SignupsTab tabKey="signups" />);
    await user.click(await screen.findByRole('button', { name: 'Copy Email List (confirmed only)' }));
    expect(
      await screen.findByText('Copied 2 confirmed addresses. Addresses awaiting confirmation or unsubscribed are left out.'),
    ).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('ann@example.com, zoe@example.com');
    expect(api.callsTo('GET /api/admin/signups/confirmed-emails')).toHaveLength(1);
  });

  it('copies nothing when no address has confirmed', async () => {
    await navigator.clipboard.writeText('before');
    fakeApi({ 'GET /api/admin/signups': { json: DATA }, 'GET /api/admin/signups/confirmed-emails': { json: { emails: [] } } });
    const { user } = renderPage(<SignupsTab tabKey="signups" />);
    await user.click(await screen.findByRole('button', { name: 'Copy Email List (confirmed only)' }));
    expect(await screen.findByText('No signed-up address has confirmed and stayed subscribed yet.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('before');
  });

  it('opens a click list, then bulk-deletes the searched rows after confirmation', async () => {
    let remaining = DATA;
    const api = fakeApi({
      'GET /api/admin/signups': () => ({ json: remaining }),
      'GET /api/admin/signups/4/clicks': { json: CLICKS },
      'DELETE /api/admin/signups': () => {
        remaining = { ...DATA, signups: DATA.signups.slice(2) };
        return { json: { deletedCount: 2, clicksDeleted: 4 } };
      },
    });
    const { user } = renderPage(<SignupsTab tabKey="signups" />);
    const list = within((await screen.findByRole('heading', { name: /^Users/ })).closest('section') as HTMLElement);
    const annClicks = list.getByRole('button', { name: '3 clicks' });
    expect(annClicks).toHaveAttribute('aria-expanded', 'false');
    await user.click(annClicks);
    expect(annClicks).toHaveAttribute('aria-expanded', 'true');
    expect(await list.findByText('Ninja Air Fryer')).toBeInTheDocument();

    await user.type(list.getByLabelText('Search by e-mail'), 'b');
    await user.click(list.getByLabelText('Select all matching'));
    // "b" matches bob only; widen to two rows.
    await user.clear(list.getByLabelText('Search by e-mail'));
    await user.click(list.getByLabelText('Select ann@example.com'));
    // Issue 29: the selection kept across searches says what is not shown.
    await user.type(list.getByLabelText('Search by e-mail'), 'ann');
    expect(list.getByText('2 signups selected, 1 of them not shown here')).toBeInTheDocument();
    await user.clear(list.getByLabelText('Search by e-mail'));
    await user.click(list.getByRole('button', { name: 'Delete selected (2)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 signups?' });
    expect(api.callsTo('DELETE /api/admin/signups')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/admin/signups')[0]?.body).toEqual({ ids: [4, 3] }));
    expect(await screen.findByText('2 signups deleted. Their associated click data (4 clicks) has been removed.')).toBeInTheDocument();
    await waitFor(() => expect(list.queryByText('bob@example.com')).toBeNull());
  });

  it('says so when the list cannot be loaded', async () => {
    fakeApi({
      'GET /api/admin/signups': {
        status: 500,
        json: { error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' },
      },
    });
    renderPage(<SignupsTab tabKey="signups" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again.');
  });
});
