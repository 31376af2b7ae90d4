/**
 * `POST /api/emails/test` (admin-area §7: to, from, subject, template; §8 'Test Email Sent!' /
 * 'Email Failed'; issue 12 part 3). Outside `/api/admin`, where the spec puts it, but registered in
 * the admin area of server/app.ts, behind the admin guard: **signed-in admins only**, 401 without a
 * live session, 403 without this site's Origin.
 *
 * Sends the editor's template with sample values to `to` from `from` (one of the six senders)
 * through the outbox, waits up to 15 s for the SMTP outcome and answers it: 200
 * `{ outcome: 'sent' | 'written' | 'pending', message }`; 400 for a bad address, a sender outside the
 * six or unknown placeholders (named); 503 with the server's reason when it refused the message or
 * could not be reached (the outbox retries a temporary failure).
 */
import type { App, AppDeps } from '../../app-deps';
import { testEmailBodySchema, testEmailResponseSchema } from '../../../common/api/emails.admin.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { sendTemplateTest } from './template-test.service';

export async function emailTestAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  app.post(
    '/api/emails/test',
    {
      schema: {
        body: testEmailBodySchema,
        response: { 200: testEmailResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) =>
      sendOutcome(
        reply,
        await sendTemplateTest(
          { db: deps.database.db, env: deps.env, clock: deps.clock, notifyOutbox: deps.notifyOutbox },
          request.admin!.id,
          request.body,
        ),
      ),
  );
}
