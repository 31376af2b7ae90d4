/**
 * The owners' unsubscribe endpoints (admin-area §2 "Unsubscribes tab", §7; issue 12 part 1), inside
 * the `/api/admin` scope: **signed-in admins only** (401 without a live session).
 *
 * - `GET /api/admin/unsubscribes` → `{ unsubscribes, total }`: the newest 1,000 records, IP
 *   addresses cut to /24 (IPv4) or /48 (IPv6).
 * - `GET /api/admin/unsubscribe-stats` → `{ totalUnsubscribes (records), unsubscribeRequests, pageVisits, unsubscribedAddresses,
 *   recentUnsubscribes (10), topReasons (10) }`.
 * - `GET /api/admin/unsubscribes/:id` → one record with its whole IP address (the owner opened the
 *   row); the opening is written to the audit log. 404 for an unknown id.
 */
import type { App, AppDeps } from '../../app-deps';
import {
  unsubscribeRecordSchema,
  unsubscribesResponseSchema,
  unsubscribeStatsSchema,
} from '../../../common/api/subscriptions.admin.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { idParamsSchema } from '../../http/params';
import { listUnsubscribes, openUnsubscribeRecord, unsubscribeStats } from './subscriptions.admin.service';

export async function subscriptionsAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

  app.get('/unsubscribes', { schema: { response: { 200: unsubscribesResponseSchema, ...errors } } }, async () => listUnsubscribes(db));
  app.get('/unsubscribe-stats', { schema: { response: { 200: unsubscribeStatsSchema, ...errors } } }, async () => unsubscribeStats(db));
  app.get(
    '/unsubscribes/:id',
    { schema: { params: idParamsSchema, response: { 200: unsubscribeRecordSchema, ...errors } } },
    async (request, reply) => sendOutcome(reply, await openUnsubscribeRecord(db, request.admin!.id, request.params.id, deps.clock())),
  );
}
