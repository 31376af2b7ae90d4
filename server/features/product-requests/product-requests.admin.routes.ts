/**
 * `GET /api/admin/product-requests?limit=` (issue 30): products shoppers asked to track that the
 * catalogue lacks, most wanted first (`productRequestsResponseSchema`). **Signed-in admins only**
 * (inside the `/api/admin` scope, behind the admin guard: 401 without a session).
 */
import type { App, AppDeps } from '../../app-deps';
import { productRequestsQuerySchema, productRequestsResponseSchema } from '../../../common/api/product-requests.admin.schema';
import { apiErrorSchema } from '../../http/errors';
import { productRequestsForOwners } from './product-requests.admin.service';

export async function productRequestsAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get(
    '/product-requests',
    {
      schema: {
        querystring: productRequestsQuerySchema,
        response: { 200: productRequestsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => productRequestsForOwners(deps.database.db, request.query.limit, Boolean(deps.amazon)),
  );
}
