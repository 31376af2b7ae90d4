/**
 * `POST /api/contact` (issue 10; content-and-account-pages §2.7, §5, §8; DESIGN.md §5). Anyone may
 * call: `{ name, email, subject, message }`, all required → 201 `{ success: true, message }`; 400
 * naming the field and rule (`email: must be a valid e-mail address`, `message: is required`).
 * The message is stored and e-mailed to CONTACT_EMAIL (only ever that address, so the form cannot
 * mail anyone else). Limits: 10 an hour per client IP and 3 an hour per sender address (429 beyond).
 */
import type { App, AppDeps } from '../../app-deps';
import { contactResponseSchema, contactSchema } from '../../../common/api/contact.schema';
import { apiErrorSchema } from '../../http/errors';
import { perAddress, perWindow } from '../../http/rate-limit';
import { sendContactMessage } from './contact.service';

export async function contactRoutes(app: App, deps: AppDeps): Promise<void> {
  const byAddress = perAddress(app, deps.env, 'contact', 3, '1 hour', (r) =>
    String((r.body as { email?: unknown } | undefined)?.email ?? ''),
  );

  app.post(
    '/api/contact',
    {
      bodyLimit: 32 * 1024,
      config: perWindow(deps.env, 10, '1 hour'),
      preHandler: byAddress,
      schema: { body: contactSchema, response: { 201: contactResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema } },
    },
    async (request, reply) => {
      const result = await sendContactMessage(
        deps.database.db,
        deps.env,
        request.body,
        { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null },
        deps.clock(),
      );
      deps.notifyOutbox();
      return reply.status(201).send({ success: true as const, message: result.message });
    },
  );
}
