/**
 * GET /api/config (issue #2 part 1). Who may call: anyone; it holds only public settings and the
 * catalogue size.
 */
import type { App, AppDeps } from '../../app-deps';
import { publicConfigSchema } from '../../../common/api/products.schema';
import { publicConfig } from './config.service';

export async function configRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async () => publicConfig(deps.database.db, deps));
}
