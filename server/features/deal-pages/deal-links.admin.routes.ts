/**
 * The owners' signed deal links (issue 27; docs/decisions/0023-landing-pages-facts.md), inside the
 * `/api/admin` scope behind the admin guard (admin-auth/admin.guard.ts): **signed-in admins only** —
 * 401 without a live session (a shopper's visitor token is not one), 403 without this site's `Origin`.
 *
 * - `POST /api/admin/deal-links` `{ asin?, title?, discount?, description?, dealType?, urgencyText?,
 *   features?, rating?, reviewCount?, url?, search?, validDays? }` → 201 `{ path, url, expiresAt,
 *   claims, productFound }`: a `/deal?…&exp=…&sig=…` link whose claims the landing page shows until
 *   it expires. 400 naming the field and rule (a discount outside 1–99, a non-Amazon url, nothing
 *   claimed, validDays outside 1–90…).
 */
import type { FastifyRequest } from 'fastify';
import { dealLinkCreatedSchema, dealLinkCreateSchema } from '../../../common/api/deal-links.admin.schema';
import type { App, AppDeps } from '../../app-deps';
import { apiErrorSchema } from '../../http/errors';
import { createDealLink, type DealLinkActor } from './deal-links.admin.service';

/** Registers the admin deal-link call; reads `deps.database`, `deps.env.SECRET_KEY`, `deps.env.PUBLIC_URL` and `deps.clock`. */
export async function dealLinksAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  const actor = (request: FastifyRequest): DealLinkActor => ({ adminId: request.admin!.id, now: deps.clock() });
  app.post(
    '/deal-links',
    {
      schema: {
        description: 'Signs a deal landing page link with the claims the owners write (admins only).',
        body: dealLinkCreateSchema,
        response: { 201: dealLinkCreatedSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const created = await createDealLink(deps.database.db, deps.env.SECRET_KEY, deps.env.PUBLIC_URL, actor(request), request.body);
      return reply.status(201).send(created);
    },
  );
}
