// @vitest-environment happy-dom
/**
 * The shell's bell (issue 30, shopper-screens §2 bell): a visitor with saved searches but no alerts
 * reaches them, "Sent to you" and the private feed through the bell, which then carries no count
 * badge (the badge counts alerts); a visitor with neither sees no bell; the footer links the search
 * landing page (issue 28). The whole root layout is
 * rendered with the session stored as the app stores it; fetch is answered at the network edge in
 * the API's shapes.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { savedSearchSchema, type SavedSearch } from '../../common/api/saved-searches.schema';
import { subscriberStatusSchema } from '../../common/api/alerts.schema';
import { rememberVisitor } from '../features/session/session.rules';
import { initSession } from '../features/session/session.store';
import { fakeApi, renderRoutes } from '../testing/harness';
import { RootLayout } from './root-layout';

const EMAIL = 'ann@example.co.uk';
const TOKEN = 'visitor-token-ann';

const KETTLE: SavedSearch = savedSearchSchema.parse({
  id: 7,
  userEmail: EMAIL,
  keywords: 'kettle',
  category: null,
  maxPrice: '30.00',
  minSavingPercent: null,
  frequency: 'weekly',
  isActive: true,
  awaitingConfirmation: false,
  matches: 0,
  createdAt: '2026-11-20T09:00:00.000Z',
});

/** Ann's session as the app stores it, then the shell around a plain page. */
function renderShell() {
  rememberVisitor(window.localStorage, EMAIL, TOKEN);
  initSession();
  return renderRoutes([{ path: '/', Component: RootLayout, children: [{ index: true, element: <h1>Today’s deals</h1> }] }], '/');
}

describe('the bell in the shell', () => {
  it('shows for saved searches without alerts, with no count badge, and opens them, "Sent to you" and the feed', async () => {
    const api = fakeApi({
      'GET /api/deal-alerts': { json: [] },
      'GET /api/saved-searches': { json: [KETTLE] },
      'GET /api/subscribers/status': { json: subscriberStatusSchema.parse({ email: EMAIL, confirmed: true, unsubscribed: false }) },
      'GET /api/alert-emails': { json: [] },
      'GET /api/alert-feed': { json: { active: false } },
    });
    const { user } = renderShell();
    const bell = await screen.findByRole('button', { name: 'Your deal alerts and saved searches' });
    expect(bell).toHaveTextContent('');
    expect(api.callsTo('GET /api/saved-searches')[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);

    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: /Your Deal Alerts \(0\)/ });
    expect(within(panel).getByText(/No deal alerts yet/)).toBeVisible();
    const saved = await within(panel).findByRole('region', { name: 'Your saved searches' });
    expect(within(saved).getByText(/kettle/)).toBeVisible();
    expect(await within(panel).findByRole('region', { name: 'Sent to you' })).toHaveTextContent('No alert e-mails yet');
  });

  it('shows no bell for a visitor with neither alerts nor saved searches', async () => {
    const api = fakeApi({
      'GET /api/deal-alerts': { json: [] },
      'GET /api/saved-searches': { json: [] },
    });
    renderShell();
    expect(await screen.findByRole('heading', { name: 'Today’s deals' })).toBeVisible();
    await waitFor(() => {
      expect(api.callsTo('GET /api/deal-alerts')).toHaveLength(1);
      expect(api.callsTo('GET /api/saved-searches')).toHaveLength(1);
    });
    // Both answers are in: still no bell.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /Your deal alerts/ })).toBeNull();
  });

  it('links the search landing page from the footer (issue 28)', async () => {
    fakeApi({});
    const { user, router } = renderShell();
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    await user.click(within(footer).getByRole('link', { name: 'Search Deals' }));
    expect(router.state.location.pathname).toBe('/search');
  });
});
