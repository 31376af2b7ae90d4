/**
 * Preference survey routes (shopper-screens §7). Who may call: a visitor with a token for the
 * address (`Authorization: Bearer …`); a mailbox token reaches the address's preferences, a device
 * token only those its browser saved. No token → 401; a token of another address → 403.
 *
 * - `POST /api/user-preferences` `{ email, preferredCategories, emailFrequency, hasCompletedSurvey }`
 *   → 200 the saved answers (a device token saves its own answers, issue 25: the same answer
 *   whether or not the address has preferences); 400 naming the field (unknown category, e-mail
 *   without '@', …).
 * - `GET /api/user-preferences/{email}` → 200 the preferences or `null`.
 */
import type { App, AppDeps } from '../../app-deps';
import { preferencesResponseSchema, preferencesSchema, savePreferencesSchema } from '../../../common/api/engagement.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { emailParamsSchema } from '../../http/params';
import { perWindow } from '../../http/rate-limit';
import { visitorOnRequest } from '../visitors';
import { readPreferences, savePreferences } from './preferences.service';

export async function preferencesRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  app.addHook('onRequest', visitorOnRequest(deps));
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

  app.post(
    '/api/user-preferences',
    {
      logLevel: 'warn',
      bodyLimit: 8 * 1024,
      config: perWindow(deps.env, 30),
      schema: { body: savePreferencesSchema, response: { 200: preferencesSchema, ...errors } },
    },
    async (request, reply) => sendOutcome(reply, await savePreferences(db, request.visitor, request.body, deps.clock())),
  );

  app.get(
    '/api/user-preferences/:email',
    {
      logLevel: 'warn',
      config: perWindow(deps.env, 60),
      schema: { params: emailParamsSchema, response: { 200: preferencesResponseSchema, ...errors } },
    },
    async (request, reply) => sendOutcome(reply, await readPreferences(db, request.visitor, request.params.email)),
  );
}
