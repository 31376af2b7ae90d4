// @vitest-environment happy-dom
/**
 * The admin sign-in page and shell in the browser (issue 11 parts 1 and 2), with the API faked at
 * `fetch`: the sign-in form's errors (empty fields, refused, throttled) and where it goes after;
 * the shell's guard (401 → sign-in page), its 18 tabs from the URL, the tab bar's keyboard
 * behaviour (one tab stop, ←/→ wrap, Home/End, selection follows focus into the URL), the
 * "Not built yet" panel of a tab with no panel yet, Refresh refetching the open tab's queries only,
 * the Amazon access banner above every tab (issue 14), and Sign out.
 */
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminMe, AuditLogResponse } from '../../../common/api/admin-auth.admin.schema';
import type { AmazonAccess } from '../../../common/api/amazon-api.admin.schema';
import { adminTabKey } from '../lib/admin-query-keys';
import { apiRequest } from '../../lib/http.client';
import { currentUrl, fakeApi, renderRoutes, type FakeAnswer } from '../../testing/harness';
import { AdminLoginPage } from './admin-login.route';
import { AdminShellPage } from './admin-shell.route';
import type { AdminTabProps } from '../components/admin-tab';
import { ADMIN_TABS, type AdminTab } from './admin-tabs';

const ME: FakeAnswer = { json: { id: 1, email: 'owner@example.com', sessionExpiresAt: '2026-06-01T21:00:00.000Z' } satisfies AdminMe };
const SIGNED_OUT: FakeAnswer = { status: 401, json: { error: 'Unauthorized', message: 'session: an admin session is required' } };
const AUDIT: FakeAnswer = {
  json: {
    entries: [
      { id: 1, adminId: 1, adminEmail: 'owner@example.com', action: 'login', target: null, counts: null, at: '2026-06-01T09:00:00.000Z' },
    ],
    total: 1,
    page: 1,
    pageSize: 20,
    actions: ['login'],
  } satisfies AuditLogResponse,
};

function routes(tabs?: readonly AdminTab[]) {
  const shell = <AdminShellPage tabs={tabs} />;
  return [
    { path: '/admin/login', element: <AdminLoginPage /> },
    { path: '/admin/*', element: shell },
    { path: '/management/*', element: shell },
  ];
}

