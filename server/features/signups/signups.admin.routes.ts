/**
 * The owners' signup endpoints (admin-area §2 "Signups tab", §7; issue 12 part 1), inside the
 * `/api/admin` scope: **signed-in admins only** (401 without a live session; DELETEs also need the
 * site's own Origin, else 403: server/features/admin-auth/admin.guard.ts).
 *
 * - `GET /api/admin/signups` → {@link signupsResponseSchema}: the newest 5,000 signups with click
 *   counts and the NEW USER flag, the stat cards (today = Europe/London), the click summary and
 *   the top 10 clickers.
 * - `GET /api/admin/signups/export` → every signup as a CSV attachment (formula-safe cells), with
 *   each address's `status` (Confirmed / Awaiting confirmation / Unsubscribed; issue 25).
 * - `GET /api/admin/signups/confirmed-emails` → `{ emails }`: the confirmed, subscribed addresses
 *   of every signup (Copy Email List; issue 25).
 * - `GET /api/admin/signups/:id/clicks` → the newest 50 clicks of that signup's address and the total.
 * - `DELETE /api/admin/signups/:id` → `{ signup, clicksDeleted }`; 404 for an unknown id.
 * - `DELETE /api/admin/signups` `{ ids: [1–1,000 ids] }` → `{ deletedCount, clicksDeleted }`.
 * Deleting a signup removes every click of its address too (spec §4), in the same transaction.
 */
import type { App, AppDeps } from '../../app-deps';
import {
  bulkDeleteSignupsResponseSchema,
  bulkDeleteSignupsSchema,
  confirmedSignupEmailsResponseSchema,
  deleteSignupResponseSchema,
  signupClicksResponseSchema,
  signupsResponseSchema,
} from '../../../common/api/signups.admin.schema';
import { csvFileName, sendCsv } from '../../http/csv-download';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { idParamsSchema } from '../../http/params';
import {
  allSignups,
  deleteSignup,
  deleteSignups,
  SIGNUP_CSV_COLUMNS,
  signupClicks,
  signupMailingList,
  signupsOverview,
} from './signups.admin.service';

export async function signupsAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const tag = deps.env.AFFILIATE_TAG_NEW_USER;
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

  app.get('/signups', { schema: { response: { 200: signupsResponseSchema, ...errors } } }, async () =>
    signupsOverview(db, tag, deps.clock()),
  );

  app.get('/signups/export', { schema: { response: errors } }, async (_request, reply) =>
    sendCsv(reply, csvFileName('signups', deps.clock()), SIGNUP_CSV_COLUMNS, await allSignups(db, tag)),
  );

  app.get('/signups/confirmed-emails', { schema: { response: { 200: confirmedSignupEmailsResponseSchema, ...errors } } }, async () =>
    signupMailingList(db),
  );

  app.get(
    '/signups/:id/clicks',
    { schema: { params: idParamsSchema, response: { 200: signupClicksResponseSchema, ...errors } } },
    async (request, reply) => sendOutcome(reply, await signupClicks(db, tag, request.params.id)),
  );

  app.delete(
    '/signups/:id',
    { schema: { params: idParamsSchema, response: { 200: deleteSignupResponseSchema, ...errors } } },
    async (request, reply) => sendOutcome(reply, await deleteSignup(db, request.admin!.id, request.params.id, deps.clock())),
  );

  app.delete(
    '/signups',
    { schema: { body: bulkDeleteSignupsSchema, response: { 200: bulkDeleteSignupsResponseSchema, ...errors } } },
    async (request) => deleteSignups(db, request.admin!.id, request.body.ids, deps.clock()),
  );
}
