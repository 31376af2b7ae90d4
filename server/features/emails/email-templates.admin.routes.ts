/**
 * The Templates tab's endpoints (admin-area §2 "Templates tab", §7; issue 12 part 3), inside the
 * `/api/admin` scope behind the admin guard. **Signed-in admins only**: 401 without a live session;
 * every write also 403 without this site's Origin.
 *
 * - `GET /api/admin/email-templates` → `{ templates, senders }`: saved templates by name and the six
 *   sender addresses on MAIL_DOMAIN.
 * - `POST /api/admin/email-templates` `{ name, subject, htmlContent, senderEmail, isDefault }` → 201
 *   the template ('Template Saved'). 400 names unknown placeholders, an unescaped or logic tag, a
 *   blank name or a sender outside the six; 409 for a name in use.
 * - `PUT /api/admin/email-templates/{id}` same body → 200 the template; 404 when it is gone.
 * - `DELETE /api/admin/email-templates/{id}` → `{ deleted: 1 }` ('Template Deleted'); 404 when gone.
 * - `POST /api/admin/email-templates/sync` `{ templates }` → `{ templates, senders, created, updated }`:
 *   the spec's browser-storage list merged by name (nothing deleted).
 */
import { z } from 'zod';
import type { App, AppDeps } from '../../app-deps';
import {
  emailTemplateSchema,
  emailTemplatesResponseSchema,
  saveTemplateBodySchema,
  syncTemplatesBodySchema,
  syncTemplatesResponseSchema,
  templateIdParamsSchema,
} from '../../../common/api/emails.admin.schema';
import { apiErrorSchema } from '../../http/errors';
import { sendOutcome } from '../../http/outcome';
import { createTemplate, editTemplate, listTemplates, removeTemplate, syncTemplates, type TemplatesDeps } from './email-templates.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

export async function emailTemplatesRoutes(app: App, deps: AppDeps): Promise<void> {
  const templates: TemplatesDeps = { db: deps.database.db, mailDomain: deps.env.MAIL_DOMAIN, clock: deps.clock };

  app.get('/email-templates', { schema: { response: { 200: emailTemplatesResponseSchema, ...errors } } }, async () =>
    listTemplates(templates.db, templates.mailDomain),
  );

  app.post(
    '/email-templates',
    { schema: { body: saveTemplateBodySchema, response: { 201: emailTemplateSchema, ...errors } } },
    async (request, reply) => sendOutcome(reply, await createTemplate(templates, request.admin!.id, request.body), 201),
  );

  app.put(
    '/email-templates/:id',
    { schema: { params: templateIdParamsSchema, body: saveTemplateBodySchema, response: { 200: emailTemplateSchema, ...errors } } },
    async (request, reply) => sendOutcome(reply, await editTemplate(templates, request.admin!.id, request.params.id, request.body)),
  );

  app.delete(
    '/email-templates/:id',
    { schema: { params: templateIdParamsSchema, response: { 200: z.object({ deleted: z.number().int() }), ...errors } } },
    async (request, reply) => sendOutcome(reply, await removeTemplate(templates, request.admin!.id, request.params.id)),
  );

  app.post(
    '/email-templates/sync',
    { schema: { body: syncTemplatesBodySchema, response: { 200: syncTemplatesResponseSchema, ...errors } } },
    async (request, reply) => sendOutcome(reply, await syncTemplates(templates, request.admin!.id, request.body.templates)),
  );
}
