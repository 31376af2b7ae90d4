// @vitest-environment happy-dom
/**
 * Price Check History's trigger badges (issue 29 point 4): an owner's Check Prices Now is "Manual",
 * a shopper checking their own alerts is "Shopper" — distinct words, so the owners' count of
 * manual runs is not inflated by shoppers'.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PriceCheckLog, PriceCheckLogsResponse } from '../../../../../common/api/price-checks.schema';
import { fakeApi, renderPage } from '../../../../testing/harness';
import { PriceCheckHistory } from './price-check-history';

const log = (id: number, triggerType: PriceCheckLog['triggerType']): PriceCheckLog => ({
  id,
  triggerType,
  checkedAt: `2026-06-15T0${id}:00:00.000Z`,
  alertsChecked: 1,
  successfulChecks: 1,
  failedChecks: 0,
  sourceCalls: 1,
  details: '[]',
  detailsTotal: 0,
});

describe('Price Check History', () => {
  it("badges an owner's run Manual and a shopper's own check Shopper", async () => {
    const logs: PriceCheckLogsResponse = {
      logs: [log(3, 'shopper'), log(2, 'manual'), log(1, 'cron')],
      pagination: { page: 1, limit: 10, total: 3, totalPages: 1 },
    };
    fakeApi({ 'GET /api/price-check-logs': { json: logs } });
    const { user } = renderPage(<PriceCheckHistory tabKey="deal-alerts" />);
    await user.click(await screen.findByRole('button', { name: /Price Check History/ }));
    const runs = within((await screen.findByRole('heading', { name: 'Latest runs' })).parentElement as HTMLElement);
    expect(await runs.findByText('Shopper')).toBeInTheDocument();
    expect(runs.getAllByText('Manual')).toHaveLength(1);
    expect(runs.getAllByText('Auto')).toHaveLength(1);
  });
});
