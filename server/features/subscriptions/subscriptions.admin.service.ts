/**
 * The owners' view of unsubscribes (admin-area §2 "Unsubscribes tab", §3; issue 12 part 1). Lists
 * show IP addresses cut to their network (ip-address.rules.ts); {@link openUnsubscribeRecord}
 * gives one record's whole address and writes that to the audit log (the record id, no address).
 */
import type { UnsubscribeRecord, UnsubscribesResponse, UnsubscribeStats } from '../../../common/api/subscriptions.admin.schema';
import { RECENT_UNSUBSCRIBES_SHOWN, TOP_REASONS_SHOWN, UNSUBSCRIBES_LISTED_MAX } from '../../../common/api/subscriptions.admin.schema';
import type { Db } from '../../db/client';
import { fail, ok, type Outcome } from '../../http/outcome';
import { recordAdminAction } from '../audit';
import { truncateIp } from './ip-address.rules';
import {
  findUnsubscribeRecord,
  isPageVisitReason,
  latestUnsubscribeRecords,
  topUnsubscribeReasons,
  unsubscribeCounts,
  type UnsubscribeRecordRow,
} from './subscriptions.admin.queries';

function shape(row: UnsubscribeRecordRow, wholeIp: boolean): UnsubscribeRecord {
  return {
    id: row.id,
    email: row.email && row.email.trim() !== '' ? row.email : null,
    reason: row.reason,
    visitedPath: row.visitedPath,
    createdAt: row.createdAt.toISOString(),
    userAgent: row.userAgent,
    ipAddress: wholeIp ? row.ipAddress : truncateIp(row.ipAddress),
    referrer: row.referrer,
    effective: row.effective,
    kind: isPageVisitReason(row.reason) ? 'page-visit' : 'request',
  };
}

/** The newest records (IPs truncated) and the total. */
export async function listUnsubscribes(db: Db): Promise<UnsubscribesResponse> {
  const [rows, counts] = [await latestUnsubscribeRecords(db, UNSUBSCRIBES_LISTED_MAX), await unsubscribeCounts(db)];
  return { unsubscribes: rows.map((r) => shape(r, false)), total: counts.records };
}

/**
 * Admin-area §3 "Unsubscribe stats": records in all and split into requests and page visits, the
 * addresses unsubscribed now, the last 10 (IPs truncated), the top reasons.
 */
export async function unsubscribeStats(db: Db): Promise<UnsubscribeStats> {
  const [counts, recent, reasons] = [
    await unsubscribeCounts(db),
    await latestUnsubscribeRecords(db, RECENT_UNSUBSCRIBES_SHOWN),
    await topUnsubscribeReasons(db, TOP_REASONS_SHOWN),
  ];
  return {
    totalUnsubscribes: counts.records,
    unsubscribeRequests: counts.records - counts.pageVisits,
    pageVisits: counts.pageVisits,
    unsubscribedAddresses: counts.addresses,
    recentUnsubscribes: recent.map((r) => shape(r, false)),
    topReasons: reasons,
  };
}

/** Record `id` with its whole IP address, audited as 'unsubscribes.ip-viewed'; not-found otherwise. */
export async function openUnsubscribeRecord(db: Db, adminId: number, id: number, now: Date): Promise<Outcome<UnsubscribeRecord>> {
  const row = await findUnsubscribeRecord(db, id);
  if (!row) return fail('not-found', `id: no unsubscribe record ${id}`);
  await recordAdminAction(db, { adminId, action: 'unsubscribes.ip-viewed', target: `unsubscribe record ${id}` }, now);
  return ok(shape(row, true));
}
