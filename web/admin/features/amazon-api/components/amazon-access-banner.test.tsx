// @vitest-environment happy-dom
/**
 * The Amazon access banner (issue 14 part 1: a 403 AssociateNotEligible "shows a banner in the
 * admin area"), with the API faked at `fetch`: what it says (paused, since when, catalogue prices
 * meanwhile, the next hourly retry, Amazon's words), the retry that is already due, nothing while
 * Amazon answers or when the state cannot be read, and that an API-tab search that meets the 403
 * raises it at once and a search that succeeds takes it away. The shell's placement (every tab) is
 * tested in web/admin/routes/admin-shell.route.test.tsx.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AmazonAccess, AmazonAccessDenied, AmazonStatus } from '../../../../../common/api/amazon-api.admin.schema';
import { fakeApi, renderPage } from '../../../../testing/harness';
import { ACCESS_BANNER_TITLE, AccessDeniedNotice, AmazonAccessBanner, amazonWords } from './amazon-access-banner';
import { ApiImportTab } from './api-import-tab';

const DENIED: AmazonAccessDenied = {
  since: '2026-06-01T12:00:00.000Z',
  reason: 'AssociateNotEligible: Your account is not eligible to access the Creators API.',
  retryAt: '2026-06-02T12:00:00.000Z',
};
const NOON_1_JUNE = Date.parse('2026-06-01T12:30:00.000Z');

describe('the notice', () => {
  it('says live prices are paused, since when, that the catalogue prices are used, the next retry and what Amazon said', () => {
    renderPage(<AccessDeniedNotice denied={DENIED} apiTabHref="/admin/api-import" nowMs={NOON_1_JUNE} />);
    const banner = screen.getByRole('alert', { name: ACCESS_BANNER_TITLE });
    expect(banner).toHaveTextContent('Live Amazon prices are paused');
    expect(banner).toHaveTextContent(/Since 1 Jun 2026, \d\d:\d\d, Amazon has refused this site's Creators API requests/);
    expect(banner).toHaveTextContent("Shoppers see the catalogue's prices meanwhile, each with its “as of” time.");
    expect(banner).toHaveTextContent(/Access is tried again every hour; the next try is at 2 Jun 2026, \d\d:\d\d\./);
    expect(banner).toHaveTextContent('Amazon said: AssociateNotEligible: Your account is not eligible');
    expect(within(banner).getByRole('link', { name: 'See the quota and requests in the API tab' })).toHaveAttribute(
      'href',
      '/admin/api-import',
    );
  });

  it("does not repeat the code Amazon's message already names", () => {
    expect(amazonWords('AssociateNotEligible: AccessDeniedException (AssociateNotEligible): Your account is not eligible.')).toBe(
      'AccessDeniedException (AssociateNotEligible): Your account is not eligible.',
    );
    expect(amazonWords('AssociateNotEligible: Your account is not eligible.')).toBe('AssociateNotEligible: Your account is not eligible.');
  });

  it('says the retry is due now once its time has passed, and leaves out what Amazon did not say', () => {
    renderPage(<AccessDeniedNotice denied={{ ...DENIED, reason: null }} nowMs={Date.parse(DENIED.retryAt!) + 1000} />);
    const banner = screen.getByRole('alert', { name: ACCESS_BANNER_TITLE });
    expect(banner).toHaveTextContent('the next try is due now, with the next price check or Amazon search.');
    expect(banner).not.toHaveTextContent('Amazon said');
    expect(within(banner).queryByRole('link')).toBeNull();
  });
});

describe('the banner', () => {
  it('shows nothing while Amazon answers, when it is not configured, or when its state cannot be read', async () => {
    for (const answer of [
      { json: { configured: true, accessDenied: null } satisfies AmazonAccess },
      { json: { configured: false, accessDenied: null } satisfies AmazonAccess },
      { status: 500, json: { error: 'Internal Server Error', message: 'Something went wrong' } },
    ]) {
      const api = fakeApi({ 'GET /api/admin/amazon/access': answer });
      const view = renderPage(<AmazonAccessBanner />);
      await waitFor(() => expect(api.callsTo('GET /api/admin/amazon/access')).toHaveLength(1));
      await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
      expect(screen.queryByRole('alert')).toBeNull();
      view.unmount();
    }
  });

  it('appears as soon as an API-tab search meets the 403, and goes when a search succeeds again', async () => {
    let denied = false;
    const status: AmazonStatus = {
      configured: true,
      marketplace: 'www.amazon.co.uk',
      ratePerSecond: 1,
      dailyLimit: 8640,
      adminReserve: 432,
      accessDenied: null,
      usedToday: 3,
      callsPerHour: [],
      oldestShownPriceAgeSeconds: null,
      plan: { alertedAsins: 0, shownAmazonAsins: 0, otherAsins: 0, requestsPerDayNeeded: 0, requestsPerDayAvailable: 8208, fits: true },
    };
    fakeApi({
      'GET /api/admin/amazon/access': () => ({ json: { configured: true, accessDenied: denied ? DENIED : null } satisfies AmazonAccess }),
      'GET /api/admin/amazon/status': () => ({ json: { ...status, accessDenied: denied ? DENIED : null } }),
      'POST /api/amazon/search': () =>
        denied
          ? {
              status: 503,
              json: {
                error: 'Service Unavailable',
                message:
                  'Amazon denied access to the Creators API (AssociateNotEligible): prices come from the catalogue until access returns',
              },
            }
          : { json: { products: [], totalResults: 0, page: 1, searchIndex: 'All' } },
    });
    const { user } = renderPage(
      <>
        <AmazonAccessBanner />
        <ApiImportTab tabKey="api-import" />
      </>,
    );
    await screen.findByText('Requests used today (UTC)');
    expect(screen.queryByRole('alert', { name: ACCESS_BANNER_TITLE })).toBeNull();

    denied = true;
    await user.click(screen.getByRole('button', { name: 'Search Amazon' }));
    expect(await screen.findByRole('alert', { name: ACCESS_BANNER_TITLE })).toHaveTextContent('Since 1 Jun 2026');

    denied = false;
    await user.click(screen.getByRole('button', { name: 'Search Amazon' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: ACCESS_BANNER_TITLE })).toBeNull());
  });
});