describe('the sign-in page', () => {
  it('names empty fields, then says a refused or throttled sign-in, then goes to ?next=', async () => {
    let attempt = 0;
    const api = fakeApi({
      'GET /api/admin/me': () => (attempt >= 3 ? ME : SIGNED_OUT),
      'GET /api/admin/audit-log': AUDIT,
      'POST /api/admin/login': () => {
        attempt += 1;
        if (attempt === 1) return { status: 401, json: { error: 'Unauthorized', message: 'email or password: not recognised' } };
        if (attempt === 2)
          return { status: 429, json: { error: 'Too Many Requests', message: 'login: too many failed sign-ins; try again in 15 minutes' } };
        return { status: 204 };
      },
    });
    const { user, router } = renderRoutes(routes(), '/admin/login?next=%2Fadmin%2Fstats');
    const submit = await screen.findByRole('button', { name: 'Sign in' });

    await user.click(submit);
    expect(screen.getByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/admin/login')).toHaveLength(0);

    await user.type(screen.getByLabelText('E-mail'), 'owner@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('That e-mail and password do not match an admin account.');
    expect(api.callsTo('POST /api/admin/login')[0]?.body).toEqual({ email: 'owner@example.com', password: 'wrong password' });
    // The password is cleared for the next try; the e-mail stays.
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.queryByText('Enter your e-mail address.')).toBeNull();

    await user.type(screen.getByLabelText('Password'), 'another guess');
    await user.click(submit);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many failed sign-ins. Try again in 15 minutes.'));

    await user.type(screen.getByLabelText('Password'), 'the right password');
    await user.click(submit);
    await screen.findByRole('heading', { name: 'Product Management Admin' });
    expect(currentUrl(router)).toBe('/admin/stats');
  });

  it('never follows ?next= off the admin pages', async () => {
    fakeApi({ 'GET /api/admin/me': ME, 'GET /api/admin/audit-log': AUDIT });
    const { router } = renderRoutes(
      [...routes(), { path: '*', element: <p>elsewhere</p> }],
      '/admin/login?next=https%3A%2F%2Fevil.example',
    );
    await screen.findByRole('heading', { name: 'Product Management Admin' });
    expect(currentUrl(router)).toBe('/admin');
  });
});

describe('the admin shell', () => {
  it('sends a visitor without a session to the sign-in page, coming back afterwards', async () => {
    fakeApi({ 'GET /api/admin/me': SIGNED_OUT });
    const { router } = renderRoutes(routes(), '/admin/signups');
    await screen.findByRole('heading', { name: 'Admin sign-in' });
    expect(currentUrl(router)).toBe('/admin/login?next=%2Fadmin%2Fsignups');
  });

  it("shows the 18 tabs of the spec, issue 27's Deal links and issue 29's Delivery log, and the URL picks the tab, whose panel loads", async () => {
    fakeApi({ 'GET /api/admin/me': ME, 'GET /api/admin/audit-log': AUDIT });
    renderRoutes(routes(), '/admin/similar-products');
    const bar = await screen.findByRole('tablist', { name: 'Admin sections' });
    const tabs = within(bar).getAllByRole('tab');
    expect(tabs.map((t) => [t.id.replace('admin-tab-', ''), t.textContent])).toEqual(ADMIN_TABS.map((t) => [t.key, t.label]));
    expect(tabs).toHaveLength(20);
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Similar');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('Similar');
    expect(await within(panel).findByRole('heading', { name: 'Similar products' })).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'ASIN' })).toBeInTheDocument();
    // The audit log at the bottom.
    expect(await screen.findByRole('region', { name: /Audit log/ })).toHaveTextContent('Signed in');
  });

  it('a tab not built yet says who builds it', async () => {
    fakeApi({ 'GET /api/admin/me': ME, 'GET /api/admin/audit-log': AUDIT });
    const tabs: AdminTab[] = [
      { key: 'products', label: 'products list', load: async () => ({ default: () => <p>rows</p> }) },
      { key: 'stats', label: 'Statistics', plannedIn: 'issue 99' },
    ];
    renderRoutes(routes(tabs), '/admin/stats');
    const panel = await screen.findByRole('tabpanel', { name: 'Statistics' });
    expect(within(panel).getByRole('heading', { name: 'Statistics: not built yet' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('This tab is planned in issue 99.');
  });

  it('moves between tabs with the keyboard: one tab stop, arrows wrap, Home and End, and the URL follows', async () => {
    fakeApi({ 'GET /api/admin/me': ME, 'GET /api/admin/audit-log': AUDIT });
    const { user, router } = renderRoutes(routes(), '/admin/stats');
    const stats = await screen.findByRole('tab', { name: 'Statistics' });
    const tabStops = () => screen.getAllByRole('tab').filter((t) => t.tabIndex === 0);
    expect(tabStops()).toEqual([stats]);

    stats.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Clicks' })).toHaveFocus();
    await waitFor(() => expect(currentUrl(router)).toBe('/admin/click-tracking'));
    expect(screen.getByRole('tab', { name: 'Clicks' })).toHaveAttribute('aria-selected', 'true');
    expect(tabStops()).toEqual([screen.getByRole('tab', { name: 'Clicks' })]);

    await user.keyboard('{End}');
    await waitFor(() => expect(currentUrl(router)).toBe('/admin/delivery-log'));
    expect(screen.getByRole('tab', { name: 'Delivery log' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(currentUrl(router)).toBe('/admin'));
    expect(screen.getByRole('tab', { name: 'products list' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(currentUrl(router)).toBe('/admin/delivery-log'));
    await user.keyboard('{Home}');
    await waitFor(() => expect(currentUrl(router)).toBe('/admin'));
    // Tab leaves the bar for the panel.
    await user.keyboard('{Tab}');
    expect(screen.getByRole('tabpanel')).toHaveFocus();
    // Back follows.
    await router.navigate(-1);
    await waitFor(() => expect(currentUrl(router)).toBe('/admin/delivery-log'));
    await waitFor(() => expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Delivery log'));
  });

  it('issue 29: on a phone the labelled "Admin section" select reaches every tab, and the URL follows', async () => {
    fakeApi({ 'GET /api/admin/me': ME, 'GET /api/admin/audit-log': AUDIT });
    const { user, router } = renderRoutes(routes(), '/admin/stats');
    const select = await screen.findByRole('combobox', { name: 'Admin section' });
    expect(select).toHaveValue('stats');
    expect(within(select).getAllByRole('option')).toHaveLength(screen.getAllByRole('tab').length);
    await user.selectOptions(select, 'Delivery log');
    await waitFor(() => expect(currentUrl(router)).toBe('/admin/delivery-log'));
    expect(screen.getByRole('tab', { name: 'Delivery log' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps /management and its tabs under /management, and sends an unknown tab to the first', async () => {
    fakeApi({ 'GET /api/admin/me': ME, 'GET /api/admin/audit-log': AUDIT });
    const { user, router } = renderRoutes(routes(), '/management/no-such-tab');
    await screen.findByRole('heading', { name: 'Products', level: 2 });
    expect(currentUrl(router)).toBe('/management');
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/management/user-analysis'));
  });

  it('Refresh refetches the open tab’s queries and the audit log, not other tabs’', async () => {
    let counts = { open: 0, other: 0 };
    function CountingTab({ tabKey }: AdminTabProps) {
      const q = useQuery({ queryKey: adminTabKey(tabKey, 'rows'), queryFn: async () => ({ n: ++counts.open }) });
      return <p>rows fetched {q.data?.n ?? 0} times</p>;
    }
    const tabs: AdminTab[] = [
      { key: 'products', label: 'products list', load: async () => ({ default: CountingTab }) },
      { key: 'stats', label: 'Statistics', plannedIn: 'issue 11' },
    ];
    const api = fakeApi({ 'GET /api/admin/me': ME, 'GET /api/admin/audit-log': AUDIT });
    const { user, queryClient } = renderRoutes(routes(tabs), '/admin');
    // A cached query of another tab must stay as it is.
    queryClient.setQueryData(adminTabKey('stats', 'x'), { n: 0 });
    await screen.findByText('rows fetched 1 times');
    await screen.findByRole('region', { name: /Audit log/ });
    const auditCalls = api.callsTo('GET /api/admin/audit-log').length;
    counts = { ...counts, other: queryClient.getQueryState(adminTabKey('stats', 'x'))?.dataUpdateCount ?? 0 };

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText('rows fetched 2 times');
    await waitFor(() => expect(api.callsTo('GET /api/admin/audit-log').length).toBe(auditCalls + 1));
    expect(queryClient.getQueryState(adminTabKey('stats', 'x'))?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(adminTabKey('stats', 'x'))?.dataUpdateCount).toBe(counts.other);
  });

  it('shows the Amazon access banner above every tab while Amazon refuses access, and drops it once access works', async () => {
    let denied = true;
    const api = fakeApi({
      'GET /api/admin/me': ME,
      'GET /api/admin/audit-log': AUDIT,
      'GET /api/admin/amazon/access': () => ({
        json: {
          configured: true,
          accessDenied: denied
            ? { since: '2026-06-01T12:00:00.000Z', reason: 'AssociateNotEligible: not eligible', retryAt: '2099-06-01T12:00:00.000Z' }
            : null,
        } satisfies AmazonAccess,
      }),
    });
    const tabs: AdminTab[] = [
      { key: 'products', label: 'products list', load: async () => ({ default: () => <p>rows</p> }) },
      { key: 'stats', label: 'Statistics', plannedIn: 'issue 99' },
      { key: 'api-import', label: 'API', plannedIn: 'issue 14' },
    ];
    const { user, router } = renderRoutes(routes(tabs), '/admin/stats');
    const banner = await screen.findByRole('alert', { name: 'Live Amazon prices are paused' });
    expect(banner).toHaveTextContent('Since 1 Jun 2026');
    expect(banner).toHaveTextContent("Shoppers see the catalogue's prices meanwhile");
    expect(banner).toHaveTextContent('the next try is at 1 Jun 2099');
    // It sits outside the tab panel, so another tab keeps it.
    expect(within(screen.getByRole('tabpanel')).queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'products list' }));
    await screen.findByText('rows');
    expect(screen.getByRole('alert', { name: 'Live Amazon prices are paused' })).toBeInTheDocument();
    // Its link leads to the API tab, where it no longer links to itself.
    await user.click(within(banner).getByRole('link', { name: 'See the quota and requests in the API tab' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/admin/api-import'));
    expect(within(screen.getByRole('alert', { name: 'Live Amazon prices are paused' })).queryByRole('link')).toBeNull();

    // Access is back: Refresh (as the minute's poll would) takes the banner away.
    denied = false;
    const before = api.callsTo('GET /api/admin/amazon/access').length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Live Amazon prices are paused' })).toBeNull());
    expect(api.callsTo('GET /api/admin/amazon/access').length).toBe(before + 1);
  });

  it('shows no Amazon banner when Amazon is not configured', async () => {
    fakeApi({
      'GET /api/admin/me': ME,
      'GET /api/admin/audit-log': AUDIT,
      'GET /api/admin/amazon/access': { json: { configured: false, accessDenied: null } satisfies AmazonAccess },
    });
    renderRoutes(routes(), '/admin/stats');
    await screen.findByRole('region', { name: /Audit log/ });
    await waitFor(() => expect(screen.queryByText('Live Amazon prices are paused')).toBeNull());
  });

  it('Sign out calls the API, drops the admin data and shows the sign-in page', async () => {
    let signedIn = true;
    const api = fakeApi({
      'GET /api/admin/me': () => (signedIn ? ME : SIGNED_OUT),
      'GET /api/admin/audit-log': AUDIT,
      'POST /api/admin/logout': () => {
        signedIn = false;
        return { status: 204 };
      },
    });
    const { user, router, queryClient } = renderRoutes(routes(), '/admin/stats');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You have signed out.')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/admin/login?signedOut=1');
    expect(api.callsTo('POST /api/admin/logout')).toHaveLength(1);
    expect(queryClient.getQueryData(['admin', 'audit-log', 20])).toBeUndefined();
  });

  it('goes to the sign-in page when a tab’s call answers 401 (the session expired meanwhile)', async () => {
    function ExpiringTab({ tabKey }: AdminTabProps) {
      useQuery({ queryKey: adminTabKey(tabKey), queryFn: () => apiRequest('GET', '/api/admin/things') });
      return <p>things</p>;
    }
    let expired = false;
    const api = fakeApi({
      'GET /api/admin/me': () => (expired ? SIGNED_OUT : ME),
      'GET /api/admin/audit-log': AUDIT,
      'GET /api/admin/things': () => {
        expired = true;
        return SIGNED_OUT;
      },
    });
    const { router } = renderRoutes(
      routes([{ key: 'products', label: 'products list', load: async () => ({ default: ExpiringTab }) }]),
      '/admin',
    );
    await waitFor(() => expect(currentUrl(router)).toBe('/admin/login?next=%2Fadmin'));
    await screen.findByRole('heading', { name: 'Admin sign-in' });
    // One failing call, no refetch storm.
    await new Promise((r) => setTimeout(r, 200));
    expect(api.callsTo('GET /api/admin/things')).toHaveLength(1);
  });
});
