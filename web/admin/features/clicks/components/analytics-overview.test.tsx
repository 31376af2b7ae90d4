// @vitest-environment happy-dom
/**
 * The analytics overview and the custom date range in the browser (issue 29 point 8), with the API
 * faked at `fetch`: a From–To range from the URL is asked for as London dates, the cards say the
 * change from the previous period, the funnel, top pages ('/' as Home), referrers (none in words)
 * and devices show, a wrong range is refused in words without a request, and Apply puts the range
 * in the URL.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnalyticsOverview } from '../../../../../common/api/click-analytics.admin.schema';
import { fakeApi, renderRoutes } from '../../../../testing/harness';
import { AnalyticsOverviewPanel, changeText } from './analytics-overview';
import { DateFilter, useDateFilter } from './date-filter';

const OVERVIEW: AnalyticsOverview = {
  range: { startDate: '2026-11-03', endDate: '2026-11-09' },
  previousRange: { startDate: '2026-10-27', endDate: '2026-11-02' },
  current: { visits: 3, productVisits: 2, clickedVisits: 1, clicks: 11, clickThroughRate: 33.3 },
  previous: { visits: 2, productVisits: 0, clickedVisits: 1, clicks: 11, clickThroughRate: 50 },
  perDay: [
    { date: '2026-11-03', visits: 1, clickedVisits: 1, clicks: 3 },
    { date: '2026-11-04', visits: 2, clickedVisits: 0, clicks: 8 },
  ],
  topPages: [
    { key: '/deals/{ASIN}', visits: 2, clickedVisits: 1 },
    { key: '/', visits: 1, clickedVisits: 0 },
  ],
  topReferrers: [
    { key: 'www.google.com', visits: 2, clickedVisits: 1 },
    { key: '', visits: 1, clickedVisits: 0 },
  ],
  devices: [
    { key: 'mobile', visits: 2, clicks: 2 },
    { key: 'desktop', visits: 1, clicks: 9 },
  ],
};

function Overview() {
  const { preset, range, setPreset, setCustom } = useDateFilter();
  return (
    <>
      <DateFilter preset={preset} range={range} onChange={setPreset} onCustom={setCustom} />
      <AnalyticsOverviewPanel tabKey="click-tracking" range={range} />
    </>
  );
}

describe('the analytics overview', () => {
  it('a custom range: the period beside the one before it, funnel, pages, referrers and devices', async () => {
    const api = fakeApi({ 'GET /api/admin/analytics-overview': { json: OVERVIEW } });
    renderRoutes([{ path: '/admin/:tab', element: <Overview /> }], '/admin/click-tracking?period=custom&from=2026-11-03&to=2026-11-09');
    const cards = await screen.findByLabelText('Overview figures');
    const call = api.callsTo('GET /api/admin/analytics-overview')[0]!;
    expect(call.query.get('startDate')).toBe('2026-11-03');
    expect(call.query.get('endDate')).toBe('2026-11-09');
    expect(screen.getByText(/Showing/)).toHaveTextContent('Showing 3 Nov 2026 – 9 Nov 2026 (UK time)');
    expect(screen.getByRole('heading', { name: /Overview/ })).toHaveTextContent('compared with 27 Oct 2026 – 2 Nov 2026');
    const card = (label: string) => within(cards).getByText(label, { selector: 'dt' }).parentElement as HTMLElement;
    expect(card('Visits')).toHaveTextContent('Visits3▲ +50% on 2');
    expect(card('Clicks to Amazon')).toHaveTextContent('Clicks to Amazon11same as 11');
    expect(card('Click-through rate')).toHaveTextContent('33.3%▼ −16.7 pts on 50%');

    const funnel = screen.getByRole('region', { name: 'Visit → click-through funnel' });
    expect(
      within(funnel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Visits3 · 100%', 'Landed on a product page2 · 66.7%', 'Clicked through to Amazon1 · 33.3%']);
    const pages = screen.getByRole('region', { name: 'Top landing pages' });
    expect(within(pages).getAllByRole('row')[1]).toHaveTextContent('Product pages (/deals/…)21');
    expect(within(pages).getAllByRole('row')[2]).toHaveTextContent('Home10');
    const referrers = screen.getByRole('region', { name: 'Top referring sites' });
    expect(within(referrers).getAllByRole('row')[2]).toHaveTextContent('None (typed, bookmarked or an app)10');
    expect(within(screen.getByRole('region', { name: 'Devices' })).getAllByRole('listitem')[1]).toHaveTextContent(
      'Desktop1 visits · 9 clicks',
    );
    expect(screen.getByRole('img', { name: /3 visits and 11 clicks to Amazon over 2 days/ })).toBeInTheDocument();
  });

  it('refuses a To date before the From date in words, and Apply puts a good range in the URL', async () => {
    const api = fakeApi({ 'GET /api/admin/analytics-overview': { json: { ...OVERVIEW, previousRange: null, previous: null } } });
    const { user, router } = renderRoutes([{ path: '/admin/:tab', element: <Overview /> }], '/admin/click-tracking');
    await screen.findByLabelText('Overview figures');
    expect(screen.getByRole('heading', { name: /Overview/ })).toHaveTextContent('All time: no earlier period to compare');
    const form = screen.getByRole('form', { name: 'Custom date range' });
    const from = within(form).getByLabelText('From');
    const to = within(form).getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-11-09');
    await user.clear(to);
    await user.type(to, '2026-11-03');
    await user.click(within(form).getByRole('button', { name: 'Apply dates' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The To date must not be before the From date.');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('GET /api/admin/analytics-overview').some((c) => c.query.get('startDate') === '2026-11-09')).toBe(false);

    await user.clear(to);
    await user.type(to, '2026-11-12');
    await user.click(within(form).getByRole('button', { name: 'Apply dates' }));
    await waitFor(() => expect(router.state.location.search).toBe('?period=custom&from=2026-11-09&to=2026-11-12'));
    await waitFor(() =>
      expect(
        api
          .callsTo('GET /api/admin/analytics-overview')
          .some((c) => c.query.get('startDate') === '2026-11-09' && c.query.get('endDate') === '2026-11-12'),
      ).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'All Time' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('words the change from the previous period', () => {
    expect(changeText(5, 4)).toBe('+25% on 4');
    expect(changeText(5, 10)).toBe('−50% on 10');
    expect(changeText(3, 0)).toBe('new (0 before)');
    expect(changeText(3, 3)).toBe('same as 3');
    expect(changeText(12.5, 10, 'rate')).toBe('+2.5 pts on 10%');
    expect(changeText(3, undefined)).toBe('');
  });
});
