/**
 * `POST /api/admin/erasure` `{ email }` → `{ erased: { dealAlerts, preferences, productClicks,
 * categoryClicks, signups, subscribers, unsubscribeRecords, visitorTokens, outboxMessages,
 * contactMessages }, total }` (issue 12 part 1, right to erasure). Inside the `/api/admin` scope:
 * **signed-in admins only** (401), and the site's own Origin (403). 400 naming `email` when it is
 * not an address. Erasing an unknown address is not an error: every count is 0.
 */
import type { App, AppDeps } from '../../app-deps';
import { erasureRequestSchema, erasureResponseSchema } from '../../../common/api/erasure.admin.schema';
import { apiErrorSchema } from '../../http/errors';
import { eraseEverythingAbout } from './erasure.service';

export async function erasureAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
  app.post('/erasure', { schema: { body: erasureRequestSchema, response: { 200: erasureResponseSchema, ...errors } } }, async (request) =>
    eraseEverythingAbout(deps.database.db, request.admin!.id, request.body.email, deps.clock()),
  );
}
