/**
 * Manual price checks asked for by a visitor (shopper-screens §3 "Price check result", §7;
 * DESIGN.md §4 "Visitors"; issue 5): a visitor checks only the alerts its token reaches (every
 * alert of the address with a mailbox token, this browser's with a device token). An unknown
 * alert and one the token does not reach get the same not-found answer. The owners' run of every
 * alert is {@link checkAllAlertsForOwner}.
 */
import type { AdminPriceCheckRun } from '../../../common/api/alerts.admin.schema';
import type { PriceCheckResult } from '../../../common/api/price-checks.schema';
import { fail, ok, type Outcome } from '../../http/outcome';
import { OTHER_ADDRESS, reachableAlertIds, TOKEN_REQUIRED } from '../alerts';
import { recordAdminAction } from '../audit';
import type { Visitor } from '../visitors';
import { runPriceCheck, type PriceCheckDeps } from './price-check.service';

/** Checks alert `id` now (trigger 'shopper': the shopper's own check, not the owners') and returns its result. */
export async function checkOneAlert(deps: PriceCheckDeps, visitor: Visitor | undefined, id: number): Promise<Outcome<PriceCheckResult>> {
  if (!visitor) return fail('unauthorized', TOKEN_REQUIRED);
  const notFound = fail('not-found', `id: no deal alert ${id} for this visitor`);
  const ids = await reachableAlertIds(deps.db, visitor, id);
  if (ids.length === 0) return notFound;
  const run = await runPriceCheck(deps, { trigger: 'shopper', alertIds: ids });
  // Deleted between the lookup and the run: not found either.
  return run.results[0] ? ok(run.results[0]) : notFound;
}

/**
 * Checks every alert `visitor` reaches now (trigger 'shopper'): `{ results, totalChecked }`.
 * Forbidden when `email` is given and is not the token's address.
 */
export async function checkAllAlerts(
  deps: PriceCheckDeps,
  visitor: Visitor | undefined,
  email?: string,
): Promise<Outcome<{ results: PriceCheckResult[]; totalChecked: number }>> {
  if (!visitor) return fail('unauthorized', TOKEN_REQUIRED);
  if (email && email !== visitor.email) return fail('forbidden', OTHER_ADDRESS);
  const ids = await reachableAlertIds(deps.db, visitor);
  if (ids.length === 0) return ok({ results: [], totalChecked: 0 });
  const run = await runPriceCheck(deps, { trigger: 'shopper', alertIds: ids });
  return ok({ results: run.results, totalChecked: run.alertsChecked });
}

/**
 * The owners' "Check Prices Now" (admin-area §2 "Price Check History"; issue 12 part 2): checks
 * every active alert now (trigger 'manual'), then writes the run to the audit log with its counts.
 * The run writes its own price_check_logs row, so the history shows it at once.
 */
export async function checkAllAlertsForOwner(deps: PriceCheckDeps, adminId: number): Promise<AdminPriceCheckRun> {
  const run = await runPriceCheck(deps, { trigger: 'manual', results: false });
  const drops = run.drops;
  await recordAdminAction(
    deps.db,
    {
      adminId,
      action: 'price-checks.run',
      target: `price check log ${run.logId}`,
      counts: { checked: run.alertsChecked, failed: run.failedChecks, drops, notificationsQueued: run.notificationsQueued },
    },
    deps.clock(),
  );
  return {
    logId: run.logId,
    alertsChecked: run.alertsChecked,
    successfulChecks: run.successfulChecks,
    failedChecks: run.failedChecks,
    drops,
    notificationsQueued: run.notificationsQueued,
  };
}
