/**
 * Bulk actions of the admin Alerts tab (issue 29 "bulk actions on Users and Alerts"): deactivate or
 * delete the alerts an owner selected (by id, on any page) or every alert matching the list's filter
 * (search and state, read on the server, never only the visible ids). One transaction each, with one
 * audit entry naming the alert ids (never an address).
 *
 * Count confirmation: acting on `matching`, or on more than {@link BULK_CONFIRM_ABOVE} ids, needs
 * `confirmCount` equal to the number the action takes now; otherwise nothing changes and the
 * outcome is a 409 conflict carrying `count`, so the owner acts on exactly the number shown.
 */
import type { AlertBulkBody, AlertBulkResponse } from '../../../common/api/alerts.admin.schema';
import type { Db } from '../../db/client';
import { fail, ok, type Outcome } from '../../http/outcome';
import { recordAdminAction } from '../audit';
import { alertIdsMatching, deactivateAlertsByIds, deleteAlertsByIds, existingAlertIds } from './alerts.admin.queries';

/** Above this many alerts a list of ids needs `confirmCount` too (the page asks for it to be typed). */
export const BULK_CONFIRM_ABOVE = 100;

/** Ids per statement (well under PostgreSQL's 65,535 bound parameters). */
const CHUNK = 5000;

async function inChunks(ids: readonly number[], act: (chunk: readonly number[]) => Promise<number[]>): Promise<number[]> {
  const done: number[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) done.push(...(await act(ids.slice(i, i + CHUNK))));
  return done;
}

/**
 * `POST /api/admin/deal-alerts/bulk` for admin `adminId` at `now`: answers `{ action, matched,
 * affected }`. Fails 'conflict' (409, with `count`) when a needed `confirmCount` is missing or not
 * the number matched. Throws only what the database throws.
 */
export async function bulkAlertAction(db: Db, adminId: number, body: AlertBulkBody, now: Date): Promise<Outcome<AlertBulkResponse>> {
  return db.transaction(async (tx) => {
    const ids = body.matching
      ? await alertIdsMatching(tx, body.matching.search || undefined, body.matching.state)
      : await existingAlertIds(tx, [...new Set(body.ids ?? [])]);
    const mustConfirm = body.matching !== undefined || ids.length > BULK_CONFIRM_ABOVE;
    if (mustConfirm && body.confirmCount !== ids.length) {
      return fail('conflict', `confirmCount: must be ${ids.length}, the number of alerts this would ${body.action}`, {
        count: ids.length,
      });
    }
    const acted =
      body.action === 'delete'
        ? await inChunks(ids, (chunk) => deleteAlertsByIds(tx, chunk))
        : await inChunks(ids, (chunk) => deactivateAlertsByIds(tx, chunk));
    const named = acted.map(String);
    await recordAdminAction(
      tx,
      {
        adminId,
        action: `deal-alerts.bulk-${body.action}`,
        target: body.matching ? 'every alert matching the filter' : 'selected alerts',
        counts: { requested: body.ids?.length ?? ids.length, matched: ids.length, affected: acted.length },
        detail:
          body.action === 'delete'
            ? { deleted: named.map((id) => `alert ${id}`), deletedTotal: acted.length }
            : { changed: { isActive: false, alertIds: named.join(', ') } },
      },
      now,
    );
    return ok({ action: body.action, matched: ids.length, affected: acted.length });
  });
}
