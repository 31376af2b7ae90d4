/**
 * The owners' people endpoints (admin-area §2 "Users tab", "Preferences tab", §7; issue 12 part 1),
 * inside the `/api/admin` scope: **signed-in admins only** (401 without a live session).
 *
 * - `GET /api/admin/user-preferences` → `{ preferences, total }` (most recently updated first).
 * - `GET /api/admin/user-preferences/export` → every row as a CSV attachment.
 * - `GET /api/admin/user-analysis` → `{ users, total }`: every address we hold data about, with
 *   clicks, alerts, signups, subscription state and preferences (null: 'No preferences set').
 * - `GET /api/admin/user-analysis/clicks.csv?email=` → that address's clicks as CSV (400 naming
 *   `email` when it is not an address).
 */
import type { App, AppDeps } from '../../app-deps';
import {
  userAnalysisResponseSchema,
  userClicksExportQuerySchema,
  userPreferencesResponseSchema,
} from '../../../common/api/preferences.admin.schema';
import { csvFileName, sendCsv } from '../../http/csv-download';
import { apiErrorSchema } from '../../http/errors';
import { adminPreferences, PREFERENCES_CSV_COLUMNS, USER_CLICKS_CSV_COLUMNS, userClicks, usersOverview } from './preferences.admin.service';

/** Rows in one preferences export at most (far above any real list; keeps one request bounded). */
const EXPORT_MAX = 1_000_000;

export async function preferencesAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

  app.get('/user-preferences', { schema: { response: { 200: userPreferencesResponseSchema, ...errors } } }, async () =>
    adminPreferences(db),
  );
  app.get('/user-preferences/export', { schema: { response: errors } }, async (_request, reply) =>
    sendCsv(
      reply,
      csvFileName('user-preferences', deps.clock()),
      PREFERENCES_CSV_COLUMNS,
      (await adminPreferences(db, EXPORT_MAX)).preferences,
    ),
  );
  app.get('/user-analysis', { schema: { response: { 200: userAnalysisResponseSchema, ...errors } } }, async () => usersOverview(db));
  app.get('/user-analysis/clicks.csv', { schema: { querystring: userClicksExportQuerySchema, response: errors } }, async (request, reply) =>
    sendCsv(reply, csvFileName('user-clicks', deps.clock()), USER_CLICKS_CSV_COLUMNS, await userClicks(db, request.query.email)),
  );
}
