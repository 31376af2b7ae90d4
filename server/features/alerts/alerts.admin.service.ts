/**
 * The owners' view of deal alerts (admin-area §2 "Alerts tab", §4 "Deal alert", §5 "Confirmation
 * is asked before deleting a deal alert"; issue 12 part 2): the cards (Total Alerts, Active Alerts,
 * Unique Users), alerts grouped by e-mail with each group's active count, and deleting one alert
 * with its audit entry (the alert id, never the address).
 */
import type { AdminAlertsResponse, AlertState } from '../../../common/api/alerts.admin.schema';
import type { Db } from '../../db/client';
import { fail, ok, type Outcome } from '../../http/outcome';
import { recordAdminAction } from '../audit';
import { toDealAlert } from './alert-shape';
import { alertCounts, alertGroupPage, alertsOfEmails, countAlertsMatching, deleteAlertById } from './alerts.admin.queries';

export interface AlertPageRequest {
  page: number;
  limit: number;
  search?: string;
  /** 'active': active alerts of subscribed addresses; 'inactive' the rest; 'all' (default) both. */
  state?: AlertState;
}

/** Page `page` of e-mail groups (newest alert first), every alert in the API's shape. */
export async function adminAlertsPage(db: Db, request: AlertPageRequest): Promise<AdminAlertsResponse> {
  const { page, limit } = request;
  const search = request.search?.trim() || undefined;
  const counts = await alertCounts(db);
  const state = request.state ?? 'all';
  const { groups, total } = await alertGroupPage(db, (page - 1) * limit, limit, search, state);
  const alerts = await alertsOfEmails(
    db,
    groups.map((g) => g.email),
    search,
    state,
  );
  return {
    stats: { totalAlerts: counts.total, activeAlerts: counts.active, uniqueUsers: counts.users },
    groups: groups.map((g) => ({
      email: g.email,
      activeCount: g.activeCount,
      unsubscribed: g.unsubscribed,
      alerts: alerts.filter((a) => a.alert.userEmail === g.email).map((a) => toDealAlert(a.alert, a.product)),
    })),
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
    matchingAlerts: await countAlertsMatching(db, search, state),
  };
}

/** Deletes alert `id` (audited as 'deal-alerts.delete'); not-found for an unknown id. */
export async function deleteAlertAsOwner(db: Db, adminId: number, id: number, now: Date): Promise<Outcome<{ success: true }>> {
  return db.transaction(async (tx) => {
    if (!(await deleteAlertById(tx, id))) return fail('not-found', `id: no deal alert ${id}`);
    await recordAdminAction(tx, { adminId, action: 'deal-alerts.delete', target: `deal alert ${id}`, counts: { deleted: 1 } }, now);
    return ok({ success: true as const });
  });
}
