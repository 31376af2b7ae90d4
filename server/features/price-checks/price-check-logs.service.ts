/**
 * The price-check history (admin-area §3 "Price check log", §9 "Price check logs shown 10"): the
 * newest runs as the API shows them, details as a JSON string of per-product lines.
 */
import type { PriceCheckLog } from '../../../common/api/price-checks.schema';
import type { Db } from '../../db/client';
import { latestPriceCheckLogs } from './price-check.queries';

/** The newest `limit` logs, newest first. Throws what the database throws. */
export async function recentPriceCheckLogs(db: Db, limit: number): Promise<PriceCheckLog[]> {
  const rows = await latestPriceCheckLogs(db, limit);
  return rows.map((row) => ({
    id: row.id,
    triggerType: row.triggerType as PriceCheckLog['triggerType'],
    checkedAt: row.checkedAt.toISOString(),
    alertsChecked: row.alertsChecked,
    successfulChecks: row.successfulChecks,
    failedChecks: row.failedChecks,
    sourceCalls: row.sourceCalls,
    details: JSON.stringify(row.details),
  }));
}
