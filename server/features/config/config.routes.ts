/**
 * GET /api/config: the public settings the browser needs (affiliate tags, demo flag, version) and
 * the catalogue size, so an empty catalogue shows onboarding instead of an empty grid.
 */
import { count } from 'drizzle-orm';
import type { App, AppDeps } from '../../app';
import { publicConfigSchema } from '../../../common/api/products.schema';
import { products } from '../../db/schema/catalogue.schema';

export async function configRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async () => {
    const [row] = await deps.database.db.select({ n: count() }).from(products);
    return {
      affiliateTag: deps.env.AFFILIATE_TAG,
      affiliateTagNewUser: deps.env.AFFILIATE_TAG_NEW_USER,
      demo: Boolean(deps.demo),
      version: deps.version ?? '0.0.0',
      catalogueSize: Number(row?.n ?? 0),
    };
  });
}
