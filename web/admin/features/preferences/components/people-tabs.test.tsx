// @vitest-environment happy-dom
/**
 * The Users and Preferences tabs in the browser (admin-area §2; issue 12 part 1), with the API
 * faked at `fetch`: each person with clicks (and the export link), subscription and preferences or
 * 'No preferences set'; "Delete everything about this e-mail" only after its confirmation, with the
 * counts in the toast; the erasure form refusing a non-address; the Preferences tab's Survey
 * Complete badge, categories in words, frequency, total and export link.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserAnalysisResponse, UserPreferencesResponse } from '../../../../../common/api/preferences.admin.schema';
import { currentUrl, fakeApi, renderPage } from '../../../../testing/harness';
import { PreferencesTab } from './preferences-tab';
import { UsersTab } from './users-tab';

const USERS: UserAnalysisResponse = {
  total: 2,
  users: [
    {
      email: 'ann@example.com',
      clickCount: 4,
      alertCount: 2,
      signupCount: 1,
      subscription: 'confirmed',
      preferences: { categories: ['kitchen', 'toys'], emailFrequency: 'daily' },
      lastSeenAt: null,
    },
    { email: 'bob@example.com', clickCount: 0, alertCount: 1, signupCount: 0, subscription: null, preferences: null, lastSeenAt: null },
  ],
};
const ERASED = {
  erased: {
    dealAlerts: 2,
    preferences: 1,
    productClicks: 4,
    categoryClicks: 0,
    signups: 1,
    subscribers: 1,
    unsubscribeRecords: 0,
    visitorTokens: 2,
    outboxMessages: 3,
    contactMessages: 0,
    devicePreferences: 0,
  },
  total: 14,
};

describe('the Users tab', () => {
  it('issue 29: pages of 50 with the search and page in the URL, selection across pages, and a confirmed bulk erase above 100', async () => {
    const many: UserAnalysisResponse = {
      total: 130,
      users: Array.from({ length: 130 }, (_, i) => ({
        email: `p${String(i).padStart(3, '0')}@example.com`,
        clickCount: 0,
        alertCount: 1,
        signupCount: 0,
        subscription: 'confirmed' as const,
        preferences: null,
        lastSeenAt: null,
      })),
    };
    const api = fakeApi({
      'GET /api/admin/user-analysis': { json: many },
      'POST /api/admin/users/bulk': { json: { action: 'erase', matched: 130, affected: 130, rowsErased: 260 } },
    });
    const { user, router } = renderPage(<UsersTab tabKey="user-analysis" />, '/?page=2');
    expect(await screen.findByText('p050@example.com')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3 (130 listed)')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select p050@example.com' }));
    const pager = within(screen.getByRole('navigation', { name: 'User pages' }));
    await user.clear(pager.getByRole('spinbutton', { name: 'Go to page' }));
    await user.type(pager.getByRole('spinbutton', { name: 'Go to page' }), '3{Enter}');
    expect(currentUrl(router)).toBe('/?page=3');
    const bar = within(screen.getByRole('group', { name: 'Selected users' }));
    expect(bar.getByText('1 person selected across pages, 1 of them not on this page')).toBeInTheDocument();
    await user.click(bar.getByRole('button', { name: 'Select all 130 matching' }));
    await user.click(bar.getByRole('button', { name: 'Delete everything about (130)' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete everything about 130 people?' }));
    const confirm = dialog.getByRole('button', { name: 'Delete everything about 130 people' });
    expect(confirm).toBeDisabled();
    await user.type(dialog.getByLabelText('Type 130 to confirm'), '130');
    await user.click(confirm);
    // The erase runs through the fake server's answer and a refetch: on a loaded machine that may take more than the default second.
    expect(await screen.findByText(/Everything about 130 people was deleted/, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/users/bulk')[0]?.body).toEqual({ action: 'erase', matching: { search: '' }, confirmCount: 130 });
  });

  it('shows what we hold about each person, and erases one after confirmation', async () => {
    const api = fakeApi({ 'GET /api/admin/user-analysis': { json: USERS }, 'POST /api/admin/erasure': { json: ERASED } });
    const { user } = renderPage(<UsersTab tabKey="user-analysis" />);
    const ann = (await screen.findByText('ann@example.com')).closest('li') as HTMLElement;
    expect(within(ann).getByText('Kitchen & Home, Toys & Games')).toBeInTheDocument();
    expect(within(ann).getByText('Daily e-mails')).toBeInTheDocument();
    expect(within(ann).getByText('Confirmed')).toBeInTheDocument();
    expect(within(ann).getByRole('link', { name: 'Export the clicks of ann@example.com' })).toHaveAttribute(
      'href',
      '/api/admin/user-analysis/clicks.csv?email=ann%40example.com',
    );
    const bob = screen.getByText('bob@example.com').closest('li') as HTMLElement;
    expect(within(bob).getByText('No preferences set')).toBeInTheDocument();

    await user.click(within(ann).getByRole('button', { name: 'Delete everything about ann@example.com' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete everything about this e-mail?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST /api/admin/erasure')).toHaveLength(0);

    await user.click(within(ann).getByRole('button', { name: 'Delete everything about ann@example.com' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete everything' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/erasure')[0]?.body).toEqual({ email: 'ann@example.com' }));
    expect(
      await screen.findByText('14 records about ann@example.com were deleted. The audit log keeps the counts only.'),
    ).toBeInTheDocument();
  });

  it('erases any address typed in the form, and refuses what is not an address', async () => {
    const api = fakeApi({ 'GET /api/admin/user-analysis': { json: USERS }, 'POST /api/admin/erasure': { json: ERASED } });
    const { user } = renderPage(<UsersTab tabKey="user-analysis" />);
    const field = await screen.findByLabelText('E-mail address');
    await user.type(field, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Delete everything…' }));
    expect(screen.getByText('Enter an e-mail address, like name@example.com.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, 'Carol@Example.com');
    await user.click(screen.getByRole('button', { name: 'Delete everything…' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete everything' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/erasure')[0]?.body).toEqual({ email: 'carol@example.com' }));
    await waitFor(() => expect(field).toHaveValue(''));
  });
});

describe('the Preferences tab', () => {
  it('shows each answer with its badge, the totals and the export link', async () => {
    const data: UserPreferencesResponse = {
      total: 2,
      preferences: [
        {
          id: 1,
          email: 'ann@example.com',
          preferredCategories: ['electronics'],
          emailFrequency: 'weekly',
          hasCompletedSurvey: true,
          createdAt: '2026-06-01T09:00:00.000Z',
          updatedAt: '2026-06-02T09:00:00.000Z',
        },
        {
          id: 2,
          email: 'bob@example.com',
          preferredCategories: [],
          emailFrequency: 'weekly',
          hasCompletedSurvey: false,
          createdAt: '2026-06-01T09:00:00.000Z',
          updatedAt: '2026-06-01T09:00:00.000Z',
        },
      ],
    };
    fakeApi({ 'GET /api/admin/user-preferences': { json: data } });
    renderPage(<PreferencesTab tabKey="user-preferences" />);
    const ann = (await screen.findByText('ann@example.com')).closest('li') as HTMLElement;
    expect(within(ann).getByText('Survey Complete')).toBeInTheDocument();
    expect(within(ann).getByText('Electronics')).toBeInTheDocument();
    expect(within(screen.getByText('bob@example.com').closest('li') as HTMLElement).getByText('None chosen')).toBeInTheDocument();
    expect(screen.getByText('Total', { selector: 'dt' }).nextSibling).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Export data' })).toHaveAttribute('href', '/api/admin/user-preferences/export');
  });
});
