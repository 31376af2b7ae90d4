/** GET /api/config: the public settings the browser needs (affiliate tags, demo flag, version). */
import type { App, AppDeps } from '../../app';
import { publicConfigSchema } from '../../../common/api/products.schema';

export async function configRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async () => ({
    affiliateTag: deps.env.AFFILIATE_TAG,
    affiliateTagNewUser: deps.env.AFFILIATE_TAG_NEW_USER,
    demo: Boolean(deps.demo),
    version: deps.version ?? '0.0.0',
  }));
}
