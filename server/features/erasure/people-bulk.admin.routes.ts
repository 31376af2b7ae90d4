/**
 * `POST /api/admin/users/bulk` `{ action: 'unsubscribe'|'erase', emails? | matching?: { search? },
 * confirmCount? }` → `{ action, matched, affected, rowsErased }` (issue 29 "bulk actions on Users").
 * Inside the `/api/admin` scope: **signed-in admins only** (401), with this site's Origin (403).
 * 400 naming the field; 409 `{ count }` when `matching` or more than 100 addresses come without the
 * matching `confirmCount`. One transaction, one audit entry naming subscriber ids (people-bulk.service.ts).
 */
import type { App, AppDeps } from '../../app-deps';
import { peopleBulkBodySchema, peopleBulkResponseSchema } from '../../../common/api/people-bulk.admin.schema';
import { bulkCountRefusedSchema } from '../../../common/api/alerts.admin.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { bulkPeopleAction } from './people-bulk.service';

export async function peopleBulkAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: bulkCountRefusedSchema };
  app.post(
    '/users/bulk',
    { schema: { body: peopleBulkBodySchema, response: { 200: peopleBulkResponseSchema, ...errors } } },
    async (request, reply) => sendOutcome(reply, await bulkPeopleAction(deps.database.db, request.admin!.id, request.body, deps.clock())),
  );
}
